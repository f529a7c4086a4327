/**
 * dnup/neural: the `neural` bot, a small network that scores each legal move from the mover's
 * observation (dnup/encodings) and plays the best, with the networks trained for it by self-play
 * (bench/train-neural.ts; curves in bench/results/neural). Its own entry, so that an app that does
 * not use it never ships the weights.
 *
 * @packageDocumentation
 * @module dnup/neural
 */
export { makeBot, neuralBot, type NeuralBotOptions } from './neural/neural-bot.js';
export { neuralNetworks } from './neural/networks.js';
export { loadNeuralNetwork, neuralBotFor } from './neural/load-network.js';
export { moveFeatureLength } from './neural/move-features.js';
export { parameterLayout, type NetworkShape, type NeuralWeights, type ParameterLayout } from './neural/network.js';
// the types its functions name, so that dnup/neural reads on its own
export type { Bot } from './bots/bot.js';
export type { Move } from './core/index.js';
export type { PlayerView } from './views/player-view.js';
