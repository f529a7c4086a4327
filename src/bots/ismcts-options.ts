/**
 * The settings of the `ismcts` bot ({@link IsmctsOptions}), and how they are read: once, each checked.
 */
import type { Seed } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import { positiveWhole, readBotOptions } from './bot-input.js';
import { BotError } from './errors.js';

/** Settings of {@link ismctsBot}. */
export interface IsmctsOptions {
  /** Seeds sampling and playouts. */
  readonly seed?: Seed;
  /**
   * Time budget per decision in milliseconds (default 20). The search aims to end within 95% of
   * it and stops before starting an iteration it does not expect to finish by then, so a decision
   * takes at most about this long.
   */
  readonly timeMs?: number;
  /**
   * Iterations per decision. With only this set (no `timeMs`), the bot is deterministic for a
   * seed, whatever the machine; with both, the first limit reached stops the search.
   */
  readonly iterations?: number;
  /** How many of the greedy heuristic's best moves the root considers (default 8). */
  readonly candidates?: number;
  /**
   * UCB1 exploration constant (rewards are in [0, 1]). Default: 0.7 in the duel, where the
   * tree plans the seat's two consecutive turns, and 0.2 with 3–5 players, where a low constant
   * let the bot settle on its best move sooner (both chosen from arena runs at 20 ms).
   */
  readonly exploration?: number;
  /** Chance that a playout player picks a random move instead of the greedy one (default 0.1). */
  readonly noise?: number;
  /**
   * Moves after which a playout is cut and judged by the turns each hand still needs (default:
   * three laps of the table, 3 moves per seat; 12 in the duel). Short playouts give many more
   * iterations in the same time; set 400 to play every round out.
   */
  readonly playoutCap?: number;
  /**
   * How the root shares the budget among its candidates: `'ucb'` (the tree's UCB1 at every node)
   * or `'halving'` (sequential halving over worlds shared by every candidate still in the race;
   * see the comment of ismcts-bot.ts). Default: `'ucb'` in the duel, `'halving'` with 3–5 players.
   */
  readonly root?: 'ucb' | 'halving';
  /** The clock, in milliseconds (default `performance.now`); tests inject their own. */
  readonly now?: () => number;
}

/**
 * The options of {@link ismctsBot}, read once and checked.
 *
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 */
export function readIsmctsOptions(options: IsmctsOptions): IsmctsOptions {
  const settings = readBotOptions<IsmctsOptions>('The ISMCTS bot', options, ['now']);
  positiveWhole('The ISMCTS bot', 'iterations', settings.iterations);
  positiveWhole('The ISMCTS bot', 'candidates', settings.candidates);
  positiveWhole('The ISMCTS bot', 'playoutCap', settings.playoutCap);
  if (settings.timeMs !== undefined && !(Number.isFinite(settings.timeMs) && settings.timeMs > 0)) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's timeMs must be a positive number of milliseconds, not ${String(settings.timeMs)}.`,
      { name: `timeMs = ${String(settings.timeMs)}` },
    );
  }
  const exploration = settings.exploration;
  if (exploration !== undefined && !(exploration >= 0 && Number.isFinite(exploration))) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's exploration must be a number from 0 up, not ${String(exploration)}.`,
      { name: `exploration = ${String(exploration)}` },
    );
  }
  const noise = settings.noise ?? 0.1;
  if (!(noise >= 0 && noise <= 1))
    throw new BotError('BAD_BOT_OPTIONS', `The ISMCTS bot's noise must be from 0 to 1, not ${describeValue(noise)}.`, {
      name: `noise = ${describeValue(noise)}`,
    });
  const rootOption = settings.root;
  if (rootOption !== undefined && rootOption !== 'ucb' && rootOption !== 'halving')
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's root must be 'ucb' or 'halving', not ${describeValue(rootOption)}.`,
      { name: `root = ${describeValue(rootOption)}` },
    );
  return settings;
}
