/**
 * The one log sentence the library's describeMove does not say, because it happens at the start
 * of the next turn rather than in the move: a set going to the discard pile (rules §4.1).
 */
import type { SetDiscardedEvent } from 'dnup';

/** `n × v`, the way the page writes a set's size and value. */
function setText(size: number, value: number): string {
  return `${size} × ${value}`;
}

/** "Ben's 2 × 7 goes to the discard pile as Ben's turn begins (rules §4)." */
export function describeTurnStart(e: SetDiscardedEvent, players: readonly string[]): string {
  const owner = players[e.seat] ?? `Seat ${e.seat}`;
  return `${owner}'s ${setText(e.cards.length, e.value)} goes to the discard pile as ${owner}'s turn begins.`;
}
