/**
 * `npm run bench`: dnup's speed and memory, measured on the BUILT package (dist/) with tinybench.
 * - random playouts per player count (legalMoves + apply every step): moves/s, average legal
 *   moves per position, average game length, and the ratios to two hand-tuned mutable engines
 *   of the same rules, never shipped, timed in the same run on the same games (best of 3
 *   interleaved runs): baseline-engine.ts, a raw floor (integer moves, no validation, no
 *   events), and contract-baseline.ts, which keeps the library's contract (move objects in
 *   canonical order, full validation with error codes, events, discard size, public knowledge);
 *   both are first checked against dnup move by move; and two immutable wrappers of the
 *   contract engine: snapshot-wrapper.ts (copy-on-write: publishes only what changed, its states
 *   checked equal to dnup's) and the naive one (clone everything, then mutate the clone);
 * - legalMoves, apply, cardHints, applySteps, playerView, legalMoveGroups and determinize alone,
 *   on sampled positions;
 * - heap retained per state when every state of a long game is kept alive;
 * - the search fast path (Playout, without and with events), the arena with 1 and 2 worker threads
 *   (a fixed CPU-bound workload: games/s, CPU time, the load average, the speed-up on the wall clock
 *   and normalised by CPU time, Amdahl's law with the measured per-worker start-up) and the ISMCTS
 *   time budget (bench/playouts.ts); `npx tsx bench/callgrind.ts` (not part of this run: it needs
 *   valgrind and minutes) counts instructions per playout move, which the machine's load cannot change;
 * - the learning environment of dnup/encodings (bench/environment.ts): agent steps per second for
 *   1 and 64 games at 2–5 players, and loadView of a view copied by JSON;
 * - then bench/scaling.ts: how each public function's cost grows as a hostile input doubles.
 * - the benchmark guard (bench/guard.ts): the run fails when the reducer falls more than 10% below
 *   its recorded ratio to the contract baseline (bench/results/reducer-guard.json; --record-guard rewrites it).
 * Figures depend on the machine and its load; only the guard fails the run.
 * Options: --quick (shorter timings).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Bench } from 'tinybench';
import {
  type GameState,
  type Move,
  type MoveCheck,
  STANDARD_DECK,
  apply,
  applySteps,
  cardHints,
  checkMove,
  createGame,
  determinize,
  legalMoveGroups,
  legalMoves,
  playerView,
  seededRandom,
} from 'dnup';
import { BaselineGame } from './baseline-engine.js';
import { ContractGame, type ContractMoveError } from './contract-baseline.js';
import type { SnapshotState } from './snapshot-wrapper.js';
import { snapshotPlayer } from './reducer.js';
import { benchArenaWorkers, benchFastPath, benchTimeBudget } from './playouts.js';
import { checkReducerGuard } from './guard.js';
import { benchEnvironment } from './environment.js';
import { onBuiltPackage } from './built-package.js';
import { withExposedGc } from './expose-gc.js';

// memory is measured around forced collections
onBuiltPackage(import.meta.url);
withExposedGc(import.meta.url);

const quick = process.argv.includes('--quick');
const TIME = quick ? 300 : 1500;
const PLAYERS = [2, 3, 4, 5];
const BATCH = 4; // games per timed iteration: the same seeds every iteration, so moves per iteration are fixed

/** A timed task: its name and one batch of games. */
type Task = readonly [name: string, fn: () => void];

/** The move chooser both engines share: a Lehmer generator picking an index into the legal moves. */
const chooser = (seed: number): ((count: number) => number) => {
  let x = 12345 + seed;
  return (count) => {
    x = (x * 48271) % 2147483647;
    return x % count;
  };
};

function playDnup(
  players: number,
  seed: number,
  visit?: (state: GameState, moves: Move[], move: Move, next: GameState) => void,
): GameState {
  const pick = chooser(seed);
  let state = createGame(players, seed);
  while (state.status !== 'gameOver') {
    const moves = legalMoves(state);
    const move = moves[pick(moves.length)]!;
    const next = apply(state, move);
    visit?.(state, moves, move, next);
    state = next;
  }
  return state;
}

const baselines = new Map<number, BaselineGame>();
function playBaseline(players: number, seed: number, visit?: (count: number) => void): BaselineGame {
  const pick = chooser(seed);
  if (!baselines.has(players)) baselines.set(players, new BaselineGame(STANDARD_DECK, players));
  const game = baselines.get(players)!.start(seed);
  while (game.status !== 2) {
    const count = game.generate();
    visit?.(count);
    game.play(pick(count));
  }
  return game;
}

