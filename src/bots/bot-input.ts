/**
 * What a built-in bot is handed (a view and the moves to choose from), read once and checked: a
 * bot may be called with a view that came over a network, so it goes through the view gateway.
 */
import { IllegalMoveError, checkMove, type Move } from '../core/index.js';
import { describeValue, readInput, ownMove } from '../core/internal.js';
import { loadView } from '../views/load-view.js';
import type { PlayerView } from '../views/player-view.js';
import { BotError } from './errors.js';

/**
 * The checked view and the library's own copies of the moves, every one legal for the view's
 * seat; a {@link BotError} `BAD_BOT_INPUT` otherwise (a `ViewError` for a broken view).
 */
export function readBotInput(view: unknown, moves: unknown): { view: PlayerView; moves: Move[] } {
  const checked = loadView(view);
  const list = readInput(moves, { depth: 4 });
  if (!list.ok || !Array.isArray(list.value) || list.value.length === 0) {
    throw new BotError(
      'BAD_BOT_INPUT',
      `A bot chooses from a non-empty list of the legal moves, not ${describeValue(moves)}.`,
      { name: 'moves' },
    );
  }
  const own = list.value.map((m, i) => {
    const move = ownMove(m);
    const verdict = move instanceof IllegalMoveError ? undefined : checkMove(checked, move);
    if (move instanceof IllegalMoveError || !verdict?.ok) {
      throw new BotError(
        'BAD_BOT_INPUT',
        `Move ${i} of the list is not a legal move of this view's seat: ${move instanceof IllegalMoveError ? move.message : verdict && !verdict.ok ? verdict.message : ''}`,
        { name: 'moves' },
      );
    }
    return move;
  });
  return { view: checked, moves: own };
}

/** `f` with anything a bot's building block throws on hostile input turned into `BAD_BOT_INPUT`. */
export function guarded<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && 'code' in e) throw e;
    throw new BotError('BAD_BOT_INPUT', `${what} was given something it cannot read.`, { name: what });
  }
}

/**
 * A bot's settings read once into a plain copy: nothing (the defaults) or an object; anything
 * else (null, a number, a throwing getter, a cycle) is a {@link BotError} `BAD_BOT_OPTIONS`.
 * Settings named in `functions` may be functions (an injected clock) and are kept as given.
 */
export function readBotOptions<T extends object>(
  who: string,
  options: unknown,
  functions: readonly string[] = [],
): Partial<T> {
  if (options === undefined) return {};
  const refuse = (why: string): BotError =>
    new BotError(
      'BAD_BOT_OPTIONS',
      `${who} takes its settings as an object of plain values, not ${describeValue(options)}${why}.`,
      { name: `options = ${describeValue(options)}` },
    );
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw refuse('');
  const kept: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(options)) {
      const value: unknown = (options as Record<string, unknown>)[key];
      if (functions.includes(key) && typeof value === 'function') kept[key] = value;
      else rest[key] = value;
    }
  } catch {
    throw refuse(' (reading it failed)');
  }
  const read = readInput(rest, { depth: 8 });
  if (!read.ok) throw refuse(`: ${read.problem.message}`);
  return { ...(read.value as object), ...kept } as Partial<T>;
}

/**
 * Refuses a whole-number setting given as anything but a whole number from 1 up (`iterations`,
 * `candidates`, `playoutCap`…): a {@link BotError} `BAD_BOT_OPTIONS` naming `who` ("The expert
 * bot") and the setting. An absent setting (its default) passes.
 */
export function positiveWhole(who: string, key: string, v: number | undefined): void {
  if (v !== undefined && !(Number.isInteger(v) && v >= 1))
    throw new BotError('BAD_BOT_OPTIONS', `${who}'s ${key} must be a positive whole number, not ${describeValue(v)}.`, {
      name: `${key} = ${describeValue(v)}`,
    });
}
