/**
 * The fuzzing harness (test/fuzz): run budgets from the environment, a watchdog that turns a hang
 * into a failure, the one test of "a coded error of this library", hostile values, and real
 * states, records and position descriptions to damage.
 *
 * Environment: FUZZ_SCALE multiplies every property's run count (default 1; `npm test` uses 0.2,
 * `npm run fuzz` 20), FUZZ_RUNS sets it outright, FUZZ_SEED replays a run (fast-check prints the seed and path
 * of any failure), FUZZ_CASE_MS bounds one case (default 5000 ms: a loaded machine stalls).
 */
import vm from 'node:vm';
import fc from 'fast-check';
import {
  discardPile,
  isArgumentError,
  isBotError,
  isDnupError,
  isHistoryError,
  isLocaleError,
  isNotationError,
  isPositionError,
  isRecordError,
  isViewError,
  recordOf,
  toPosition,
  type GameRecord,
  type GameState,
  type Move,
  type PositionDescription,
} from '../../src/index.js';
import { deckScript, playDeckScript } from './custom-decks.js';
import { FUZZ_SCALE } from './scale.js';
import { gameScript, playScript } from './random-games.js';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const x = Number(raw);
  if (!Number.isFinite(x) || x <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return x;
}

/** One case may run this long before it counts as a hang. */
export const CASE_MS = positiveNumber('FUZZ_CASE_MS', 5000);
const FIXED_RUNS = process.env.FUZZ_RUNS ? Math.ceil(positiveNumber('FUZZ_RUNS', 1)) : undefined;
const SEED = process.env.FUZZ_SEED ? Math.trunc(Number(process.env.FUZZ_SEED)) : undefined;

// a scale below 1 (npm test) keeps the full time limit: a loaded machine is slow enough
const scaleOfTime = FIXED_RUNS === undefined ? Math.max(1, FUZZ_SCALE) : Math.max(1, FIXED_RUNS / 100);

/** How long one property may take, search and shrinking included, before fast-check stops it and reports what it has. */
const PROPERTY_MS = 45_000;

/** fast-check parameters for a property that runs `base` cases at scale 1, and may take `limitMs` (default {@link PROPERTY_MS}). */
export function runs(base: number, limitMs = PROPERTY_MS): fc.Parameters<unknown> {
  return {
    numRuns: FIXED_RUNS ?? Math.max(1, Math.round(base * FUZZ_SCALE)),
    includeErrorInReport: true,
    // a hanging case costs CASE_MS per shrinking step: stop shrinking in time and report the smallest case so far
    interruptAfterTimeLimit: Math.ceil(limitMs * scaleOfTime),
    markInterruptAsFailure: false,
    ...(SEED === undefined ? {} : { seed: SEED }),
  };
}

/** A vitest timeout for a test of one property: its time limit and a margin. */
export function timeoutFor(): number {
  return Math.ceil(PROPERTY_MS * scaleOfTime) + 10 * CASE_MS + 10_000;
}

// ---------------------------------------------------------------------------------------------
// The watchdog: a synchronous endless loop cannot be stopped by a test timeout, but V8 stops any
// JavaScript running under vm's `timeout`, including functions from outside the script.

const context = vm.createContext({ call: undefined as unknown });
const callSlot = new vm.Script('call()');

/** Thrown when a case runs longer than {@link CASE_MS}. */
class HangError extends Error {
  override name = 'HangError';
}

/** Runs `fn`, failing with a {@link HangError} when it runs longer than `ms`. Do not nest. */
export function bounded<T>(fn: () => T, ms = CASE_MS): T {
  let result: T;
  context.call = () => {
    result = fn();
  };
  try {
    callSlot.runInContext(context, { timeout: ms });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new HangError(`did not finish within ${ms} ms (a hang or a super-linear cost)`);
    throw e;
  } finally {
    context.call = undefined;
  }
  return result!;
}

/** A fast-check property whose every case runs under the watchdog. */
export function property<Ts extends [unknown, ...unknown[]]>(
  ...args: [...arbs: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, predicate: (...xs: Ts) => void]
): fc.IProperty<Ts> {
  const predicate = args.pop() as (...xs: Ts) => void;
  const arbs = args as unknown as { [K in keyof Ts]: fc.Arbitrary<Ts[K]> };
  return fc.property(...arbs, (...xs: Ts) => bounded(() => predicate(...xs)));
}

