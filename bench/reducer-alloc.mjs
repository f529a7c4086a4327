/**
 * `node bench/reducer-alloc.mjs [--players 4] [--moves 300000] [--top 20] [--dist path/to/index.js]`
 * (after a build): what random playouts through the public API (legalMoves then apply) allocate
 * per move, two ways that do not depend on the machine's load (issue 26):
 * - bytes per move by allocating function, from V8's sampling heap profiler with collected
 *   objects counted (sampled every 256 bytes, so each figure is an estimate; run with
 *   `node --no-turbo-inlining` to charge inlined callees to themselves);
 * - scavenges (young-generation collections) per 400,000 moves in a child process with the
 *   semi-space fixed at 8 MB and one GC thread, which only the bytes allocated per move change.
 */
import { spawnSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chooser } from './reducer.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const dist = arg('--dist', fileURLToPath(new URL('../dist/index.js', import.meta.url)));
const players = Number(arg('--players', 4));
const lib = await import(pathToFileURL(dist).href);

/** Plays whole random games until `total` moves are played; returns the moves. */
function play(total) {
  let moves = 0;
  for (let seed = 0; moves < total; seed++) {
    const pick = chooser(seed);
    let state = lib.createGame(players, seed);
    while (state.status !== 'gameOver') {
      const legal = lib.legalMoves(state);
      state = lib.apply(state, legal[pick(legal.length)]);
      moves++;
    }
  }
  return moves;
}

if (process.argv.includes('--child')) {
  play(400_000);
} else {
  play(100_000); // optimised before sampling
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const moves = play(Number(arg('--moves', 300_000)));
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const bytes = new Map();
  let total = 0;
  const walk = (node) => {
    if (node.selfSize > 0) {
      const key = `${node.callFrame.functionName || '(anonymous)'} (${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1})`;
      bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    node.children.forEach(walk);
  };
  walk(profile.head);
  const child = spawnSync(
    process.execPath,
    [
      '--single-threaded',
      '--min-semi-space-size=8',
      '--max-semi-space-size=8',
      '--trace-gc',
      fileURLToPath(import.meta.url),
      '--child',
      '--players',
      String(players),
      '--dist',
      dist,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const scavenges = (child.stdout.match(/Scavenge/g) ?? []).length;
  console.log(
    `${players} players, ${dist}: about ${Math.round(total / moves)} bytes allocated per move (sampled); ${scavenges} scavenges per 400,000 moves (8 MB semi-space)`,
  );
  for (const [key, b] of [...bytes].sort((x, y) => y[1] - x[1]).slice(0, Number(arg('--top', 20)))) {
    console.log(`${(b / moves).toFixed(1).padStart(8)} B/move  ${key}`);
  }
}
