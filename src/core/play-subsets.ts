/**
 * The plays of a hand (rules §5 A), enumerated once: the hand's cards grouped by active value
 * (values ascending, ids ascending), every subset of one value's cards of one size in
 * lexicographic order, and how many there are (which sizes may be played is `mayArrive`, in
 * beaten-sets.ts). `legalMoves` lists these plays, `legalMoveGroups` counts them and
 * `iterateLegalMoves` yields them lazily, all from the functions below, so the three cannot
 * drift apart.
 */
import type { CardId, DeckIndex, HeldCard } from './cards.js';
import { multiPlay, singlePlay } from './interned-moves.js';
import type { Move } from './moves.js';

/**
 * A hand sorted by (active value, id): `ids[i]` shows `values[i]`, for i below `n`. Unless the
 * caller gives its own (see {@link sortedHandBuffer}), it is one shared scratch object, overwritten
 * by the next {@link sortHand}: read it before sorting another hand, and copy what you keep.
 */
export interface SortedHand {
  readonly values: Float64Array;
  readonly ids: Int32Array;
  readonly n: number;
}

/** A {@link SortedHand} that {@link sortHand} may fill and grow. */
export type SortedHandBuffer = { values: Float64Array; ids: Int32Array; n: number };

/** A buffer of its own for {@link sortHand}, for a caller that keeps a sorted hand across calls. */
export function sortedHandBuffer(): SortedHandBuffer {
  return { values: new Float64Array(64), ids: new Int32Array(64), n: 0 };
}

// One scratch object: listing moves never re-enters itself, and a hand is sorted at every listing.
// Values are doubles: a custom deck's faces may be any safe integers ≥ 1 (rules §2), past 2^31 too.
const scratch = sortedHandBuffer();

/** Hands up to this size are insertion-sorted (fastest on the rules' hands of 8–13 cards). */
const INSERTION_MAX = 32;

/**
 * Sorts the hand by (active value, id) into the scratch {@link SortedHand}: insertion sort for
 * small hands, an O(n log n) sort past {@link INSERTION_MAX} cards, since a custom deck may deal
 * 32,768 cards to one seat and insertion sort is quadratic. Walk its values with {@link runEnd}.
 * Into the shared scratch unless `sorted` is given.
 */
export function sortHand(hand: readonly HeldCard[], sorted: SortedHandBuffer = scratch): SortedHand {
  const n = hand.length;
  if (n > sorted.values.length) {
    sorted.values = new Float64Array(n * 2);
    sorted.ids = new Int32Array(n * 2);
  }
  sorted.n = n;
  const values = sorted.values;
  const ids = sorted.ids;
  if (n > INSERTION_MAX) {
    // values are safe integers, so their difference is exact
    const order = hand.slice().sort((a, b) => a.active - b.active || a.id - b.id);
    for (let i = 0; i < n; i++) {
      values[i] = order[i]!.active;
      ids[i] = order[i]!.id;
    }
    return sorted;
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
  return sorted;
}

/**
 * Every (face value, id) pair of a deck given its rank in the hand order (value, then id): a hand
 * is then sorted by setting one bit per card in a small bit set and reading the bits back in order,
 * n + (ranks / 32) steps and no comparison, instead of an insertion sort at every listing.
 */
interface HandOrder {
  /** `rankOf[2 * id]` is the rank of card `id` showing `faces[0]`, `rankOf[2 * id + 1]` showing `faces[1]`. */
  readonly rankOf: Int32Array;
  /** Each card's `faces[0]`, by id. */
  readonly firstFace: Float64Array;
  /** The value and the id of each rank. */
  readonly rankValue: Float64Array;
  readonly rankId: Int32Array;
  /** The bit set, left all zero between calls. */
  readonly bits: Int32Array;
}

/** Decks with more (card, face) pairs than this sort hands by comparison: the bit set would be long to scan for a small hand. */
const MAX_RANKS = 1024;

let lastIndex: DeckIndex | undefined;
let lastOrder: HandOrder | null = null;
const orders = new WeakMap<DeckIndex, HandOrder | null>();

/** The hand order of a deck, computed once per deck (null for a big deck). */
function handOrder(index: DeckIndex): HandOrder | null {
  if (index === lastIndex) return lastOrder;
  let order = orders.get(index);
  if (order === undefined) {
    order = buildHandOrder(index);
    orders.set(index, order);
  }
  lastIndex = index;
  lastOrder = order;
  return order;
}

function buildHandOrder(index: DeckIndex): HandOrder | null {
  const size = index.faces.length;
  if (2 * size > MAX_RANKS) return null;
  const pairs: [number, number, number][] = []; // value, id, face
  for (let id = 0; id < size; id++) {
    const faces = index.faces[id];
    if (faces) pairs.push([faces[0], id, 0], [faces[1], id, 1]);
  }
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rankOf = new Int32Array(2 * size);
  const firstFace = new Float64Array(size).fill(NaN);
  const rankValue = new Float64Array(pairs.length);
  const rankId = new Int32Array(pairs.length);
  pairs.forEach(([value, id, face], r) => {
    rankOf[2 * id + face] = r;
    if (face === 0) firstFace[id] = value;
    rankValue[r] = value;
    rankId[r] = id;
  });
  return { rankOf, firstFace, rankValue, rankId, bits: new Int32Array(Math.ceil(pairs.length / 32)) };
}

/**
 * {@link sortHand} for a hand of a game played with the deck of `index`: by the deck's ranks when
 * it is small, else by comparison. Into the shared scratch unless `sorted` is given.
 */
export function sortHandOf(
  index: DeckIndex,
  hand: readonly HeldCard[],
  sorted: SortedHandBuffer = scratch,
): SortedHand {
  const order = handOrder(index);
  if (order === null || hand.length > order.rankValue.length) {
    sortHand(hand, sorted);
  } else {
    sortByRanks(order, hand, sorted);
  }
  return sorted;
}

/** Sorts `hand` through the bit set of `order` into `sorted`. */
function sortByRanks(order: HandOrder, hand: readonly HeldCard[], sorted: SortedHandBuffer): void {
  const n = hand.length;
  if (n > sorted.values.length) {
    sorted.values = new Float64Array(n * 2);
    sorted.ids = new Int32Array(n * 2);
  }
  const { rankOf, firstFace, rankValue, rankId, bits } = order;
  try {
    for (let i = 0; i < n; i++) {
      const c = hand[i]!;
      const id = c.id;
      const r = rankOf[2 * id + (c.active === firstFace[id] ? 0 : 1)]! | 0; // an id outside the deck (a state changed in place) reads rank 0
      bits[r >> 5]! |= 1 << (r & 31);
    }
  } catch (e) {
    bits.fill(0); // a hand changed in place into something unreadable: leave the set clean for the next call
    throw e;
  }
  // read back in rank order, clearing the set for the next call; a card given twice (a state
  // changed in place) is read once, so n counts what was read
  const values = sorted.values;
  const ids = sorted.ids;
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    if (word === 0) continue;
    bits[w] = 0;
    const base = w << 5;
    while (word !== 0) {
      const low = word & -word;
      const r = base + 31 - Math.clz32(low);
      word ^= low;
      values[k] = rankValue[r]!;
      ids[k] = rankId[r]!;
      k++;
    }
  }
  sorted.n = k;
}