// ---------------------------------------------------------------------------------------------
// What may come out of a call.

/** What the caller's own hostile code (a trap or getter of {@link throwingProxy}) throws: it may pass through unchanged. */
export class TrapError extends Error {
  override name = 'TrapError';
}

/** The library's guards, one per error family. */
const GUARDS = {
  isDnupError,
  isArgumentError,
  isPositionError,
  isRecordError,
  isNotationError,
  isViewError,
  isBotError,
  isHistoryError,
  isLocaleError,
} as const;

/** True for an error of this library: one of its guards recognises it, with a string code and a readable message. */
export function isLibraryError(e: unknown): boolean {
  if (!Object.values(GUARDS).some((guard) => guard(e))) return false;
  const { code, message } = e as { code: unknown; message: unknown };
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    message.trim() !== '' &&
    !message.includes('[object Object]')
  );
}

function shortText(x: unknown, max = 300): string {
  let text: string;
  try {
    text = fc.stringify(x);
  } catch {
    text = '<unprintable>';
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** One line naming an unexpected error: class, message, and the first frame in src/. */
function describeError(e: unknown): string {
  if (e instanceof HangError) return `HANG: ${e.message}`;
  if (!(e instanceof Error)) return `threw a non-Error: ${shortText(e)}`;
  const frame =
    e.stack
      ?.split('\n')
      .find((l) => l.includes('/src/'))
      ?.trim() ?? '(no src frame)';
  const mutation =
    e instanceof TypeError &&
    /read[- ]only|not extensible|Cannot (add|delete|assign)|object is not extensible/.test(e.message)
      ? ' [it MUTATED a frozen input]'
      : '';
  return `${e.name}: ${e.message.slice(0, 300)}${mutation} ${frame}`;
}

/** The outcome of a call: its value, or what it threw. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function attempt<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (error instanceof HangError) throw error;
    return { ok: false, error };
  }
}

/**
 * Calls `fn` and fails unless it returns or throws an error of this library (or the caller's own
 * {@link TrapError}). `label` names the call in the failure, e.g. `apply(state, move)`.
 */
export function returnsOrCoded<T>(
  label: string,
  fn: () => T,
  accept: (e: unknown) => boolean = isLibraryError,
): Outcome<T> {
  const out = attempt(fn);
  if (!out.ok && !accept(out.error) && !(out.error instanceof TrapError))
    throw new Error(`${label} threw ${whatIsWrong(out.error)}`);
  return out;
}

/** Why a thrown value is not acceptable: not the library's, or the library's with a message that shows no value (e.g. "[object Object]"). */
export function whatIsWrong(e: unknown): string {
  if (Object.values(GUARDS).some((guard) => guard(e)))
    return `a coded error whose message is unreadable: ${describeError(e)}`;
  return `an uncoded error: ${describeError(e)}`;
}

/** Calls `fn` and fails if it throws anything at all (type guards, checkMove, validators). */
export function neverThrows<T>(label: string, fn: () => T): T {
  const out = attempt(fn);
  if (!out.ok && !(out.error instanceof TrapError))
    throw new Error(`${label} threw, and it must never throw: ${describeError(out.error)}`);
  return out.ok ? out.value : (undefined as T);
}

/** Calls `fn` and fails unless it throws an error of this library that `accept` recognises. */
export function rejectsCoded(
  label: string,
  fn: () => unknown,
  accept: (e: unknown) => boolean = isLibraryError,
): unknown {
  const out = attempt(fn);
  if (out.ok)
    throw new Error(`${label} accepted it (returned ${shortText(out.value, 120)}) instead of throwing a coded error`);
  if (accept(out.error) || out.error instanceof TrapError) return out.error;
  if (isLibraryError(out.error))
    throw new Error(`${label} threw another kind of coded error: ${describeError(out.error)}`);
  throw new Error(`${label} threw ${whatIsWrong(out.error)}`);
}

// ---------------------------------------------------------------------------------------------
// Inputs that must stay untouched.

/** Freezes every object reachable from `value` (iteratively: hostile values nest deeply), skipping what cannot be frozen. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v) || isProxy(v)) continue;
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d && 'value' in d) stack.push(d.value);
    }
    Object.freeze(v);
  }
  return value;
}

const proxies = new WeakSet<object>();
function isProxy(v: object): boolean {
  return proxies.has(v);
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

/** A Proxy whose every look at a string key throws a {@link TrapError} (fast-check can still print it). */
function throwingProxy(target: object = {}): object {
  const trap = (): never => {
    throw new TrapError('a hostile trap threw');
  };
  const p = new Proxy(target, {
    get: (_t, k) => (typeof k === 'symbol' ? (k === fc.toStringMethod ? () => 'throwingProxy()' : undefined) : trap()),
    has: (_t, k) => (typeof k === 'symbol' ? k === fc.toStringMethod : trap()),
    ownKeys: trap,
    getOwnPropertyDescriptor: (_t, k) => (typeof k === 'symbol' ? undefined : trap()),
    getPrototypeOf: trap,
    set: trap,
    deleteProperty: trap,
    defineProperty: trap,
  });
  proxies.add(p);
  return p;
}

/**
 * An object whose field `key` reads as each of `values` in turn (then the last forever), made
 * afresh for every run so that shrinking replays it exactly.
 */
export function flipping<T extends object>(base: T, key: string, values: readonly unknown[]): fc.Arbitrary<T> {
  const make = (): T => {
    let reads = 0;
    const obj = { ...base } as Record<string, unknown>;
    Object.defineProperty(obj, key, {
      enumerable: true,
      configurable: true,
      get: () => values[Math.min(reads++, values.length - 1)],
    });
    Object.defineProperty(obj, fc.cloneMethod, { value: make });
    Object.defineProperty(obj, fc.toStringMethod, {
      value: () => `flipping(${shortText(base, 80)}, ${JSON.stringify(key)}, ${shortText(values, 80)})`,
    });
    return obj as T;
  };
  return fc.constant(null).map(() => make());
}

/** Nested arrays `depth` deep: JSON.stringify and naive recursion overflow the stack on it. */
function deepArray(depth: number): unknown[] {
  let v: unknown[] = [];
  for (let i = 0; i < depth; i++) v = [v];
  return named(v, `deepArray(${depth})`);
}

/** Gives a value a short printed form (fast-check's printer recurses, and overflows on deep values). */
export function named<T extends object>(v: T, text: string): T {
  Object.defineProperty(v, fc.toStringMethod, { value: () => text });
  return v;
}

/** Nested objects `depth` deep. */
function deepObject(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) v = { type: 'play', cards: v };
  return named(v, `deepObject(${depth})`);
}

/** Values that are rarely seen and often mishandled: BigInt, -0, NaN, huge and fractional numbers, symbols, functions, cycles, deep nesting, huge sparse arrays, throwing proxies. */
const hostileSpecial: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    -0,
    NaN,
    Infinity,
    -Infinity,
    1e9,
    2 ** 53,
    2 ** 64,
    -1,
    1.5,
    65_536,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    '',
    ' ',
    '\u0000',
    '__proto__',
    'constructor',
    null,
    undefined,
    true,
    false,
  ),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constant(null).map(() => Symbol('hostile')),
  fc.constant(null).map(() => () => 1),
  fc.constant(null).map(() => {
    const cycle: Record<string, unknown> = { type: 'play' };
    cycle.cards = [cycle];
    cycle.self = cycle;
    return named(cycle, 'cycle { type: "play", cards: [cycle], self: cycle }');
  }),
  fc.constant(null).map(() => {
    const a: unknown[] = [];
    a.push(a);
    return named(a, 'cycle [cycle]');
  }),
  fc.constant(null).map(() => deepArray(20_000)),
  fc.constant(null).map(() => deepObject(20_000)),
  fc.constant(null).map(() => {
    const a: unknown[] = [];
    a.length = 2 ** 32 - 1;
    return named(a, 'new Array(2 ** 32 - 1) (all holes)');
  }),
  fc.constant(null).map(() => throwingProxy()),
  fc.constant(null).map(() => throwingProxy([])),
  fc.constant(null).map(() => Object.create(null) as object),
  fc.constant(null).map(() => new Date(NaN)),
);

