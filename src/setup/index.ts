/** The setup layer: positions that need not be legal, the one way from them to a state and back, and the position text. */
export type { PositionDescription, TableSetDescription } from './position-description.js';
export { validatePosition, fromPosition } from './validate-position.js';
export { toPosition } from './to-position.js';
export { formatPosition, parsePosition, MAX_POSITION_TEXT, POSITION_TEXT_VERSION } from './position-text.js';
export {
  PositionError,
  isPositionError,
  POSITION_PROBLEM_CODES,
  type PositionProblemCode,
  type PositionProblem,
} from '../core/position-error.js';
