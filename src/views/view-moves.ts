/**
 * Legal moves from a player view: the view of the seat to play holds everything the rules read
 * (its hand and the table), so the core's own rule functions judge moves from it, and give the
 * same moves as on the full state.
 */
import { deckIndex } from '../core/cards.js';
import { moveError, positionOf, type MoveCheck } from '../core/check-move.js';
import { movesOf } from '../core/legal-moves.js';
import type { Move } from '../core/moves.js';
import type { MovePosition } from '../core/position.js';
import type { GameState } from '../core/state.js';
import type { PlayerView } from './player-view.js';

/** The verdict of {@link checkMoveOfView}: a core verdict, or `NOT_YOUR_TURN` for a seat not to play. */
export type ViewMoveCheck =
  | MoveCheck
  | { readonly ok: false; readonly code: 'NOT_YOUR_TURN'; readonly message: string; readonly rule: '§4' };

/** True when `x` is a {@link PlayerView} rather than a full state. */
export function isPlayerView(x: GameState | PlayerView): x is PlayerView {
  return x.format === 'dnup-view';
}

/** The move position of a view of the seat to play, or undefined when the view's seat is not to play. */
export function positionOfView(view: PlayerView): MovePosition | undefined {
  if (view.seat !== view.turn.seat && view.status !== 'gameOver') return undefined;
  const n = view.players.length;
  return {
    status: view.status,
    turn: view.turn,
    hand: view.hand,
    table: view.table,
    playerCount: n,
    areas: n === 2 ? 2 : 1,
    index: deckIndex(view.deck),
  };
}

/** The move position of a state, or of a view of the seat to play (undefined for another seat). */
export function positionOfSource(source: GameState | PlayerView): MovePosition | undefined {
  return isPlayerView(source) ? positionOfView(source) : positionOf(source);
}

/**
 * The legal moves of the view's seat, in the canonical order of `legalMoves`: on the view of the
 * seat to play they equal `legalMoves(state)`; a seat that is not to play has none.
 *
 * @param view - a player view.
 * @example
 * ```ts
 * const view = playerView(state, state.turn.seat);
 * legalMovesOfView(view); // deep-equals legalMoves(state)
 * ```
 */
export function legalMovesOfView(view: PlayerView): Move[] {
  const p = positionOfView(view);
  return p === undefined ? [] : movesOf(p);
}

/**
 * Judges a move of the view's seat without throwing, with the same codes as `checkMove`, plus
 * `NOT_YOUR_TURN` when the view's seat is not the one to play (RULES.md §4).
 *
 * @param view - a player view.
 * @param move - anything; malformed input gives `MALFORMED_MOVE`.
 * @example
 * ```ts
 * checkMoveOfView(view, { type: 'rotate' }); // { ok: true } when it is the view's turn
 * ```
 */
export function checkMoveOfView(view: PlayerView, move: unknown): ViewMoveCheck {
  const p = positionOfView(view);
  if (p === undefined) {
    return { ok: false, code: 'NOT_YOUR_TURN', message: `It is seat ${view.turn.seat}'s turn, not seat ${view.seat}'s (RULES.md §4).`, rule: '§4' };
  }
  const error = moveError(p, move);
  return error ? { ok: false, code: error.code, message: error.message, rule: error.rule } : { ok: true };
}