/** Any JS value beyond JSON: fast-check's `anything` with every option, plus {@link hostileSpecial}. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: hostileSpecial },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 2,
    arbitrary: fc.anything({
      maxDepth: 3,
      maxKeys: 5,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
  },
);

/** Plain data a JSON file or message could hold, plus the few non-JSON leaves a JS caller might slip in (no proxies or getters). */
const hostileData: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    -1,
    0,
    1,
    2,
    3,
    5,
    1e9,
    2 ** 53,
    65_535,
    65_536,
    1.5,
    -0,
    NaN,
    Infinity,
    '',
    'x',
    null,
    true,
    [],
    {},
    [0, 0],
    [0, 1, 2],
    [-1],
    [[]],
    [{}],
  ),
  fc.integer({ min: -10, max: 100 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.bigInt({ min: 0n, max: 2n ** 64n }),
  fc.sparseArray(fc.integer({ min: 0, max: 50 }), { maxLength: 6, noTrailingHole: false }),
);

/** Moves that are nearly right: right type, wrong field types or extra fields; plus hostile values (no getters: the same on every read). */
export const hostileStableMove: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.record(
    { type: fc.constantFrom('play', 'add', 'take', 'rotate', 'nextRound'), cards: hostileValue },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom('add', 'take'),
      card: hostileValue,
      target: fc.oneof(hostileValue, fc.record({ seat: hostileValue, area: hostileValue })),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: hostileValue }),
);

