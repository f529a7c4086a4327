/** Comparing moves the client holds: the ones it sent, the server's, a lesson's. */
import type { Move } from 'dnup';

/** The same move (a play's cards in any order). */
export function sameMove(a: Move, b: Move): boolean {
  switch (a.type) {
    case 'play':
      return b.type === 'play' && a.cards.length === b.cards.length && a.cards.every((c) => b.cards.includes(c));
    case 'add':
      return (
        b.type === 'add' && a.card === b.card && a.target.seat === b.target.seat && a.target.area === b.target.area
      );
    case 'take':
      return b.type === 'take' && a.target.seat === b.target.seat && a.target.area === b.target.area;
    default:
      return a.type === b.type;
  }
}
