/**
 * `npm run bench:scaling` (also the last part of `npm run bench`): how the cost of every public
 * function that a hostile input can grow scales with that input, measured on the BUILT package
 * (dist/) with tinybench. Each function runs on inputs that double from row to row; the ratio
 * column is time(n) / time(n / 2): about 2 is linear, 2–2.3 is n log n, 4 would be quadratic and
 * anything growing faster is exponential. The inputs are the hostile ones issue #10 found:
 * custom decks up to the largest allowed (65,536 cards), one hand holding half the deck showing a
 * single value (2^k − 1 plays), texts padded with thousands of spaces, lists full of duplicates,
 * records thousands of moves long. Figures depend on the machine and its load (ratios are
 * measured in one run, so load bursts spoil them less); they never fail anything.
 * Options: --quick (three sizes, shorter timings).
 */
import { cpus } from 'node:os';
import { Bench } from 'tinybench';
import {
  type CardDefinition,
  type DeckDefinition,
  type GameState,
  type PlayMove,
  type PositionDescription,
  apply,
  checkMove,
  createGame,
  describeMove,
  determinize,
  formatMove,
  fromPosition,
  legalMoveGroups,
  cardHints,
  moveFromSelection,
  applySteps,
  legalMoves,
  parseMove,
  parseRecord,
  playerView,
  renderPosition,
  replay,
  seededRandom,
  validatePosition,
} from 'dnup';
import { onBuiltPackage } from './built-package.js';
import { withExposedGc } from './expose-gc.js';

// each row starts after a forced collection
onBuiltPackage(import.meta.url);
withExposedGc(import.meta.url);

const quick = process.argv.includes('--quick');
const TIME = quick ? 60 : 250;
/** Deck sizes, doubling up to the largest a deck may have (card ids 0–65535). */
const DECK_SIZES = quick ? [4096, 8192, 16384] : [4096, 8192, 16384, 32768, 65536];

/**
 * A two-player custom deck of n cards. Seat 0 gets the first half: with `shape` 'one' every one
 * of them shows 1 (2^(n/2) − 1 plays), with 'pairs' each value shows on two of them. Seat 1 gets
 * the second half, every card showing its own value. Card 0 carries the star.
 */
function bigDeck(n: number, shape: 'one' | 'pairs'): DeckDefinition {
  const half = n / 2;
  const cards: CardDefinition[] = [];
  for (let id = 0; id < n; id++) {
    const faces: [number, number] =
      id < half ? [shape === 'one' ? 1 : 1 + Math.floor(id / 2), 1_000_000 + id] : [10 + id, 2_000_000 + id];
    cards.push(id === 0 ? { id, faces, minPlayers: 2, star: true } : { id, faces, minPlayers: 2 });
  }
  return { name: `${shape} ${n}`, cards };
}

/** The position description of {@link bigDeck}: seat 0 to play, hands as dealt, the table empty. */
function bigDescription(n: number, shape: 'one' | 'pairs'): PositionDescription {
  const deck = bigDeck(n, shape);
  const half = n / 2;
  return {
    players: 2,
    deck,
    hands: [
      deck.cards.slice(0, half).map((c) => ({ id: c.id, active: c.faces[0] })),
      deck.cards.slice(half).map((c) => ({ id: c.id, active: c.faces[0] })),
    ],
    turn: { seat: 0, area: 1 },
  };
}

/** {@link bigDescription} with the discard pile listed (the last quarter of the deck), or with every card of seat 0 publicly known. */
function variant(n: number, kind: 'known' | 'discard'): PositionDescription {
  const d = bigDescription(n, 'pairs');
  if (kind === 'known') return { ...d, known: [d.hands[0]!.map((c) => c.id), []] };
  const quarter = n / 4;
  return {
    ...d,
    hands: [d.hands[0]!, d.hands[1]!.slice(0, quarter)],
    discard: d.hands[1]!.slice(quarter).map((c) => c.id),
  };
}

const memo = new Map<string, GameState>();
/** The state of {@link bigDescription}, built once per size and shape. */
function bigState(n: number, shape: 'one' | 'pairs'): GameState {
  const key = `${shape} ${n}`;
  if (!memo.has(key)) memo.set(key, fromPosition(bigDescription(n, shape)));
  return memo.get(key)!;
}

/** The play of every card in seat 0's hand of the 'one' deck: n/2 cards showing 1, legal. */
const playAll = (n: number): PlayMove => ({ type: 'play', cards: Array.from({ length: n / 2 }, (_, i) => i) });

const standard = createGame(3, 'scaling');

/** A standard 2-player game record of `moves` rotations (rotating is always legal, so a game may go on forever). */
function rotateRecord(moves: number): string {
  return JSON.stringify({
    format: 'dnup-record',
    version: 1,
    players: ['Ana', 'Ben'],
    seed: 'scaling',
    moves: Array.from({ length: moves }, () => ({ type: 'rotate' })),
  });
}

