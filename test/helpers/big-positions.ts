/**
 * Big custom-deck positions for the regression tests of hostile input (rules §2 allows any deck of up to
 * 65,536 cards): a two-player deck of `n` cards where seat 0 holds the first half, all showing
 * one value (2^(n/2) − 1 plays) or two cards per value, and seat 1 the rest, each card with its
 * own value. Seat 0 is to play, in area 1.
 */
import { fromPosition, type DeckDefinition, type GameState, type PositionDescription } from '../../src/index.js';

export type HandShape = 'one' | 'pairs';

export function bigDeck(n: number, shape: HandShape): DeckDefinition {
  const half = n / 2;
  const cards = [];
  for (let id = 0; id < n; id++) {
    const faces: [number, number] =
      id < half ? [shape === 'one' ? 1 : 1 + Math.floor(id / 2), 1_000_000 + id] : [10 + id, 2_000_000 + id];
    cards.push(id === 0 ? { id, faces, minPlayers: 2, star: true } : { id, faces, minPlayers: 2 });
  }
  return { name: `${shape} ${n}`, cards };
}

export function bigDescription(n: number, shape: HandShape): PositionDescription {
  const deck = bigDeck(n, shape);
  const half = n / 2;
  return {
    players: 2,
    deck,
    hands: [
      deck.cards.slice(0, half).map((c) => ({ id: c.id, active: c.faces[0] })),
      deck.cards.slice(half).map((c) => ({ id: c.id, active: c.faces[0] })),
    ],
    turn: { seat: 0, area: 1 },
  };
}

export function bigState(n: number, shape: HandShape): GameState {
  return fromPosition(bigDescription(n, shape));
}
