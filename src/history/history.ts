/**
 * An optional helper for UIs that want history, as chess.js users expect: undo, redo, the moves
 * and states so far, and the game record. It sits on top of the pure reducer and is itself
 * immutable: every call returns a new history and leaves the old one as it was.
 */
import { apply, type Move, type GameState, recordOf, type GameRecord, type RecordMetadata } from '../core/index.js';
import { trustedState, isCodedError, type ErrorParams } from '../core/internal.js';

/** Why a history call was refused. */
export const HISTORY_ERROR_CODES = ['NOTHING_TO_UNDO', 'NOTHING_TO_REDO', 'NOT_FROM_START'] as const;

/** A machine-readable reason, from {@link HISTORY_ERROR_CODES}. */
export type HistoryErrorCode = (typeof HISTORY_ERROR_CODES)[number];

/**
 * A history call that cannot be done: undo at the start, redo with nothing undone, or a record
 * of a history that does not start at a new game.
 *
 * @example
 * ```ts
 * try { history(createGame(3, 1)).undo(); } catch (e) { if (isHistoryError(e)) console.log(e.code); } // NOTHING_TO_UNDO
 * ```
 */
export class HistoryError extends Error {
  override readonly name = 'HistoryError' as const;
  /**
   * @param code - the machine-readable reason.
   * @param message - a sentence a user understands.
   */
  constructor(
    readonly code: HistoryErrorCode,
    message: string,
    /** The facts of the error, for a UI to word it itself; see {@link localizeError}. */
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/**
 * True for a {@link HistoryError} from any copy of this package.
 *
 * @param e - anything caught.
 */
export function isHistoryError(e: unknown): e is HistoryError {
  return isCodedError(e, 'HistoryError', HISTORY_ERROR_CODES);
}

/**
 * A game with its past: the states and moves so far, and the moves undone that may be redone.
 * Immutable; each method returns a new history.
 */
export interface GameHistory {
  /** The current state. */
  readonly state: GameState;
  /** The states so far, from the first to the current one (one more than {@link GameHistory.moves}). */
  readonly states: readonly GameState[];
  /** The moves so far, in order; `states[i + 1]` is `apply(states[i], moves[i])`. */
  readonly moves: readonly Move[];
  /** The moves undone, next to redo first. */
  readonly undone: readonly Move[];
  /** True when there is a move to undo. */
  readonly canUndo: boolean;
  /** True when there is an undone move to redo. */
  readonly canRedo: boolean;
  /**
   * Plays a move with {@link apply} and forgets the moves undone.
   * @throws {@link IllegalMoveError} as `apply` does; the history is unchanged.
   */
  play(move: Move): GameHistory;
  /**
   * Takes back the last move.
   * @throws {@link HistoryError} `NOTHING_TO_UNDO` at the first state.
   */
  undo(): GameHistory;
  /**
   * Plays again the last move undone.
   * @throws {@link HistoryError} `NOTHING_TO_REDO` when no move was undone since the last play.
   */
  redo(): GameHistory;
  /**
   * The game record of the moves so far ({@link recordOf}).
   * @throws {@link HistoryError} `NOT_FROM_START` unless the history starts at a new game.
   */
  record(metadata?: RecordMetadata): GameRecord;
}

function make(states: readonly GameState[], moves: readonly Move[], undone: readonly Move[]): GameHistory {
  const state = states[states.length - 1]!;
  // its lists are handed out: frozen, so no caller can change what undo, redo or record read
  Object.freeze(states);
  Object.freeze(moves);
  Object.freeze(undone);
  return Object.freeze({
    state,
    states,
    moves,
    undone,
    canUndo: moves.length > 0,
    canRedo: undone.length > 0,
    play: (move: Move) => {
      const next = apply(state, move);
      return make([...states, next], [...moves, next.lastMove!], []); // the library's own copy of the move, read once
    },
    undo: () => {
      if (moves.length === 0)
        throw new HistoryError(
          'NOTHING_TO_UNDO',
          'There is no move to undo: this is the first position of the history.',
        );
      return make(states.slice(0, -1), moves.slice(0, -1), [moves[moves.length - 1]!, ...undone]);
    },
    redo: () => {
      if (undone.length === 0)
        throw new HistoryError(
          'NOTHING_TO_REDO',
          'There is no move to redo: no move was undone since the last one played.',
        );
      return make([...states, apply(state, undone[0]!)], [...moves, undone[0]!], undone.slice(1));
    },
    record: (metadata?: RecordMetadata) => {
      const first = states[0]!;
      if (first.moveCount !== 0 || first.lastMove !== null) {
        throw new HistoryError(
          'NOT_FROM_START',
          `A record starts at a new game, but this history starts after move ${first.moveCount} (rules §3: a game is its seed and its moves).`,
          { moveNumber: first.moveCount },
        );
      }
      return recordOf(state, moves, metadata);
    },
  });
}

/**
 * Starts a history at a state, usually a new game. The reducer stays the source of truth:
 * `play` is {@link apply}, and every state in the history is an ordinary {@link GameState}.
 *
 * @param state - the first state (a new game for {@link GameHistory.record} to work).
 * @returns a history with no moves.
 *
 * @example
 * ```ts
 * import { createGame, legalMoves, history } from 'dnup';
 * let h = history(createGame(['Ana', 'Ben', 'Cy'], 'undo me'));
 * h = h.play(legalMoves(h.state)[0]!);
 * h = h.undo(); // back to the deal; h.canRedo is true
 * h = h.redo();
 * h.record().moves.length; // 1
 * ```
 */
export function history(state: GameState): GameHistory {
  return make([trustedState(state)], [], []);
}
