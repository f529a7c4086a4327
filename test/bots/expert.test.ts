/**
 * The expert bot: legal moves through whole games at 2–5 players, its player view
 * only, determinism per seed at an iteration budget, its time budget (injected clock), its
 * settings, and the learned judgement of cut playouts (probabilities that add up, values in
 * [0, 1], the rules' token arithmetic). No strength test: a seeded match small enough for the
 * suite would say little about its strength, which bench/strength.ts measures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled } from '../helpers/scale.js';
import {
  apply,
  botByName,
  BOT_NAMES,
  createGame,
  determinize,
  expertBot,
  isBotError,
  legalMoves,
  playerView,
  playGame,
  seededRandom,
  type Bot,
  type GameState,
  type Move,
} from '../../src/index.js';
import { Playout } from '../../src/search/playout.js';
import { expertValue, expertValues } from '../../src/bots/expert-value.js';
import { treeKey } from '../../src/bots/expert-search.js';
import { CUT_WEIGHTS, FEATURES, cutFeatures, seatFeatures } from '../../src/bots/expert-model.js';

/** A mid-game state of `players` players where the seat to play has several moves. */
function midGame(players: number, seed: string, steps: number): GameState {
  let state = createGame(players, seed);
  for (let i = 0; i < steps && state.status === 'playing'; i++) {
    const moves = legalMoves(state);
    state = apply(state, moves[(i * 7) % moves.length]!);
  }
  return state.status === 'playing' ? state : createGame(players, seed);
}

/** A bot that checks every move it is handed and every move it answers. */
function checked(inner: Bot, seen: { moves: number; illegal: number; leaks: number }): Bot {
  return {
    name: inner.name,
    chooseMove: async (view, moves) => {
      const text = JSON.stringify(view);
      if (text.includes('"seed"') || text.includes('"rng"') || 'hands' in view) seen.leaks++;
      const move = (await inner.chooseMove(view, moves)) as Move;
      seen.moves++;
      if (!legalMoves(view).some((m) => JSON.stringify(m) === JSON.stringify(move))) seen.illegal++;
      return move;
    },
  };
}

describe('expert: whole games', () => {
  it('is a built-in bot by name', () => {
    expect(BOT_NAMES).toContain('expert');
    expect(botByName('expert', { playouts: 10, seed: 1 }).name).toBe('expert');
  });

  it.each([2, 3, 4, 5])(
    'plays only legal moves through whole games at %i players, seeing no hidden card',
    async (players) => {
      const seen = { moves: 0, illegal: 0, leaks: 0 };
      const bots = Array.from({ length: players }, (_, s) =>
        s % 2 === 0 ? checked(expertBot({ iterations: 12, seed: s }), seen) : botByName('greedy', { seed: s }),
      );
      const { state } = await playGame(bots, { seed: `expert games ${players}` });
      expect(state.status).toBe('gameOver');
      expect(seen.moves).toBeGreaterThan(10);
      expect(seen.illegal).toBe(0);
      expect(seen.leaks).toBe(0);
    },
  );
});