const contracts = new Map<number, ContractGame>();
function playContract(players: number, seed: number): ContractGame {
  const pick = chooser(seed);
  if (!contracts.has(players)) contracts.set(players, new ContractGame(STANDARD_DECK, players));
  const game = contracts.get(players)!.start(seed);
  while (game.status !== 'gameOver') {
    const moves = game.legalMoves();
    game.apply(moves[pick(moves.length)]!);
  }
  return game;
}

/** The snapshot wrapper's playout (reducer.ts), each published state passed to an optional visitor. */
const playSnapshot = snapshotPlayer(STANDARD_DECK);

/** The fields of a state that play changes: what the snapshot wrapper must build for every move. */
const PLAYED_FIELDS: readonly (keyof SnapshotState & keyof GameState)[] = [
  'round',
  'status',
  'hands',
  'known',
  'table',
  'discardCount',
  'starter',
  'turn',
  'out',
  'scores',
  'winner',
  'moveCount',
  'events',
];

/** Checks that the snapshot wrapper's states equal dnup's, field by field, at every step of one game. */
function checkSnapshot(players: number, seed: number): void {
  const states: GameState[] = [];
  playDnup(players, seed, (_s, _m, _move, next) => states.push(next));
  let step = 0;
  playSnapshot(players, seed, (next) => {
    const want = states[step]!;
    for (const key of PLAYED_FIELDS) {
      if (!isDeepStrictEqual(next[key], want[key]))
        throw new Error(
          `snapshot wrapper disagrees with dnup: ${players} players, seed ${seed}, move ${step + 1}: ${key}`,
        );
    }
    step++;
  });
  if (step !== states.length)
    throw new Error(`snapshot wrapper disagrees with dnup on game length: ${players} players, seed ${seed}`);
}

/** The naive immutable wrapper: every move clones the contract engine's state, then mutates the clone. */
function playNaive(players: number, seed: number): ContractGame {
  const pick = chooser(seed);
  if (!contracts.has(players)) contracts.set(players, new ContractGame(STANDARD_DECK, players));
  let game = contracts.get(players)!.start(seed).clone();
  while (game.status !== 'gameOver') {
    const moves = game.legalMoves();
    const next = game.clone();
    next.apply(moves[pick(moves.length)]!);
    game = next;
  }
  return game;
}

/**
 * Moves the rules refuse in `state`, for checking that the contract baseline refuses them with
 * the library's code: malformed objects, foreign and unknown cards, duplicates, mixed values,
 * plays and adds that do not beat or match, own, empty and missing target areas.
 */
function probes(state: GameState): unknown[] {
  const { seat, area } = state.turn;
  const hand = state.hands[seat]!;
  const other = state.hands[(seat + 1) % state.players.length]!;
  const out: unknown[] = [
    { type: 'rotate', extra: 1 },
    { type: 'play', cards: [1.5] },
    { type: 'take', target: { seat: 0 } },
    { type: 'nextRound' },
    { type: 'rotate' },
    { type: 'play', cards: [] },
    { type: 'play', cards: [999] },
    { type: 'take', target: { seat: 7, area: 0 } },
    { type: 'take', target: { seat, area } },
  ];
  if (other.length > 0)
    out.push(
      { type: 'play', cards: [other[0]!.id] },
      { type: 'add', card: other[0]!.id, target: { seat: (seat + 1) % state.players.length, area: 0 } },
    );
  for (const c of hand) {
    out.push({ type: 'play', cards: [c.id] }, { type: 'play', cards: [c.id, c.id] });
    for (const d of hand) if (d.id !== c.id) out.push({ type: 'play', cards: [c.id, d.id] });
    for (let s = 0; s < state.players.length; s++) {
      for (let a = 0; a < (state.players.length === 2 ? 2 : 1); a++)
        out.push({ type: 'add', card: c.id, target: { seat: s, area: a } });
    }
  }
  for (let s = 0; s < state.players.length; s++) out.push({ type: 'take', target: { seat: s, area: 0 } });
  return out.filter((m) => !checkMove(state, m).ok);
}

/**
 * Plays one game with dnup and the contract baseline side by side: the same legal moves (deep
 * equal, same order) at every step, the same events after every move, the same refusals of
 * illegal moves when `probe` is set, and the same outcome. Odd steps hand the baseline a copy of
 * its own move, so its shape check runs too. Returns dnup's final state.
 */
