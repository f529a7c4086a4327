/**
 * The greedy heuristic's facts: what it counts in a hand and on the table, and each kind of move's
 * score from them (greedy-bot.ts sums them; policy-features.ts lays them out as features).
 */
import type { TableSet } from '../core/index.js';
import { deckIndex, rotatedFrom, type DeckIndex } from '../core/internal.js';
import type { Outlook } from './outlook.js';

/**
 * A slot per card value, so that hands are tallied in typed arrays rather than Maps (playouts
 * score every legal move of every turn): the value itself for the usual small values, else a
 * number given to each value of the deck.
 */
export interface ValueSlots {
  readonly maxValue: number;
  readonly direct: boolean;
  readonly slots: Map<number, number>;
  /** The hand's count per value while a position is scored; all zero between calls. */
  readonly counts: Int32Array;
  /** Scratch tally for the rotated hand; all zero between calls. */
  readonly spare: Int32Array;
  /** The value each card of the hand shows, by card id, while a position is scored (stale between calls). */
  readonly shown: Float64Array;
}

const valueSlotsOf = new WeakMap<DeckIndex, ValueSlots>();

function valueSlots(index: DeckIndex): ValueSlots {
  let t = valueSlotsOf.get(index);
  if (t === undefined) {
    let maxValue = 0;
    const slots = new Map<number, number>();
    for (const f of index.faces) {
      if (!f) continue;
      maxValue = Math.max(maxValue, f[0], f[1]);
      for (const v of f) if (!slots.has(v)) slots.set(v, slots.size);
    }
    const direct = maxValue <= 1024;
    const size = direct ? maxValue + 1 : slots.size;
    t = {
      maxValue,
      direct,
      slots,
      counts: new Int32Array(size),
      spare: new Int32Array(size),
      shown: new Float64Array(index.faces.length),
    };
    valueSlotsOf.set(index, t);
  }
  return t;
}

// a value outside the deck (only from a caller's broken outlook) gets -1, an index typed arrays
// ignore: never a named property that would stay on the shared tally
export const slot = (t: ValueSlots, value: number): number =>
  t.direct ? (value >= 0 && value <= t.maxValue ? value : -1) : (t.slots.get(value) ?? -1);

export const CARD = 10;
export const TURN = 6;
/**
 * The score {@link greedyScores} gives a move that empties the hand (rules §6): above any other
 * move's score (those are capped just below it, as a custom deck's plays of hundreds of cards
 * would pass it), so a bot may take such a move at once without searching.
 */
export const GOING_OUT_SCORE = 1000;

/** A score of a move that does not go out, kept below {@link GOING_OUT_SCORE}. */
export const stayingIn = (score: number): number => Math.min(score, GOING_OUT_SCORE - 1);

export function setOfSize(table: readonly TableSet[], size: number): TableSet | undefined {
  for (const t of table) if (t.cards.length === size) return t;
  return undefined;
}

export function setAt(table: readonly TableSet[], seat: number, area: number): TableSet {
  for (const t of table) if (t.seat === seat && t.area === area) return t;
  throw new Error('a legal add or take names a set on the table'); // cannot happen (rules §5 B, C)
}

export interface Facts {
  readonly o: Outlook;
  readonly index: DeckIndex;
  readonly tally: ValueSlots;
  /** Distinct active values in the hand. */
  readonly distinct: number;
  /** Fewest cards held by an opponent still in the round. */
  readonly closest: number;
  readonly opponents: number;
}

/** Points for beating `x`: an opponent's set goes back to its hand (our own comes back: {@link backOf}). */
function worthOf(f: Facts, x: TableSet | undefined): number {
  if (x === undefined || x.seat === f.o.seat) return 0;
  if (f.o.out.includes(x.seat)) return 1;
  return x.cards.length * 5 + (f.o.handSizes[x.seat]! <= 2 ? 15 : 0);
}

/** Cards that come back to us when `x`, beaten, is our own set. */
export function backOf(f: Facts, x: TableSet | undefined): number {
  return x !== undefined && x.seat === f.o.seat ? x.cards.length : 0;
}

