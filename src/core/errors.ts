/**
 * Typed errors. Codes come from closed unions so that callers can switch on them, and every
 * error is recognisable without `instanceof` (an ESM and a CommonJS copy of the package hold
 * different classes): use {@link isDnupError}, {@link isIllegalMoveError}, {@link isGameSetupError}.
 */

import type { Move } from './move-shapes.js';

/**
 * The structured facts of an error, so that a UI can word it itself (see `localizeError`). Each code fills the fields
 * that concern it; every one is optional.
 */
export interface ErrorParams {
  /** The rules reference section, e.g. `"§5 A"`. */
  readonly rule?: string;
  /** One card id concerned. */
  readonly card?: number;
  /** Several card ids concerned. */
  readonly cards?: readonly number[];
  /** The value shown by the cards played or added. */
  readonly value?: number;
  /** Two different values seen together (`MIXED_VALUES`). */
  readonly values?: readonly number[];
  /** The value of the set on the table that had to be beaten, or that a card must match. */
  readonly tableValue?: number;
  /** A set size. */
  readonly size?: number;
  /** A seat, 0-based. */
  readonly seat?: number;
  /** The seat whose turn it is. */
  readonly turnSeat?: number;
  /** A play area, 0-based. */
  readonly area?: number;
  /** Play areas per seat in this game: 2 in the duel, else 1 (rules §1). */
  readonly areas?: number;
  /** The action concerned, `A` to `D` (rules §5). */
  readonly action?: 'A' | 'B' | 'C' | 'D';
  /** A number of players. */
  readonly players?: number;
  /** A count: legal moves a text fits, cards missing… */
  readonly count?: number;
  /** The text or value refused, as written (JSON for values). */
  readonly input?: string;
  /** Where in a record or position, as a JSON path such as `hands[2][4]`. */
  readonly path?: string;
  /** A name: an option, a bot, a locale. */
  readonly name?: string;
  /** The names or values allowed. */
  readonly allowed?: readonly string[];
  /** A move number, 0-based. */
  readonly moveNumber?: number;
  /** The legal moves a selection could mean (`AMBIGUOUS_SELECTION` of `moveFromSelection`). */
  readonly candidates?: readonly Move[];
  /** The input that tells the candidates apart: the action to take, or the target set. */
  readonly distinguish?: 'action' | 'target';
}

/** Why a move is refused. Each code names one rule of the rules reference (docs/rules.md). */
export const MOVE_ERROR_CODES = [
  'MALFORMED_MOVE',
  'NOT_YOUR_TURN',
  'GAME_OVER',
  'ROUND_OVER',
  'ROUND_NOT_OVER',
  'EMPTY_PLAY',
  'DUPLICATE_CARD',
  'UNKNOWN_CARD',
  'NOT_YOUR_CARD',
  'MIXED_VALUES',
  'DOES_NOT_BEAT',
  'NO_SUCH_AREA',
  'NO_SET_THERE',
  'NOT_AN_OPPONENT_SET',
  'VALUE_MISMATCH',
  'INVALID_STATE',
] as const;

/** A machine-readable reason for refusing a move. */
export type MoveErrorCode = (typeof MOVE_ERROR_CODES)[number];

/** Why a game cannot be created. */
export const SETUP_ERROR_CODES = ['BAD_PLAYERS', 'BAD_SEED', 'BAD_DECK', 'BAD_OPTIONS'] as const;

/** A machine-readable reason for refusing to create a game. */
export type SetupErrorCode = (typeof SETUP_ERROR_CODES)[number];

/** The rules reference section each move error code enforces. */
export const RULE_OF_CODE: Readonly<Record<MoveErrorCode, string>> = {
  MALFORMED_MOVE: '§5',
  NOT_YOUR_TURN: '§4',
  GAME_OVER: '§6',
  ROUND_OVER: '§8',
  ROUND_NOT_OVER: '§8',
  EMPTY_PLAY: '§5 A',
  DUPLICATE_CARD: '§5 A',
  UNKNOWN_CARD: '§2',
  NOT_YOUR_CARD: '§5',
  MIXED_VALUES: '§5 A',
  DOES_NOT_BEAT: '§5',
  NO_SUCH_AREA: '§1',
  NO_SET_THERE: '§5',
  NOT_AN_OPPONENT_SET: '§5 B/C',
  VALUE_MISMATCH: '§5 B',
  INVALID_STATE: '§8',
};

