/**
 * Shared, frozen move objects for the moves `legalMoves` lists most: single-card plays, adds,
 * takes, rotate and nextRound. Listing them allocates nothing, and `apply` recognises them by
 * identity, so it can skip the shape check and the defensive copy for them.
 */
import type { CardId } from './cards.js';
import type { AddMove, Move, NextRoundMove, PlayMove, RotateMove, TakeMove } from './move-shapes.js';
import { ReturnsItsArgument } from './private-mark.js';

/** Seats and areas fit in these bounds (rules §1: at most 5 seats, 2 areas each). */
const SEATS = 5;
const AREAS = 2;

const singles: (PlayMove | undefined)[] = [];
const takes: (TakeMove | undefined)[] = [];
const adds: (AddMove | undefined)[] = [];

/**
 * The mark of a shared move: a private field (as trust.ts marks states), which no copy carries and
 * no caller can forge. Recognised by the mark only: reading a foreign object's fields could run
 * its getters. Stamped before freezing.
 */
class Interned extends ReturnsItsArgument {
  #interned: undefined;
  static has(x: object): boolean {
    return #interned in x;
  }
}

function intern<T extends Move>(move: T): T {
  // the result of `new` (the move itself) is used, so no bundler drops the call as pure
  return Object.freeze(new Interned(move) as unknown as T);
}

export const ROTATE: RotateMove = intern({ type: 'rotate' });
export const NEXT_ROUND: NextRoundMove = intern({ type: 'nextRound' });

/** `{ type: 'play', cards: [id] }`, shared. */
export function singlePlay(id: CardId): PlayMove {
  return (singles[id] ??= intern({ type: 'play', cards: Object.freeze([id]) }));
}

/** `{ type: 'take', target: { seat, area } }`, shared. */
export function takeMove(seat: number, area: number): TakeMove {
  return (takes[seat * AREAS + area] ??= intern({ type: 'take', target: Object.freeze({ seat, area }) }));
}

/** `{ type: 'add', card, target: { seat, area } }`, shared. */
export function addMove(card: CardId, seat: number, area: number): AddMove {
  const key = (card * SEATS + seat) * AREAS + area;
  return (adds[key] ??= intern({ type: 'add', card, target: Object.freeze({ seat, area }) }));
}

/** True only for the shared objects above (by their mark), whose shape is known to be sound. */
export function isInterned(move: unknown): move is Move {
  return typeof move === 'object' && move !== null && Interned.has(move);
}
