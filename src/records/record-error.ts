/**
 * Errors of records and positions handed in by people: every problem found, each with a code
 * from a closed union, a path into the input and a sentence naming the rules reference section.
 */
import { isCodedError } from '../core/errors.js';
import { summarize } from '../core/problem-summary.js';

/** Why a game record cannot be replayed at all (as opposed to an illegal move inside it). */
export const RECORD_ERROR_CODES = [
  'BAD_JSON',
  'UNREADABLE',
  'NOT_AN_OBJECT',
  'WRONG_FORMAT',
  'WRONG_VERSION',
  'UNKNOWN_FIELD',
  'BAD_PLAYERS',
  'BAD_SEED',
  'BAD_OPTIONS',
  'BAD_DECK',
  'BAD_MOVES',
  'BAD_MOVE',
  'UNKNOWN_CARD',
  'BAD_METADATA',
] as const;

/** A machine-readable reason for rejecting a record. */
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[number];

/** One problem found in a record. */
export interface RecordProblem {
  readonly code: RecordErrorCode;
  /** Where in the record, as a JSON path such as `moves[3].cards`; `""` for the whole record. */
  readonly path: string;
  readonly message: string;
}

/**
 * A record that is not a valid game record: truncated JSON, wrong version, a move that is not a
 * move, a card that is not in the game… `code` is the first problem's code; `problems` lists all.
 *
 * @example
 * ```ts
 * try { replay(text); } catch (e) { if (isRecordError(e)) for (const p of e.problems) console.log(p.code, p.path); }
 * ```
 */
export class RecordError extends Error {
  override readonly name = 'RecordError' as const;
  readonly code: RecordErrorCode;
  /** Every problem found; `problems` lists the first hundred. */
  readonly problemCount: number;
  constructor(
    readonly problems: readonly RecordProblem[],
    problemCount = problems.length,
  ) {
    super(summarize(problems, problemCount));
    this.code = problems[0]?.code ?? 'NOT_AN_OBJECT';
    this.problemCount = problemCount;
  }
}

/**
 * True for a {@link RecordError} from any copy of this package.
 *
 * @example
 * ```ts
 * try { parseRecord(text); } catch (e) { if (isRecordError(e)) console.log(e.code, e.problems); }
 * ```
 */
export function isRecordError(e: unknown): e is RecordError {
  return isCodedError(e, 'RecordError', RECORD_ERROR_CODES);
}
