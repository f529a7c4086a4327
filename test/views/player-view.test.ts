import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  checkMoveOfView,
  createGame,
  determinize,
  isViewError,
  legalMoves,
  legalMovesOfView,
  playerView,
  seededRandom,
  type GameState,
  type PlayerView,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { buildState, set, take, play, rotate } from '../helpers/positions.js';
import { gameScript } from '../helpers/random-games.js';
import { knownStates } from './harness.js';

/** Cards of seat `t`'s hand that are not publicly known. */
function hiddenCards(state: GameState, t: number) {
  return state.hands[t]!.filter((c) => !state.known[t]!.includes(c.id));
}

function checkView(state: GameState, seat: number, view: PlayerView, sampleSeed: number): void {
  const text = JSON.stringify(view);
  expect(JSON.parse(text)).toEqual(view);
  expect(text).not.toMatch(/"seed"|"rng"/);
  expect(view.hand).toEqual(state.hands[seat]);
  // no hidden card of another hand appears with its face anywhere in the view
  for (let t = 0; t < state.players.length; t++) {
    if (t === seat) continue;
    for (const c of hiddenCards(state, t)) expect(text).not.toContain(`{"id":${c.id},"active"`);
    // what is listed as known is true
    for (const c of view.known[t]!) expect(state.hands[t]).toContainEqual(c);
  }
  // the view is a function of public facts only: resampling every hidden card gives the same view
  const sample = determinize(view, seededRandom(sampleSeed));
  expect(playerView(sample, seat)).toEqual(view);
}

describe('player views (rules §8, hidden hands)', () => {
  it('reveal no hidden card, list public cards truly, and survive resampling (2–5 players, property)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 120 }), fc.integer(), (script, sampleSeed) => {
        for (const { state, oracle } of knownStates(script)) {
          deepFreeze(state);
          // the reducer's public record agrees with one followed from the events alone
          expect(state.known).toEqual(oracle);
          for (let seat = 0; seat < state.players.length; seat++) {
            checkView(state, seat, playerView(state, seat), sampleSeed);
          }
        }
      }),
      { numRuns: scaled(25) },
    );
  });

  it('give the same legal moves and verdicts as the full state to the seat to play (rules §5)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 150 }), (script) => {
        for (const { state } of knownStates(script)) {
          const seat = state.turn.seat;
          const view = playerView(state, seat);
          const moves = legalMoves(state);
          expect(legalMovesOfView(view)).toEqual(moves);
          for (const m of moves.slice(0, 5)) expect(checkMoveOfView(view, m)).toEqual(checkMove(state, m));
          const foreign = { type: 'add', card: 0, target: { seat: (seat + 1) % state.players.length, area: 0 } };
          expect(checkMoveOfView(view, foreign)).toEqual(checkMove(state, foreign));
          if (state.status === 'playing') {
            const other = playerView(state, (seat + 1) % state.players.length);
            expect(legalMovesOfView(other)).toEqual([]);
            expect(checkMoveOfView(other, { type: 'rotate' })).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
          } else {
            // rules §8: at a round's end any seat may deal the next round; at game over none may move
            for (let s = 0; s < state.players.length; s++) {
              const v = playerView(state, s);
              expect(legalMovesOfView(v)).toEqual(moves);
              expect(checkMoveOfView(v, { type: 'nextRound' })).toEqual(checkMove(state, { type: 'nextRound' }));
              expect(checkMoveOfView(v, { type: 'rotate' })).toEqual(checkMove(state, { type: 'rotate' }));
            }
          }
        }
      }),
      { numRuns: scaled(30) },
    );
  });

  it('determinize deals the unseen cards at random, keeping sizes and known cards (rules §3)', () => {
    const state = createGame(4, 'resample');
    const view = playerView(state, 0);
    const a = determinize(view, seededRandom(1));
    const b = determinize(view, seededRandom(2));
    expect(a.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
    expect(a.hands[0]).toEqual(state.hands[0]);
    expect(a.hands.slice(1)).not.toEqual(b.hands.slice(1));
    expect(legalMoves(apply(a, legalMoves(a)[0]!)).length).toBeGreaterThan(0);
  });

  it('determinize refuses a view whose hand sizes the unseen cards cannot fill (rules §3)', () => {
    const state = createGame(3, 'tampered');
    const view = playerView(state, 0);
    expect(() => determinize({ ...view, handSizes: [10, 11, 10] }, seededRandom(1))).toThrow(
      expect.objectContaining({ code: 'INCONSISTENT_VIEW' }),
    );
    expect(() => determinize({ ...view, handSizes: [10, 9, 10] }, seededRandom(1))).toThrow(
      expect.objectContaining({ code: 'INCONSISTENT_VIEW' }),
    );
  });
});

