/** Action D — rotate every card of your hand (rules §5 D). Always legal while playing. */
import { rotateWholeHand, emit, recording, type Draft } from '../draft.js';

/** Rotates the mover's whole hand. */
export function rotateHand(d: Draft): void {
  const seat = d.turn.seat;
  const cards = rotateWholeHand(d, seat);
  // a live hand changes on: the event keeps a copy
  if (recording(d)) emit(d, { type: 'handRotated', seat, cards: d.live ? cards.slice() : cards });
}
