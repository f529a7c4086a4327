/**
 * Legal move generation (rules §5), in canonical order:
 * 1. plays, by value ascending, then set size ascending, then card ids in lexicographic order
 *    (each move's `cards` ascending);
 * 2. adds, by target (seat, then area), then card id;
 * 3. takes, by target (seat, then area);
 * 4. rotate.
 * When the round is over the only move is `nextRound`; when the game is over there is none.
 */
import type { DeckIndex, HeldCard } from './cards.js';
import { mayArrive } from './beaten-sets.js';
import { ArgumentError } from './errors.js';
import { addMove, NEXT_ROUND, ROTATE, takeMove } from './interned-moves.js';
import type { Move } from './moves.js';
import { playCounts, pushSubsetPlays, runEnd, sortHandOf, type SortedHand } from './play-subsets.js';
import type { MovePosition } from './position.js';
import { sortedHandOfSeat } from './sorted-hands.js';
import type { GameStatus, TableSet } from './state.js';

/**
 * The table's set of each size below SMALL_SIZES as the listing in progress read it: its value in
 * `valueOfSize[size]`, valid when `listingOfSize[size]` is that listing's number (so nothing is
 * cleared between listings, and a listing that throws leaves nothing stale). {@link mayArrive} for
 * larger sizes.
 */
const SMALL_SIZES = 16;
const valueOfSize = new Float64Array(SMALL_SIZES);
const listingOfSize = new Float64Array(SMALL_SIZES);
let listings = 0;

/** The legal moves of the seat to play, in canonical order. */
export function movesOf(p: MovePosition): Move[] {
  return movesFrom(p.status, p.turn.seat, p.hand, p.table, p.index);
}

/**
 * The legal moves of `seat`, the seat to play, holding `hand` of the deck of `index` (the fields a
 * position is made of, passed one by one so that listing from a full state allocates no position).
 * `published`: the hand is part of a state the library handed out, never changed in place, so its
 * sort may be remembered and kept up to date by `apply` (sorted-hands.ts); false for the search
 * fast path's live hands.
 */
export function movesFrom(
  status: GameStatus,
  seat: number,
  hand: readonly HeldCard[],
  table: readonly TableSet[],
  index: DeckIndex,
  published = false,
): Move[] {
  if (status === 'gameOver') return [];
  if (status === 'roundOver') return [NEXT_ROUND];
  const out: Move[] = [];
  const h = published ? sortedHandOfSeat(index, seat, hand) : sortHandOf(index, hand);
  // the table read once, not once per value and size: the set of each small size (rules §5 A)
  const listing = ++listings;
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    const size = y.cards.length;
    if (size < SMALL_SIZES) {
      valueOfSize[size] = y.value;
      listingOfSize[size] = listing;
    }
  }
  for (let from = 0, end = 0; from < h.n; from = end) {
    end = runEnd(h, from);
    const value = h.values[from]!;
    const m = end - from;
    // a value shown by at most 8 cards has at most 255 plays (always so with the standard deck)
    if (m > 8 && out.length + playCount(table, value, m) > MAX_LISTED_MOVES) throw tooManyMoves();
    for (let size = 1; size <= m; size++) {
      if (arrivesInListing(table, size, value, listing)) pushSubsetPlays(out, h.ids, from, m, size);
    }
    if (out.length > MAX_LISTED_MOVES) throw tooManyMoves();
  }
  pushOtherMoves(out, table, h, seat, listing);
  return out;
}

/** True when a set of `size` showing `value` may arrive, during listing number `listing` (see valueOfSize). */
function arrivesInListing(table: readonly TableSet[], size: number, value: number, listing: number): boolean {
  return size < SMALL_SIZES
    ? listingOfSize[size] !== listing || value > valueOfSize[size]!
    : mayArrive(table, size, value);
}

/**
 * The most moves `legalMoves` lists. A value held k times has 2^k − 1 plays (rules §5 A), so a
 * custom deck can give one hand more plays than memory holds; past this many, `legalMoves`
 * throws instead, and `legalMoveGroups`, `iterateLegalMoves` or `checkMove` serve.
 */
export const MAX_LISTED_MOVES = 1_000_000;

/** The number of legal plays of `m` cards showing `value`: Σ C(m, size) over the sizes that may arrive (Infinity when huge). */
function playCount(table: readonly TableSet[], value: number, m: number): number {
  const counts = playCounts(m);
  let total = 0;
  for (let size = 1; size <= m && total <= MAX_LISTED_MOVES; size++)
    if (mayArrive(table, size, value)) total += counts[size - 1]!;
  return total;
}

/** The error `legalMoves` throws past {@link MAX_LISTED_MOVES} moves. */
export function tooManyMoves(): ArgumentError {
  return new ArgumentError(
    'BAD_ARGUMENT',
    `This position has more than ${MAX_LISTED_MOVES.toLocaleString('en-US')} legal moves (a value held k times gives 2^k − 1 plays, rules §5 A), too many to list: use legalMoveGroups or iterateLegalMoves, or checkMove for one move.`,
  );
}

/**
 * True when `seat`, to play, may add a card showing `y.value` to the table set `y` (rules §5 B):
 * an opponent's set whose next size may arrive. Shared by the move list and `cardHints`.
 */
export function mayAddTo(table: readonly TableSet[], y: TableSet, seat: number): boolean {
  return y.seat !== seat && mayArrive(table, y.cards.length + 1, y.value);
}

/** True when `seat`, to play, may take the table set `y` (rules §5 C): any opponent's set. */
export function mayTake(y: TableSet, seat: number): boolean {
  return y.seat !== seat;
}

/** Appends the adds, takes and rotate of a playing position, given its sorted hand. */
function pushOtherMoves(out: Move[], table: readonly TableSet[], h: SortedHand, seat: number, listing = -1): void {
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat === seat) continue;
    if (listing < 0 ? !mayAddTo(table, y, seat) : !arrivesInListing(table, y.cards.length + 1, y.value, listing))
      continue;
    // the sorted ids give the adds of this target in card order: the run of its value, found by halving
    const value = y.value;
    let lo = 0;
    let hi = h.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (h.values[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < h.n && h.values[i] === value; i++) out.push(addMove(h.ids[i]!, y.seat, y.area));
  }
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (mayTake(y, seat)) out.push(takeMove(y.seat, y.area));
  }
  out.push(ROTATE);
}

/** The legal moves other than plays (adds, takes, rotate; or nextRound), in canonical order. */
export function otherMovesOf(p: MovePosition): Move[] {
  if (p.status === 'gameOver') return [];
  if (p.status === 'roundOver') return [NEXT_ROUND];
  const out: Move[] = [];
  pushOtherMoves(out, p.table, sortHandOf(p.index, p.hand), p.turn.seat);
  return out;
}