describe('public knowledge (rules §5 golden rule)', () => {
  // Ana takes Ben's three 2s (cards 9, 11, 13): they join her hand as a 5, a 7 and a 9 (rules §5 worked example)
  const before = deepFreeze(
    buildState({
      players: 3,
      hands: [
        [
          [3, 1],
          [15, 3],
        ],
        [
          [17, 3],
          [21, 3],
          [23, 4],
        ],
        [
          [4, 6],
          [5, 7],
        ],
      ],
      table: [set(1, 0, 2, [9, 11, 13])],
      turn: { seat: 0, area: 0 },
    }),
  );

  it('a taken set is known in the taker’s hand, rotated, and flips with a hand rotation (§5 C, D)', () => {
    const s1 = apply(before, take(1));
    expect(s1.known).toEqual([[9, 11, 13], [], []]);
    const seen = playerView(s1, 2).known[0];
    expect(seen).toEqual([
      { id: 9, active: 5 },
      { id: 11, active: 7 },
      { id: 13, active: 9 },
    ]);
    // Ben plays, Cy plays, then Ana rotates her whole hand: the known cards flip, publicly
    const s2 = apply(s1, play(17, 21));
    const s3 = apply(s2, play(4));
    const s4 = apply(s3, rotate);
    const view = playerView(s4, 2);
    expect(view.known[0]).toEqual([
      { id: 9, active: 2 },
      { id: 11, active: 2 },
      { id: 13, active: 2 },
    ]);
    const rotated = view.events.find((e) => e.type === 'handRotated');
    expect(rotated).toEqual({ type: 'handRotated', seat: 0, size: 5, cards: null });
    expect(playerView(s4, 0).events.find((e) => e.type === 'handRotated')).toMatchObject({ cards: s4.hands[0] });
    // playing known cards makes them leave the public record
    const s5 = apply(s4, rotate);
    const s6 = apply(s5, rotate);
    const s7 = apply(s6, play(9, 11, 13));
    expect(s7.known[0]).toEqual([]);
    expect(playerView(s7, 1).known[0]).toEqual([]);
  });

  it('a beaten set returned to its owner is known there, rotated (§5 Beaten sets)', () => {
    const s = buildState({
      players: 3,
      hands: [
        [
          [3, 5],
          [30, 5],
        ],
        [[17, 3]],
        [[4, 6]],
      ],
      table: [set(1, 0, 3, [15, 18])],
      turn: { seat: 0, area: 0 },
    });
    const after = apply(s, play(3, 30));
    expect(after.known).toEqual([[], [15, 18], []]);
    expect(playerView(after, 0).known[1]).toEqual([
      { id: 15, active: 4 },
      { id: 18, active: 7 },
    ]);
  });

  it('a new deal forgets everything, and a bad seat is refused with a code (§3)', () => {
    const s1 = apply(before, take(1));
    try {
      playerView(s1, 3);
      expect.unreachable();
    } catch (e) {
      expect(isViewError(e)).toBe(true);
      expect(e).toMatchObject({ code: 'NO_SUCH_SEAT' });
    }
    // round 2: Cy went out first; Ana goes out second and ends the round while Ben's 3 is known
    const ending = buildState({
      players: 3,
      hands: [
        [[13, 9]],
        [
          [15, 3],
          [17, 3],
        ],
        [],
      ],
      known: [[], [15], []],
      turn: { seat: 0, area: 0 },
      out: [2],
      scores: [2, 1, 2],
    });
    const over = apply(ending, play(13));
    expect(over.status).toBe('roundOver');
    expect(over.known).toEqual([[], [15], []]);
    const dealt = apply(over, { type: 'nextRound' });
    expect(dealt.known).toEqual([[], [], []]);
    expect(playerView(dealt, 1).known).toEqual([[], [], []]);
  });
});
