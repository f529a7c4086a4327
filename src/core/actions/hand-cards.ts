/** Finding cards in a hand, and telling cards of another game from cards elsewhere. */
import type { CardId, HeldCard } from '../cards.js';
import { IllegalMoveError } from '../errors.js';
import type { MovePosition } from '../position.js';

/** The position of card `id` in `hand`, or -1. */
export function handIndexOf(hand: readonly HeldCard[], id: CardId): number {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.id === id) return i;
  return -1;
}

/** Lists up to this long are searched in place; longer ones through a Set or Map (a custom deck's hand may hold 32,768 cards). */
const SHORT = 8;

/** Membership in `ids`: linear search for short lists, a Set for long ones, so no call is quadratic. */
export function memberOf(ids: readonly CardId[]): (id: CardId) => boolean {
  if (ids.length <= SHORT) return (id) => ids.includes(id);
  const set = new Set(ids);
  return (id) => set.has(id);
}

/**
 * `handIndexOf` for `lookups` searches of one hand: a plain search when they are few, else a
 * Map from id to position built once, so a play of k cards from a hand of n costs O(n + k), not O(n·k).
 */
export function handIndexer(hand: readonly HeldCard[], lookups: number): (id: CardId) => number {
  if (lookups <= SHORT) return (id) => handIndexOf(hand, id);
  const at = new Map<CardId, number>();
  for (let i = 0; i < hand.length; i++) if (!at.has(hand[i]!.id)) at.set(hand[i]!.id, i);
  return (id) => at.get(id) ?? -1;
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
  const leaving = memberOf(ids);
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (!leaving(c.id)) out[k++] = c;
  }
  return out;
}
