/**
 * Legal moves from a player view: the view of the seat to play holds everything the rules read
 * (its hand and the table), so the core's own rule functions judge moves from it, and give the
 * same moves as on the full state.
 */
import { legalMoves, checkMove, type MoveCheck, type Move, type GameState } from '../core/index.js';
import type { PlayerView } from './player-view.js';

/**
 * The verdict of {@link checkMoveOfView}: the core's {@link MoveCheck} (`NOT_YOUR_TURN` for a seat not to play).
 *
 * @deprecated Use `MoveCheck`, the verdict of `checkMove`; this alias goes in the next minor version.
 */
export type ViewMoveCheck = MoveCheck;

/** True when `x` is a {@link PlayerView} rather than a full state. */
export function isPlayerView(x: GameState | PlayerView): x is PlayerView {
  try {
    return typeof x === 'object' && x !== null && x.format === 'dnup-view';
  } catch {
    return false; // a getter or Proxy that throws: not a view
  }
}

/**
 * The legal moves of the view's seat, in the canonical order of `legalMoves`: on the view of the
 * seat to play they equal `legalMoves(state)`; a seat that is not to play has none. The same as
 * `legalMoves(view)`.
 *
 * @deprecated Call `legalMoves(view)`, which takes a state or a view; this alias goes in the next minor version.
 * @param view - a player view.
 * @example
 * ```ts
 * const view = playerView(state, state.turn.seat);
 * legalMovesOfView(view); // deep-equals legalMoves(state)
 * ```
 */
export function legalMovesOfView(view: PlayerView): Move[] {
  return legalMoves(view);
}

/**
 * Judges a move of the view's seat without throwing, with the same codes as `checkMove`, and
 * `NOT_YOUR_TURN` when the view's seat is not the one to play (rules §4). The same as
 * `checkMove(view, move)`.
 *
 * @deprecated Call `checkMove(view, move)`, which takes a state or a view; this alias goes in the next minor version.
 * @param view - a player view.
 * @param move - anything; malformed input gives `MALFORMED_MOVE`.
 * @example
 * ```ts
 * checkMoveOfView(view, { type: 'rotate' }); // { ok: true } when it is the view's turn
 * ```
 */
export function checkMoveOfView(view: PlayerView, move: unknown): ViewMoveCheck {
  return checkMove(view, move);
}