/** Moves whose fields read differently each time (a getter): a library that reads twice is fooled. */
const flippingMove: fc.Arbitrary<unknown> = fc.oneof(
  flipping({ type: 'rotate' }, 'type', ['rotate', 10n]),
  flipping({ type: 'play', cards: [0] }, 'cards', [[0], 'x', 10n]),
  flipping({ type: 'take', target: { seat: 1, area: 0 } }, 'target', [{ seat: 1, area: 0 }, null]),
);

/** Any hostile move, stable or not. */
export const hostileMove: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileStableMove },
  { weight: 1, arbitrary: flippingMove },
);

// ---------------------------------------------------------------------------------------------
// Real states, records and descriptions.

/** A state reached by a random game: standard deck (2–5 players) or, one time in four, a small custom deck. */
export interface Reached {
  readonly state: GameState;
  readonly moves: readonly Move[];
}

/** Prints a reached game as the script that plays it, not as its (long) state; freezes the state, so that any function that writes to it fails. */
function printable(r: Reached, text: string): Reached {
  Object.defineProperty(r, fc.toStringMethod, { value: () => text });
  deepFreeze(r.state);
  deepFreeze(r.moves);
  return r;
}

const standardGame = gameScript({ maxMoves: 60 }).map((script): Reached => {
  const moves: Move[] = [];
  const state = playScript(script, ({ move }) => moves.push(move));
  return printable(
    { state, moves },
    `game(${script.players} players, seed ${JSON.stringify(script.seed)}, ${moves.length} moves: choices ${JSON.stringify(script.choices.slice(0, moves.length))})`,
  );
});

const customGame = fc
  .constantFrom(2, 3, 4, 5)
  .chain((players) => deckScript({ players, maxMoves: 30, maxInUse: 24, maxHandSize: 6 }))
  .map((script): Reached => {
    const moves: Move[] = [];
    const state = playDeckScript(script, ({ move }) => moves.push(move));
    const text = `customDeckGame(${script.players} players, ${script.deck.cards.length} cards, seed ${JSON.stringify(script.seed)}, ${moves.length} moves: choices ${JSON.stringify(script.choices.slice(0, moves.length))})`;
    return printable({ state, moves }, text);
  });

/** Random games, and the moves that led there (deep-frozen). */
export const reached: fc.Arbitrary<Reached> = fc.oneof(
  { weight: 3, arbitrary: standardGame },
  { weight: 1, arbitrary: customGame },
);