/** A record with the 'pairs' deck of n cards and one move. */
function bigDeckRecord(n: number): string {
  return JSON.stringify({
    format: 'dnup-record',
    version: 1,
    players: ['Ana', 'Ben'],
    seed: 'scaling',
    options: { deck: bigDeck(n, 'pairs') },
    moves: [{ type: 'rotate' }],
  });
}

/** Rows of one function: `setup(n)` builds the argument of size n, `run(argument)` is the call timed. */
interface Case<T = unknown> {
  /** What grows. */
  readonly input: string;
  readonly sizes: readonly number[];
  readonly unit: string;
  // methods, so that a case of any argument type is a Case<unknown>
  setup(n: number): T;
  run(arg: T): unknown;
}

const deckRows = <T>(input: string, setup: (n: number) => T, run: (arg: T) => unknown): Case<T> => ({
  input,
  sizes: DECK_SIZES,
  unit: 'cards',
  setup,
  run,
});

/** [function, what grows, sizes, unit, setup(n) → argument, run(argument)]. */
const cases: (readonly [string, Case])[] = [
  [
    'parseMove',
    {
      input: "'P 1' + n spaces + 'x' (unreadable)",
      sizes: DECK_SIZES.map((n) => n * 4),
      unit: 'chars',
      setup: (n: number) => `P 1${' '.repeat(n)}x`,
      run: (t: string) => {
        try {
          parseMove(standard, t);
        } catch {
          /* UNREADABLE */
        }
      },
    },
  ],
  [
    'parseMove',
    deckRows(
      'a play naming all n/2 cards of a hand of one value',
      (n) => [bigState(n, 'one'), `P ${playAll(n).cards.join(',')}`] as const,
      ([s, t]) => parseMove(s, t),
    ),
  ],
  [
    'parseMove',
    deckRows(
      "'R' with 2^(n/2) − 1 plays legal",
      (n) => bigState(n, 'one'),
      (s) => parseMove(s, 'R'),
    ),
  ],
  [
    'checkMove',
    deckRows(
      'a play of all n/2 cards of one value',
      (n) => [bigState(n, 'one'), playAll(n)] as const,
      ([s, m]) => checkMove(s, m),
    ),
  ],
  [
    'apply',
    deckRows(
      'a play of all n/2 cards of one value',
      (n) => [bigState(n, 'one'), playAll(n)] as const,
      ([s, m]) => apply(s, m),
    ),
  ],
  [
    'apply',
    deckRows(
      'rotate a hand of n/2 cards',
      (n) => bigState(n, 'one'),
      (s) => apply(s, { type: 'rotate' }),
    ),
  ],
  [
    'formatMove',
    deckRows(
      'a play of n/2 cards',
      (n) => [bigState(n, 'one'), playAll(n)] as const,
      ([s, m]) => formatMove(s, m),
    ),
  ],
  [
    'describeMove',
    deckRows(
      'a play of n/2 cards',
      (n) => [bigState(n, 'one'), playAll(n)] as const,
      ([s, m]) => describeMove(s, m),
    ),
  ],
  [
    'legalMoves',
    deckRows(
      'a hand of n/2 cards, two per value',
      (n) => bigState(n, 'pairs'),
      (s) => legalMoves(s),
    ),
  ],
  [
    'legalMoveGroups',
    deckRows(
      'a hand of n/2 cards of one value',
      (n) => bigState(n, 'one'),
      (s) => legalMoveGroups(s),
    ),
  ],
  [
    'legalMoveGroups',
    deckRows(
      'a hand of n/2 cards, two per value',
      (n) => bigState(n, 'pairs'),
      (s) => legalMoveGroups(s),
    ),
  ],
  // the UI kit (issue 21): hints and selections never list the 2^(n/2) − 1 plays
  [
    'cardHints',
    deckRows(
      'a hand of n/2 cards of one value',
      (n) => bigState(n, 'one'),
      (s) => cardHints(s),
    ),
  ],
  [
    'cardHints',
    deckRows(
      'a hand of n/2 cards, two per value',
      (n) => bigState(n, 'pairs'),
      (s) => cardHints(s),
    ),
  ],
  [
    'moveFromSelection',
    deckRows(
      'all n/2 cards of one value selected',
      (n) => [bigState(n, 'one'), { cards: playAll(n).cards }] as const,
      ([s, sel]) => moveFromSelection(s, sel),
    ),
  ],
  [
    'applySteps',
    deckRows(
      'rotate a hand of n/2 cards',
      (n) => bigState(n, 'one'),
      (s) => applySteps(s, { type: 'rotate' }),
    ),
  ],
  [
    'playerView',
    deckRows(
      'a deck of n cards',
      (n) => bigState(n, 'pairs'),
      (s) => playerView(s, 0),
    ),
  ],
  [
    'determinize',
    deckRows(
      'the view of a deck of n cards',
      (n) => playerView(bigState(n, 'pairs'), 0),
      (v) => determinize(v, seededRandom('scaling')),
    ),
  ],
  [
    'renderPosition',
    deckRows(
      'a deck of n cards',
      (n) => bigState(n, 'pairs'),
      (s) => renderPosition(s),
    ),
  ],
  [
    'createGame',
    deckRows(
      'a custom deck of n cards',
      (n) => bigDeck(n, 'pairs'),
      (deck) => createGame(2, 'scaling', { deck }),
    ),
  ],
  [
    'validatePosition',
    deckRows(
      'a description with a deck of n cards',
      (n) => bigDescription(n, 'pairs'),
      (d) => validatePosition(d),
    ),
  ],
  [
    'validatePosition',
    {
      input: 'a standard deal with a discard list of n duplicates',
      sizes: DECK_SIZES.map((n) => n * 2),
      unit: 'entries',
      setup: (n: number): PositionDescription => ({
        players: 3,
        hands: standard.hands,
        discard: Array.from({ length: n }, (_, i) => standard.hands[0]![i % 10]!.id),
        turn: { seat: 0 },
      }),
      run: (d: PositionDescription) => validatePosition(d),
    },
  ],
  [
    'validatePosition',
    deckRows(
      'a description listing a discard pile of n/4 cards',
      (n) => variant(n, 'discard'),
      (d) => validatePosition(d),
    ),
  ],
  [
    'validatePosition',
    deckRows(
      'a description where all n/2 cards of a hand are known',
      (n) => variant(n, 'known'),
      (d) => validatePosition(d),
    ),
  ],
  [
    'playerView',
    deckRows(
      'a state where all n/2 cards of a hand are known',
      (n) => fromPosition(variant(n, 'known')),
      (s) => playerView(s, 1),
    ),
  ],
  [
    'fromPosition',
    deckRows(
      'a description with a deck of n cards',
      (n) => bigDescription(n, 'pairs'),
      (d) => fromPosition(d),
    ),
  ],
  [
    'parseRecord',
    {
      input: 'a record of n rotate moves (JSON text)',
      sizes: DECK_SIZES,
      unit: 'moves',
      setup: rotateRecord,
      run: (t: string) => parseRecord(t),
    },
  ],
  [
    'replay',
    {
      input: 'a record of n rotate moves',
      sizes: DECK_SIZES,
      unit: 'moves',
      setup: (n: number) => parseRecord(rotateRecord(n)),
      run: (r: unknown) => replay(r),
    },
  ],
  ['parseRecord', deckRows('a record with a custom deck of n cards (JSON text)', bigDeckRecord, (t) => parseRecord(t))],
  [
    'replay',
    deckRows(
      'a record with a custom deck of n cards, one move',
      (n) => parseRecord(bigDeckRecord(n)),
      (r) => replay(r),
    ),
  ],
];

