/**
 * Replaying a record with a verdict per move (rules §3: same seed, same moves, same game), from
 * a new game or from the record's start position.
 * Legality comes from the rules core's `apply`, the one source of legality, judging each move
 * once; replay stops at the first illegal move and says where, who, what and which rule.
 */
import {
  type MoveErrorCode,
  isGameSetupError,
  isIllegalMoveError,
  type Move,
  createGame,
  type GameState,
  type GameRecord,
} from '../core/index.js';
import { applyTrusted, codedError, issueApplied, ownCopyOf, frozenMove } from '../core/internal.js';
import { formatMove } from '../notation/format-move.js';
import { readRecordStart } from './parse-record.js';
import { RecordError } from './record-error.js';

/** Where a move stands in the game, as a player would say it. */
export interface MovePlace {
  /** 0-based index in `record.moves`. */
  readonly index: number;
  readonly round: number;
  /** The turn number within the round (1-based), as in `state.turn.number`. */
  readonly turn: number;
  /** The seat to play, or null when the round or game was over (no seat's turn). */
  readonly seat: number | null;
  readonly move: Move;
  /** The move in the notation of docs/notation.md. */
  readonly text: string;
}

/** The move was legal and was played. */
export interface LegalVerdict extends MovePlace {
  readonly status: 'legal';
}

/** The first illegal move: what the rules say about it. */
export interface IllegalVerdict extends MovePlace {
  readonly status: 'illegal';
  readonly code: MoveErrorCode;
  /** A sentence naming the rule, from the rules core. */
  readonly message: string;
  /** The rules reference section broken, e.g. `"§5 A"`. */
  readonly rule: string;
}

/** A move after the first illegal one: never judged. */
export interface UnreachedVerdict {
  readonly status: 'unreached';
  readonly index: number;
  readonly move: Move;
}

/** The verdict on one move of a record. */
export type MoveVerdict = LegalVerdict | IllegalVerdict | UnreachedVerdict;

/** What {@link replay} found. */
export type ReplayResult = {
  readonly record: GameRecord;
  /** The state before any move: the record's start position, or the game dealt from its seed. */
  readonly initial: GameState;
  /** The last legal state: after every move, or just before the first illegal one. */
  readonly state: GameState;
  /** One verdict per move of the record, in order. */
  readonly verdicts: readonly MoveVerdict[];
} & ({ readonly ok: true } | { readonly ok: false; readonly error: IllegalVerdict });

/** Options of {@link replay}. */
export interface ReplayOptions {
  /** Called after each legal move, with the states before and after it. */
  readonly onMove?: (before: GameState, move: Move, after: GameState, verdict: LegalVerdict) => void;
}

function placeOf(state: GameState, index: number, move: Move): MovePlace {
  return {
    index,
    round: state.round,
    turn: state.turn.number,
    seat: state.status === 'playing' ? state.turn.seat : null,
    move,
    text: formatMove(state, move),
  };
}

/**
 * Replays a game record from its seed (or from its start position, `record.start`) and judges
 * every move, stopping at the first illegal one.
 *
 * @param input - a {@link GameRecord}, or anything {@link parseRecord} reads (JSON text included).
 * @param options - `onMove` to follow the game move by move.
 * @returns `{ ok, state, verdicts }`; when `ok` is false, `error` gives the first illegal move's
 * index, round, turn, seat, move, code, message and rule.
 * @throws {@link RecordError} when `input` is not a valid game record at all (a start position
 * that is not valid, or not of the record's players, seed and deck, is `BAD_START`).
 *
 * @example
 * ```ts
 * const result = replay(record);
 * if (!result.ok) console.log(`move ${result.error.index}: ${result.error.code} ${result.error.message}`);
 * ```
 */
export function replay(input: unknown, options: ReplayOptions = {}): ReplayResult {
  const { record, start } = readRecordStart(input);
  let initial: GameState;
  try {
    initial =
      start ??
      createGame(record.players, record.seed, record.options?.deck ? { deck: record.options.deck } : undefined);
  } catch (e) {
    // parseRecord has checked what createGame checks; this keeps the error kind if they ever drift
    if (isGameSetupError(e)) throw new RecordError([{ code: e.code, path: '', message: e.message }]);
    throw e;
  }
  let state = initial;
  const verdicts: MoveVerdict[] = [];
  const moves = record.moves;
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i]!;
    let next: GameState;
    try {
      // judged once: applyTrusted refuses an illegal move with the code checkMove would give
      const was = ownCopyOf(state);
      // a frozen copy: the record's move stays the caller's, and the state's last move nobody's
      next = issueApplied(applyTrusted(was.state, frozenMove(move)!), was);
    } catch (e) {
      if (!isIllegalMoveError(e)) throw codedError(e);
      const error: IllegalVerdict = {
        ...placeOf(state, i, move),
        status: 'illegal',
        code: e.code,
        message: e.message,
        rule: e.rule,
      };
      verdicts.push(error);
      for (let j = i + 1; j < moves.length; j++) verdicts.push({ status: 'unreached', index: j, move: moves[j]! });
      return { ok: false, record, initial, state, verdicts, error };
    }
    const verdict: LegalVerdict = { ...placeOf(state, i, move), status: 'legal' };
    options.onMove?.(state, move, next, verdict);
    verdicts.push(verdict);
    state = next;
  }
  return { ok: true, record, initial, state, verdicts };
}
