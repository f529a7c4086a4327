/**
 * Legal move generation (rules §5), in canonical order:
 * 1. plays, by value ascending, then set size ascending, then card ids in lexicographic order
 *    (each move's `cards` ascending);
 * 2. adds, by target (seat, then area), then card id;
 * 3. takes, by target (seat, then area);
 * 4. rotate.
 * When the round is over the only move is `nextRound`; when the game is over there is none.
 */
import type { CardId, HeldCard } from './cards.js';
import { mayArrive } from './beaten-sets.js';
import { ArgumentError } from './errors.js';
import { addMove, NEXT_ROUND, ROTATE, singlePlay, takeMove } from './interned-moves.js';
import type { Move } from './moves.js';
import type { MovePosition } from './position.js';
import type { GameStatus, TableSet } from './state.js';

// Scratch buffers for sorting a hand; legalMoves never re-enters itself, so one pair suffices.
// Values are doubles: a custom deck's faces may be any safe integers ≥ 1 (rules §2), past 2^31 too.
let sortedValues = new Float64Array(64);
let sortedIds = new Int32Array(64);

/** Hands up to this size are insertion-sorted (fastest on the rules' hands of 8–13 cards). */
const INSERTION_MAX = 32;

/**
 * Sorts the hand by (active value, id) into the scratch buffers: insertion sort for small hands,
 * an O(n log n) sort past {@link INSERTION_MAX} cards, since a custom deck may deal 32,768 cards
 * to one seat and insertion sort is quadratic.
 */
