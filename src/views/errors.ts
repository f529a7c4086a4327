/**
 * Errors of player views: a seat that does not exist, a view whose facts contradict each other. Recognisable without `instanceof` via {@link isViewError}.
 */
import type { PositionProblem } from '../core/index.js';
import { isCodedError, type ErrorParams, describeValue } from '../core/internal.js';

/** Why a view could not be built or used. */
export const VIEW_ERROR_CODES = ['NO_SUCH_SEAT', 'BAD_VIEW', 'INCONSISTENT_VIEW'] as const;

/** A machine-readable reason for refusing to build or use a player view. */
export type ViewErrorCode = (typeof VIEW_ERROR_CODES)[number];

/**
 * A player view that cannot be built or used.
 *
 * @example
 * ```ts
 * try { playerView(state, 7); } catch (e) { if (isViewError(e)) console.log(e.code); } // NO_SUCH_SEAT
 * ```
 */
export class ViewError extends Error {
  override readonly name = 'ViewError' as const;
  /**
   * @param code - the machine-readable reason.
   * @param message - a sentence a player understands.
   * @param params - the facts of the error, for a UI to word it itself.
   * @param problems - for `BAD_VIEW` and `INCONSISTENT_VIEW` from `loadView`, each problem found.
   */
  constructor(
    readonly code: ViewErrorCode,
    message: string,
    /** The facts of the error, for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
    /** For a view from outside (`loadView`): every problem found, with its path and rule. */
    readonly problems: readonly PositionProblem[] = [],
  ) {
    super(message);
  }
}

/**
 * True for a {@link ViewError} from any copy of this package (ESM or CommonJS).
 *
 * @param e - anything caught.
 * @example
 * ```ts
 * if (isViewError(e) && e.code === 'NO_SUCH_SEAT') console.log(e.message);
 * ```
 */
export function isViewError(e: unknown): e is ViewError {
  return isCodedError(e, 'ViewError', VIEW_ERROR_CODES);
}

/** Throws `NO_SUCH_SEAT` unless `seat` is a seat of a game of `players` players. */
export function assertSeat(seat: number, players: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
    throw new ViewError(
      'NO_SUCH_SEAT',
      `There is no seat ${describeValue(seat)} in a game of ${players} players; seats are numbered 0 to ${players - 1} (rules §1).`,
      Number.isSafeInteger(seat) ? { seat, players } : { players },
    );
  }
}
