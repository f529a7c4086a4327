/**
 * What the legality rules read: the seat to play, its hand and the table. Both a full
 * {@link GameState} and a player view of the seat to play provide it, so that bots, views and
 * `apply` share one source of legality.
 */
import type { DeckIndex, HeldCard } from './cards.js';
import type { GameStatus, TableSet, Turn } from './state.js';

/** The facts one move is judged against. */
export interface MovePosition {
  readonly status: GameStatus;
  readonly turn: Turn;
  /** The hand of `turn.seat`. */
  readonly hand: readonly HeldCard[];
  readonly table: readonly TableSet[];
  readonly playerCount: number;
  /** Areas per seat: 2 in the duel, 1 otherwise. */
  readonly areas: number;
  readonly index: DeckIndex;
}
