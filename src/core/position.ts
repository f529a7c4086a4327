/**
 * What the legality rules read: the seat to play, its hand and the table. Both a full
 * {@link GameState} and a player view of the seat to play provide it, so that bots, views and
 * `apply` share one source of legality.
 */
import type { DeckDefinition, DeckIndex, HeldCard } from './cards.js';
import type { GameState, GameStatus, TableSet, Turn } from './state.js';

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

/**
 * What the rules read from one seat's player view (`playerView` returns a superset): the seat, its
 * own hand, and the public facts. Enough to list and judge that seat's moves when it is to play.
 */
export interface SeatView {
  readonly format: 'dnup-view';
  /** The viewing seat. */
  readonly seat: number;
  /** The viewing seat's own hand. */
  readonly hand: readonly HeldCard[];
  readonly players: readonly string[];
  readonly deck: DeckDefinition;
  readonly status: GameStatus;
  readonly turn: Turn;
  readonly table: readonly TableSet[];
}

/** What `legalMoves` and `checkMove` accept: a full state, or the view of one seat. */
export type MoveSource = GameState | SeatView;
