/**
 * One action of rules §5 played on a draft, then going out settled or the turn passed (rules §6,
 * §7): the one dispatch shared by `apply` and the search fast path, so they cannot drift apart.
 */
import type { Draft } from './draft.js';
import type { Move, NextRoundMove } from './moves.js';
import { settleGoingOut } from './scoring.js';
import { passTurn } from './turn-order.js';
import { playSet } from './actions/play-set.js';
import { addCard } from './actions/add-card.js';
import { takeSet } from './actions/take-set.js';
import { rotateHand } from './actions/rotate-hand.js';

/** Plays `move`, already judged legal on `d`, and moves the draft on to the next turn (or round end). */
export function playAction(d: Draft, move: Exclude<Move, NextRoundMove>): void {
  switch (move.type) {
    case 'play':
      playSet(d, move.cards);
      break;
    case 'add':
      addCard(d, move);
      break;
    case 'take':
      takeSet(d, move);
      break;
    case 'rotate':
      rotateHand(d);
      break;
  }
  endAction(d);
}

/** After an action (rules §5): going out settled, or the turn passed (rules §6, §7). */
export function endAction(d: Draft): void {
  if (!settleGoingOut(d)) passTurn(d);
}
