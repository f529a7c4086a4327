/** Move notation, sentences and position text. */
export { formatMove, type FormatMoveOptions } from './format-move.js';
export { parseMove, MAX_MOVE_TEXT } from './parse-move.js';
export {
  NotationError,
  isNotationError,
  NOTATION_ERROR_CODES,
  type NotationErrorCode,
  type NotationErrorDetails,
} from './notation-error.js';
