/**
 * The events of a move, handed out without a copy: the library keeps none of its own.
 *
 * `legalMoves` and `apply` never read a state's events; only the functions that compare a state
 * with the library's copy (own-copy.ts) do. So `apply` hands out the events the move made, once
 * the lists they share with the library's copy (a set's cards, a rotated hand) are copied, and
 * keeps the state the move was played from instead: when a comparison first needs the events, it
 * plays the same move on that state again (the rules are deterministic) and keeps the result.
 * A copy of every event at every move cost a tenth of a move (callgrind).
 */
import { deckIndex, type CardId, type HeldCard } from './cards.js';
import { finishDraft, startDraft } from './draft.js';
import type { GameEvent } from './events.js';
import type { Move, NextRoundMove } from './moves.js';
import { playAction } from './play-action.js';
import type { GameState } from './state.js';

/** The events of a state whose events the library does not keep (see {@link eventsAgain}). */
export const NOT_KEPT: readonly GameEvent[] = Object.freeze([]);

/** A copy of a list of card ids: a loop, not `slice`, whose builtin call costs more at these lengths. */
export function copyIds(a: readonly CardId[]): CardId[] {
  const out = new Array<CardId>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  return out;
}

/** {@link copyIds} for lists of cards held: a function of its own, one array kind per load. */
export function copyCards(a: readonly HeldCard[]): HeldCard[] {
  const out = new Array<HeldCard>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  return out;
}

/** An event's list, written once before it is handed out. */
type Unshared = { cards: readonly unknown[] };

/**
 * The events `apply` just made (never seen by anyone yet), made fit to hand out: each list an
 * event shares with the state it was made with is replaced by a copy. The rules share a set's
 * cards (setPlayed, setDiscarded, setBeaten: the set on the table or the one before) and the
 * rotated hand (handRotated); every other list or place in an event is made for it alone.
 */
export function handedOutEvents(events: readonly GameEvent[]): readonly GameEvent[] {
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'setPlayed':
      case 'setDiscarded':
      case 'setBeaten':
        (e as unknown as Unshared).cards = copyIds(e.cards);
        break;
      case 'handRotated':
        (e as unknown as Unshared).cards = copyCards(e.cards);
        break;
    }
  }
  return events;
}

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
