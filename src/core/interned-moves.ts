/**
 * Shared, frozen move objects for the moves `legalMoves` lists most: single-card plays, adds,
 * takes, rotate and nextRound. Listing them allocates nothing, and `apply` recognises them by
 * identity, so it can skip the shape check and the defensive copy for them.
 */
import type { CardId } from './cards.js';
import type { AddMove, Move, NextRoundMove, PlayMove, RotateMove, TakeMove } from './moves.js';

/** Seats and areas fit in these bounds (rules §1: at most 5 seats, 2 areas each). */
const SEATS = 5;
const AREAS = 2;

const singles: (PlayMove | undefined)[] = [];
const takes: (TakeMove | undefined)[] = [];
const adds: (AddMove | undefined)[] = [];

export const ROTATE: RotateMove = Object.freeze({ type: 'rotate' });
export const NEXT_ROUND: NextRoundMove = Object.freeze({ type: 'nextRound' });

/** `{ type: 'play', cards: [id] }`, shared. */
export function singlePlay(id: CardId): PlayMove {
  return (singles[id] ??= Object.freeze({ type: 'play', cards: Object.freeze([id]) }));
}

/** `{ type: 'take', target: { seat, area } }`, shared. */
export function takeMove(seat: number, area: number): TakeMove {
  return (takes[seat * AREAS + area] ??= Object.freeze({ type: 'take', target: Object.freeze({ seat, area }) }));
}

/** `{ type: 'add', card, target: { seat, area } }`, shared. */
export function addMove(card: CardId, seat: number, area: number): AddMove {
  const key = (card * SEATS + seat) * AREAS + area;
  return (adds[key] ??= Object.freeze({ type: 'add', card, target: Object.freeze({ seat, area }) }));
}

/** True only for the shared objects above (by identity), whose shape is known to be sound. */
export function isInterned(move: unknown): move is Move {
  if (typeof move !== 'object' || move === null) return false;
  if (move === ROTATE || move === NEXT_ROUND) return true;
  const m = move as { type?: unknown; cards?: unknown; card?: unknown; target?: unknown };
  switch (m.type) {
    case 'play': {
      const cards = m.cards;
      return Array.isArray(cards) && cards.length === 1 && Number.isInteger(cards[0]) && singles[cards[0] as number] === move;
    }
    case 'take':
    case 'add': {
      const t = m.target as { seat?: unknown; area?: unknown } | null | undefined;
      if (typeof t !== 'object' || t === null) return false;
      const { seat, area } = t;
      if (!Number.isInteger(seat) || !Number.isInteger(area) || (seat as number) < 0 || (seat as number) >= SEATS || (area as number) < 0 || (area as number) >= AREAS) return false;
      if (m.type === 'take') return takes[(seat as number) * AREAS + (area as number)] === move;
      return Number.isInteger(m.card) && adds[((m.card as number) * SEATS + (seat as number)) * AREAS + (area as number)] === move;
    }
    default:
      return false;
  }
}
