/** The reducer: one legal move in, the next state out; the input is never changed. */
import { playAction } from './play-action.js';
import { positionOfSource, ruleError } from './check-move.js';
import { deckIndex } from './cards.js';
import { finishDraft, startDraft, type Draft } from './draft.js';
import { ownMove, type Move } from './moves.js';
import { freshPlayCount, isInterned } from './interned-moves.js';
import { keepListed, wasListed } from './listed-moves.js';
import { movesFrom, movesOf } from './legal-moves.js';
import { codedError, isIssued, issueApplied, ownCopyOf, trustedSource, trustedState } from './trust.js';
import type { GameState } from './state.js';
import type { MoveSource } from './position.js';
import { IllegalMoveError } from './errors.js';
import { dealNextRound } from './setup.js';

/**
 * Plays one move and returns the next state, whose `events` say what happened. Validates the
 * move first: nothing is ever applied unchecked.
 *
 * @param state - a state the library made, or one from outside (a JSON copy…), which is then
 *   checked in full first (use `loadState` once to skip that on later calls).
 * @throws {@link IllegalMoveError} with a `code` from {@link MoveErrorCode} when the move is
 * malformed or illegal; {@link PositionError} when `state` is not a reachable state (a player
 * view gets `NOT_A_STATE`). `state` is left untouched.
 *
 * States are read-only. A state the library made is played from the library's own copy of it,
 * which no caller can reach: changed in place, it still plays the game as it was made (the next
 * state shares the changed parts the move did not replace), and every function that reads its
 * data (`playerView`, `checkMove`, `validatePosition`…) refuses it with `CORRUPT_STATE`.
 *
 * @example
 * ```ts
 * const next = apply(state, { type: 'rotate' });
 * next.events; // [{ type: 'handRotated', ... }, { type: 'turnStarted', ... }]
 * ```
 */
export function apply(state: GameState, move: Move): GameState {
  // played from the library's own copy: what a caller did to the object it holds changes nothing
  const was = ownCopyOf(isIssued(state) ? state : trustedState(state));
  if (wasListed(was, move)) {
    // listed from this very copy: legal by construction, frozen and shared (listed-moves.ts)
    try {
      return issueApplied(playOnDraft(startDraft(was.state, deckIndex(was.state.deck)), move), was);
    } catch (e) {
      throw codedError(e);
    }
  }
  const own = ownMove(move); // read once: the caller's object can change nothing afterwards
  if (own instanceof IllegalMoveError) throw own;
  freezeMove(own); // it becomes the next state's lastMove, which the caller may hold
  try {
    return issueApplied(applyTrusted(was.state, own), was);
  } catch (e) {
    throw codedError(e);
  }
}

/** Freezes a move the library copied from a caller's (its shared moves are frozen when made). */
function freezeMove(move: Move): void {
  if (isInterned(move as unknown)) return;
  if (move.type === 'play') Object.freeze(move.cards);
  else if (move.type === 'add' || move.type === 'take') Object.freeze(move.target);
  Object.freeze(move);
}

/**
 * {@link apply} for a state the library made and a move it owns (internal: bots and replay,
 * which already hold both). Judges the move; does not mark the result as issued.
 */
export function applyTrusted(state: GameState, own: Move): GameState {
  const d = startDraft(state, deckIndex(state.deck));
  const error = ruleError(d, own);
  if (error) throw error;
  return playOnDraft(d, own);
}

/** Plays `move`, judged legal on the draft `d`, and returns the next state. */
function playOnDraft(d: Draft, move: Move): GameState {
  const state = d.base;
  if (move.type === 'nextRound') return dealNextRound(state, state.scores, state.moveCount, move);
  playAction(d, move);
  return finishDraft(d, move);
}

/**
 * Every legal move of the seat to play, in the canonical order documented in the rules reference (docs/rules.md):
 * plays (by value, size, then card ids), adds (by target, then card), takes (by target), rotate.
 * Empty exactly when the game is over; `[{ type: 'nextRound' }]` when a round is over.
 *
 * A value held k times yields 2^k − 1 plays; see `legalMoveGroups` for a compact form, and
 * `iterateLegalMoves` to go through them one at a time.
 *
 * The moves are frozen objects shared between calls (a custom deck's plays past card id 127 are
 * fresh ones): keep them and hand them to `apply`, which plays them without a copy, but never
 * change them. The list itself is new at every call.
 *
 * @param source - a full state, or the player view of the seat to play: both give the same
 *   moves. A view of a seat that is not to play has none (at a round's end every seat's view
 *   lists `nextRound`). Objects the library did not make are checked first.
 * @throws {@link PositionError} when `source` is not a state or view the rules can reach;
 *   `CORRUPT_VIEW` when a view the library made was changed in place since. (A state the library
 *   made is listed from its own copy, as `apply` plays it.)
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when the position has more than 1,000,000 legal
 *   moves (only custom decks get there: 20 cards of one value in one hand).
 * @example
 * ```ts
 * const moves = legalMoves(state);
 * const next = apply(state, moves[0]!);
 * ```
 */
export function legalMoves(source: MoveSource): Move[] {
  if (isIssued(source)) {
    // a state the library handed out: listed from its own copy (see apply), the list kept there
    const own = ownCopyOf(source);
    try {
      const fresh = freshPlayCount();
      const moves = legalMovesTrusted(own.state);
      keepListed(own, moves, freshPlayCount() === fresh);
      return moves;
    } catch (e) {
      throw codedError(e);
    }
  }
  const trusted = trustedSource(source);
  try {
    if (trusted.format !== 'dnup-view') return legalMovesTrusted(trusted);
    const p = positionOfSource(trusted);
    return p instanceof IllegalMoveError ? [] : movesOf(p);
  } catch (e) {
    throw codedError(e);
  }
}

/** {@link legalMoves} of a full state the library made or checked (internal: search loops). */
export function legalMovesTrusted(state: GameState): Move[] {
  return movesFrom(
    state.status,
    state.turn.seat,
    state.hands[state.turn.seat]!,
    state.table,
    deckIndex(state.deck),
    true,
  );
}
