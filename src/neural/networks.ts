/** The networks the package ships, one per player count (bench/pack-neural.ts writes them). */
import { decodeNetwork, type PackedNetwork } from './decode-network.js';
import type { NeuralWeights } from './network.js';
import { NETWORK_2P } from './networks/network-2p.js';
import { NETWORK_3P } from './networks/network-3p.js';
import { NETWORK_4P } from './networks/network-4p.js';
import { NETWORK_5P } from './networks/network-5p.js';

const SHIPPED: readonly PackedNetwork[] = [NETWORK_2P, NETWORK_3P, NETWORK_4P, NETWORK_5P];

/**
 * The trained networks of the `neural` bot, one per player count from 2 to 5, decoded anew at
 * each call: the weights are yours to read or change, which changes no other copy. `neuralBot()`
 * uses them when given no networks. To load one player count's network alone, see
 * `loadNeuralNetwork`.
 *
 * @example
 * ```ts
 * import { neuralNetworks } from 'dnup/neural';
 * neuralNetworks().map((n) => n.players); // [2, 3, 4, 5]
 * ```
 */
export function neuralNetworks(): NeuralWeights[] {
  return SHIPPED.map(decodeNetwork);
}
