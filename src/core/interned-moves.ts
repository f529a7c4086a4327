/**
 * Shared, frozen move objects for the moves `legalMoves` lists most: single-card plays, adds,
 * takes, rotate and nextRound. Listing them allocates nothing, and `apply` recognises them by
 * identity, so it can skip the shape check and the defensive copy for them.
 */
import type { CardId } from './cards.js';
import type { AddMove, Move, NextRoundMove, PlayMove, RotateMove, TakeMove } from './move-shapes.js';

/** Seats and areas fit in these bounds (rules §1: at most 5 seats, 2 areas each). */
const SEATS = 5;
const AREAS = 2;

const singles: (PlayMove | undefined)[] = [];
const takes: (TakeMove | undefined)[] = [];
const adds: (AddMove | undefined)[] = [];
// recognised by identity only: reading a foreign object's fields could run its getters
const shared = new WeakSet<object>();

function intern<T extends Move>(move: T): T {
  shared.add(move);
  return move;
}

export const ROTATE: RotateMove = intern(Object.freeze({ type: 'rotate' }));
export const NEXT_ROUND: NextRoundMove = intern(Object.freeze({ type: 'nextRound' }));

/** `{ type: 'play', cards: [id] }`, shared. */
export function singlePlay(id: CardId): PlayMove {
  return (singles[id] ??= intern(Object.freeze({ type: 'play', cards: Object.freeze([id]) })));
}

/** `{ type: 'take', target: { seat, area } }`, shared. */
export function takeMove(seat: number, area: number): TakeMove {
  return (takes[seat * AREAS + area] ??= intern(Object.freeze({ type: 'take', target: Object.freeze({ seat, area }) })));
}

/** `{ type: 'add', card, target: { seat, area } }`, shared. */
export function addMove(card: CardId, seat: number, area: number): AddMove {
  const key = (card * SEATS + seat) * AREAS + area;
  return (adds[key] ??= intern(Object.freeze({ type: 'add', card, target: Object.freeze({ seat, area }) })));
}

/** True only for the shared objects above (by identity), whose shape is known to be sound. */
export function isInterned(move: unknown): move is Move {
  return typeof move === 'object' && move !== null && shared.has(move);
}