/** A JSON copy, as a state read back from a file, a database or a network message. */
export function jsonCopy<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/** The record of a reached game. */
export function recordOfReached(r: Reached): GameRecord {
  return recordOf(r.state, r.moves);
}

/** A position description of a state, as a rules checker would write it (every optional field given). */
export function descriptionOf(s: GameState): PositionDescription {
  return { ...toPosition(s), discard: discardPile(s), winner: s.winner };
}

// ---------------------------------------------------------------------------------------------
// Mutations at a path.

type Path = readonly (string | number)[];

/** Every path into a JSON value (not the root itself), in a stable depth-first order. */
function pathsOf(value: unknown): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, path: Path): void => {
    if (typeof v !== 'object' || v === null) return;
    const keys = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const k of keys) {
      const p = [...path, k];
      out.push(p);
      walk((v as Record<string | number, unknown>)[k], p);
    }
  };
  walk(value, []);
  return out;
}

/** How to damage the node at a path. */
type Damage = { kind: 'replace'; value: unknown } | { kind: 'delete' } | { kind: 'remove' } | { kind: 'duplicate' };

/** One damage at the `at`-th path (modulo the number of paths). */
export interface Mutation {
  readonly at: number;
  readonly damage: Damage;
}

const damage: fc.Arbitrary<Damage> = fc.oneof(
  { weight: 4, arbitrary: hostileData.map((value): Damage => ({ kind: 'replace', value })) },
  { weight: 1, arbitrary: fc.constant<Damage>({ kind: 'delete' }) },
  { weight: 1, arbitrary: fc.constant<Damage>({ kind: 'remove' }) },
  { weight: 1, arbitrary: fc.constant<Damage>({ kind: 'duplicate' }) },
);

export const mutation: fc.Arbitrary<Mutation> = fc.record({ at: fc.nat(), damage });

