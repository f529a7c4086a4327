/**
 * The canonical list of legal moves (legal-moves.ts) read by index without being built: how
 * many moves there are, and the i-th of them, from the sorted hand and the table alone. A random
 * playout picks one index per move, so listing every move, and judging the chosen one again, is
 * work it never reads. The order is exactly `legalMoves`' (a test compares every index):
 * plays by value, size, then card subsets in lexicographic order; adds by target, then card;
 * takes by target; rotate.
 */
import type { HeldCard } from './cards.js';
import { ArgumentError } from './errors.js';
import { addMove, NEXT_ROUND, ROTATE, singlePlay, takeMove } from './interned-moves.js';
import { MAX_LISTED_MOVES, tooManyMoves } from './legal-moves.js';
import type { AddMove, Move, PlayMove, TakeMove } from './moves.js';
import type { Draft } from './draft.js';
import { endAction } from './play-action.js';
import { playSet } from './actions/play-set.js';
import { addCard } from './actions/add-card.js';
import { takeSet } from './actions/take-set.js';
import { rotateHand } from './actions/rotate-hand.js';
import { playCounts, runEnd, sortHand, sortedHandBuffer, type SortedHandBuffer } from './play-subsets.js';
import type { GameStatus, TableSet } from './state.js';

/** What one segment of the list holds: the plays of one value and size, the adds to one set, one take, rotate. */
const PLAYS = 0;
const ADDS = 1;
const TAKE = 2;
const ROTATE_MOVE = 3;

/**
 * The legal moves of one position as segments of the canonical list: segment k holds the moves
 * `first[k]` to `first[k + 1] − 1`. Plays: `a` = first sorted card of the value, `b` = how many
 * cards show it, `c` = set size (single plays: the sorted cards `a` to `a + b − 1`, which may
 * show several values). Adds: `a` = first sorted card of the set's value, `b` = the table index
 * of the set. Take: `b` = the table index. The buffers are reused position after position.
 */
export interface MoveIndex {
  /** The number of legal moves. */
  count: number;
  /** Only `nextRound` (round over) or nothing (game over): no segments. */
  status: GameStatus;
  segments: number;
  kind: Int32Array;
  first: Float64Array;
  a: Int32Array;
  b: Int32Array;
  c: Int32Array;
  hand: SortedHandBuffer;
  /** Scratch: `top[size]` is the value of the table's set of that size, 0 when none. */
  top: Float64Array;
}

/** An empty index with buffers of its own. */
export function newMoveIndex(): MoveIndex {
  const size = 32;
  return { count: 0, status: 'playing', segments: 0, kind: new Int32Array(size), first: new Float64Array(size + 1), a: new Int32Array(size), b: new Int32Array(size), c: new Int32Array(size), hand: sortedHandBuffer(), top: new Float64Array(64) };
}

/** A copy of `old` in a buffer of `size`. */
function grown<T extends Int32Array | Float64Array>(old: T, size: number): T {
  const next = new (old.constructor as new (n: number) => T)(size);
  next.set(old);
  return next;
}

/** Doubles the segment buffers (out of line: `segment` stays small enough to inline). */
function growSegments(x: MoveIndex): void {
  const k = x.kind.length;
  x.kind = grown(x.kind, k * 2);
  x.first = grown(x.first, k * 2 + 1);
  x.a = grown(x.a, k * 2);
  x.b = grown(x.b, k * 2);
  x.c = grown(x.c, k * 2);
}

/** Appends a segment of `count` moves, growing the buffers when needed. */
function segment(x: MoveIndex, kind: number, count: number, a: number, b: number, c: number): void {
  const k = x.segments;
  if (k === x.kind.length) growSegments(x);
  x.kind[k] = kind;
  x.first[k] = x.count;
  x.a[k] = a;
  x.b[k] = b;
  x.c[k] = c;
  x.count += count;
  x.segments = k + 1;
}

/**
 * Fills `x` with the legal moves of `seat`, the seat to play, holding `hand` (the fields of a
 * position, as `movesFrom` takes them). Throws the `BAD_ARGUMENT` error of `legalMoves` past
 * {@link MAX_LISTED_MOVES} moves, so that every index is exact and the two agree on when to refuse.
 */
export function indexMoves(x: MoveIndex, status: GameStatus, seat: number, hand: readonly HeldCard[], table: readonly TableSet[]): void {
  x.count = 0;
  x.segments = 0;
  x.status = status;
  if (status === 'gameOver') return;
  if (status === 'roundOver') {
    x.count = 1;
    return;
  }
  const h = sortHand(hand, x.hand);
  // the table by size: a set of `size` showing `value` may arrive when value > top[size] (0: no
  // set of that size; values are ≥ 1): mayArrive in one read. Zero again once read.
  // top[size + 1] is read for adds, so sizes up to the hand's and each set's + 1
  let top = x.top.length >= h.n + 2 ? x.top : (x.top = new Float64Array(2 * (h.n + 2)));
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    const size = y.cards.length;
    if (size + 2 > top.length) top = x.top = grown(top, 2 * (size + 2)); // keeps the sizes already read
    top[size] = y.value;
  }
  for (let from = 0, end = 0; from < h.n; from = end) {
    const value = h.values[from]!;
    end = from + 1;
    while (end < h.n && h.values[end] === value) end++;
    const m = end - from;
    if (value > top[1]!) {
      // single plays of consecutive values are consecutive in the list and in the sorted hand: one segment
      const k = x.segments - 1;
      if (k >= 0 && x.c[k] === 1 && x.kind[k] === PLAYS && x.a[k]! + x.b[k]! === from) {
        x.b[k] = x.b[k]! + m;
        x.count += m;
      } else segment(x, PLAYS, m, from, m, 1);
    }
    if (m < 2) continue;
    const counts = m <= SMALL ? SMALL_COUNTS[m]! : playCounts(m);
    for (let size = 2; size <= m; size++) if (value > top[size]!) segment(x, PLAYS, counts[size - 1]!, from, m, size);
  }
  // once, after the plays: counting lists nothing, so the check can wait (at most one segment per card)
  if (x.count > MAX_LISTED_MOVES) {
    for (let t = 0; t < table.length; t++) top[table[t]!.cards.length] = 0;
    throw tooManyMoves();
  }
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat === seat || !(y.value > top[y.cards.length + 1]!)) continue;
    const from = firstOfValue(h, y.value);
    if (from >= 0) segment(x, ADDS, runEnd(h, from) - from, from, t, 0);
  }
  for (let t = 0; t < table.length; t++) {
    top[table[t]!.cards.length] = 0;
    if (table[t]!.seat !== seat) segment(x, TAKE, 1, 0, t, 0);
  }
  segment(x, ROTATE_MOVE, 1, 0, 0, 0);
  x.first[x.segments] = x.count;
}

