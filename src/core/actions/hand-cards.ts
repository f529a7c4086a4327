/** Finding cards in a hand, and telling cards of another game from cards elsewhere. */
import type { CardId, HeldCard } from '../cards.js';
import { IllegalMoveError } from '../errors.js';
import type { MovePosition } from '../position.js';

/** The position of card `id` in `hand`, or -1. */
export function handIndexOf(hand: readonly HeldCard[], id: CardId): number {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.id === id) return i;
  return -1;
}

/** Plays of up to this many cards find each card by a plain search; longer ones through a Map (a custom deck's hand may hold 32,768 cards). */
export const SHORT_PLAY = 8;

/** The position of each card id in `hand` (first occurrence), for long plays: O(n + k), not O(n·k). */
export function handPositions(hand: readonly HeldCard[]): Map<CardId, number> {
  const at = new Map<CardId, number>();
  for (let i = 0; i < hand.length; i++) if (!at.has(hand[i]!.id)) at.set(hand[i]!.id, i);
  return at;
}

/** An error when `id` is not a card of this game (rules §2, §3.1), else undefined. */
export function unknownCardError(p: MovePosition, id: CardId): IllegalMoveError | undefined {
  const faces = p.index.faces[id];
  if (faces === undefined || p.index.minPlayers[id]! > p.playerCount) {
    return new IllegalMoveError('UNKNOWN_CARD', `There is no card ${id} in this game's deck (rules §2).`, '§2', {
      card: id,
    });
  }
  return undefined;
}

/**
 * A copy of a card list of a legal move, as a plain array: shared moves' lists are frozen, and V8
 * reads a frozen array through its slow, generic path at every index (about four times slower, and
 * slower still at a site that also sees plain lists), so the rules read and keep a copy.
 */
export function plainIds(ids: readonly CardId[]): CardId[] {
  switch (ids.length) {
    case 1:
      return [ids[0]!];
    case 2:
      return [ids[0]!, ids[1]!];
    case 3:
      return [ids[0]!, ids[1]!, ids[2]!];
    default: {
      const out = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
      for (let i = 4; i < ids.length; i++) out.push(ids[i]!);
      return out;
    }
  }
}
