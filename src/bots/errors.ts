/** Errors of the bot factory, the arena and the ladder, recognisable without `instanceof` via {@link isBotError}. */
import { isCodedError, type ErrorParams } from '../core/internal.js';

/** Why a bot or an arena could not be set up. */
export const BOT_ERROR_CODES = [
  'UNKNOWN_BOT',
  'BAD_BOT_OPTIONS',
  'BAD_ARENA_OPTIONS',
  'ARENA_WORKER_FAILED',
  'BAD_BOT_INPUT',
  'BAD_LADDER_OPTIONS',
  'BAD_LADDER_RESUME',
  'RATINGS_UNAVAILABLE',
  'QUEUE_UNAVAILABLE',
  'QUEUE_REDIS',
  'QUEUE_REFUSED',
  'QUEUE_FAILED',
] as const;

/** A machine-readable reason for refusing a bot or arena setting. */
export type BotErrorCode = (typeof BOT_ERROR_CODES)[number];

/**
 * A bot or arena that cannot be set up.
 *
 * @example
 * ```ts
 * try { botByName('alphadnup'); } catch (e) { if (isBotError(e)) console.log(e.code); } // UNKNOWN_BOT
 * ```
 */
export class BotError extends Error {
  override readonly name = 'BotError' as const;
  /**
   * @param code - the machine-readable reason.
   * @param message - a sentence a user understands.
   * @param params - the facts of the error, for a UI to word it itself.
   * @param cause - what went wrong underneath (`ARENA_WORKER_FAILED`: the worker's own error, its
   *   name, message and stack carried across the thread), kept as the standard `cause`.
   */
  constructor(
    readonly code: BotErrorCode,
    message: string,
    /** The facts of the error, for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/**
 * True for a {@link BotError} from any copy of this package.
 *
 * @param e - anything caught.
 * @example
 * ```ts
 * if (isBotError(e)) console.error(`dnup: ${e.message}`);
 * ```
 */
export function isBotError(e: unknown): e is BotError {
  return isCodedError(e, 'BotError', BOT_ERROR_CODES);
}
