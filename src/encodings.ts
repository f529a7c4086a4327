/**
 * dnup/encodings — encodings for learning agents, in the manner of OpenSpiel: for each player count
 * of the standard deck a fixed action space with a legal-action mask, an observation tensor of a
 * player view, and information-state keys. Its own entry, so that an app that does not import it
 * ships none of it. Layouts: docs/guides/bot-authors.md.
 *
 * @packageDocumentation
 * @module dnup/encodings
 */
export { actionCount, actionIndex, legalActionMask, moveOfAction } from './encodings/action-space.js';
export { observationLength, observe } from './encodings/observation.js';
export { infoStateKey } from './encodings/info-state.js';
// the types its functions name, so that dnup/encodings reads on its own
export type { Move } from './core/moves.js';
export type { MoveSource } from './core/position.js';
export type { PlayerView } from './views/player-view.js';
