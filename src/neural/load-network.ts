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