/** Why a plain argument (a depth, a count, a callback) was refused. */
export const ARGUMENT_ERROR_CODES = ['BAD_ARGUMENT'] as const;

/** A machine-readable reason for refusing an argument. */
export type ArgumentErrorCode = (typeof ARGUMENT_ERROR_CODES)[number];

/** A move refused by the rules. `state` passed to `apply` is left untouched. */
export class IllegalMoveError extends Error {
  override readonly name = 'IllegalMoveError' as const;
  constructor(
    readonly code: MoveErrorCode,
    message: string,
    /** The rules reference section broken, e.g. `"§5 A"`; defaults to the code's usual section. */
    readonly rule: string = RULE_OF_CODE[code],
    /** The facts of the refusal (cards, values, sizes, seats), for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/** A game that cannot be created: bad players, seed, deck or options. */
export class GameSetupError extends Error {
  override readonly name = 'GameSetupError' as const;
  constructor(
    readonly code: SetupErrorCode,
    message: string,
    /** Every problem found, one sentence each (for decks, all of them). */
    readonly problems: readonly string[] = [message],
    /** The facts of the refusal, for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/**
 * An argument that is not what the function takes: a perft depth out of range, a random source
 * that is not a function… (game data that is wrong gets the error of its kind instead).
 *
 * @example
 * ```ts
 * try { perft(state, -1); } catch (e) { if (isArgumentError(e)) console.log(e.code, e.message); }
 * ```
 */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError' as const;
  constructor(
    readonly code: ArgumentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True when `e` has the `name` and one of the `codes` of an error class of this package (no `instanceof`: ESM and CommonJS copies differ). */
export function isCodedError(e: unknown, name: string, codes: readonly string[]): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { name?: unknown; code?: unknown };
  return err.name === name && typeof err.code === 'string' && codes.includes(err.code);
}

/** True for an {@link IllegalMoveError} from any copy of this package. */
export function isIllegalMoveError(e: unknown): e is IllegalMoveError {
  return isCodedError(e, 'IllegalMoveError', MOVE_ERROR_CODES);
}

/** True for a {@link GameSetupError} from any copy of this package. */
export function isGameSetupError(e: unknown): e is GameSetupError {
  return isCodedError(e, 'GameSetupError', SETUP_ERROR_CODES);
}

/** True for an {@link ArgumentError} from any copy of this package. */
export function isArgumentError(e: unknown): e is ArgumentError {
  return isCodedError(e, 'ArgumentError', ARGUMENT_ERROR_CODES);
}

/** The names of every error class of this package, across its modules. */
export const DNUP_ERROR_NAMES = [
  'IllegalMoveError',
  'GameSetupError',
  'ArgumentError',
  'PositionError',
  'RecordError',
  'NotationError',
  'ViewError',
  'BotError',
  'HistoryError',
  'LocaleError',
] as const;

/** What every error of this package has: its class name, a machine-readable code and a sentence. */
export interface DnupError extends Error {
  readonly name: (typeof DNUP_ERROR_NAMES)[number];
  readonly code: string;
}

/**
 * True for any error this package throws, of any of its classes ({@link DNUP_ERROR_NAMES}), from
 * any copy of it (ESM or CommonJS). Use the class's own guard (`isIllegalMoveError`…) to narrow
 * `code` to its closed union.
 *
 * @example
 * ```ts
 * try { apply(state, move); } catch (e) { if (isDnupError(e)) console.log(e.name, e.code, e.message); else throw e; }
 * ```
 */
export function isDnupError(e: unknown): e is DnupError {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { name?: unknown; code?: unknown; message?: unknown };
  return (
    (DNUP_ERROR_NAMES as readonly unknown[]).includes(err.name) &&
    typeof err.code === 'string' &&
    typeof err.message === 'string'
  );
}
