/**
 * Notation errors, after python-chess: text that cannot be read at all, a move that is read but
 * not legal here, and text that fits more than one legal move.
 */
import type { MoveErrorCode, Move } from '../core/index.js';
import type { ErrorParams } from '../core/internal.js';

/** Why a text is not a move of this position, why a move cannot be written, or why a text is not a position text. */
export const NOTATION_ERROR_CODES = ['UNREADABLE', 'ILLEGAL', 'AMBIGUOUS', 'NOT_A_MOVE', 'BAD_POSITION_TEXT'] as const;

/** A machine-readable reason, from {@link NOTATION_ERROR_CODES}. */
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];

/** Details that come with some codes. */
export interface NotationErrorDetails {
  /** For `ILLEGAL`: the rules core's reason. */
  readonly moveCode?: MoveErrorCode;
  /** For `ILLEGAL`: the rules reference section broken. */
  readonly rule?: string;
  /**
   * For `AMBIGUOUS`: every legal move the text fits, in canonical order; when a card named by its
   * faces (`P 6|2`) stands for several cards of the hand, the first 20 moves it may stand for, in
   * the order of the ids (`params.count` counts them all, `params.cards` lists the cards).
   */
  readonly candidates?: readonly Move[];
}

/**
 * A text that is not a move here (`UNREADABLE`, `ILLEGAL`, `AMBIGUOUS`), a value that is not a
 * move and so has no text (`NOT_A_MOVE`), or a text that is not a position text (`BAD_POSITION_TEXT`,
 * with `params.path` naming the field).
 *
 * @example
 * ```ts
 * try { parseMove(state, 'T 1'); } catch (e) { if (isNotationError(e) && e.code === 'AMBIGUOUS') console.log(e.details.candidates); }
 * ```
 */
export class NotationError extends Error {
  override readonly name = 'NotationError' as const;
  constructor(
    readonly code: NotationErrorCode,
    message: string,
    /** The text or value that was refused. */
    readonly input: unknown,
    readonly details: NotationErrorDetails = {},
    /** The facts of the error, for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/**
 * True for a {@link NotationError} from any copy of this package.
 *
 * @example
 * ```ts
 * try { parseMove(state, 'P 99'); } catch (e) { if (isNotationError(e)) console.log(e.code); }
 * ```
 */
export function isNotationError(e: unknown): e is NotationError {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { name?: unknown; code?: unknown };
  return err.name === 'NotationError' && (NOTATION_ERROR_CODES as readonly unknown[]).includes(err.code);
}
