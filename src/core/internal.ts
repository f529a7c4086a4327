/**
 * The core's internals that the floors above legitimately need, and the only door to them:
 * outside `src/core/`, a module imports the core from `index.ts` (the public core) or from here,
 * never from another core file (`.dependency-cruiser.cjs`, docs/architecture.md). Nothing here is
 * part of the package's API; each line says who needs it.
 */

// the trust gateway: only states and views the library issued (or checked) are trusted as they are

// search/, setup/validate-position.ts, records/replay.ts, views/: hand out a state or view as the library's own
export { issue, issueApplied, issueView } from './trust.js';
// views/load-view.ts, setup/validate-position.ts: check a caller's state or view before issuing it
export { examineSeatView, examineState, isIntactView, isIssued, isIssuedView } from './trust.js';
// bots/, history/, i18n/, notation/, records/, search/, setup/, ui/, views/: a caller's state, view or deck read as trusted
export { trustedDeck, trustedState, withSource, withState } from './trust.js';
// encodings/action-space.ts: a caller's state or view, whichever it is, read as trusted
export { trustedSource } from './trust.js';
// records/replay.ts, setup/position-description.ts: the library's own copy of a state or deck
export { ownCopyOf, ownDeck } from './trust.js';
// records/replay.ts, ui/steps.ts, views/: anything thrown on a state turned into a coded error (CORRUPT_STATE)
export { codedError } from './trust.js';
// records/replay.ts: a record's move as one nobody can change
export { frozenMove } from './own-copy.js';

// bots/, i18n/, notation/, records/, setup/, ui/, views/: a caller's input read once into plain data, and described
export { describeValue, isRecord, readInput, samePlainData, type PlainValue } from './input.js';
// views/view-input.ts: a reader of a view's usual shape, built on the general one
export {
  copyValue,
  INPUT_LIMITS,
  isPlainObject,
  readWith,
  refuse,
  type InputResult,
  type Reading,
} from './input.js';
// the error classes of bots/, history/, notation/, records/, ui/, views/ and i18n/: an error's facts, and telling one apart
export { isCodedError, type ErrorParams } from './errors.js';
// records/, setup/, views/load-view.ts: a position's problems, listed and summed up
export { MAX_LISTED_PROBLEMS, ProblemList } from './position-error.js';
// records/record-error.ts, views/load-view.ts: many problems said in one sentence
export { summarize } from './problem-summary.js';
// records/parse-record.ts, setup/, views/load-view.ts: the checks that make a state valid
export { invariantProblems, setupProblems } from './state-problems.js';

// records/perft.ts, records/replay.ts: the reducer on a state already trusted (no second check)
export { applyTrusted, legalMovesTrusted } from './apply.js';
// search/playout.ts, ui/, views/move-groups.ts: the position moves are judged from, and the rule a move breaks
export { judgedPosition, positionOfSource, ruleError } from './check-move.js';
// search/playout.ts, ui/, views/move-groups.ts: the legal moves of a live hand, and adds and takes one by one
export { mayAddTo, mayTake, movesFrom, otherMovesOf } from './legal-moves.js';
// encodings/action-space.ts: the legal moves of a position already judged
export { movesOf } from './legal-moves.js';
// ui/card-hints.ts, views/move-groups.ts: whether a set may arrive on the table (rules §5 A and B)
export { mayArrive } from './beaten-sets.js';
// ui/card-hints.ts, views/move-groups.ts: a hand sorted, its runs, and its plays counted and listed
export { playCounts, pushSubsetPlays, runEnd, sortHand } from './play-subsets.js';
// bots/, notation/format-move.ts, records/parse-record.ts, search/playout.ts: a move's own copy, and its shape error
export { moveShapeError, ownMove } from './moves.js';
// notation/parse-move.ts, search/playout.ts: the moves shared by every state (no allocation)
export { addMove, NEXT_ROUND, ROTATE, singlePlay, takeMove } from './interned-moves.js';
// ui/selection.ts: the facts one move is judged against
export type { MovePosition } from './position.js';
// views/player-view.ts: the discard pile of a trusted state
export { discardPileOf } from './card-location.js';

// the playout fast path (search/playout.ts): a mutable draft of one state, moves played in place
export { publishedLive, startLiveDraft, type Draft } from './draft.js';
// search/playout.ts: moves by index into a shared table, the fast path's move list
export { indexedMove, indexMoves, moveIndexError, newMoveIndex, playIndexed, type MoveIndex } from './indexed-moves.js';
// search/playout.ts: one play applied to a draft
export { playAction } from './play-action.js';
// search/playout.ts: the next round dealt on a draft
export { dealNextRound } from './setup.js';

// bots/, i18n/, notation/, records/, search/, setup/, ui/, views/: a deck's lookup table, the cards in use, a card turned over
export { deckIndex, idsInUse, inUseIds, rotated, rotatedFrom, type DeckIndex } from './cards.js';
// notation/parse-move.ts, setup/, views/load-view.ts: areas, names, scoring and fewest moves by player count
export { areasPerSeat, defaultNames, fewestMoves, scoringFor } from './players.js';
// i18n/render-position.ts, setup/position-description.ts: the score that wins a game
export { winningScore } from './scoring.js';
// bots/, records/parse-record.ts, setup/position-description.ts, bench/: a seed or generator state, checked or seeded
export { isRngState, isSeed, seedRng } from './random.js';
// bots/, views/sample-state.ts, bench/: draws from a random source, and one started at a state
export { randomBelow, randomFrom, unitDraw } from './random-source.js';
