/**
 * Judging a seat's move (session.ts) and the moves each seat is sent (views.ts): the same
 * verdicts, sentences and moves as the library gives from that seat's own view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, checkMove, createGame, legalMoves, playerView, type GameState, type Move } from 'dnup';
import { judgeMove } from '../src/session.js';
import { movesOf } from '../src/views.js';

/** A game after `steps` moves picked by `pick` (an index into the legal moves each time). */
function gameAfter(players: number, seed: number, steps: number, pick: (n: number) => number): GameState {
  let game = createGame(players, seed);
  for (let i = 0; i < steps && game.status !== 'gameOver'; i++) {
    const moves = legalMoves(game);
    game = apply(game, moves[pick(moves.length)]!);
  }
  return game;
}

/** Moves worth judging in `game`: every legal one, and others that break each kind of rule. */
function candidates(game: GameState): unknown[] {
  const hand = game.hands[game.turn.seat]!.map((c) => c.id);
  const other = game.hands[(game.turn.seat + 1) % game.players.length]!.map((c) => c.id);
  const set = game.table[0];
  return [
    ...legalMoves(game),
    { type: 'rotate' },
    { type: 'nextRound' },
    { type: 'play', cards: hand.slice(0, 3) },
    { type: 'play', cards: [hand[0], hand[0]] },
    { type: 'play', cards: other.slice(0, 1) },
    { type: 'play', cards: [] },
    { type: 'add', card: hand[0], target: { seat: 0, area: 0 } },
    { type: 'add', card: hand.at(-1), target: set ? { seat: set.seat, area: set.area } : { seat: 9, area: 9 } },
    { type: 'take', target: set ? { seat: set.seat, area: set.area } : { seat: 0, area: 1 } },
    { type: 'take', target: { seat: -1, area: 0 } },
    { type: 'fly' },
    { type: 'play', cards: 'all' },
    null,
    42,
    'rotate',
  ];
}

/** The verdict as the library gives it from the seat's own view, then the state after the move. */
function fromView(game: GameState, seat: number, move: unknown) {
  const verdict = checkMove(playerView(game, seat), move);
  if (!verdict.ok) return { ok: false, code: verdict.code, message: verdict.message, rule: verdict.rule };
  return { ok: true, next: apply(game, move as Move) };
}

describe('judging a seat’s move', () => {
  it('gives every seat the verdict, sentence and next state of its own view’s check', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(10_000),
        fc.nat(400),
        fc.infiniteStream(fc.nat()),
        (players, seed, steps, picks) => {
          const it = picks[Symbol.iterator]();
          const game = gameAfter(players, seed, steps, (n) => it.next().value % n);
          for (let seat = 0; seat < players; seat++) {
            for (const move of candidates(game)) {
              const judged = judgeMove(game, true, seat, move as Move, game.moveCount);
              const expected = fromView(game, seat, move);
              // a state the library made: legalMoves and playerView are the same from either copy
              if (judged.ok) {
                expect(expected.ok).toBe(true);
                expect(judged.next).toEqual(expected.next);
                expect(legalMoves(judged.next)).toEqual(legalMoves(expected.next!));
              } else expect({ ok: false, ...judged.refusal }).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lists for each seat the moves of its own view', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(10_000), fc.nat(600), (players, seed, steps) => {
        const game = gameAfter(players, seed, steps, (n) => (seed + steps) % n);
        for (let seat = 0; seat < players; seat++) {
          const view = playerView(game, seat);
          const expected = view.status === 'roundOver' || view.turn.seat === seat ? legalMoves(view) : [];
          expect(movesOf(game, seat)).toEqual(view.status === 'gameOver' ? [] : expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});