/** How likely our set of `size` showing `value` is to be beaten and sent back before our next turn. */
export function risk(f: Facts, size: number, value: number): number {
  const headroom = (f.tally.maxValue - value) / f.tally.maxValue;
  const danger = f.closest <= size ? 1.5 : 1;
  return Math.min(1, headroom * danger * (f.opponents / (size + 1)));
}

export function scorePlay(f: Facts, cards: readonly number[]): number {
  const hand = f.o.hand;
  let value = 0;
  for (let i = 0; i < hand.length; i++) {
    if (hand[i]!.id === cards[0]) {
      value = hand[i]!.active;
      break;
    }
  }
  const size = cards.length;
  const beaten = setOfSize(f.o.table, size);
  const back = backOf(f, beaten);
  const left = hand.length - size + back;
  if (left === 0) return GOING_OUT_SCORE;
  const emptiesValue = f.tally.counts[slot(f.tally, value)] === size ? 1 : 0;
  return stayingIn(
    size * CARD + emptiesValue * TURN + worthOf(f, beaten) - back * CARD - risk(f, size, value) * size * CARD * 0.6,
  );
}

export function scoreAdd(f: Facts, target: TableSet): number {
  const size = target.cards.length + 1;
  const beaten = setOfSize(f.o.table, size);
  const back = backOf(f, beaten);
  const left = f.o.hand.length - 1 + back;
  if (left === 0) return GOING_OUT_SCORE;
  const emptiesValue = f.tally.counts[slot(f.tally, target.value)] === 1 ? 1 : 0;
  return stayingIn(CARD + emptiesValue * TURN + worthOf(f, beaten) - back * CARD);
}

/** The values that the cards of `target`, taken and rotated (rules §5 C), add to the hand. */
export function addedValues(f: Facts, target: TableSet): number {
  const { tally, index } = f;
  let added = 0;
  for (const id of target.cards)
    if (tally.counts[slot(tally, rotatedFrom(index, id, target.value).active)]!++ === 0) added++;
  for (const id of target.cards) tally.counts[slot(tally, rotatedFrom(index, id, target.value).active)]!--;
  return added;
}

export function scoreTake(f: Facts, target: TableSet): number {
  return -target.cards.length * CARD - addedValues(f, target) * TURN - 8;
}

/** What rotating the hand (rules §5 D) gives, set by {@link rotation}: values saved, biggest group after. */
export const rotated = { saved: 0, biggest: 0 };

/** Tallies the rotated hand into {@link rotated} (module scratch: playouts score every turn). */
export function rotation(f: Facts): void {
  const { tally, index } = f;
  let distinct = 0;
  let biggest = 0;
  for (const c of f.o.hand) {
    const n = ++tally.spare[slot(tally, rotatedFrom(index, c.id, c.active).active)]!;
    if (n === 1) distinct++;
    if (n > biggest) biggest = n;
  }
  for (const c of f.o.hand) tally.spare[slot(tally, rotatedFrom(index, c.id, c.active).active)] = 0;
  rotated.saved = f.distinct - distinct;
  rotated.biggest = biggest;
}

/** A rotation's facts into `out` at `at` + 13 (values saved) and + 14 (biggest group after). */
export function rotateFacts(f: Facts, out: Float64Array, at: number): void {
  rotation(f);
  out[at + 13] = rotated.saved;
  out[at + 14] = rotated.biggest;
}

export function scoreRotate(f: Facts): number {
  rotation(f);
  return rotated.saved * TURN + rotated.biggest - 8;
}

/**
 * The heuristic score of each move (higher is better) for the seat of `o`.
 *
 * @param o - the seat's outlook.
 * @param moves - legal moves of that seat.

/**
 * The facts of an outlook that every move's score reads; tallies the hand into the shared
 * `tally.counts`, which the caller must clear once done (in a `finally`).
 */
export function factsOf(o: Outlook): Facts {
  const index = deckIndex(o.deck);
  const tally = valueSlots(index);
  let closest = Infinity;
  let opponents = 0;
  for (let s = 0; s < o.handSizes.length; s++) {
    if (s === o.seat || o.out.includes(s)) continue;
    opponents++;
    closest = Math.min(closest, o.handSizes[s]!);
  }
  let distinct = 0;
  for (const c of o.hand) if (tally.counts[slot(tally, c.active)]!++ === 0) distinct++;
  return { o, index, tally, distinct, closest, opponents };
}
