/**
 * The settings of the `expert` bot ({@link ExpertOptions}), and how they are read: once, each checked.
 */
import type { Seed } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import { positiveWhole, readBotOptions } from './bot-input.js';
import { BotError } from './errors.js';

/** Settings of {@link expertBot}. */
export interface ExpertOptions {
  /** Seeds sampling and playouts. */
  readonly seed?: Seed;
  /**
   * Time budget per decision in milliseconds (default 20 when `iterations` is not set). The
   * search aims to end within 95% of it.
   */
  readonly timeMs?: number;
  /**
   * Playouts per decision. With only this set (no `timeMs`), the bot is deterministic for a
   * seed, whatever the machine; with both, the first limit reached stops the search.
   */
  readonly iterations?: number;
  /** How many of the greedy heuristic's best moves race (default 8). */
  readonly candidates?: number;
  /**
   * Chance that a playout player picks a random move instead of its own (default 0.1; 0 where the
   * players draw their moves from the learned policy's softmax, by default at 5 players).
   */
  readonly noise?: number;
  /**
   * Moves after which a playout is cut and judged by the learned model (default three laps of
   * the table with 3 players, 3 moves per seat; 400 with 4 and 5, the round played out). In the
   * duel, the `ismcts` bot's cap (12).
   */
  readonly playoutCap?: number;
  /** The clock, in milliseconds (default `performance.now`); tests inject their own. */
  readonly now?: () => number;
  /**
   * What each racing candidate's playouts start with: `'tree'` a search tree below the candidate,
   * with a node for every seat's move, rivals' moves told apart as the seat sees them; `'race'`
   * greedy players at once. Default: `'tree'` with 3 players, `'race'` with 4 and 5, where the
   * trees were not measured stronger (see the comment of expert-bot.ts).
   */
  readonly search?: 'tree' | 'race';
  /**
   * UCB1 exploration constant of the trees (rewards are in [0, 1]): default 0.2 below the
   * candidates with 3–5 players, and the `ismcts` bot's 0.7 in the duel.
   */
  readonly exploration?: number;
  /**
   * How the players of a playout choose (3–5 players): `'greedy'` the greedy heuristic,
   * `'learned'` the learned playout policy, weights fitted to the moves of `montecarlo` bots.
   * Default: `'greedy'` with 3 players, `'learned'` with 4 and 5 (see the comment of expert-bot.ts).
   */
  readonly playoutPolicy?: 'greedy' | 'learned';
  /**
   * How the learned policy's players choose: at 0 each takes the policy's best move (and a random
   * one with chance `noise`); above 0 each draws its move from the policy's softmax at this
   * temperature, 1 being the distribution the weights were fitted as. Default: 1 with 5 players,
   * where drawing was measured stronger (see the comment of expert-bot.ts), 0 with 3 and 4.
   */
  readonly policyTemperature?: number;
}

/**
 * The options of {@link expertBot}, read once and checked.
 *
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 */
export function readExpertOptions(options: ExpertOptions): ExpertOptions {
  const settings = readBotOptions<ExpertOptions>('The expert bot', options, ['now']);
  positiveWhole('The expert bot', 'iterations', settings.iterations);
  positiveWhole('The expert bot', 'candidates', settings.candidates);
  positiveWhole('The expert bot', 'playoutCap', settings.playoutCap);
  if (settings.timeMs !== undefined && !(Number.isFinite(settings.timeMs) && settings.timeMs > 0)) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's timeMs must be a positive number of milliseconds, not ${describeValue(settings.timeMs)}.`,
      { name: `timeMs = ${describeValue(settings.timeMs)}` },
    );
  }
  if (settings.search !== undefined && settings.search !== 'tree' && settings.search !== 'race')
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's search must be 'tree' or 'race', not ${describeValue(settings.search)}.`,
      { name: `search = ${describeValue(settings.search)}` },
    );
  if (
    settings.playoutPolicy !== undefined &&
    settings.playoutPolicy !== 'greedy' &&
    settings.playoutPolicy !== 'learned'
  )
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's playoutPolicy must be 'greedy' or 'learned', not ${describeValue(settings.playoutPolicy)}.`,
      { name: `playoutPolicy = ${describeValue(settings.playoutPolicy)}` },
    );
  const givenTemperature = settings.policyTemperature;
  if (
    !(
      givenTemperature === undefined ||
      (typeof givenTemperature === 'number' && Number.isFinite(givenTemperature) && givenTemperature >= 0)
    )
  )
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's policyTemperature must be a number from 0 up, not ${describeValue(givenTemperature)}.`,
      { name: `policyTemperature = ${describeValue(givenTemperature)}` },
    );
  const exploration = settings.exploration ?? 0.2;
  if (!(typeof exploration === 'number' && Number.isFinite(exploration) && exploration >= 0))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's exploration must be a number from 0 up, not ${describeValue(exploration)}.`,
      { name: `exploration = ${describeValue(exploration)}` },
    );
  const givenNoise = settings.noise;
  if (!(givenNoise === undefined || (typeof givenNoise === 'number' && givenNoise >= 0 && givenNoise <= 1)))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's noise must be from 0 to 1, not ${describeValue(givenNoise)}.`,
      { name: `noise = ${describeValue(givenNoise)}` },
    );
  return settings;
}