function checkContract(players: number, seed: number, probe: boolean): GameState {
  const pick = chooser(seed);
  let state = createGame(players, seed);
  if (!contracts.has(players)) contracts.set(players, new ContractGame(STANDARD_DECK, players));
  const game = contracts.get(players)!.start(seed);
  const fail = (why: string): never => {
    throw new Error(
      `contract baseline disagrees with dnup: ${players} players, seed ${seed}, move ${state.moveCount}: ${why}`,
    );
  };
  if (!isDeepStrictEqual(game.lastEvents, state.events)) fail('deal events');
  while (state.status !== 'gameOver') {
    const moves = legalMoves(state);
    const mine = game.legalMoves();
    if (!isDeepStrictEqual(mine, moves)) fail(`legal moves\n${JSON.stringify(mine)}\n${JSON.stringify(moves)}`);
    if (probe) {
      for (const bad of probes(state)) {
        // probes() keeps only refused moves
        const expected = (checkMove(state, bad) as Extract<MoveCheck, { ok: false }>).code;
        let code = 'accepted';
        try {
          game.apply(bad);
        } catch (e) {
          code = (e as ContractMoveError).code;
        }
        if (code !== expected) fail(`${JSON.stringify(bad)} gave ${code}, dnup says ${expected}`);
      }
    }
    const i = pick(moves.length);
    state = apply(state, moves[i]!);
    game.apply(state.moveCount % 2 === 1 ? structuredClone(mine[i]) : mine[i]);
    if (!isDeepStrictEqual(game.lastEvents, state.events))
      fail(`events\n${JSON.stringify(game.lastEvents)}\n${JSON.stringify(state.events)}`);
    for (let s = 0; s < players; s++) {
      if (!isDeepStrictEqual(game.handOf(s), state.hands[s])) fail(`hand of seat ${s}`);
      if (!isDeepStrictEqual(game.knownOf(s), state.known[s])) fail(`public knowledge of seat ${s}`);
    }
  }
  const same =
    game.winner === state.winner &&
    game.moveCount === state.moveCount &&
    game.round === state.round &&
    isDeepStrictEqual(game.scores, state.scores) &&
    isDeepStrictEqual(game.out, state.out) &&
    game.discardCount === state.discardCount;
  if (!same) fail('final outcome');
  return state;
}

const fmt = (x: number, digits = 0): string =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
function table(head: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log();
}

async function opsPerSecond(tasks: readonly Task[], time = TIME): Promise<number[]> {
  const bench = new Bench({ time, warmupTime: Math.min(time, 300) });
  for (const [name, fn] of tasks) bench.add(name, fn);
  await bench.run();
  return bench.tasks.map((t) => {
    if (!t.result || !('period' in t.result))
      throw new Error(
        `benchmark ${t.name} failed: ${t.result && 'error' in t.result ? String(t.result.error) : t.result?.state}`,
      );
    return 1000 / t.result.period;
  });
}

/** The best rate of each task over `rounds` interleaved runs: a load burst on a shared machine then spoils one run, not the ratio. */
async function bestOpsPerSecond(tasks: readonly Task[], rounds = 3): Promise<number[]> {
  const best = tasks.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    const rates = await opsPerSecond(tasks, Math.round((TIME * 2) / rounds));
    rates.forEach((rate, i) => {
      best[i] = Math.max(best[i]!, rate);
    });
  }
  return best;
}

console.log(
  `dnup benchmarks — node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} ×${cpus().length}${quick ? ' (quick)' : ''}`,
);
console.log('Figures depend on the machine and its load; compare ratios measured in one run.\n');

