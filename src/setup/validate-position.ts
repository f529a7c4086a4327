/**
 * The setup layer's way in (chessops `Position.fromSetup`, python-chess `status()`): every broken
 * invariant of a state or a description, as a list, and the one way from a description to a
 * playable state. Descriptions get their defaults (position-description.ts), then face the same
 * validator as every state from outside (core/state-problems.ts, through the gateway).
 */
import { type GameState, PositionError, type PositionProblem } from '../core/index.js';
import {
  isRecord,
  readInput,
  invariantProblems,
  examineState,
  isIssued,
  issue,
  ProblemList,
} from '../core/internal.js';
import { stateFromDescription, type PositionDescription } from './position-description.js';

function examine(input: unknown): { state?: GameState; problems: PositionProblem[]; count: number } {
  const problems = new ProblemList();
  // a state the library made is compared with the library's own copy first, whatever was done to it since
  const read = isIssued(input) ? undefined : readInput(input);
  let state: GameState | undefined;
  if (read?.ok && isRecord(read.value) && !('format' in read.value)) {
    // a description: defaults filled in, then the same invariants as a full state
    const built = stateFromDescription(read.value, problems);
    if (built) {
      invariantProblems(built, problems);
      if (problems.count === 0) state = issue(built);
    }
  } else {
    state = examineState(input, problems);
  }
  return state ? { state, problems: [], count: 0 } : { problems: problems.list, count: problems.count };
}

/**
 * Every broken invariant of a position, not just the first: cards missing, twice present, from
 * another deck or not in use at this player count, impossible orientations, mixed sets, two sets
 * of one size, sets in areas that do not exist, a turn at a seat that is out, impossible scores…
 * Field types are checked first; the invariants are checked once the fields can be read.
 *
 * @param input - a {@link GameState} (recognised by its `format` field) or a {@link PositionDescription}.
 * @returns the problems, each with a code, a path, a sentence and its rules reference section; empty when valid.
 *
 * @example
 * ```ts
 * for (const p of validatePosition(JSON.parse(text))) console.log(p.code, p.path, p.message);
 * ```
 */
export function validatePosition(input: GameState | PositionDescription | unknown): PositionProblem[] {
  return examine(input).problems;
}

/**
 * Builds a playable state from a description of a table (or checks a full state), the only way
 * from a snapshot to a position that `legalMoves` and `apply` accept.
 *
 * @param description - a {@link PositionDescription} (defaults documented there) or a full state.
 * @returns the state; `legalMoves(fromPosition(d))` lists the moves of the seat to play, and
 * `fromPosition(toPosition(state))` equals `state`.
 * @throws {@link PositionError} listing every problem (see {@link validatePosition}).
 *
 * @example
 * ```ts
 * const state = fromPosition({
 *   players: ['Ana', 'Ben'],
 *   hands: [[{ id: 17, active: 3 }], [{ id: 9, active: 5 }]],
 *   table: [{ seat: 1, area: 0, value: 3, cards: [15] }],
 *   turn: { seat: 0, area: 1 },
 * });
 * ```
 */
export function fromPosition(description: PositionDescription | GameState | unknown): GameState {
  const { state, problems, count } = examine(description);
  if (!state) throw new PositionError(problems, count);
  return state;
}
