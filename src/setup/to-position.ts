/** From a state back to the plain description it can be set up from (the inverse of `fromPosition`). */
import { STANDARD_DECK, type DeckDefinition, type GameState } from '../core/index.js';
import { readInput, type PlainValue, withState } from '../core/internal.js';
import type { PositionDescription } from './position-description.js';

/** A plain copy of a deck the library owns (its cards frozen, never handed out). */
function deckData(deck: DeckDefinition): DeckDefinition {
  const cards = deck.cards.map((c) => ({
    id: c.id,
    faces: [c.faces[0], c.faces[1]] as [number, number],
    minPlayers: c.minPlayers,
    ...(c.star === undefined ? {} : { star: c.star }),
  }));
  return deck.name === undefined ? { cards } : { name: deck.name, cards };
}

/** A fresh copy of plain data the library made (events and moves hold only numbers, strings and arrays). */
function copy(x: unknown): PlainValue {
  const read = readInput(x);
  return read.ok ? read.value : null;
}

/** {@link toPosition} of a state the library made or checked (internal). */
function descriptionOf(s: GameState): PositionDescription {
  return {
    players: s.players.slice(),
    hands: s.hands.map((h) => h.map((c) => ({ id: c.id, active: c.active }))),
    known: s.known.map((k) => k.slice()),
    table: s.table.map((t) => ({ seat: t.seat, area: t.area, value: t.value, cards: t.cards.slice() })),
    turn: { seat: s.turn.seat, area: s.turn.area, number: s.turn.number },
    out: s.out.slice(),
    scores: s.scores.slice(),
    round: s.round,
    status: s.status,
    starter: s.starter,
    ...(s.deck === STANDARD_DECK ? {} : { deck: deckData(s.deck) }),
    seed: s.seed,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    moveCount: s.moveCount,
    ...(s.lastMove === null ? {} : { lastMove: copy(s.lastMove) as unknown as GameState['lastMove'] }),
    ...(s.events.length === 0 ? {} : { events: copy(s.events) as unknown as GameState['events'] }),
  };
}

/**
 * The description a state is set up from: plain JSON data, a fresh copy, holding only what
 * `fromPosition` needs (the discard pile, the winner and the scoring mode follow from the rest;
 * the deck is left out when it is the standard one). `fromPosition(toPosition(state))` equals
 * `state`, its history (`lastMove`, `events`) and the random stream of the next deals included.
 *
 * @param state - a state (one from outside is checked first).
 * @returns a {@link PositionDescription}; edit it and set it up again to explore a variation.
 * @throws {@link PositionError} for a state from outside that breaks a rule.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createGame, fromPosition, toPosition } from 'dnup';
 * const state = createGame(['Ana', 'Ben', 'Cy'], 7);
 * assert.deepEqual(fromPosition(toPosition(state)), state);
 * ```
 */
export function toPosition(state: GameState): PositionDescription {
  return withState(state, descriptionOf);
}
