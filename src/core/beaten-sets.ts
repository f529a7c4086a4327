/**
 * Conflicts by set size and the fate of beaten sets (rules §5 "Beaten sets", golden rule):
 * a beaten set leaves the table at once and returns to its owner's hand with every card
 * rotated, or is discarded when its owner is out.
 */
import {
  addRotatedToHand,
  discardCards,
  eventIds,
  isOut,
  removeSetAt,
  updateKnown,
  emit,
  recording,
  type Draft,
} from './draft.js';
import type { TableSet } from './state.js';

/**
 * The index of the table set with `size` cards, or -1. The table never holds two sets of one
 * size (rules §5), so there is at most one.
 */
export function setOfSize(table: readonly TableSet[], size: number): number {
  for (let i = 0; i < table.length; i++) if (table[i]!.cards.length === size) return i;
  return -1;
}

/**
 * True when a set of `size` cards showing `value` may arrive on the table: no set of that size
 * is there, or the one there shows a lower value (rules §5 A and B).
 */
export function mayArrive(table: readonly TableSet[], size: number, value: number): boolean {
  for (let i = 0; i < table.length; i++) {
    const t = table[i]!;
    if (t.cards.length === size) return value > t.value;
  }
  return true;
}

/** Removes the beaten set at `at` from the draft table and sends it home rotated, or to the discard. */
export function beatSet(d: Draft, at: number, by: number): void {
  const set = d.table[at]!;
  removeSetAt(d, at);
  if (isOut(d, set.seat)) {
    discardCards(d, set.cards);
    if (recording(d))
      emit(d, {
        type: 'setBeaten',
        seat: set.seat,
        area: set.area,
        value: set.value,
        cards: eventIds(d, set.cards),
        by,
        fate: 'discarded',
        returned: [],
      });
    return;
  }
  const returned = addRotatedToHand(d, set.seat, set);
  updateKnown(d, set.seat, set.cards, true);
  if (recording(d))
    emit(d, {
      type: 'setBeaten',
      seat: set.seat,
      area: set.area,
      value: set.value,
      cards: eventIds(d, set.cards),
      by,
      fate: 'returned',
      returned,
    });
}
