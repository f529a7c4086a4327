/**
 * The events of a move, handed out without a copy: the library keeps none of its own.
 *
 * `legalMoves` and `apply` never read a state's events; only the functions that compare a state
 * with the library's copy (own-copy.ts) do. So `apply` hands out the events the move made (on
 * `apply`'s drafts an event's lists are its own: draft.ts `eventIds`), and
 * keeps the state the move was played from instead: when a comparison first needs the events, it
 * plays the same move on that state again (the rules are deterministic) and keeps the result.
 * A copy of every event at every move cost about a tenth of a move's instructions (callgrind).
 */
import { deckIndex } from './cards.js';
import { finishDraft, startDraft } from './draft.js';
import type { GameEvent } from './events.js';
import type { Move, NextRoundMove } from './moves.js';
import { playAction } from './play-action.js';
import type { GameState } from './state.js';

/** The events of a state whose events the library does not keep (see {@link eventsAgain}). */
export const NOT_KEPT: readonly GameEvent[] = Object.freeze([]);

/**
 * The events of `state`, made from `before` by its last move (an action of rules §5, never
 * `nextRound`), made again: the same move on the same state makes the same events.
 */
export function eventsAgain(before: GameState, state: GameState): readonly GameEvent[] {
  const move = state.lastMove as Exclude<Move, NextRoundMove>;
  const d = startDraft(before, deckIndex(before.deck));
  playAction(d, move);
  return finishDraft(d, move).events;
}
