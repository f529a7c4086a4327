/**
 * The sorted form of each seat's last published hand, kept up to date by `apply` as it replaces
 * that hand. In the loop every UI and bot runs (`legalMoves`, then `apply`), the hand
 * of the seat to play changed at that seat's own last move, so remembering the last sort alone
 * never hits past two seats; here `apply` derives the new hand's sort from the old one (a card
 * leaves: a shift; cards arrive from the table: an insertion each), and the next listing for that
 * seat finds it ready instead of sorting the hand again.
 *
 * An entry is trusted only for the very hand array it was made for, at the length it had: states
 * are never changed in place, and a hand that was (a caller's bug) gets at worst a stale list of
 * moves, which `apply` then refuses with a coded error, as it refuses any move not in the hand.
 */
import type { CardId, DeckIndex, HeldCard } from './cards.js';
import { sortedHandBuffer, sortHandOf, type SortedHand, type SortedHandBuffer } from './play-subsets.js';

interface SeatSort {
  /** The hand this entry is the sort of, or null. */
  hand: readonly HeldCard[] | null;
  length: number;
  readonly sorted: SortedHandBuffer;
}

/** Rules §1: at most 5 seats; a larger seat number (never reached) is simply not remembered. */
const SEATS = 5;
const bySeat: SeatSort[] = Array.from({ length: SEATS }, () => ({
  hand: null,
  length: -1,
  sorted: sortedHandBuffer(),
}));

/**
 * The hand of `seat` in a state the library published, sorted by (active value, id): the entry
 * kept for that seat when it is this very hand, else a fresh sort, remembered. Read it before the
 * next call for the same seat.
 */
export function sortedHandOfSeat(index: DeckIndex, seat: number, hand: readonly HeldCard[]): SortedHand {
  const e = bySeat[seat];
  if (e === undefined) return sortHandOf(index, hand);
  if (e.hand === hand && e.length === hand.length) return e.sorted;
  e.hand = null; // until the sort below is done: a sort that throws leaves no entry
  sortHandOf(index, hand, e.sorted);
  e.hand = hand;
  e.length = hand.length;
  return e.sorted;
}

/** The entry of `seat` when it is the sort of `hand`, else undefined. */
function entryOf(seat: number, hand: readonly HeldCard[]): SeatSort | undefined {
  const e = bySeat[seat];
  return e !== undefined && e.hand === hand && e.length === hand.length ? e : undefined;
}

/** `apply` replaced the hand of `seat`, `before`, by `after`, the same cards without `ids` (each once). */
export function handLostCards(
  seat: number,
  before: readonly HeldCard[],
  after: readonly HeldCard[],
  ids: readonly CardId[],
): void {
  const e = entryOf(seat, before);
  if (e === undefined) return;
  e.hand = null;
  const s = e.sorted;
  const values = s.values;
  const sortedIds = s.ids;
  let n = s.n;
  for (let j = 0; j < ids.length; j++) {
    const id = ids[j]!;
    let at = 0;
    while (at < n && sortedIds[at] !== id) at++;
    if (at === n) return; // not there: the entry stays dropped
    for (let i = at + 1; i < n; i++) {
      values[i - 1] = values[i]!;
      sortedIds[i - 1] = sortedIds[i]!;
    }
    n--;
  }
  if (n !== after.length) return;
  s.n = n;
  e.hand = after;
  e.length = n;
}

/** `apply` replaced the hand of `seat`, `before`, by `after`: the same cards followed by `cards`. */
export function handGainedCards(
  seat: number,
  before: readonly HeldCard[],
  after: readonly HeldCard[],
  cards: readonly HeldCard[],
): void {
  const e = entryOf(seat, before);
  if (e === undefined) return;
  e.hand = null;
  const s = e.sorted;
  let n = s.n;
  if (n + cards.length > s.values.length) {
    const values = new Float64Array(2 * (n + cards.length));
    const ids = new Int32Array(values.length);
    values.set(s.values.subarray(0, n));
    ids.set(s.ids.subarray(0, n));
    s.values = values;
    s.ids = ids;
  }
  const values = s.values;
  const ids = s.ids;
  for (let j = 0; j < cards.length; j++) {
    const v = cards[j]!.active;
    const id = cards[j]!.id;
    let i = n - 1;
    while (i >= 0 && (values[i]! > v || (values[i] === v && ids[i]! > id))) {
      values[i + 1] = values[i]!;
      ids[i + 1] = ids[i]!;
      i--;
    }
    values[i + 1] = v;
    ids[i + 1] = id;
    n++;
  }
  if (n !== after.length) return;
  s.n = n;
  e.hand = after;
  e.length = n;
}
