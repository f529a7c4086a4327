/**
 * `node bench/callgrind.mjs [--players 2,3,4,5] [--games 60]` (after a build; needs valgrind):
 * instructions per random-playout move of the search fast path (Playout, with and without
 * events), the contract engine (bench/contract-baseline.mjs) and the reducer (legalMoves + apply),
 * counted by `valgrind --tool=callgrind`. Counts do not depend on the machine's load, unlike the
 * timings of run.mjs. Each workload replays the same games 2 and then 5 times in one process
 * (V8 with --single-threaded --predictable, so JIT and GC decisions repeat); the difference,
 * divided by the moves of 3 passes, is the steady-state cost of one move, start-up excluded.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const chooser = (seed) => {
  let x = 12345 + seed;
  return (count) => {
    x = (x * 48271) % 2147483647;
    return x % count;
  };
};

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

const task = arg('--task');
if (task !== undefined) {
  // the workload, run under valgrind: prints the moves of one pass
  const { Playout, STANDARD_DECK, apply, createGame, legalMoves } = await import('../dist/index.js');
  const { ContractGame } = await import('./contract-baseline.mjs');
  const players = Number(arg('--players'));
  const games = Number(arg('--games'));
  const passes = Number(arg('--passes'));
  const starts = Array.from({ length: games }, (_, s) => createGame(players, s));
  const contract = new ContractGame(STANDARD_DECK, players);
  const fast = (events) => {
    let moves = 0;
    for (let s = 0; s < games; s++) {
      const pick = chooser(s);
      const p = new Playout(starts[s], { events });
      for (; p.status !== 'gameOver'; moves++) {
        const legal = p.legalMoves();
        p.play(legal[pick(legal.length)]);
      }
    }
    return moves;
  };
  const run = {
    fast: () => fast(false),
    fastEvents: () => fast(true),
    contract: () => {
      let moves = 0;
      for (let s = 0; s < games; s++) {
        const pick = chooser(s);
        const g = contract.start(s);
        for (; g.status !== 'gameOver'; moves++) {
          const legal = g.legalMoves();
          g.apply(legal[pick(legal.length)]);
        }
      }
      return moves;
    },
    reducer: () => {
      let moves = 0;
      for (let s = 0; s < games; s++) {
        const pick = chooser(s);
        let state = starts[s];
        for (; state.status !== 'gameOver'; moves++) {
          const legal = legalMoves(state);
          state = apply(state, legal[pick(legal.length)]);
        }
      }
      return moves;
    },
  }[task];
  let moves = 0;
  for (let i = 0; i < passes; i++) moves = run();
  console.log(`moves ${moves}`);
} else {
  const check = spawnSync('valgrind', ['--version']);
  if (check.status !== 0) {
    console.log('valgrind is not installed: instruction counts skipped (apt-get install valgrind).');
    process.exit(0);
  }
  const players = arg('--players', '2,3,4,5').split(',').map(Number);
  const games = arg('--games', '60');
  const count = (name, p, passes) => {
    const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable', fileURLToPath(import.meta.url), '--task', name, '--players', String(p), '--games', games, '--passes', String(passes)], { encoding: 'utf8' });
    const moves = Number(/moves (\d+)/.exec(r.stdout)?.[1]);
    const instructions = Number(/Collected : (\d+)/.exec(r.stderr)?.[1]);
    if (!moves || !instructions) throw new Error(`callgrind run failed: ${r.stderr.slice(-500)}`);
    return { moves, instructions };
  };
  const perMove = (name, p) => {
    const a = count(name, p, 2);
    const b = count(name, p, 5);
    return (b.instructions - a.instructions) / (3 * a.moves);
  };
  const fmt = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`Instructions per random-playout move (valgrind callgrind, ${games} games replayed, steady state):`);
  console.log(['players', 'fast path', '+events', 'contract', 'reducer', 'contract / fast', 'contract / +events', 'reducer / fast'].join('  '));
  for (const p of players) {
    const [f, e, c, r] = ['fast', 'fastEvents', 'contract', 'reducer'].map((name) => perMove(name, p));
    console.log([`${p}`.padEnd(7), fmt(f).padStart(9), fmt(e).padStart(7), fmt(c).padStart(8), fmt(r).padStart(7), fmt(c / f, 2).padStart(15), fmt(c / e, 2).padStart(18), fmt(r / f, 2).padStart(14)].join('  '));
  }
}
