/**
 * One verdict for one move: shape, game status, then the rules of its action. `legalMoves`,
 * `checkMove` and `apply` all rest on these same rule functions.
 */
import { deckIndex } from './cards.js';
import { areasPerSeat } from './players.js';
import { IllegalMoveError, type MoveErrorCode } from './errors.js';
import { ownMove, type Move } from './moves.js';
import type { MovePosition, MoveSource, SeatView } from './position.js';
import { isPositionError } from './position-error.js';
import { codedError, trustedSource } from './trust.js';
import type { GameState } from './state.js';
import type { ErrorParams } from './errors.js';
import { playError } from './actions/play-set.js';
import { addError } from './actions/add-card.js';
import { takeError } from './actions/take-set.js';

/** The verdict of {@link checkMove}. */
export type MoveCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: MoveErrorCode;
      readonly message: string;
      /** The rules reference section broken, e.g. `"§5 A"`. */
      readonly rule: string;
      /** The facts of the refusal (cards, values, sizes, seats), as in {@link IllegalMoveError.params}. */
      readonly params: ErrorParams;
    };

/** The position the seat to play decides from. */
function positionOf(state: GameState): MovePosition {
  return {
    status: state.status,
    turn: state.turn,
    hand: state.hands[state.turn.seat]!,
    table: state.table,
    playerCount: state.players.length,
    areas: areasPerSeat(state.players.length),
    index: deckIndex(state.deck),
  };
}

/**
 * The position of a state, or of a view whose seat is to play (or of any seat once the round or
 * game is over); for a view of another seat during play, the error that says so.
 */
export function positionOfSource(source: MoveSource): MovePosition | IllegalMoveError {
  if (source.format !== 'dnup-view') return positionOf(source);
  const view: SeatView = source;
  // At a round's end the only move, nextRound, belongs to no seat: any seat may deal (rules §8).
  if (view.seat !== view.turn.seat && view.status === 'playing') {
    return new IllegalMoveError(
      'NOT_YOUR_TURN',
      `It is seat ${view.turn.seat}'s turn, not seat ${view.seat}'s: a view lists and judges only the moves of its own seat (rules §4).`,
      '§4',
      { seat: view.seat, turnSeat: view.turn.seat },
    );
  }
  const n = view.players.length;
  return {
    status: view.status,
    turn: view.turn,
    hand: view.hand,
    table: view.table,
    playerCount: n,
    areas: areasPerSeat(n),
    index: deckIndex(view.deck),
  };
}

/** The error that forbids `move` in position `p`, or undefined when it is legal. */
function moveError(p: MovePosition, move: unknown): IllegalMoveError | undefined {
  const own = ownMove(move);
  return own instanceof IllegalMoveError ? own : ruleError(p, own);
}

/**
 * The position to judge moves from, for any input: a trusted state or view, or a checked copy;
 * an `INVALID_STATE` or `NOT_YOUR_TURN` error otherwise. Never throws.
 */
export function judgedPosition(source: unknown): MovePosition | IllegalMoveError {
  try {
    return positionOfSource(trustedSource(source));
  } catch (e) {
    const error = codedError(e);
    return new IllegalMoveError(
      'INVALID_STATE',
      `The position given cannot be judged: ${error.message}`,
      isPositionError(error) ? (error.problems[0]?.rule ?? '§8') : '§8',
    );
  }
}

/** The rule that forbids a well-formed `m` in position `p`, or undefined when it is legal. */
export function ruleError(p: MovePosition, m: Move): IllegalMoveError | undefined {
  if (p.status === 'gameOver')
    return new IllegalMoveError('GAME_OVER', 'The game is over: no move can be played (rules §6).');
  if (p.status === 'roundOver') {
    return m.type === 'nextRound'
      ? undefined
      : new IllegalMoveError('ROUND_OVER', 'The round is over: the only move is to deal the next round (rules §8).');
  }
  switch (m.type) {
    case 'play':
      return playError(p, m);
    case 'add':
      return addError(p, m);
    case 'take':
      return takeError(p, m);
    case 'rotate':
      return undefined;
    case 'nextRound':
      return new IllegalMoveError('ROUND_NOT_OVER', 'The next round is dealt only once this round is over (rules §8).');
  }
}

/**
 * Judges a move without playing it or throwing.
 *
 * @param source - a full state, or the player view of the seat to play (a view of another seat
 *   gets `NOT_YOUR_TURN`).
 * @param move - anything: a malformed value gets `MALFORMED_MOVE`.
 * @returns `{ ok: true }`, or `{ ok: false, code, message, rule }` with the same code `apply` would
 *   throw; `INVALID_STATE` when `source` is not a state or view the rules can reach (see
 *   `loadState`). Never throws, whatever it is given.
 *
 * @example
 * ```ts
 * const verdict = checkMove(state, { type: 'take', target: { seat: 0, area: 0 } });
 * if (!verdict.ok) console.log(verdict.code, verdict.message);
 * ```
 */
export function checkMove(source: MoveSource, move: unknown): MoveCheck {
  const p = judgedPosition(source);
  let error: IllegalMoveError | undefined;
  try {
    error = p instanceof IllegalMoveError ? p : moveError(p, move);
  } catch (e) {
    const coded = codedError(e);
    error = new IllegalMoveError('INVALID_STATE', coded.message, '§8');
  }
  return error
    ? { ok: false, code: error.code, message: error.message, rule: error.rule, params: error.params }
    : { ok: true };
}

/** True when `move` is legal in `source` (a state, or the view of the seat to play). Never throws. */
export function isLegalMove(source: MoveSource, move: unknown): boolean {
  return checkMove(source, move).ok;
}
