/** The reducer: one legal move in, the next state out; the input is never changed. */
import { checkMove, positionOfSource, ruleError } from './check-move.js';
import { deckIndex } from './cards.js';
import { finishDraft, startDraft } from './draft.js';
import { copyMove, moveShapeError, type Move } from './moves.js';
import { movesFrom, movesOf } from './legal-moves.js';
import { isInterned } from './interned-moves.js';
import type { GameState } from './state.js';
import type { MoveSource } from './position.js';
import { IllegalMoveError } from './errors.js';
import { settleGoingOut } from './scoring.js';
import { passTurn } from './turn-order.js';
import { dealNextRound } from './setup.js';
import { playSet } from './actions/play-set.js';
import { addCard } from './actions/add-card.js';
import { takeSet } from './actions/take-set.js';
import { rotateHand } from './actions/rotate-hand.js';

/**
 * Plays one move and returns the next state, whose `events` say what happened. Validates the
 * move first: nothing is ever applied unchecked.
 *
 * @throws {@link IllegalMoveError} with a `code` from {@link MoveErrorCode} when the move is
 * malformed or illegal; `state` is left untouched.
 *
 * @example
 * ```ts
 * const next = apply(state, { type: 'rotate' });
 * next.events; // [{ type: 'handRotated', ... }, { type: 'turnStarted', ... }]
 * ```
 */
export function apply(state: GameState, move: Move): GameState {
  const d = startDraft(state, deckIndex(state.deck));
  let own: Move;
  if (isInterned(move)) {
    own = move; // one of legalMoves' own frozen objects: sound shape, nothing to copy
  } else {
    const shape = moveShapeError(move);
    if (shape) throw shape;
    // judge and play a private copy: the caller's object can change nothing afterwards
    own = copyMove(move);
  }
  const error = ruleError(d, own);
  if (error) throw error;
  if (own.type === 'nextRound') return dealNextRound(state, own);
  switch (own.type) {
    case 'play':
      playSet(d, own);
      break;
    case 'add':
      addCard(d, own);
      break;
    case 'take':
      takeSet(d, own);
      break;
    case 'rotate':
      rotateHand(d);
      break;
  }
  if (!settleGoingOut(d)) passTurn(d);
  return finishDraft(d, own);
}

/**
 * Every legal move of the seat to play, in the canonical order documented in the rules reference (docs/rules.md):
 * plays (by value, size, then card ids), adds (by target, then card), takes (by target), rotate.
 * Empty exactly when the game is over; `[{ type: 'nextRound' }]` when a round is over.
 *
 * A value held k times yields 2^k − 1 plays; see `legalMoveGroups` for a compact form.
 *
 * @param source - a full state, or the player view of the seat to play: both give the same
 *   moves. A view of a seat that is not to play has none.
 * @example
 * ```ts
 * const moves = legalMoves(state);
 * const next = apply(state, moves[0]!);
 * ```
 */
export function legalMoves(source: MoveSource): Move[] {
  if (source.format !== 'dnup-view') return movesFrom(source.status, source.turn.seat, source.hands[source.turn.seat]!, source.table);
  const p = positionOfSource(source);
  return p instanceof IllegalMoveError ? [] : movesOf(p);
}

export { checkMove };
