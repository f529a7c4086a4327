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
    // 78.5 kB before the one-pass invariant check, the reader's model records and the check of a
    // dealt view by its derived parts (loadView 31 → 18 µs); 80 before the bots' code went into a
    // chunk shared with dnup/neural (neuralExpertBot): the same code, 0.26 kB more over more files;
    // 80.5 before the reader of a view's usual shape (loadView 14 → 9 µs: 1.9 kB, comments included);
    // 82.5 before the search bots' memory of repeated positions (0.5 kB, comments included); 83
    // before the searches of expert and ismcts became classes in files of their own (0.75 kB)
    limit: '84 kB',
  },
  {
    name: 'dnup/arena, ESM (dist/arena.js, dist/arena-worker.js and the chunks they import, brotli)',
    path: filesOf('dist/arena.js', 'dist/arena-worker.js'),
    // the worker carries its own copy of the core: the same additions count twice; 107 before the
    // bots' chunk was shared with dnup/neural (the same code over more files); 107.5 before the
    // reader of a view's usual shape (twice 1.9 kB); 111.5 before the search bots' memory of
    // repeated positions (twice 0.5 kB); 112.5 before the arena was cut into files of one concept
    // each, the worker pool a class (twice 0.25 kB); 113 before the searches of expert and ismcts
    // became classes in files of their own (twice 0.75 kB)
    limit: '115 kB',
  },
  {
    name: 'dnup/encodings, ESM (dist/encodings.js and the chunks it imports, brotli)',
    path: filesOf('dist/encodings.js'),
    // 38.5 before the reader of a view's usual shape (1.9 kB)
    limit: '40.5 kB',
  },
  {
    name: 'dnup/neural, ESM (dist/neural.js and the chunks it imports, brotli): mostly the four networks',
    path: filesOf('dist/neural.js'),
    // 2 players 75 kB, 3 players 98, 4 players 139, 5 players 180 of weights (raw float32); 540
    // before neuralExpertBot brought the expert bot's search (11.4 kB); 546 before the reader of a
    // view's usual shape; 546.5 before the search bots' memory of repeated positions; 547 before
    // the searches of expert and ismcts became classes in files of their own (0.77 kB)
    limit: '548 kB',
  },
  {
    // the playground's page (npm run size builds it first): the library's root entry, snabbdom and the client
    name: 'the playground client (apps/play/dist/assets/index-*.js, brotli)',
    // 145.1 kB before the board was cut into a controller and keyed views, 150.9 after (snabbdom, motion);
    // 153.3 before Colyseus' client moved to a chunk of its own (below), 120.8 after; 122 before the
    // reader of a view's usual shape (0.35 kB minified); 122.5 before the board kept its parts
    // between drawings and opened the result dialog in two frames (122.58); 123 before the log kept
    // at its end on a resize and the search bots' memory of repeated positions; 123.5 before the
    // turn's title drawn after the frame and the search bots' classes (123.61); 124 before the tab's
    // icons became PNG (124.34: an SVG icon was drawn as a document on the page's main thread)
    path: 'apps/play/dist/assets/index-*.js',
    limit: '125 kB',
  },
  {
    // loaded only when the page first talks to a game server (apps/play/src/online/colyseus.ts)
    name: "the playground's online client (apps/play/dist/assets/colyseus-*.js, brotli): Colyseus' client",
    path: 'apps/play/dist/assets/colyseus-*.js',
    limit: '35 kB',
  },
  {
    name: "the playground's hint worker (apps/play/dist/assets/hint-worker-*.js, brotli): neuralExpertBot",
    path: 'apps/play/dist/assets/hint-worker-*.js',
    // 29.4 kB with expert alone; the network scoring moves adds 3.2 kB, the 3-player network
    // (96 kB) is a chunk of its own fetched on a 3-player game's first hint. 265 kB while it
    // carried the learned bot's four networks
    limit: '33 kB',
  },
];