// 1. memory per retained state: every state of a long 5-player game kept alive
{
  let longest = { seed: 0, moves: 0 };
  for (let seed = 0; seed < 200; seed++) {
    const moves = playDnup(5, seed).moveCount;
    if (moves > longest.moves) longest = { seed, moves };
  }
  // globalThis.gc is there: the script re-ran itself with --expose-gc above
  const measure = (keep: (state: GameState) => unknown): { bytes: number; count: number; kept: unknown[] } => {
    globalThis.gc!();
    globalThis.gc!();
    const before = process.memoryUsage().heapUsed;
    const kept: unknown[] = [];
    // the same long game ten times over: ten times the states, so that code the engine compiles
    // on the way weighs a tenth as much per state
    for (let copy = 0; copy < 10; copy++) playDnup(5, longest.seed, (_s, _m, _move, next) => kept.push(keep(next)));
    globalThis.gc!();
    globalThis.gc!();
    const bytes = (process.memoryUsage().heapUsed - before) / kept.length;
    return { bytes, count: kept.length, kept };
  };
  // warm up first (compiled code and caches are not state), then count only what keeping the
  // states adds: the same run keeping a number per step is the zero line
  measure((s) => s);
  const zero = measure(() => 0).bytes;
  const shared = measure((s) => s);
  const copied = measure((s) => structuredClone(s));
  shared.bytes -= zero;
  copied.bytes -= zero;
  console.log(
    `Memory: a ${longest.moves}-move 5-player game (seed ${longest.seed}), every state of ten plays of it kept alive (heap added per state, after a warm-up run)`,
  );
  table(
    ['states kept', 'bytes per state'],
    [
      ['dnup states (structural sharing)', fmt(shared.bytes)],
      ['deep copies of the same states', fmt(copied.bytes)],
    ],
  );
}

// 2. random playouts, both engines on the same games, after checking that they agree move by move
const playoutRows: string[][] = [];
const guardRatios: { players: number; ratio: number }[] = []; // reducer ÷ contract per player count, for bench/guard.ts
for (const players of PLAYERS) {
  const seeds = Array.from({ length: 50 }, (_, i) => i);
  let positions = 0;
  let legal = 0;
  let rounds = 0;
  for (const seed of seeds) {
    const counts: number[] = [];
    const final = playDnup(players, seed, (_s, moves) => {
      counts.push(moves.length);
      positions++;
      legal += moves.length;
    });
    rounds += final.round;
    let step = 0;
    const base = playBaseline(players, seed, (count) => {
      if (count !== counts[step])
        throw new Error(
          `baseline disagrees with dnup: ${players} players, seed ${seed}, step ${step}: ${count} moves vs ${counts[step]}`,
        );
      step++;
    });
    if (step !== counts.length || base.winner !== final.winner || base.scores.join() !== final.scores.join()) {
      throw new Error(`baseline disagrees with dnup at the end: ${players} players, seed ${seed}`);
    }
    checkContract(players, seed, seed < 10);
    checkSnapshot(players, seed);
  }
  let batchMoves = 0;
  for (let seed = 0; seed < BATCH; seed++) batchMoves += playDnup(players, seed).moveCount;
  const naiveEnd = playNaive(players, 0);
  const contractEnd = playContract(players, 0);
  if (naiveEnd.moveCount !== contractEnd.moveCount || naiveEnd.scores.join() !== contractEnd.scores.join()) {
    throw new Error(`the naive wrapper disagrees with the contract baseline: ${players} players`);
  }
  const [dnup = 0, baseline = 0, contract = 0, snapshot = 0, naive = 0] = await bestOpsPerSecond([
    [
      `dnup ${players}p`,
      () => {
        for (let seed = 0; seed < BATCH; seed++) playDnup(players, seed);
      },
    ],
    [
      `baseline ${players}p`,
      () => {
        for (let seed = 0; seed < BATCH; seed++) playBaseline(players, seed);
      },
    ],
    [
      `contract ${players}p`,
      () => {
        for (let seed = 0; seed < BATCH; seed++) playContract(players, seed);
      },
    ],
    [
      `snapshot ${players}p`,
      () => {
        for (let seed = 0; seed < BATCH; seed++) playSnapshot(players, seed);
      },
    ],
    [
      `naive ${players}p`,
      () => {
        for (let seed = 0; seed < BATCH; seed++) playNaive(players, seed);
      },
    ],
  ]);
  guardRatios.push({ players, ratio: dnup / contract });
  playoutRows.push([
    `${players} players`,
    fmt(dnup * batchMoves),
    fmt(baseline * batchMoves),
    fmt(contract * batchMoves),
    fmt(snapshot * batchMoves),
    fmt(dnup / baseline, 2),
    fmt(dnup / contract, 2),
    fmt(snapshot / contract, 2),
    fmt(dnup / snapshot, 2),
    fmt(naive / contract, 2),
    fmt(legal / positions, 2),
    fmt(positions / seeds.length, 1),
    fmt(rounds / seeds.length, 2),
  ]);
}
console.log(
  'Random playouts: legalMoves + apply every step, on the same games for every engine (best of 3 interleaved runs).',
);
console.log(
  'raw floor (baseline-engine.ts): a hand-tuned mutable engine doing only the rules — integer moves, no validation, no events — agreeing with dnup on every legal-move count and the outcome of 50 games per player count.',
);
console.log(
  "contract (contract-baseline.ts): a hand-tuned mutable engine keeping dnup's contract — move objects in canonical order, full validation with error codes, events, discard size, public knowledge — agreeing with dnup on every move list, every event, every hand, all public knowledge and every refusal code (probed on 10 games) of 50 games per player count.",
);
console.log(
  "snapshot (snapshot-wrapper.ts): the contract engine made immutable the cheapest way known: after each move it publishes as new arrays only the hands, table sets and knowledge that changed, a new turn and the state record, and shares the rest; its states equal dnup's at every step of the same 50 games. A mutable engine plus the allocations an immutable API needs.",
);
console.log(
  'naive: the contract engine wrapped the naive immutable way, its state cloned before every move (the yardstick the issue quotes at about 0.6 of a mutable engine).',
);
table(
  [
    '',
    'dnup moves/s',
    'raw floor moves/s',
    'contract moves/s',
    'snapshot moves/s',
    'dnup / raw floor',
    'dnup / contract',
    'snapshot / contract',
    'dnup / snapshot',
    'naive / contract',
    'legal moves/position',
    'moves/game',
    'rounds/game',
  ],
  playoutRows,
);
await checkReducerGuard(guardRatios, {
  table,
  fmt,
  remeasure: async (players) => {
    const [dnup = 0, contract = 0] = await bestOpsPerSecond([
      [
        `dnup ${players}p`,
        () => {
          for (let seed = 0; seed < BATCH; seed++) playDnup(players, seed);
        },
      ],
      [
        `contract ${players}p`,
        () => {
          for (let seed = 0; seed < BATCH; seed++) playContract(players, seed);
        },
      ],
    ]);
    return dnup / contract;
  },
});

