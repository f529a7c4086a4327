/**
 * Errors of records and positions handed in by people: every problem found, each with a code
 * from a closed union, a path into the input and a sentence naming the rules reference section.
 */
import type { PositionProblemCode } from '../core/index.js';
import { isCodedError, summarize } from '../core/internal.js';

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
  'BAD_START',
] as const;

/** A machine-readable reason for rejecting a record. */
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[number];

/** One problem found in a record. */
export interface RecordProblem {
  readonly code: RecordErrorCode;
  /** Where in the record, as a JSON path such as `moves[3].cards`; `""` for the whole record. */
  readonly path: string;
  readonly message: string;
  /**
   * For `BAD_START` at `start`: the start position's own problem, as `parsePosition` reports it: a
   * position problem's code (`SAME_SIZE_SETS`…) with its path in the position and its rule, or
   * `BAD_POSITION_TEXT` with the field of the text that cannot be read.
   */
  readonly start?: StartProblem;
}

/** What is wrong with a record's start position itself (see {@link RecordProblem.start}). */
export interface StartProblem {
  /** The position problem's code (`DUPLICATE_CARD`, `SAME_SIZE_SETS`…), or `BAD_POSITION_TEXT` for text off the grammar. */
  readonly code: PositionProblemCode | 'BAD_POSITION_TEXT';
  /** The offending field: a JSON path into the position (`table[1]`) or a field of the text (`hands`). */
  readonly path: string;
  /** The rules reference section, e.g. `"§5"`, for a position problem. */
  readonly rule?: string;
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
