/** Action D — rotate every card of your hand (rules §5 D). Always legal while playing. */
import { rotateWholeHand, emit, recording, type Draft } from '../draft.js';

/** Rotates the mover's whole hand. */
export function rotateHand(d: Draft): void {
  const seat = d.turn.seat;
  const cards = rotateWholeHand(d, seat);
  // the event keeps a copy: a live hand changes on, and apply hands its events out (own-events.ts)
  if (recording(d)) emit(d, { type: 'handRotated', seat, cards: cards.slice() });
}
