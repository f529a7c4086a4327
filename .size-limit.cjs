// The size budget of each entry (npm run size): the entry's file and the shared chunks it imports,
// followed through the chunks' own imports. Chunk names carry a hash and a chunk shared by two other
// entries is not this one's, so the files are found from the build, not by a glob.
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The entry `file` and every chunk of dist/ it imports, directly or through another chunk. */
function filesOf(...entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const path = join(__dirname, file);
    if (!existsSync(path)) return; // not built: size-limit names the missing file
    for (const m of readFileSync(path, 'utf8').matchAll(/["']\.\/(chunk-[\w-]+\.js)["']/g)) visit(`dist/${m[1]}`);
  };
  for (const e of entries) visit(e);
  return [...seen];
}

module.exports = [
  {
    name: 'root entry dnup, ESM (dist/index.js and the chunks it imports, brotli)',
    path: filesOf('dist/index.js'),
    limit: '78.5 kB',
  },
  {
    name: 'dnup/arena, ESM (dist/arena.js, dist/arena-worker.js and the chunks they import, brotli)',
    path: filesOf('dist/arena.js', 'dist/arena-worker.js'),
    limit: '104 kB',
  },
  {
    name: 'dnup/encodings, ESM (dist/encodings.js and the chunks it imports, brotli)',
    path: filesOf('dist/encodings.js'),
    limit: '37.5 kB',
  },
  {
    name: "dnup/neural, ESM (dist/neural.js and the chunks it imports, brotli): mostly each player count's network",
    path: filesOf('dist/neural.js'),
    limit: '280 kB',
  },
  {
    // the playground's page (npm run size builds it first): the library's root entry, snabbdom and the client
    name: 'the playground client (apps/play/dist/assets/index-*.js, brotli)',
    // 145.1 kB before the board was cut into a controller and keyed views, 150.9 after (snabbdom, motion)
    path: 'apps/play/dist/assets/index-*.js',
    limit: '152 kB',
  },
  {
    name: "the playground's hint worker (apps/play/dist/assets/hint-worker-*.js, brotli): the neural and expert bots",
    path: 'apps/play/dist/assets/hint-worker-*.js',
    limit: '265 kB',
  },
];