/**
 * The end of the run of cards showing `h.values[start]`: the cards of one value, whose subsets
 * are its plays (rules §5 A), are `h.ids[start, runEnd(h, start))`. Walk a hand's values with
 * `for (let from = 0, end = 0; from < h.n; from = end) { end = runEnd(h, from); … }`.
 */
export function runEnd(h: SortedHand, start: number): number {
  const value = h.values[start];
  let end = start + 1;
  while (end < h.n && h.values[end] === value) end++;
  return end;
}

/**
 * Steps `pick`, a strictly ascending choice of `size` indexes below `m` (its first `size` items), to the next one in
 * lexicographic order; false after the last.
 */
function nextCombination(pick: number[], size: number, m: number): boolean {
  let i = size - 1;
  while (i >= 0 && pick[i] === m - size + i) i--;
  if (i < 0) return false;
  pick[i]!++;
  for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  return true;
}

/** The subset choice of {@link pushSubsetPlays} when the caller keeps no cursor (its first `size` items). */
const pickScratch: number[] = [];

/**
 * Appends to `out` the play moves of `size` cards among `ids[from, from + m)`, card subsets in
 * lexicographic order (each move's `cards` ascending): the one enumeration behind the eager list
 * and the lazy generator. Without `cursor` it appends them all. With one (start it at
 * `[0, 1, …, size − 1]`) it appends at most `max`, leaves the cursor at the next subset and
 * returns whether any is left, so a generator can resume it. The moves are the shared ones of
 * interned-moves.ts (fresh objects only past its bounds).
 */
export function pushSubsetPlays(
  out: Move[],
  ids: ArrayLike<CardId>,
  from: number,
  m: number,
  size: number,
  cursor?: number[],
  max = Infinity,
): boolean {
  if (size < 1 || size > m) return false;
  let room = max;
  if (size === 1) {
    let i = cursor ? cursor[0]! : 0;
    for (; i < m && room > 0; i++, room--) out.push(singlePlay(ids[from + i]!));
    if (cursor) cursor[0] = i;
    return i < m;
  }
  let pick = cursor;
  if (!pick) {
    pick = pickScratch; // never re-entered: no list per call
    for (let i = 0; i < size; i++) pick[i] = i;
  }
  for (; room > 0; room--) {
    out.push(multiPlay(ids, from, pick, size));
    if (!nextCombination(pick, size, m)) return false;
  }
  return true;
}

/** 2^1024: a count this big or bigger has no finite double, so it reads Infinity. */
const PAST_DOUBLES = 2n ** 1024n;

/**
 * The number of plays of each size from m cards of one value: C(m, s) for s = 1…m (index s − 1),
 * each exact while it is a safe integer and the nearest double beyond, in O(m) steps:
 * C(m, s) = C(m, s − 1) · (m − s + 1) / s is exact in doubles while the product is safe, then goes
 * on in BigInt; past 2^1024 every count up to the middle is Infinity, and the upper half mirrors
 * the lower (C(m, s) = C(m, m − s)). Computing each count on its own took O(m²) BigInt steps:
 * minutes for 65,536 cards of one value.
 */
export function playCounts(m: number): number[] {
  const out = new Array<number>(m);
  const half = Math.floor(m / 2);
  let r = 1;
  let big: bigint | undefined;
  let s = 1;
  for (; s <= half; s++) {
    if (big === undefined) {
      const product = r * (m - s + 1); // exact when safe; rounds to ≥ 2^53 when not
      if (product <= Number.MAX_SAFE_INTEGER) {
        r = product / s;
        out[s - 1] = r;
        continue;
      }
      big = BigInt(r);
    }
    big = (big * BigInt(m - s + 1)) / BigInt(s);
    if (big >= PAST_DOUBLES) break;
    out[s - 1] = Number(big);
  }
  for (; s <= half; s++) out[s - 1] = Infinity;
  for (s = half + 1; s <= m; s++) out[s - 1] = s === m ? 1 : out[m - s - 1]!;
  return out;
}
