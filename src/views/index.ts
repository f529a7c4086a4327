/**
 * Player views and what bots build on them: hidden-information views with public
 * knowledge (`state.known`), legal moves from a view, determinization, grouped and lazy legal moves.
 */
export { ViewError, isViewError, VIEW_ERROR_CODES, type ViewErrorCode } from './errors.js';
export {
  playerView,
  publicView,
  type PlayerView,
  type PublicView,
  type PublicViewData,
  type PlayerViewData,
  type ViewEvent,
  type ViewHandRotatedEvent,
} from './player-view.js';
export { legalMovesOfView, checkMoveOfView, isPlayerView, type ViewMoveCheck } from './view-moves.js';
export { determinize, DETERMINIZED_SEED } from './determinize.js';
export { loadView } from './load-view.js';
export { legalMoveGroups, playsOfGroup, iterateLegalMoves, type PlayGroup, type MoveGroups } from './move-groups.js';