describe('expert: hidden information and determinism', () => {
  it('answers the same for any state behind its view', () => {
    for (const players of [2, 3, 5]) {
      const state = midGame(players, `hidden ${players}`, 14);
      const seat = state.turn.seat;
      const view = playerView(state, seat);
      const other = determinize(view, seededRandom('other hands'));
      expect(other.hands).not.toEqual(state.hands);
      expect(playerView(other, seat)).toEqual(view);
      const choose = (s: GameState) =>
        expertBot({ iterations: 60, seed: 'same' }).chooseMove(playerView(s, seat), legalMoves(s));
      expect(choose(other), `${players} players`).toEqual(choose(state));
    }
  });

  it("with policyTemperature draws its playouts from the policy: legal moves, the same for a seed, not always the best-move playouts' choice", async () => {
    let differ = 0;
    for (let k = 0; k < 6; k++) {
      const state = midGame(5, `temperature ${k}`, 6 + 3 * k);
      const view = playerView(state, state.turn.seat);
      const moves = legalMoves(view);
      const sampled = (seed: string) =>
        expertBot({ iterations: 80, seed, noise: 0, policyTemperature: 1 }).chooseMove(view, moves) as Move;
      const move = sampled('t');
      expect(moves).toContainEqual(move);
      expect(sampled('t')).toEqual(move);
      if (
        JSON.stringify(move) !==
        JSON.stringify(expertBot({ iterations: 80, seed: 't', noise: 0, policyTemperature: 0 }).chooseMove(view, moves))
      )
        differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('draws its playouts from the policy by default at 5 players only (temperature 1, no noise), as measured stronger there', async () => {
    for (const players of [4, 5]) {
      const drawn = { noise: 0, policyTemperature: 1 };
      const best = { noise: 0.1, policyTemperature: 0 };
      let fromDrawn = 0;
      let fromBest = 0;
      for (let k = 0; k < 6; k++) {
        const state = midGame(players, `default ${players} ${k}`, 6 + 3 * k);
        const view = playerView(state, state.turn.seat);
        const moves = legalMoves(view);
        const choose = (o: object) =>
          JSON.stringify(expertBot({ iterations: 80, seed: `d${k}`, ...o }).chooseMove(view, moves));
        const move = choose({});
        expect(move, `${players} players, position ${k}`).toBe(choose(players === 5 ? drawn : best));
        if (move !== choose(drawn)) fromDrawn++;
        if (move !== choose(best)) fromBest++;
      }
      // the two ways do choose differently here, so the equalities above tell them apart
      expect(players === 5 ? fromBest : fromDrawn, `${players} players`).toBeGreaterThan(0);
    }
  });

  it('replays identically for the same seed with a budget in iterations', async () => {
    for (const players of [2, 3, 5]) {
      const game = () =>
        playGame(
          [
            expertBot({ iterations: 16, seed: 'a' }),
            ...Array.from({ length: players - 1 }, () => botByName('greedy', { seed: 'b' })),
          ],
          { seed: 7 },
        );
      expect((await game()).record, `${players} players`).toEqual((await game()).record);
    }
  });
});

describe('expert: budgets and settings', () => {
  it('with 3–5 players stops within 10% of its time budget and uses most of it (injected clock)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0.001, max: 0.02, noNaN: true }),
        fc.nat(),
        (players, budget, share, salt) => {
          const state = midGame(players, `budget ${salt}`, 10);
          const view = playerView(state, state.turn.seat);
          const moves = legalMoves(view);
          // each read of the clock after the first advances it by one playout's cost
          const costs = seededRandom(salt);
          let t = 1000;
          let reads = 0;
          const now = () => {
            if (reads++ > 0) t += budget * share * (0.5 + costs());
            return t;
          };
          const move = expertBot({ timeMs: budget, seed: salt, now }).chooseMove(view, moves) as Move;
          expect(moves).toContainEqual(move);
          const spent = t - 1000;
          expect(spent).toBeLessThanOrEqual(budget * 1.1 + 1e-6);
          if (reads > 1) expect(spent).toBeGreaterThanOrEqual(budget * 0.7);
        },
      ),
      { numRuns: scaled(30) },
    );
  });

  it('refuses bad settings with BAD_BOT_OPTIONS', () => {
    for (const bad of [
      { timeMs: 0 },
      { timeMs: Number.NaN },
      { iterations: 1.5 },
      { iterations: 0 },
      { candidates: 0 },
      { noise: 2 },
      { playoutCap: 0 },
      { search: 'deep' },
      { search: 1 },
      { playoutPolicy: 'smart' },
      { playoutPolicy: 1 },
      { exploration: -0.1 },
      { exploration: Number.POSITIVE_INFINITY },
      { exploration: '0.2' },
      { policyTemperature: -1 },
      { policyTemperature: Number.NaN },
      { policyTemperature: '1' },
      null,
      3,
    ]) {
      let caught: unknown;
      try {
        expertBot(bad as never);
      } catch (e) {
        caught = e;
      }
      expect(isBotError(caught), JSON.stringify(bad)).toBe(true);
      expect(caught).toMatchObject({ code: 'BAD_BOT_OPTIONS' });
    }
  });
});

