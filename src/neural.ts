/**
 * dnup/neural: the `neural` bot, a small network that scores each legal move from the mover's
 * observation (dnup/encodings) and plays the best, with the networks trained for it (curves in
 * bench/results/); and `neuralExpertBot`, `expert` with the network choosing half of the moves its
 * search races. Its own entry, so that an app that does not use it never ships the weights.
 *
 * @packageDocumentation
 * @module dnup/neural
 */
export { makeBot } from './neural/bot-module.js';
export { neuralBot, type NeuralBotOptions } from './neural/neural-bot.js';
export { GUIDED_PLAYER_COUNTS, neuralExpertBot, type NeuralExpertOptions } from './neural/neural-expert-bot.js';
export { neuralNetworks } from './neural/networks.js';
export { loadNeuralNetwork, neuralBotFor, neuralExpertBotFor } from './neural/load-network.js';
export { moveFeatureLength } from './neural/move-features.js';
export { parameterLayout, type NetworkShape, type NeuralWeights, type ParameterLayout } from './neural/network.js';
// the types its functions name, so that dnup/neural reads on its own
export type { Bot } from './bots/bot.js';
export type { ExpertOptions } from './bots/expert-bot.js';
export type { Move, Seed } from './core/index.js';
export type { PlayerView } from './views/player-view.js';