// 3. single operations on sampled positions of random games at every player count
const samples: { state: GameState; moves: Move[]; move: Move }[] = [];
for (const players of PLAYERS) {
  for (let seed = 100; seed < 110; seed++) {
    playDnup(players, seed, (state, moves, move) => samples.push({ state, moves, move }));
  }
}
const views = samples.map((s) => playerView(s.state, s.state.turn.seat));
const rng = seededRandom('bench');
const opNames = ['legalMoves', 'apply', 'cardHints', 'applySteps', 'playerView', 'legalMoveGroups', 'determinize'];
const opRates = await opsPerSecond([
  [
    'legalMoves',
    () => {
      for (const s of samples) legalMoves(s.state);
    },
  ],
  [
    'apply',
    () => {
      for (const s of samples) apply(s.state, s.move);
    },
  ],
  // the UI kit (issue 21) beside the two calls it is made of
  [
    'cardHints',
    () => {
      for (const s of samples) cardHints(s.state);
    },
  ],
  [
    'applySteps',
    () => {
      for (const s of samples) applySteps(s.state, s.move);
    },
  ],
  [
    'playerView',
    () => {
      for (const s of samples) playerView(s.state, s.state.turn.seat);
    },
  ],
  [
    'legalMoveGroups',
    () => {
      for (const s of samples) legalMoveGroups(s.state);
    },
  ],
  [
    'determinize',
    () => {
      for (let i = 0; i < views.length; i += 10) determinize(views[i]!, rng);
    },
  ],
]);
console.log(`Single operations over ${fmt(samples.length)} positions sampled from random games at 2–5 players`);
table(
  ['operation', 'calls/s', 'µs/call'],
  opNames.map((name, i) => {
    const calls = opRates[i]! * (name === 'determinize' ? Math.ceil(views.length / 10) : samples.length);
    return [name, fmt(calls), fmt(1e6 / calls, 2)];
  }),
);

// 4. the search fast path and the arena over worker threads (issue #15: bench/playouts.ts)
await benchFastPath({ bestOpsPerSecond, table, fmt, batch: BATCH });
await benchArenaWorkers({ table, fmt, quick });
await benchTimeBudget({ table, fmt, quick });
// 4b. the learning environment: steps per second for 1 and 64 games, and loadView of a copied view
await benchEnvironment({ table, fmt, quick });
// 5. how the cost of each public function grows with a hostile input (bench/scaling.ts; alone: npm run bench:scaling)
console.log();
const scaling = spawnSync(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./scaling.ts', import.meta.url)), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
if (scaling.status !== 0) process.exitCode = scaling.status ?? 1;