describe('expert: the trees below the candidates', () => {
  it('plays only legal moves with either search, the two differ somewhere, and the default is trees at 3 players only', async () => {
    let differ = 0;
    for (const players of [3, 4, 5]) {
      for (let k = 0; k < 4; k++) {
        const state = midGame(players, `search ${players} ${k}`, 6 + 3 * k);
        const view = playerView(state, state.turn.seat);
        const moves = legalMoves(view);
        const tree = expertBot({ iterations: 300, seed: k, search: 'tree' }).chooseMove(view, moves) as Move;
        const race = expertBot({ iterations: 300, seed: k, search: 'race' }).chooseMove(view, moves) as Move;
        const byDefault = expertBot({ iterations: 300, seed: k }).chooseMove(view, moves) as Move;
        expect(moves).toContainEqual(tree);
        expect(moves).toContainEqual(race);
        // the default: trees with 3 players, the race alone with 4 and 5 (as measured)
        expect(byDefault, `${players} players`).toEqual(players === 3 ? tree : race);
        if (JSON.stringify(tree) !== JSON.stringify(race)) differ++;
      }
    }
    const seen = { moves: 0, illegal: 0, leaks: 0 };
    const { state } = await playGame(
      [
        checked(expertBot({ iterations: 40, seed: 1, search: 'race' }), seen),
        botByName('greedy'),
        botByName('greedy', { seed: 2 }),
      ],
      { seed: 'race game' },
    );
    expect(state.status).toBe('gameOver');
    expect(seen.illegal).toBe(0);
    expect(differ).toBeGreaterThan(0);
  });

  it('plays out its playouts with the learned policy by default at 4 and 5 players only, and the policy changes moves', () => {
    let differ = 0;
    for (const players of [3, 4, 5]) {
      for (let k = 0; k < 4; k++) {
        const state = midGame(players, `policy ${players} ${k}`, 5 + 4 * k);
        const view = playerView(state, state.turn.seat);
        const moves = legalMoves(view);
        const byDefault = expertBot({ iterations: 400, seed: k }).chooseMove(view, moves) as Move;
        const learned = expertBot({
          iterations: 400,
          seed: k,
          playoutPolicy: 'learned',
          playoutCap: 400,
          search: players === 3 ? 'tree' : 'race',
        }).chooseMove(view, moves) as Move;
        const greedy = expertBot({
          iterations: 400,
          seed: k,
          playoutPolicy: 'greedy',
          playoutCap: players === 3 ? 9 : 400,
        }).chooseMove(view, moves) as Move;
        expect(moves).toContainEqual(learned);
        expect(moves).toContainEqual(greedy);
        expect(byDefault, `${players} players`).toEqual(players === 3 ? greedy : learned);
        if (players > 3 && JSON.stringify(learned) !== JSON.stringify(greedy)) differ++;
      }
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('tells its own moves apart by card, a rival’s by what the seat sees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 40 }), (players, seed, steps) => {
        const p = new Playout(midGame(players, `keys ${seed}`, steps), { events: false });
        if (p.status !== 'playing') return;
        const mover = p.turn.seat;
        const rival = (mover + 1) % players;
        const moves = p.legalMoves();
        const hand = p.hand(mover);
        const value = (id: number) => hand.find((c) => c.id === id)!.active;
        const own = new Set(moves.map((m) => treeKey(p, m, mover)));
        expect(own.size).toBe(moves.length); // the seat's own moves: one key each
        for (const a of moves) {
          for (const b of moves) {
            const same = treeKey(p, a, rival) === treeKey(p, b, rival);
            // a rival sees a play's value and size, an add's and a take's target, a rotation
            const shown = (m: Move) =>
              m.type === 'play'
                ? `play ${value(m.cards[0]!)} ${m.cards.length}`
                : m.type === 'add' || m.type === 'take'
                  ? `${m.type} ${m.target.seat} ${m.target.area}`
                  : m.type;
            expect(same).toBe(shown(a) === shown(b));
          }
        }
      }),
      { numRuns: scaled(100) },
    );
  });
});

/** A playout of `steps` random moves from a new game. */
function randomPlayout(players: number, seed: number, steps: number): Playout {
  const p = new Playout(createGame(players, seed), { events: false });
  const random = seededRandom(seed);
  for (let i = 0; i < steps && p.status !== 'gameOver'; i++) {
    const moves = p.legalMoves();
    p.play(moves[Math.floor(random() * moves.length)]!);
  }
  return p;
}

describe('expert: the judgement of a cut playout', () => {
  it('values every seat at once as it values each seat alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 60 }), (players, seed, steps) => {
        const p = randomPlayout(players, seed, steps);
        const all = new Float64Array(5).fill(9);
        expertValues(p, all);
        for (let s = 0; s < players; s++) expect(all[s]).toBeCloseTo(expertValue(p, s), 12);
      }),
      { numRuns: scaled(200) },
    );
  });

  it('values every cut position of a 3–5 player game in [0, 1], and the seats’ values add up to 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.nat(), fc.integer({ min: 0, max: 60 }), (players, seed, steps) => {
        const p = randomPlayout(players, seed, steps);
        let sum = 0;
        for (let s = 0; s < players; s++) {
          const v = expertValue(p, s);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1 + 1e-12);
          sum += v;
        }
        expect(sum).toBeCloseTo(1, 9);
      }),
      { numRuns: scaled(200) },
    );
  });

  it('reads a hand’s features: cards, distinct values, values held twice and three times, one or two values left, high cards, lone low cards, values it could play now', () => {
    const hand = [7, 7, 7, 9, 2, 2, 3].map((active, id) => ({ id, active }));
    const f = new Float64Array(FEATURES + 2);
    // on the table: a single 8 and a pair of 5s; the 9 beats the 8, the two 7s beat the 5s
    // (and three 7s need beat nothing); 2s and the 3 cannot go as a single, the two 2s not as a pair
    const beat = [0, 8, 5];
    seatFeatures(hand, 2, 3, f, 1, beat);
    expect(Array.from(f)).toEqual([0, 7, 4, 2, 1, 0, 0, 1, 1, 2, 3, 2, 0]);
    seatFeatures(hand.slice(0, 3), 0, 0, f, 0);
    expect(Array.from(f.subarray(0, FEATURES))).toEqual([3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    for (const n of [3, 4, 5] as const) expect(CUT_WEIGHTS[n]).toHaveLength(FEATURES);
  });

  it('lists the seats still in the round in turn order from the seat to move', () => {
    const state = createGame(4, 'order');
    const p = new Playout(state, { events: false });
    const seats = new Array<number>(5);
    const rows = new Float64Array(5 * FEATURES);
    expect(cutFeatures(p, seats, rows)).toBe(4);
    expect(seats.slice(0, 4)).toEqual([0, 1, 2, 3].map((k) => (state.turn.seat + k) % 4));
    for (let i = 0; i < 4; i++) expect(rows[i * FEATURES + 8]).toBe(i); // turns until it moves
  });
});
