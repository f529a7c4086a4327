/** The networks the package ships, one per player count trained so far (bench/pack-neural.ts writes them). */
import { decodeNetwork, type PackedNetwork } from './decode-network.js';
import type { NeuralWeights } from './network.js';
import { NETWORK_3P } from './networks/network-3p.js';
import { NETWORK_4P } from './networks/network-4p.js';

const SHIPPED: readonly PackedNetwork[] = [NETWORK_3P, NETWORK_4P];

/**
 * The trained networks of the `neural` bot, one per player count that has one (3 and 4 players for now),
 * decoded anew at each call: the weights are yours to read or change, which changes no other copy.
 * `neuralBot()` uses them when given no networks.
 *
 * @example
 * ```ts
 * import { neuralNetworks } from 'dnup/neural';
 * neuralNetworks().map((n) => n.players); // [3, 4]
 * ```
 */
export function neuralNetworks(): NeuralWeights[] {
  return SHIPPED.map(decodeNetwork);
}
