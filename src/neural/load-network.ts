/**
 * One player count's network, loaded on its own: each network is imported only here and by
 * `neuralNetworks`, so a bundler that sees only these functions makes each its own chunk, fetched
 * when asked for (an app in a browser playing one player count downloads one network, not four).
 */
import { ArgumentError } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from '../bots/bot.js';
import { decodeNetwork } from './decode-network.js';
import type { NeuralWeights } from './network.js';
import { networkBot } from './neural-bot.js';
import {
  GUIDED_PLAYER_COUNTS,
  networkExpertBot,
  readNeuralExpertOptions,
  type NeuralExpertOptions,
} from './neural-expert-bot.js';

/**
 * The shipped network for `players` (2 to 5), loaded alone and decoded: the weights are yours.
 *
 * @throws {@link ArgumentError} `BAD_ARGUMENT` (the promise rejects) for any other player count.
 * @example
 * ```ts
 * import { loadNeuralNetwork, neuralBot } from 'dnup/neural';
 * const bot = neuralBot({ networks: [await loadNeuralNetwork(4)] });
 * ```
 */
export async function loadNeuralNetwork(players: number): Promise<NeuralWeights> {
  // one import() per file, each named in full: bundlers split them by these names
  switch (players) {
    case 2:
      return decodeNetwork((await import('./networks/network-2p.js')).NETWORK_2P);
    case 3:
      return decodeNetwork((await import('./networks/network-3p.js')).NETWORK_3P);
    case 4:
      return decodeNetwork((await import('./networks/network-4p.js')).NETWORK_4P);
    case 5:
      return decodeNetwork((await import('./networks/network-5p.js')).NETWORK_5P);
    default:
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `The neural bot has a network for 2 to 5 players, not ${describeValue(players)}.`,
      );
  }
}

/**
 * A `neural` bot for games of `players` players, with that count's shipped network only. The
 * same moves as `neuralBot()` in those games; an app bundled with this function alone fetches one
 * network when it is first called, not all four with the page.
 *
 * @param options.name - the bot's name in tables and records (default `neural`).
 * @throws {@link ArgumentError} `BAD_ARGUMENT` (the promise rejects) for a player count outside 2–5.
 * @example
 * ```ts
 * import { neuralBotFor } from 'dnup/neural';
 * const bot = await neuralBotFor(view.players.length);
 * const move = await bot.chooseMove(view, legalMoves(view));
 * ```
 */
export async function neuralBotFor(players: number, options: { readonly name?: string } = {}): Promise<Bot> {
  return networkBot([await loadNeuralNetwork(players)], options?.name);
}

/**
 * A `neuralExpertBot` for games of `players` players that loads that count's shipped network
 * alone, and only where the network guides the search ({@link GUIDED_PLAYER_COUNTS}); at any
 * other count it loads nothing and plays as `expert`. The same moves as `neuralExpertBot(options)`
 * in those games: what a hint button in a browser needs, fetching one network at most.
 *
 * @param options - as {@link neuralExpertBot}'s; given `networks`, those are used and none is loaded.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` (the promise rejects) for a player count outside
 *   2–5; {@link BotError} `BAD_BOT_OPTIONS` for settings `neuralExpertBot` refuses.
 * @example
 * ```ts
 * import { neuralExpertBotFor } from 'dnup/neural';
 * const bot = await neuralExpertBotFor(view.players.length, { timeMs: 400 });
 * const move = await bot.chooseMove(view, legalMoves(view));
 * ```
 */
export async function neuralExpertBotFor(players: number, options: NeuralExpertOptions = {}): Promise<Bot> {
  const own = readNeuralExpertOptions(options);
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5)
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `The neural expert bot is for games of 2 to 5 players, not ${describeValue(players)}.`,
    );
  const networks = own.networks ?? (GUIDED_PLAYER_COUNTS.includes(players) ? [await loadNeuralNetwork(players)] : []);
  return networkExpertBot(networks, own);
}