/**
 * Median milliseconds per call of `fn`, by tinybench (at least 3–5 calls after warm-up calls): the
 * median, not the mean, so that a burst of load from other processes or one garbage collection
 * spoils less. A collection first (with --expose-gc) so that one row's garbage is not the next's cost.
 */
async function msPerCall(name: string, fn: () => unknown): Promise<number> {
  globalThis.gc?.();
  const bench = new Bench({ time: TIME, iterations: quick ? 3 : 5, warmupIterations: 2, warmupTime: TIME / 2 });
  bench.add(name, fn);
  await bench.run();
  const task = bench.tasks[0]!;
  if (!task.result || !('latency' in task.result))
    throw new Error(
      `benchmark ${name} failed: ${task.result && 'error' in task.result ? String(task.result.error) : task.result?.state}`,
    );
  return task.result.latency.p50;
}

function fmt(x: number, digits = 0): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

console.log(
  `dnup scaling — node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} ×${cpus().length}${quick ? ' (quick)' : ''}`,
);
console.log(
  'Each row doubles the input; ratio = time(n) / time(n/2): ~2 linear, ~2.1–2.3 n log n, 4 quadratic (median of 5+ calls).',
);
console.log('Figures depend on the machine and its load; they never fail anything.\n');

const rows: string[][] = [];
for (const [fn, c] of cases) {
  let previous: number | undefined;
  for (const n of c.sizes) {
    const arg = c.setup(n);
    const ms = await msPerCall(`${fn} ${n}`, () => c.run(arg));
    rows.push([fn, c.input, `${fmt(n)} ${c.unit}`, fmt(ms, 3), previous === undefined ? '' : fmt(ms / previous, 2)]);
    previous = ms;
  }
}

const head = ['function', 'input', 'n', 'ms/call', 'ratio'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells: readonly string[]): string =>
  cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