/** Applies a mutation to a fresh JSON copy of `value`; returns the copy and a one-line description (e.g. `out[1] = 1e9`). */
export function mutate<T>(value: T, m: Mutation): { value: T; what: string } {
  const copy = jsonCopy(value);
  const paths = pathsOf(copy);
  if (paths.length === 0) return { value: copy, what: 'nothing to damage' };
  const path = paths[m.at % paths.length]!;
  let parent = copy as unknown as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const where = path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
  const d = m.damage;
  switch (d.kind) {
    case 'replace':
      parent[key] = d.value;
      return { value: copy, what: `${where} = ${shortText(d.value, 80)}` };
    case 'delete':
      delete parent[key];
      return { value: copy, what: `delete ${where}${Array.isArray(parent) ? ' (leaves a hole)' : ''}` };
    case 'remove':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return { value: copy, what: `remove ${where}` };
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(key as number, 0, jsonCopy(parent[key]));
      else parent[key] = [parent[key], jsonCopy(parent[key])];
      return { value: copy, what: `duplicate ${where}` };
  }
}

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Tamperings of a state from outside, and a few more of the same kind, each one edit of a JSON copy. */
export const NAMED_TAMPERINGS: Record<string, (s: Loose) => void> = {
  'out = every seat': (s) => (s.out = s.players.map((_: unknown, i: number) => i)),
  'out = [0, 1, 2]': (s) => (s.out = [0, 1, 2]),
  'deck.cards[5].id = 1e9': (s) => (s.deck.cards[5 % s.deck.cards.length].id = 1e9),
  'deck.cards[0].id = -1': (s) => (s.deck.cards[0].id = -1),
  'hands[0][0].id = 1e9': (s) => (s.hands[0][0] ? (s.hands[0][0].id = 1e9) : (s.hands[0] = [{ id: 1e9, active: 1 }])),
  'table = 4': (s) => (s.table = 4),
  'deck = ""': (s) => (s.deck = ''),
  'rng = 1': (s) => (s.rng = 1),
  'events = [{ type: "handRotated", seat: 0 }]': (s) => (s.events = [{ type: 'handRotated', seat: 0 }]),
  'events = "garbage"': (s) => (s.events = 'garbage'),
  'known[turn] = [first card, first card]': (s) => {
    const seat = s.turn.seat;
    const id = s.hands[seat]?.[0]?.id ?? 0;
    s.known[seat] = [id, id];
  },
  'starter = players': (s) => (s.starter = s.players.length),
  'scores[0] += 3': (s) => (s.scores[0] += 3),
  'round 2 with one seat holding every point so far': (s) => {
    // one finished round gives at most 2 tokens (1 round win in the duel) to a seat
    s.round = 2;
    s.status = 'playing';
    s.out = [];
    s.winner = null;
    s.moveCount += 1;
    s.scores = s.scores.map((_: number, i: number) => (i === 0 ? (s.players.length === 2 ? 2 : 3) : 0));
  },
  'turn.seat = players': (s) => (s.turn.seat = s.players.length),
  'turn.seat = -1': (s) => (s.turn.seat = -1),
  'turn.area = 2': (s) => (s.turn.area = 2),
  'turn.number = 0': (s) => (s.turn.number = 0),
  'hands[turn] = []': (s) => (s.hands[s.turn.seat] = []),
  'discardCount += 1': (s) => (s.discardCount += 1),
  'lastMove = { type: "fly" }': (s) => (s.lastMove = { type: 'fly' }),
  'moveCount = -1': (s) => (s.moveCount = -1),
  'status = "gameOver"': (s) => (s.status = 'gameOver'),
  'status = "roundOver"': (s) => (s.status = 'roundOver'),
  'winner = 0': (s) => (s.winner = 0),
  'round = 0': (s) => (s.round = 0),
  'format = 2': (s) => (s.format = 2),
  'players = ["a"]': (s) => (s.players = ['a']),
  'scoring flipped': (s) => (s.scoring = s.scoring === 'tokens' ? 'rounds' : 'tokens'),
  'delete deck.cards[last] (hole)': (s) => delete s.deck.cards[s.deck.cards.length - 1],
  'hands[0] sparse': (s) => (s.hands[0].length += 2),
  'swap a hand card with a discarded one': (s) => {
    const idsInUse = new Set(s.hands.flat().map((c: Loose) => c.id));
    const spare = (s.deck.cards as Loose[]).find(
      (c) => !idsInUse.has(c.id) && !(s.table as Loose[]).some((t) => t.cards.includes(c.id)),
    );
    if (spare && s.hands[s.turn.seat][0]) s.hands[s.turn.seat][0] = { id: spare.id, active: spare.faces[0] };
  },
  'a card in two hands': (s) => {
    const card = s.hands.flat()[0];
    if (card) s.hands[(s.turn.seat + 1) % s.players.length].push({ ...card });
  },
  'table[0].seat = 9': (s) =>
    s.table[0] ? (s.table[0].seat = 9) : (s.table = [{ seat: 9, area: 0, value: 1, cards: [] }]),
  'table set with no cards': (s) =>
    s.table.push({ seat: (s.turn.seat + 1) % s.players.length, area: 0, value: 1, cards: [] }),
};

/** The tamperings that may leave a possible position (the others never do, so validatePosition must reject them). */
export const MAYBE_POSSIBLE = new Set(['swap a hand card with a discarded one']);

/** A JSON copy of `state` with one named tampering. */
function tamper(state: GameState, name: string): GameState {
  const copy = jsonCopy(state) as unknown as Loose;
  NAMED_TAMPERINGS[name]!(copy);
  return copy as unknown as GameState;
}

/** Damaged state: either a named tampering or a random mutation at a path. */
export type StateDamage = { named: string } | { mutation: Mutation };

/** Applies a {@link StateDamage}; returns the damaged copy and what was done. */
export function damageState(state: GameState, d: StateDamage): { state: GameState; what: string } {
  if ('named' in d) return { state: tamper(state, d.named), what: d.named };
  const { value, what } = mutate(state, d.mutation);
  return { state: value, what };
}

/** Adds context to any failure inside `fn` (fast-check prints the message with the counterexample). */
export function withContext<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof HangError) throw new HangError(`${what}: ${e.message}`);
    if (e instanceof Error) e.message = `${what}: ${e.message}`;
    throw e;
  }
}