function sortHand(hand: readonly HeldCard[]): void {
  const n = hand.length;
  if (n > sortedValues.length) {
    sortedValues = new Float64Array(n * 2);
    sortedIds = new Int32Array(n * 2);
  }
  const values = sortedValues;
  const ids = sortedIds;
  if (n > INSERTION_MAX) {
    // values are safe integers, so their difference is exact
    const order = hand.slice().sort((a, b) => a.active - b.active || a.id - b.id);
    for (let i = 0; i < n; i++) {
      values[i] = order[i]!.active;
      ids[i] = order[i]!.id;
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    const c = hand[i]!;
    const v = c.active;
    const id = c.id;
    let j = i - 1;
    while (j >= 0 && (values[j]! > v || (values[j] === v && ids[j]! > id))) {
      values[j + 1] = values[j]!;
      ids[j + 1] = ids[j]!;
      j--;
    }
    values[j + 1] = v;
    ids[j + 1] = id;
  }
}

/**
 * Steps `pick`, a strictly ascending choice of `pick.length` indexes below `m`, to the next one in
 * lexicographic order; false after the last. Shared by the eager list and the lazy generator.
 */
export function nextCombination(pick: number[], m: number): boolean {
  const size = pick.length;
  let i = size - 1;
  while (i >= 0 && pick[i] === m - size + i) i--;
  if (i < 0) return false;
  pick[i]!++;
  for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  return true;
}

/** Appends every `size`-card subset of ids[from, from + m), in lexicographic order, as a play move. */
function pushCombinations(out: Move[], ids: Int32Array, from: number, m: number, size: number): void {
  if (size === 1) {
    for (let i = 0; i < m; i++) out.push(singlePlay(ids[from + i]!));
    return;
  }
  const pick = new Array<number>(size);
  for (let i = 0; i < size; i++) pick[i] = i;
  do {
    const cards = new Array<CardId>(size);
    for (let i = 0; i < size; i++) cards[i] = ids[from + pick[i]!]!;
    out.push({ type: 'play', cards });
  } while (nextCombination(pick, m));
}

/**
 * Calls `visit(value, ids)` for each group of hand cards showing one value, values ascending,
 * ids ascending.
 */
export function forEachValueGroup(hand: readonly HeldCard[], visit: (value: number, ids: CardId[]) => void): void {
  sortHand(hand);
  const n = hand.length;
  const groups: [number, CardId[]][] = [];
  for (let start = 0; start < n; ) {
    const value = sortedValues[start]!;
    let end = start + 1;
    while (end < n && sortedValues[end] === value) end++;
    groups.push([value, Array.from(sortedIds.subarray(start, end))]);
    start = end;
  }
  // visit after sorting is done: a visitor may itself sort another hand
  for (const [value, ids] of groups) visit(value, ids);
}

/** The legal moves of the seat to play, in canonical order. */
export function movesOf(p: MovePosition): Move[] {
  return movesFrom(p.status, p.turn.seat, p.hand, p.table);
}

/**
 * The legal moves of `seat`, the seat to play, holding `hand` (the fields a position is made
 * of, passed one by one so that listing from a full state allocates no position).
 */
export function movesFrom(status: GameStatus, seat: number, hand: readonly HeldCard[], table: readonly TableSet[]): Move[] {
  if (status === 'gameOver') return [];
  if (status === 'roundOver') return [NEXT_ROUND];
  const out: Move[] = [];
  sortHand(hand);
  const values = sortedValues;
  const n = hand.length;
  for (let start = 0; start < n; ) {
    const value = values[start]!;
    let end = start + 1;
    while (end < n && values[end] === value) end++;
    const m = end - start;
    // a value shown by at most 8 cards has at most 255 plays (always so with the standard deck)
    if (m > 8 && out.length + playCount(table, value, m) > MAX_LISTED_MOVES) throw tooManyMoves();
    for (let size = 1; size <= m; size++) {
      if (mayArrive(table, size, value)) pushCombinations(out, sortedIds, start, m, size);
    }
    if (out.length > MAX_LISTED_MOVES) throw tooManyMoves();
    start = end;
  }
  pushOtherMoves(out, table, n, seat);
  return out;
}

/**
 * The most moves `legalMoves` lists. A value held k times has 2^k − 1 plays (rules §5 A), so a
 * custom deck can give one hand more plays than memory holds; past this many, `legalMoves`
 * throws instead, and `legalMoveGroups`, `iterateLegalMoves` or `checkMove` serve.
 */
export const MAX_LISTED_MOVES = 1_000_000;

/** The number of legal plays of `m` cards showing `value`: Σ C(m, size) over the sizes that may arrive (a double; Infinity when huge). */
function playCount(table: readonly TableSet[], value: number, m: number): number {
  let total = 0;
  let c = 1;
  for (let size = 1; size <= m && total <= MAX_LISTED_MOVES; size++) {
    c = (c * (m - size + 1)) / size; // C(m, size), rounded: only compared with the limit
    if (mayArrive(table, size, value)) total += c;
  }
  return total;
}

function tooManyMoves(): ArgumentError {
  return new ArgumentError(
    'BAD_ARGUMENT',
    `This position has more than ${MAX_LISTED_MOVES.toLocaleString('en-US')} legal moves (a value held k times gives 2^k − 1 plays, rules §5 A), too many to list: use legalMoveGroups or iterateLegalMoves, or checkMove for one move.`,
  );
}

/** Appends the adds, takes and rotate of a playing position; the hand must be sorted already. */
function pushOtherMoves(out: Move[], table: readonly TableSet[], n: number, seat: number): void {
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat === seat || !mayArrive(table, y.cards.length + 1, y.value)) continue;
    // the sorted ids give the adds of this target in card order
    for (let i = 0; i < n; i++) if (sortedValues[i] === y.value) out.push(addMove(sortedIds[i]!, y.seat, y.area));
  }
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat !== seat) out.push(takeMove(y.seat, y.area));
  }
  out.push(ROTATE);
}

/** The legal moves other than plays (adds, takes, rotate; or nextRound), in canonical order. */
export function otherMovesOf(p: MovePosition): Move[] {
  if (p.status === 'gameOver') return [];
  if (p.status === 'roundOver') return [NEXT_ROUND];
  sortHand(p.hand);
  const out: Move[] = [];
  pushOtherMoves(out, p.table, p.hand.length, p.turn.seat);
  return out;
}
