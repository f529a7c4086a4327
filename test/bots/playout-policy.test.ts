/**
 * The learned playout policy: the greedy heuristic's features of each move, which
 * the greedy weights turn back into the heuristic's own scores exactly; the policy's choice is a
 * best move under its weights, a move that goes out is always taken, and the fitted weights are
 * finite numbers, one per feature.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled } from '../helpers/scale.js';
import { apply, createGame, legalMoves, seededRandom, type GameState } from '../../src/index.js';
import { pickGreedy, scoresOf } from '../../src/bots/greedy-bot.js';
import { GOING_OUT_SCORE } from '../../src/bots/greedy-facts.js';
import { outlookOfTrusted } from '../../src/bots/outlook.js';
import { GREEDY_WEIGHTS, MOVE_FEATURES, moveFeatures } from '../../src/bots/policy-features.js';
import { PLAYOUT_WEIGHTS, pickByWeights, policyScores, sampleByWeights } from '../../src/bots/playout-policy.js';

/** A position `steps` moves into a game of `players` (moves picked by `pick`), still in a round. */
function position(players: number, seed: number, steps: number): GameState | undefined {
  let state = createGame(players, `policy ${seed}`);
  for (let i = 0; i < steps && state.status !== 'gameOver'; i++) {
    const moves = legalMoves(state);
    state = apply(state, moves[(seed + i * 7) % moves.length]!);
  }
  return state.status === 'playing' ? state : undefined;
}

