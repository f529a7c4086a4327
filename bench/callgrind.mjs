/**
 * `node bench/callgrind.mjs [--players 2,3,4,5] [--games 60]` (after a build; needs valgrind):
 * instructions per random-playout move of the search fast path (Playout: moves listed and played
 * as objects, without and with events; and by index, legalMoveCount + playLegalMoveAt), the
 * contract engine (bench/contract-baseline.mjs), the raw floor (bench/baseline-engine.mjs, which
 * counts then plays move i, as the fast path by index does) and the reducer (legalMoves + apply),
 * counted by `valgrind --tool=callgrind`. Counts do not depend on the machine's load, unlike the
 * timings of run.mjs. Each workload replays the same games 2 and then 5 times in one process
 * (V8 with --single-threaded --predictable, so JIT and GC decisions repeat); the difference,
 * divided by the moves of 3 passes, is the steady-state cost of one move, start-up excluded.
 */
import { spawn, spawnSync } from 'node:child_process';
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
  const { BaselineGame } = await import('./baseline-engine.mjs');
  const players = Number(arg('--players'));
  const games = Number(arg('--games'));
  const passes = Number(arg('--passes'));
  const starts = Array.from({ length: games }, (_, s) => createGame(players, s));
  const contract = new ContractGame(STANDARD_DECK, players);
  const rawGame = new BaselineGame(STANDARD_DECK, players);
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
    indexed: () => {
      let moves = 0;
      for (let s = 0; s < games; s++) {
        const pick = chooser(s);
        const p = new Playout(starts[s], { events: false });
        for (; p.status !== 'gameOver'; moves++) p.playLegalMoveAt(pick(p.legalMoveCount()));
      }
      return moves;
    },
    raw: () => {
      let moves = 0;
      for (let s = 0; s < games; s++) {
        const pick = chooser(s);
        const g = rawGame.start(s);
        for (; g.status !== 2; moves++) g.play(pick(g.generate()));
      }
      return moves;
    },
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
  // the 2- and 5-pass runs of one workload side by side (one core each)
  const count = (name, p, passes) =>
    new Promise((resolve, reject) => {
      const child = spawn('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable', fileURLToPath(import.meta.url), '--task', name, '--players', String(p), '--games', games, '--passes', String(passes)]);
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', () => {
        const moves = Number(/moves (\d+)/.exec(out)?.[1]);
        const instructions = Number(/Collected : (\d+)/.exec(err)?.[1]);
        if (!moves || !instructions) reject(new Error(`callgrind run failed: ${err.slice(-500)}`));
        else resolve({ moves, instructions });
      });
    });
  const perMove = async (name, p) => {
    const [a, b] = await Promise.all([count(name, p, 2), count(name, p, 5)]);
    return (b.instructions - a.instructions) / (3 * a.moves);
  };
  const fmt = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`Instructions per random-playout move (valgrind callgrind, ${games} games replayed, steady state):`);
  const head = ['players', 'fast path', '+events', 'by index', 'contract', 'raw floor', 'reducer', 'contract / fast', 'contract / +events', 'contract / by index', 'raw / by index', 'reducer / fast'];
  console.log(head.join('  '));
  for (const p of players) {
    const per = {};
    for (const name of ['fast', 'fastEvents', 'indexed', 'contract', 'raw', 'reducer']) per[name] = await perMove(name, p);
    const cells = [`${p}`, fmt(per.fast), fmt(per.fastEvents), fmt(per.indexed), fmt(per.contract), fmt(per.raw), fmt(per.reducer), fmt(per.contract / per.fast, 2), fmt(per.contract / per.fastEvents, 2), fmt(per.contract / per.indexed, 2), fmt(per.raw / per.indexed, 2), fmt(per.reducer / per.fast, 2)];
    console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(head[0].length) : cell.padStart(head[i].length))).join('  '));
  }
}
