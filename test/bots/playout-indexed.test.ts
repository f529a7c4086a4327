/**
 * The fast path's moves by index (Playout.legalMoveCount / legalMoveAt / playLegalMoveAt): the
 * canonical list of legalMoves read at any index without being built, and played without being
 * judged again. Checked against legalMoves and apply on random games (standard and custom decks),
 * at every index of every position.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import { apply, createGame, isArgumentError, legalMoves, Playout, type GameState, type Move } from '../../src/index.js';
import { bigState } from '../helpers/big-positions.js';
import { deckScript, startOf } from '../helpers/custom-decks.js';
import { gameScript, pick } from '../helpers/random-games.js';

function same<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected)
    throw new Error(`moves by index and legalMoves disagree on ${what}:\n${String(actual)}\n${String(expected)}`);
}

/** Plays `choices` from `start` both ways, checking the count, every index and every state. */
function bothWays(start: GameState, choices: readonly number[], events: boolean): void {
  let state = start;
  const p = new Playout(start, { events });
  for (const choice of choices) {
    const moves = legalMoves(state);
    same(p.legalMoveCount(), moves.length, 'the number of moves');
    for (let i = 0; i < moves.length; i++)
      same(JSON.stringify(p.legalMoveAt(i)), JSON.stringify(moves[i]), `move ${i} of ${moves.length}`);
    if (moves.length === 0) break;
    const move = pick(moves, choice);
    state = apply(state, move);
    p.playLegalMoveAt(moves.indexOf(move));
    same(p.moveCount, state.moveCount, 'move count');
    if (events) same(JSON.stringify(p.toState()), JSON.stringify(state), 'state');
    else same(JSON.stringify({ ...p.toState(), events: state.events }), JSON.stringify(state), 'state');
  }
}

/** Random games of the first property: 600 at FUZZ_SCALE 1. */
const GAMES = scaled(600);

describe('Playout moves by index agree with legalMoves at every index, and with apply move for move', () => {
  it('on random games of 2 to 5 players, with and without events', () => {
    let games = 0;
    fc.assert(
      fc.property(gameScript({ maxMoves: 300 }), fc.boolean(), (script, events) => {
        bothWays(createGame(script.players, script.seed), script.choices, events);
        games++;
      }),
      { numRuns: GAMES },
    );
    expect(games).toBe(GAMES);
  });

  it('on random custom decks (runs of many cards of one value: plays of every size, rules §5 A)', () => {
    for (const players of [2, 3, 5]) {
      fc.assert(
        fc.property(deckScript({ players, maxMoves: 120, maxHandSize: 12 }), (script) =>
          bothWays(startOf(script), script.choices, true),
        ),
        { numRuns: scaled(80) },
      );
    }
  });

  it('lists all 2^k − 1 plays of k cards of one value in lexicographic order (k = 12)', () => {
    const state = bigState(24, 'one');
    const moves = legalMoves(state);
    const p = new Playout(state);
    expect(p.legalMoveCount()).toBe(moves.length);
    expect(moves.length).toBe(2 ** 12 - 1 + 1);
    for (let i = 0; i < moves.length; i++)
      same(JSON.stringify(p.legalMoveAt(i)), JSON.stringify(moves[i]), `move ${i}`);
  });

  it('refuses past MAX_LISTED_MOVES as legalMoves does, and at 2^19 − 1 plays counts them', () => {
    const huge = new Playout(bigState(80, 'one'));
    let error: unknown;
    try {
      huge.legalMoveCount();
    } catch (e) {
      error = e;
    }
    expect(isArgumentError(error) && error.code).toBe('BAD_ARGUMENT');
    expect((error as Error).message).toMatch(/more than 1,000,000 legal moves/);
    const big = new Playout(bigState(38, 'one'));
    expect(big.legalMoveCount()).toBe(2 ** 19 - 1 + 1);
    expect(big.legalMoveAt(2 ** 19 - 2)).toEqual({ type: 'play', cards: Array.from({ length: 19 }, (_, i) => i) });
  });

  it('a round over has one move (nextRound), a game over none', () => {
    const p = new Playout(createGame(2, 'ends'), { events: false });
    let sawRoundOver = false;
    while (p.status !== 'gameOver') {
      if (p.status === 'roundOver') {
        sawRoundOver = true;
        expect(p.legalMoveCount()).toBe(1);
        expect(p.legalMoveAt(0)).toEqual({ type: 'nextRound' });
      }
      p.playLegalMoveAt(0);
    }
    expect(sawRoundOver).toBe(true);
    expect(p.legalMoveCount()).toBe(0);
    expect(() => p.playLegalMoveAt(0)).toThrow(/game is over/);
  });

  it('refuses an index that is not one of the moves with BAD_ARGUMENT, and changes nothing', () => {
    const p = new Playout(createGame(3, 'bad index'));
    const count = p.legalMoveCount();
    const before = JSON.stringify(p.toState());
    for (const bad of [-1, count, 1.5, NaN, Infinity, '0', null, undefined, 2 ** 53] as unknown[]) {
      for (const call of [() => p.legalMoveAt(bad as number), () => p.playLegalMoveAt(bad as number)]) {
        let error: unknown;
        try {
          call();
        } catch (e) {
          error = e;
        }
        expect(isArgumentError(error) && error.code, String(bad)).toBe('BAD_ARGUMENT');
        expect((error as Error).message).toMatch(new RegExp(`from 0 to ${count - 1}`));
      }
    }
    expect(JSON.stringify(p.toState())).toBe(before);
  });

  it('two playouts used in turn each get their own moves (the index is rebuilt for whichever asks)', () => {
    const a = new Playout(createGame(4, 'a'), { events: false });
    const b = new Playout(createGame(4, 'b'), { events: false });
    for (let i = 0; i < 200 && a.status !== 'gameOver' && b.status !== 'gameOver'; i++) {
      const ca = a.legalMoveCount();
      const cb = b.legalMoveCount();
      const ma: Move = a.legalMoveAt(i % ca);
      expect(ma).toEqual(a.legalMoves()[i % ca]);
      expect(b.legalMoveAt(i % cb)).toEqual(b.legalMoves()[i % cb]);
      a.playLegalMoveAt(i % ca);
      b.play(b.legalMoves()[i % cb]!); // a move played by object also moves the index on
      expect(b.legalMoveCount()).toBe(b.legalMoves().length);
    }
  });
});
