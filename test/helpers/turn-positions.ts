/** Positions of random games at a seat's turn, for tests of bots (fast-check gives the numbers). */
import fc from 'fast-check';
import { apply, createGame, legalMoves, playerView, seededRandom, type GameState } from '../../src/index.js';

/** A random game of `players` played `moves` moves from seed `seed` (random legal moves, seeded). */
export function randomPosition(players: number, seed: number, moves: number): GameState {
  const rand = seededRandom(`neural-test/${seed}`);
  let s = createGame(players, seed);
  for (let i = 0; i < moves && s.status !== 'gameOver'; i++) {
    const legal = legalMoves(s);
    s = apply(s, legal[Math.floor(rand() * legal.length)]!);
  }
  return s;
}

/** The view and legal moves of the seat to play in {@link randomPosition}'s game (a round's end is skipped by `fc.pre`). */
export function atTurn(players: number, seed: number, depth: number) {
  const s = randomPosition(players, seed, depth);
  fc.pre(s.status === 'playing');
  return { view: playerView(s, s.turn.seat), moves: legalMoves(s) };
}
