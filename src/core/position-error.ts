/**
 * Problems of a position or state handed in from outside (rules §2–§8 invariants), each with a
 * code from a closed union, the path of the offending field, a sentence and the rules reference
 * section. The core throws them too: a state that the library did not make is checked in full
 * before any function uses it.
 */
import { isCodedError } from './errors.js';
import { summarize } from './problem-summary.js';

/** Every broken invariant {@link validatePosition} can report. */
export const POSITION_PROBLEM_CODES = [
  'UNREADABLE',
  'NOT_A_STATE',
  'CORRUPT_STATE',
  'CORRUPT_VIEW',
  'BAD_SHAPE',
  'BAD_PLAYERS',
  'BAD_DECK',
  'UNKNOWN_CARD',
  'CARD_NOT_IN_USE',
  'DUPLICATE_CARD',
  'MISSING_CARD',
  'BAD_DISCARD_COUNT',
  'BAD_ORIENTATION',
  'KNOWN_NOT_IN_HAND',
  'EMPTY_SET',
  'MIXED_SET',
  'SAME_SIZE_SETS',
  'NO_SUCH_AREA',
  'AREA_TAKEN',
  'TABLE_ORDER',
  'BAD_TURN',
  'TURN_AT_OUT_SEAT',
  'OWN_SET_AT_TURN',
  'BAD_OUT',
  'OUT_WITH_CARDS',
  'EMPTY_HAND_NOT_OUT',
  'BAD_STATUS',
  'BAD_SCORING',
  'IMPOSSIBLE_SCORES',
  'BAD_WINNER',
  'BAD_ROUND',
  'BAD_MOVE_COUNT',
  'BAD_KNOWN',
  'BAD_STARTER',
  'BAD_EVENTS',
] as const;

/** A machine-readable kind of position problem. */
export type PositionProblemCode = (typeof POSITION_PROBLEM_CODES)[number];

/** One broken invariant. */
export interface PositionProblem {
  readonly code: PositionProblemCode;
  /** The offending field as a JSON path, e.g. `hands[2][4]` or `table[1]`. */
  readonly path: string;
  /** A sentence a player understands, naming the rule. */
  readonly message: string;
  /** The rules reference section, e.g. `"§5"`. */
  readonly rule: string;
}

/**
 * A position or state that cannot be played: `code` is the first problem's, `problems` lists them
 * (the first hundred; `problemCount` counts them all).
 *
 * @example
 * ```ts
 * try { fromPosition(description); } catch (e) { if (isPositionError(e)) console.log(e.problems.map((p) => p.code)); }
 * ```
 */
export class PositionError extends Error {
  override readonly name = 'PositionError' as const;
  readonly code: PositionProblemCode;
  /** Every problem found, including those past the listed ones. */
  readonly problemCount: number;
  constructor(
    readonly problems: readonly PositionProblem[],
    problemCount = problems.length,
  ) {
    super(summarize(problems, problemCount));
    this.code = problems[0]?.code ?? 'BAD_SHAPE';
    this.problemCount = problemCount;
  }
}

/**
 * True for a {@link PositionError} from any copy of this package.
 *
 * @example
 * ```ts
 * try { fromPosition(description); } catch (e) { if (isPositionError(e)) console.log(e.problems); }
 * ```
 */
export function isPositionError(e: unknown): e is PositionError {
  return isCodedError(e, 'PositionError', POSITION_PROBLEM_CODES);
}

/** Problems kept in full per error; beyond that they are only counted (a hostile input may break thousands). */
export const MAX_LISTED_PROBLEMS = 100;

/** A growing list of problems, bounded: past {@link MAX_LISTED_PROBLEMS} it only counts. */
export class ProblemList {
  readonly list: PositionProblem[] = [];
  /** Every problem found, listed or not. */
  count = 0;
  add(code: PositionProblemCode, path: string, rule: string, message: string): void {
    this.count++;
    if (this.list.length < MAX_LISTED_PROBLEMS) this.list.push({ code, path, rule, message });
  }
}
