/**
 * The five move shapes as types (rules §5, §8), apart from the checks in moves.ts so that the
 * shared move objects (interned-moves.ts) can name them without an import circle.
 */
import type { CardId } from './cards.js';

/** A play area: a seat and one of its areas (0-based; area 0 is the rulebook's area 1). */
export interface AreaRef {
  readonly seat: number;
  readonly area: number;
}

/** Action A: play cards of one active value as a set in this turn's area. */
export interface PlayMove {
  readonly type: 'play';
  readonly cards: readonly CardId[];
}
/** Action B: add one card to an opponent's set of the same value. */
export interface AddMove {
  readonly type: 'add';
  readonly card: CardId;
  readonly target: AreaRef;
}
/** Action C: take an opponent's set into your hand, every card rotated. */
export interface TakeMove {
  readonly type: 'take';
  readonly target: AreaRef;
}
/** Action D: rotate every card of your hand. */
export interface RotateMove {
  readonly type: 'rotate';
}
/** Deal the next round; the only legal move once a round is over (rules §8). */
export interface NextRoundMove {
  readonly type: 'nextRound';
}

/** Any move. */
export type Move = PlayMove | AddMove | TakeMove | RotateMove | NextRoundMove;

/** The move types, in the canonical order of {@link legalMoves}. */
export const MOVE_TYPES = ['play', 'add', 'take', 'rotate', 'nextRound'] as const;

/** The move type names. */
export type MoveType = Move['type'];
