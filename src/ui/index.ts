/**
 * The UI developers' kit: what a selection means, which cards can do what, and the
 * positions between the events of one move. A board built on these knows no rules.
 */
export {
  moveFromSelection,
  SELECTION_ERROR_CODES,
  type Selection,
  type SelectionVerdict,
  type SelectionRefusal,
  type SelectionErrorCode,
} from './selection.js';
export { cardHints, type CardHints, type CardHint, type SetHint } from './card-hints.js';
export { applySteps, viewSteps, publicSteps, type StateStep, type ViewStep, type PublicStep } from './steps.js';
