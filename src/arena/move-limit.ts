/** The hard limit of one decision: from a time budget, a default, or the caller's own, checked. */
import { describeValue } from '../core/internal.js';
import type { BotOptions } from '../bots/by-name.js';
import type { BotError } from '../bots/errors.js';

/**
 * The move limit without a time budget (budgets in playouts or iterations), in milliseconds:
 * long enough for any counted budget a table of results uses, short enough that a hung bot
 * never hangs a run.
 *
 * @example
 * ```ts
 * await runArena({ ...settings, moveLimitMs: 4 * DEFAULT_MOVE_LIMIT_MS }); // a bot with a huge playout budget
 * ```
 */
export const DEFAULT_MOVE_LIMIT_MS = 10_000;
/** The largest move limit one may set: an hour. */
const MAX_MOVE_LIMIT_MS = 3_600_000;

/**
 * The hard limit of one decision, in milliseconds: `moveLimitMs` when given; with a time budget
 * of N ms, N + max(N, 100) (timers and garbage collection overrun a budget, cheating does not
 * double it); otherwise {@link DEFAULT_MOVE_LIMIT_MS}.
 *
 * @example
 * ```ts
 * moveLimitOf({ timeMs: 5 }); // 105
 * moveLimitOf({ timeMs: 500 }); // 1000
 * moveLimitOf({ playouts: 100 }); // 10000
 * moveLimitOf({ timeMs: 5 }, 30); // 30
 * ```
 */
export function moveLimitOf(botOptions: Omit<BotOptions, 'seed'>, moveLimitMs?: number): number {
  if (moveLimitMs !== undefined) return moveLimitMs;
  const n = botOptions.timeMs;
  return typeof n === 'number' && Number.isFinite(n) && n > 0
    ? Math.min(MAX_MOVE_LIMIT_MS, Math.ceil(n + Math.max(n, 100)))
    : DEFAULT_MOVE_LIMIT_MS;
}

/** A move limit from the caller, checked: a whole number of milliseconds, 1 to an hour. */
export function checkMoveLimit(x: unknown, error: (message: string) => BotError): number | undefined {
  if (x === undefined) return undefined;
  if (!Number.isSafeInteger(x) || (x as number) < 1 || (x as number) > MAX_MOVE_LIMIT_MS)
    throw error(
      `The move limit is a whole number of milliseconds from 1 to ${MAX_MOVE_LIMIT_MS}, not ${describeValue(x)}.`,
    );
  return x as number;
}
