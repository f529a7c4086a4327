/** Action D — rotate every card of your hand (rules §5 D). Always legal while playing. */
import { rotated } from '../cards.js';
import type { Draft } from '../draft.js';

/** Rotates the mover's whole hand. */
export function rotateHand(d: Draft): void {
  const seat = d.turn.seat;
  const index = d.index;
  const cards = d.hands[seat]!.map((c) => rotated(index, c));
  d.hands[seat] = cards;
  d.events.push({ type: 'handRotated', seat, cards });
}