describe('learned playout policy', () => {
  it('has features that give back the greedy score under the greedy weights, move by move', () => {
    expect(GREEDY_WEIGHTS).toHaveLength(MOVE_FEATURES);
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 80 }), (players, seed, steps) => {
        const state = position(players, seed, steps);
        if (state === undefined) return;
        const moves = legalMoves(state);
        const o = outlookOfTrusted(state);
        const scores = scoresOf(o, moves);
        const f = new Float64Array(moves.length * MOVE_FEATURES);
        moveFeatures(o, moves, f);
        for (let i = 0; i < moves.length; i++) {
          let z = 0;
          for (let k = 0; k < MOVE_FEATURES - 1; k++) z += GREEDY_WEIGHTS[k]! * f[i * MOVE_FEATURES + k]!;
          const goesOut = f[i * MOVE_FEATURES + MOVE_FEATURES - 1] === 1;
          expect(goesOut).toBe(scores[i] === GOING_OUT_SCORE);
          if (!goesOut) expect(z).toBeCloseTo(scores[i]!, 9);
          checked++;
        }
      }),
      { numRuns: scaled(300) },
    );
    expect(checked).toBeGreaterThan(0);
  });

  it("marks the heuristic's best move and the moves past montecarlo's six, as a stable sort of the greedy scores places them", () => {
    let past = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 80 }), (players, seed, steps) => {
        const state = position(players, seed, steps);
        if (state === undefined) return;
        const moves = legalMoves(state);
        const f = new Float64Array(moves.length * MOVE_FEATURES);
        moveFeatures(outlookOfTrusted(state), moves, f);
        const score = (i: number): number => {
          if (f[i * MOVE_FEATURES + MOVE_FEATURES - 1] === 1) return GOING_OUT_SCORE;
          let z = 0;
          for (let k = 0; k < 16; k++) z += GREEDY_WEIGHTS[k]! * f[i * MOVE_FEATURES + k]!;
          return Math.min(z, GOING_OUT_SCORE - 1);
        };
        const order = moves.map((_, i) => i).sort((a, b) => score(b) - score(a) || a - b);
        order.forEach((i, place) => {
          expect(f[i * MOVE_FEATURES + 16]).toBe(place === 0 ? 1 : 0);
          expect(f[i * MOVE_FEATURES + 17]).toBe(place >= 6 ? 1 : 0);
          if (place >= 6) past++;
        });
        // unplaced: the same features but the two of the place, left 0
        const g = new Float64Array(moves.length * MOVE_FEATURES);
        moveFeatures(outlookOfTrusted(state), moves, g, false);
        for (let k = 0; k < f.length; k++)
          expect(g[k]).toBe(k % MOVE_FEATURES === 16 || k % MOVE_FEATURES === 17 ? 0 : f[k]);
      }),
      { numRuns: scaled(300) },
    );
    expect(past).toBeGreaterThan(0);
  });

  it('scores each move exactly as the dot product of its features with the weights, without writing the features out', () => {
    // the fast scorer must be the policy the weights were fitted for: equal to the last bit
    let compared = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(),
        fc.integer({ min: 0, max: 80 }),
        fc.oneof(
          fc.constantFrom(...([3, 4, 5] as const).map((n) => PLAYOUT_WEIGHTS[n])),
          fc.array(fc.oneof(fc.constant(0), fc.double({ min: -8, max: 8, noNaN: true })), {
            minLength: MOVE_FEATURES - 1,
            maxLength: MOVE_FEATURES - 1,
          }),
        ),
        (players, seed, steps, weights) => {
          const state = position(players, seed, steps);
          if (state === undefined) return;
          const moves = legalMoves(state);
          const o = outlookOfTrusted(state);
          const placed = weights[16] !== 0 || weights[17] !== 0;
          const f = new Float64Array(moves.length * MOVE_FEATURES);
          moveFeatures(o, moves, f, placed);
          const scores = new Float64Array(moves.length).fill(NaN);
          policyScores(o, moves, weights, scores);
          for (let i = 0; i < moves.length; i++) {
            let z = 0;
            for (let k = 0; k < MOVE_FEATURES - 1; k++) z += weights[k]! * f[i * MOVE_FEATURES + k]!;
            expect(scores[i]).toBe(f[i * MOVE_FEATURES + MOVE_FEATURES - 1] === 1 ? Infinity : z);
            compared++;
          }
        },
      ),
      { numRuns: scaled(600) },
    );
    expect(compared).toBeGreaterThan(0);
  });

  it('counts the moves that go out in the greedy order, where more than six moves leave a place past the searched few', () => {
    // rare in random positions: looked for in greedy games, at their rounds' ends
    const rng = seededRandom('policy places');
    const weights = [...PLAYOUT_WEIGHTS[5]];
    const onlyPast = weights.map((_, k) => (k === 17 ? 1 : 0));
    let found = 0;
    for (let g = 0; g < 600 && found < 8; g++) {
      let state = createGame(2 + (g % 4), `policy places ${g}`);
      for (let k = 0; k < 2000 && state.status !== 'gameOver'; k++) {
        const moves = legalMoves(state);
        if (state.status !== 'playing') {
          state = apply(state, moves[0]!);
          continue;
        }
        const o = outlookOfTrusted(state);
        const greedy = scoresOf(o, moves);
        if (moves.length > 6 && greedy.includes(GOING_OUT_SCORE) && greedy.some((z) => z !== GOING_OUT_SCORE)) {
          found++;
          const f = new Float64Array(moves.length * MOVE_FEATURES);
          moveFeatures(o, moves, f);
          for (const w of [weights, onlyPast]) {
            const scores = new Float64Array(moves.length);
            policyScores(o, moves, w, scores);
            for (let i = 0; i < moves.length; i++) {
              let z = 0;
              for (let j = 0; j < MOVE_FEATURES - 1; j++) z += w[j]! * f[i * MOVE_FEATURES + j]!;
              expect(scores[i]).toBe(greedy[i] === GOING_OUT_SCORE ? Infinity : z);
            }
          }
        }
        state = apply(state, pickGreedy(o, moves, rng));
      }
    }
    expect(found).toBeGreaterThanOrEqual(8);
  });

  it('picks a move of the highest score under its weights, and always a move that goes out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 80 }), (players, seed, steps) => {
        const state = position(players, seed, steps);
        if (state === undefined) return;
        const moves = legalMoves(state);
        const o = outlookOfTrusted(state);
        const weights = PLAYOUT_WEIGHTS[players as 3 | 4 | 5];
        const scores = new Float64Array(moves.length);
        policyScores(o, moves, weights, scores);
        const move = pickByWeights(o, moves, weights, seededRandom(seed));
        const i = moves.indexOf(move);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(scores[i]).toBe(Math.max(...scores));
        const greedy = scoresOf(o, moves);
        if (greedy.includes(GOING_OUT_SCORE)) expect(greedy[i]).toBe(GOING_OUT_SCORE);
      }),
      { numRuns: scaled(300) },
    );
  });

  it('draws each move with its softmax chance at the temperature, and always a move that goes out', () => {
    let drawn = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.nat(),
        fc.integer({ min: 0, max: 80 }),
        fc.constantFrom(0.5, 1, 2),
        (players, seed, steps, temperature) => {
          const state = position(players, seed, steps);
          if (state === undefined) return;
          const moves = legalMoves(state);
          if (moves.length < 2) return;
          const o = outlookOfTrusted(state);
          const weights = PLAYOUT_WEIGHTS[players as 3 | 4 | 5];
          const greedy = scoresOf(o, moves);
          if (greedy.includes(GOING_OUT_SCORE)) {
            const move = sampleByWeights(o, moves, weights, temperature, seededRandom(seed));
            expect(greedy[moves.indexOf(move)]).toBe(GOING_OUT_SCORE);
            return;
          }
          // an even grid of draws in [0, 1): each move is drawn about its chance times the grid's size
          const scores = new Float64Array(moves.length);
          policyScores(o, moves, weights, scores);
          const top = Math.max(...scores);
          const w = Array.from(scores, (x) => Math.exp((x - top) / temperature));
          const sum = w.reduce((a, b) => a + b, 0);
          const grid = 2000;
          const counts = new Array<number>(moves.length).fill(0);
          for (let j = 0; j < grid; j++) {
            let calls = 0;
            const move = sampleByWeights(o, moves, weights, temperature, () => (calls++ === 0 ? (j + 0.5) / grid : 0));
            expect(calls).toBe(1);
            counts[moves.indexOf(move)]!++;
          }
          counts.forEach((c, i) => expect(Math.abs(c / grid - w[i]! / sum)).toBeLessThanOrEqual(1 / grid + 1e-9));
          drawn++;
        },
      ),
      { numRuns: scaled(100) },
    );
    expect(drawn).toBeGreaterThan(0);
  });

  it('ships finite weights, one per feature but going out, for 3, 4 and 5 players', () => {
    for (const players of [3, 4, 5] as const) {
      expect(PLAYOUT_WEIGHTS[players]).toHaveLength(MOVE_FEATURES - 1);
      expect(PLAYOUT_WEIGHTS[players].every((w) => Number.isFinite(w))).toBe(true);
    }
  });
});
