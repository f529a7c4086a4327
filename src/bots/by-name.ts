/** The built-in bots by name, for `botByName`, the arena and its worker threads. */
import type { Seed } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from './bot.js';
import { BotError } from './errors.js';
import { readBotOptions } from './bot-input.js';
import { greedyBot } from './greedy-bot.js';
import { ismctsBot } from './ismcts-bot.js';
import { expertBot } from './expert-bot.js';
import { monteCarloBot, type MonteCarloOptions } from './montecarlo-bot.js';
import { randomBot } from './random-bot.js';

/** Names of the built-in bots, for {@link botByName} and `dnup arena --bots`. */
export const BOT_NAMES = ['random', 'greedy', 'montecarlo', 'ismcts', 'expert'] as const;

/** A built-in bot's name. */
export type BotName = (typeof BOT_NAMES)[number];

/**
 * Options of {@link botByName}: a seed for every bot, and the search bots' budget. `playouts`
 * and `timeMs` apply to `montecarlo`, `ismcts` and `expert` (for the last two, `playouts` caps their
 * iterations, one playout each); with `timeMs` alone these two use their whole time budget, and
 * without either it thinks 20 ms per move.
 */
export interface BotOptions extends Omit<MonteCarloOptions, 'seed'> {
  /** Seeds the bot's random choices (defaults to the bot's name). */
  readonly seed?: Seed;
}

/**
 * A built-in bot by name: `random`, `greedy`, `montecarlo` (alias `mc`), `ismcts` or `expert`.
 *
 * @param name - a name of {@link BOT_NAMES}.
 * @param options - a seed, and for the search bots their budget (`playouts`, `timeMs`, `candidates`…).
 * @throws {@link BotError} `UNKNOWN_BOT` for another name, `BAD_BOT_OPTIONS` for a bad budget.
 * @example
 * ```ts
 * const bots = [botByName('montecarlo', { playouts: 300, seed: 1 }), botByName('greedy')];
 * ```
 */
export function botByName(name: string, options: BotOptions = {}): Bot {
  const settings = readBotOptions<BotOptions>('botByName', options); // read once
  switch (name) {
    case 'random':
      return randomBot(settings.seed);
    case 'greedy':
      return greedyBot(settings.seed);
    case 'montecarlo':
    case 'mc':
      return monteCarloBot(settings);
    case 'ismcts':
      return ismctsBot({ ...settings, ...(settings.playouts === undefined ? {} : { iterations: settings.playouts }) });
    case 'expert':
      return expertBot({ ...settings, ...(settings.playouts === undefined ? {} : { iterations: settings.playouts }) });
    default:
      throw new BotError(
        'UNKNOWN_BOT',
        `There is no bot called ${describeValue(name)}; the bots are ${BOT_NAMES.join(', ')}.`,
        { name: describeValue(name), allowed: BOT_NAMES },
      );
  }
}
