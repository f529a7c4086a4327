/**
 * dnup/encodings — encodings for learning agents, in the manner of OpenSpiel: for each player count
 * of the standard deck a fixed action space with a legal-action mask, an observation tensor of a
 * player view, and information-state keys; and an environment a learning agent steps (one game or
 * N together), as PettingZoo and OpenSpiel give. Its own entry, so that an app that does not import
 * it ships none of it. Layouts: docs/guides/bot-authors.md; the environment: docs/guides/learning.md.
 *
 * @packageDocumentation
 * @module dnup/encodings
 */
export { actionCount, actionIndex, legalActionMask, moveOfAction } from './encodings/action-space.js';
export {
  observationLayout,
  observationLength,
  observe,
  type ObservationBlock,
  type ObservationBlockName,
  type ObservationLayoutDescriptor,
} from './encodings/observation.js';
export { infoStateKey } from './encodings/info-state.js';
export {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
  type EnvironmentStep,
} from './encodings/environment.js';
export {
  createVectorEnvironment,
  type VectorEnvironment,
  type VectorEnvironmentOptions,
} from './encodings/vector-environment.js';
// the types its functions name, so that dnup/encodings reads on its own
export type { Move } from './core/index.js';
export type { MoveSource } from './core/index.js';
export type { PlayerView } from './views/player-view.js';
export type { Bot } from './bots/bot.js';
export type { Seed } from './core/index.js';
