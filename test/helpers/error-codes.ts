/** Every error kind's closed list of codes, as the package exports them (one map for every test that needs it). */
import {
  ARGUMENT_ERROR_CODES,
  BOT_ERROR_CODES,
  HISTORY_ERROR_CODES,
  LOCALE_ERROR_CODES,
  MOVE_ERROR_CODES,
  NOTATION_ERROR_CODES,
  POSITION_PROBLEM_CODES,
  RECORD_ERROR_CODES,
  SELECTION_ERROR_CODES,
  SETUP_ERROR_CODES,
  VIEW_ERROR_CODES,
  type ErrorKind,
} from '../../src/index.js';

export const CODES_OF_KIND: Readonly<Record<ErrorKind, readonly string[]>> = {
  IllegalMoveError: MOVE_ERROR_CODES,
  GameSetupError: SETUP_ERROR_CODES,
  ArgumentError: ARGUMENT_ERROR_CODES,
  RecordError: RECORD_ERROR_CODES,
  PositionError: POSITION_PROBLEM_CODES,
  NotationError: NOTATION_ERROR_CODES,
  ViewError: VIEW_ERROR_CODES,
  BotError: BOT_ERROR_CODES,
  HistoryError: HISTORY_ERROR_CODES,
  LocaleError: LOCALE_ERROR_CODES,
  SelectionError: SELECTION_ERROR_CODES,
};
