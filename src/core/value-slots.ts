/**
 * A deck's face values numbered densely in ascending order (slots), so that a hand is grouped by
 * active value with one counter per slot and one bit set, n + slots / 32 steps and no comparison:
 * how moves are counted by index (indexed-moves.ts) without sorting the hand at every move.
 */
import type { DeckIndex } from './cards.js';

/** The slots of one deck, and the scratch that groups a hand by them (left all zero between uses). */
export interface ValueSlots {
  /** Each card's `faces[0]`, by id (NaN where no card has that id). */
  readonly firstFace: Float64Array;
  /** `slotOf[2 * id]`: the slot of card `id` showing `faces[0]`; `slotOf[2 * id + 1]` showing `faces[1]`. */
  readonly slotOf: Int32Array;
  /**
   * `byValue[v]`: the slot of value `v`, when every value of the deck is a whole number below
   * {@link SMALL_VALUES} (the standard deck's are 1–10): one read per card instead of three. Else null.
   */
  readonly byValue: Int32Array | null;
  /** The value of each slot, ascending. */
  readonly value: Float64Array;
  /** Scratch: cards counted per slot. */
  readonly counts: Int32Array;
  /** Scratch: the slots counted, one bit each. */
  readonly bits: Int32Array;
}

/** Decks whose values are all whole numbers below this read a card's slot by its value. */
const SMALL_VALUES = 256;

let lastIndex: DeckIndex | undefined;
let lastSlots: ValueSlots | undefined;
const cache = new WeakMap<DeckIndex, ValueSlots>();

/** The value slots of a deck, computed once per deck. */
export function valueSlots(index: DeckIndex): ValueSlots {
  if (index === lastIndex) return lastSlots!;
  let slots = cache.get(index);
  if (slots === undefined) {
    slots = buildSlots(index);
    cache.set(index, slots);
  }
  lastIndex = index;
  lastSlots = slots;
  return slots;
}

function buildSlots(index: DeckIndex): ValueSlots {
  const size = index.faces.length;
  const values = new Set<number>();
  for (const faces of index.faces) if (faces) values.add(faces[0]).add(faces[1]);
  const value = Float64Array.from([...values].sort((a, b) => a - b));
  const slot = new Map<number, number>();
  value.forEach((v, s) => slot.set(v, s));
  const firstFace = new Float64Array(size).fill(NaN);
  const slotOf = new Int32Array(2 * size);
  for (let id = 0; id < size; id++) {
    const faces = index.faces[id];
    if (!faces) continue;
    firstFace[id] = faces[0];
    slotOf[2 * id] = slot.get(faces[0])!;
    slotOf[2 * id + 1] = slot.get(faces[1])!;
  }
  const small = value.every((v) => Number.isInteger(v) && v >= 0 && v < SMALL_VALUES);
  const byValue = small ? new Int32Array(value.length === 0 ? 1 : value[value.length - 1]! + 1) : null;
  if (byValue) value.forEach((v, s) => (byValue[v] = s));
  return {
    firstFace,
    slotOf,
    byValue,
    value,
    counts: new Int32Array(value.length),
    bits: new Int32Array(Math.ceil(value.length / 32)),
  };
}
