/**
 * The setup layer: positions that need not be legal, the one way from them to a state and back,
 * and the position text. Their error (`PositionError`) is the core's, exported by core/index.ts.
 */
export type { PositionDescription, TableSetDescription } from './position-description.js';
export { validatePosition, fromPosition } from './validate-position.js';
export { toPosition } from './to-position.js';
export { formatPosition, parsePosition, MAX_POSITION_TEXT, POSITION_TEXT_VERSION } from './position-text.js';
