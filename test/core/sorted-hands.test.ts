/**
 * The sorted hands `apply` keeps up to date for `legalMoves` (src/core/sorted-hands.ts):
 * a state's moves must be exactly those listed from its hand sorted afresh. The seat to play's
 * view lists its moves by another path (a fresh sort every call), so the two lists are compared at
 * every step of several games played in turn, whose entries overwrite one another.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, playerView, type GameState } from '../../src/index.js';
import { deckScript, startOf } from '../helpers/custom-decks.js';
import { pick } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

/** Plays the games one move each in turn; at every step compares the state's list with its view's. */
function playInTurn(starts: GameState[], choices: readonly number[]): number {
  const states = starts.slice();
  let compared = 0;
  for (let k = 0; k < choices.length; k++) {
    const g = k % states.length;
    const state = states[g]!;
    const moves = legalMoves(state);
    if (moves.length === 0) continue;
    if (state.status === 'playing') {
      expect(moves).toEqual(legalMoves(playerView(state, state.turn.seat)));
      compared++;
    }
    states[g] = apply(state, pick(moves, choices[k]!));
  }
  return compared;
}

describe('legalMoves from the sorted hands apply keeps', () => {
  it('lists what a fresh sort lists, at every step of standard games played in turn (takes, returns, rotations)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ players: fc.integer({ min: 2, max: 5 }), seed: fc.string({ maxLength: 8 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 600 }),
        (games, choices) => {
          const compared = playInTurn(
            games.map((g) => createGame(g.players, g.seed)),
            choices,
          );
          expect(compared).toBeGreaterThan(0);
        },
      ),
      { numRuns: scaled(40, 10) },
    );
  });

  it('lists what a fresh sort lists with custom decks (ranks and comparison sorts)', () => {
    fc.assert(
      fc.property(deckScript({ players: 3, maxMoves: 200 }), deckScript({ players: 2, maxMoves: 200 }), (a, b) => {
        const choices = a.choices.flatMap((c, i) => [c, b.choices[i] ?? c]);
        playInTurn([startOf(a), startOf(b)], choices);
      }),
      { numRuns: scaled(20, 5) },
    );
  });

  it('a hand changed in place is never read: moves come from the hand the library made, other calls refuse it', () => {
    let state = createGame(2, 'in place');
    const clean = createGame(2, 'in place');
    const moves = legalMoves(state); // the entry of the seat to play is the library's own hand now
    const hand = state.hands[state.turn.seat] as { id: number; active: number }[];
    const other = state.hands[1 - state.turn.seat]!;
    hand[0] = other[0]!; // a card of the other hand, same length
    expect(legalMoves(state)).toEqual(moves);
    // every move replaces the hand of the seat to play: the next state is the clean game's
    for (const move of moves) expect(apply(state, move)).toEqual(apply(clean, move));
    expect(() => playerView(state, state.turn.seat)).toThrow(expect.objectContaining({ code: 'CORRUPT_STATE' }));
    state = createGame(2, 'in place'); // a fresh game is not confused by the old entry
    expect(legalMoves(state)).toEqual(legalMoves(playerView(state, state.turn.seat)));
  });
});