/** The first sorted card showing `value`, or -1. */
function firstOfValue(h: SortedHandBuffer, value: number): number {
  for (let i = 0; i < h.n; i++) {
    if (h.values[i] === value) return i;
    if (h.values[i]! > value) return -1;
  }
  return -1;
}

/** Runs of up to this many cards take their counts from {@link SMALL_COUNTS}. */
const SMALL = 8;
/** `SMALL_COUNTS[m][s − 1]` = C(m, s). */
const SMALL_COUNTS: readonly (readonly number[])[] = Array.from({ length: SMALL + 1 }, (_, m) => (m === 0 ? [] : playCounts(m)));

/** C(n, k), exact while it is at most `MAX_LISTED_MOVES` (every partial product stays below 2^53). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The move at `i` of the index, the one `legalMoves` lists at `i`, on `table`, the table it was built from; the caller checks that `i` is
 * an integer from 0 to `count − 1`. Interned moves are shared; a play of several cards is new.
 */
export function indexedMove(x: MoveIndex, table: readonly TableSet[], i: number): Move {
  if (x.status === 'roundOver') return NEXT_ROUND;
  const k = segmentOf(x, i);
  return moveIn(x, table, k, i - x.first[k]!);
}

/** The segment holding move `i`. */
function segmentOf(x: MoveIndex, i: number): number {
  let k = 0;
  while (x.first[k + 1]! <= i) k++;
  return k;
}

/** The play at `offset` in play segment `k`. */
function playIn(x: MoveIndex, k: number, offset: number): PlayMove {
  const ids = x.hand.ids;
  const from = x.a[k]!;
  const size = x.c[k]!;
  if (size === 1) return singlePlay(ids[from + offset]!);
  // the offset-th subset of `size` among m cards, in lexicographic order
  const m = x.b[k]!;
  const cards = new Array<number>(size);
  let rest = offset;
  let at = 0;
  for (let j = 0; j < size; j++, at++) {
    for (;;) {
      const after = choose(m - at - 1, size - j - 1); // subsets that take card `at` here
      if (rest < after) break;
      rest -= after;
      at++;
    }
    cards[j] = ids[from + at]!;
  }
  return { type: 'play', cards };
}

/**
 * Plays move `i` of the index, a position that is playing, on the live draft it was built from,
 * with the rule functions `playAction` dispatches to, chosen by segment kind instead of by the
 * move's type (one map per call site). Returns the move played.
 */
export function playIndexed(d: Draft, x: MoveIndex, i: number): Move {
  const k = segmentOf(x, i);
  const offset = i - x.first[k]!;
  let move: Move;
  switch (x.kind[k]) {
    case PLAYS: {
      if (x.c[k] === 1) {
        // a fresh card list for the table, not the shared move's: V8 reads frozen arrays through a slow generic load
        const id = x.hand.ids[x.a[k]! + offset]!;
        playSet(d, [id]);
        move = singlePlay(id);
        break;
      }
      const play = playIn(x, k, offset);
      playSet(d, play.cards);
      move = play;
      break;
    }
    case ADDS: {
      const add = moveIn(x, d.table, k, offset) as AddMove;
      addCard(d, add);
      move = add;
      break;
    }
    case TAKE: {
      const take = moveIn(x, d.table, k, offset) as TakeMove;
      takeSet(d, take);
      move = take;
      break;
    }
    default:
      rotateHand(d);
      move = ROTATE;
  }
  endAction(d);
  return move;
}

/** The move at `offset` in segment `k`. */
function moveIn(x: MoveIndex, table: readonly TableSet[], k: number, offset: number): Move {
  const ids = x.hand.ids;
  switch (x.kind[k]) {
    case PLAYS:
      return playIn(x, k, offset);
    case ADDS: {
      const y = table[x.b[k]!]!;
      return addMove(ids[x.a[k]! + offset]!, y.seat, y.area);
    }
    case TAKE: {
      const y = table[x.b[k]!]!;
      return takeMove(y.seat, y.area);
    }
    default:
      return ROTATE;
  }
}

/** The `BAD_ARGUMENT` error for an index that is not one of the `count` legal moves. */
export function moveIndexError(index: unknown, count: number): ArgumentError {
  return new ArgumentError(
    'BAD_ARGUMENT',
    count === 0
      ? 'The game is over: there is no legal move to choose (rules §6).'
      : `A move index is a whole number from 0 to ${count - 1} here (there are ${count} legal moves, in the order legalMoves lists them, rules §5), not ${typeof index === 'number' ? String(index) : typeof index}.`,
  );
}
