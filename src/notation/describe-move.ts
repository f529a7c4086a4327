/**
 * One English sentence per move, built from the events the rules core reports (rules §8), so
 * the sentence says what the rules did: what was beaten, how returned cards came back, who went
 * out and what they scored.
 */
import { apply } from '../core/apply.js';
import type { HeldCard } from '../core/cards.js';
import type { GameEvent, SetBeatenEvent } from '../core/events.js';
import type { Move } from '../core/moves.js';
import { ROUNDS_TO_WIN } from '../core/scoring.js';
import type { GameState } from '../core/state.js';
import { withState } from '../core/trust.js';
import { aValue, listWords, setPhrase } from './words.js';

type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

function find<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): EventOf<T> | undefined {
  return events.find((e) => e.type === type) as EventOf<T> | undefined;
}

/** "5, 7 and 9" as the cards now show; a single card reads "a 5". */
function shownAs(cards: readonly HeldCard[]): string {
  return cards.length === 1 ? aValue(cards[0]!.active) : listWords(cards.map((c) => c.active));
}

function ownedSet(state: GameState, owner: number, mover: number, size: number, value: number): string {
  const whose = owner === mover ? 'their own' : `${state.players[owner]}'s`;
  return size === 1 ? `${whose} single ${value}` : `${whose} ${setPhrase(size, value)}`;
}

function beatenClause(state: GameState, e: SetBeatenEvent): string {
  const set = ownedSet(state, e.seat, e.by, e.cards.length, e.value);
  const one = e.cards.length === 1;
  if (e.fate === 'discarded') return `, beating ${set}, which ${one ? 'is' : 'are'} discarded since ${state.players[e.seat]} is out`;
  return `, beating ${set}, which ${one ? 'returns' : 'return'} to ${e.seat === e.by ? 'their' : `${state.players[e.seat]}'s`} hand as ${shownAs(e.returned)}`;
}

function outClause(after: GameState): string {
  const out = find(after.events, 'playerOut');
  if (!out) return '';
  const won = find(after.events, 'gameWon') !== undefined;
  const roundWon = find(after.events, 'roundWon');
  if (roundWon) {
    return `, emptying their hand to win the round (${roundWon.total} of ${ROUNDS_TO_WIN})${won ? ' and the game' : ''}`;
  }
  const tokens = find(after.events, 'tokensGained')!;
  const gain = `${tokens.tokens} token${tokens.tokens === 1 ? '' : 's'} (${tokens.total} in all)`;
  const ending = won ? ' and winning the game' : find(after.events, 'roundEnded') ? ', which ends the round' : '';
  return `, and goes out ${out.place === 1 ? 'first' : 'second'}, gaining ${gain}${ending}`;
}

function actionPhrase(state: GameState, after: GameState): string {
  const who = state.players[state.turn.seat]!;
  for (const e of after.events) {
    switch (e.type) {
      case 'setPlayed':
        return `${who} plays ${setPhrase(e.cards.length, e.value)}`;
      case 'cardAdded':
        return `${who} adds ${aValue(e.value)} to ${ownedSet(state, e.target.seat, e.seat, e.size - 1, e.value)}, making ${setPhrase(e.size, e.value)}`;
      case 'setTaken':
        return `${who} takes ${ownedSet(state, e.from.seat, e.seat, e.cards.length, e.value)}, which ${e.cards.length === 1 ? 'joins' : 'join'} their hand as ${shownAs(e.cards)}`;
      case 'handRotated':
        // the new faces are hidden information: a sentence anyone may read names only the count
        return `${who} rotates their hand of ${e.cards.length} ${e.cards.length === 1 ? 'card' : 'cards'}`;
      case 'roundDealt':
        return `Round ${e.round} is dealt and ${state.players[e.starter]} holds the ★, so they start`;
      default:
        break;
    }
  }
  return `${who} moves`;
}

/**
 * Says what a move does, in one English sentence naming the players: what is played, added or
 * taken, what is beaten and how its cards come back, who goes out and what they score.
 *
 * @param state - the position before the move.
 * @param move - a legal move of that position.
 * @returns e.g. "Ana plays three 6s, beating Ben's three 4s, which return to Ben's hand as 5, 7 and 9."
 * @throws {@link IllegalMoveError} when the move is not legal in `state` (same code as `apply`).
 *
 * @example
 * ```ts
 * describeMove(state, { type: 'take', target: { seat: 1, area: 0 } });
 * // "Cy takes Ben's three 2s, which join their hand as 5, 7 and 9."
 * ```
 */
export function describeMove(state: GameState, move: Move): string {
  return withState(state, (s) => describeIn(s, move));
}

function describeIn(state: GameState, move: Move): string {
  const after = apply(state, move);
  const beaten = find(after.events, 'setBeaten');
  return `${actionPhrase(state, after)}${beaten ? beatenClause(state, beaten) : ''}${outClause(after)}.`;
}
