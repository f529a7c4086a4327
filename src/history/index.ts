/** An optional history over the reducer: undo, redo, states and moves so far, the record. */
export {
  history,
  HistoryError,
  isHistoryError,
  HISTORY_ERROR_CODES,
  type GameHistory,
  type HistoryErrorCode,
} from './history.js';
