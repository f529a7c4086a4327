/**
 * `dnup/neural` as a bot module: the factory the arena, the ladder and `dnup play` call once per
 * game and seat. It serves two of the command line's bot names: `neural-expert` gets
 * {@link neuralExpertBot}, any other name {@link neuralBot}.
 */
import type { Bot } from '../bots/bot.js';
import { readBotOptions } from '../bots/bot-input.js';
import { networkBot } from './neural-bot.js';
import { neuralExpertBot, type NeuralExpertOptions } from './neural-expert-bot.js';
import type { NeuralWeights } from './network.js';
import { neuralNetworks } from './networks.js';

/** The shipped networks, decoded once for every `neural` bot {@link makeBot} makes (each copies its weights). */
let shipped: readonly NeuralWeights[] | undefined;

/** The lineup name the arena gives a module's factory (`options.name`), read once; undefined when unreadable. */
function lineupName(options: unknown): unknown {
  if (typeof options !== 'object' || options === null) return undefined;
  try {
    return (options as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

/**
 * The factory of the bot module `dnup/neural`. Named `neural-expert` by the arena (the command
 * line's bot of that name), it makes `neuralExpertBot` with the arena's seed and budget (`playouts`
 * as `expert`'s iterations, `timeMs`, as `botByName('expert')` reads them); under any other name,
 * `neuralBot()` with the shipped networks, whose options are not read (it makes no random choice
 * and does not search).
 *
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a `neural-expert` budget that `expert` refuses.
 * @example
 * ```ts
 * import { runArena } from 'dnup/arena';
 * const result = await runArena({
 *   players: 3, games: 6, seed: 1, lineup: ['neural-expert', 'expert', 'neural'],
 *   botModules: { neural: 'dnup/neural', 'neural-expert': 'dnup/neural' }, botOptions: { playouts: 50 },
 * });
 * ```
 */
export function makeBot(options?: unknown): Bot {
  const name = lineupName(options);
  if (name === 'neural-expert') {
    const { playouts, ...rest } = readBotOptions<NeuralExpertOptions & { playouts?: number }>('dnup/neural', options);
    // the name as read for this choice, whatever a second reading would give
    return neuralExpertBot({ ...rest, name, ...(playouts === undefined ? {} : { iterations: playouts }) });
  }
  shipped ??= neuralNetworks();
  return networkBot(shipped, undefined);
}
