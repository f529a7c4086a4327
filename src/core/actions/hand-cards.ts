/** Finding cards in a hand, and telling cards of another game from cards elsewhere. */
import type { CardId, HeldCard } from '../cards.js';
import { IllegalMoveError } from '../errors.js';
import type { MovePosition } from '../position.js';

/** The position of card `id` in `hand`, or -1. */
export function handIndexOf(hand: readonly HeldCard[], id: CardId): number {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.id === id) return i;
  return -1;
}

/** An error when `id` is not a card of this game (rules §2, §3.1), else undefined. */
export function unknownCardError(p: MovePosition, id: CardId): IllegalMoveError | undefined {
  const faces = p.index.faces[id];
  if (faces === undefined || p.index.minPlayers[id]! > p.playerCount) {
    return new IllegalMoveError('UNKNOWN_CARD', `There is no card ${id} in this game's deck (rules §2).`, '§2', { card: id });
  }
  return undefined;
}

/** The hand without the cards `ids` (all present), as an exact-size array: states are kept long. */
export function withoutCards(hand: readonly HeldCard[], ids: readonly CardId[]): HeldCard[] {
  const out = new Array<HeldCard>(hand.length - ids.length);
  let k = 0;
  if (ids.length === 1) {
    const only = ids[0];
    for (let i = 0; i < hand.length; i++) if (hand[i]!.id !== only) out[k++] = hand[i]!;
    return out;
  }
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (!ids.includes(c.id)) out[k++] = c;
  }
  return out;
}
