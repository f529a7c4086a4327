/**
 * The ismcts bot: its time budget (with an injected clock, so a loaded machine cannot make the
 * test flaky), that it sees only its player view, determinism per seed, and its strength on a
 * seeded match (deterministic: budgets in iterations).
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  botByName,
  createGame,
  determinize,
  ismctsBot,
  isBotError,
  legalMoves,
  playerView,
  playGame,
  seededRandom,
  type Bot,
  type GameState,
} from '../../src/index.js';
import { runArena } from '../../src/arena.js';

/** A mid-game state of `players` players where the seat to play has several moves. */
function midGame(players: number, seed: string, steps: number): GameState {
  let state = createGame(players, seed);
  for (let i = 0; i < steps && state.status === 'playing'; i++) {
    const moves = legalMoves(state);
    state = apply(state, moves[(i * 7) % moves.length]!);
  }
  return state.status === 'playing' ? state : createGame(players, seed);
}

describe('ismcts: the time budget', () => {
  it('stops within 10% of its budget whatever each iteration costs, and uses most of it (injected clock)', () => {
    const state = midGame(3, 'budget', 12);
    const view = playerView(state, state.turn.seat);
    const moves = legalMoves(view);
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0.002, max: 0.1, noNaN: true }),
        fc.nat(),
        (budget, share, salt) => {
          // time passes only while the bot iterates: it reads the clock at its start, then before
          // and after each iteration (reads 2k and 2k + 1), so each read after an iteration
          // advances the clock by that iteration's cost, up to 1.5 × share of the budget
          const costs = seededRandom(salt);
          let t = 1000;
          let reads = 0;
          const now = () => {
            reads++;
            if (reads >= 3 && reads % 2 === 1) t += budget * share * (0.5 + costs());
            return t;
          };
          const bot = ismctsBot({ timeMs: budget, seed: salt, now, playoutCap: 8, root: 'ucb' });
          const start = t;
          const move = bot.chooseMove(view, moves) as ReturnType<Bot['chooseMove']>;
          expect(moves).toContainEqual(move);
          const spent = t - start;
          expect(spent).toBeLessThanOrEqual(budget * 1.1 + 1e-6);
          expect(spent).toBeGreaterThanOrEqual(budget * 0.75); // it aims at 95% of the budget
        },
      ),
      { numRuns: scaled(40) },
    );
  });

  it('stops at its iteration count when it has no time budget', () => {
    const state = midGame(2, 'count', 6);
    const view = playerView(state, state.turn.seat);
    let reads = 0;
    const bot = ismctsBot({ iterations: 25, seed: 1, now: () => ++reads });
    bot.chooseMove(view, legalMoves(view));
    expect(reads).toBe(1 + 2 * 25); // the start, then two reads per iteration
  });

  it('with 3–5 players (sequential halving) stops within 10% of its budget and uses most of it (injected clock)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0.001, max: 0.02, noNaN: true }),
        fc.nat(),
        (players, budget, share, salt) => {
          const state = midGame(players, `halving ${salt}`, 10);
          const view = playerView(state, state.turn.seat);
          const moves = legalMoves(view);
          // the bot reads the clock at its start and after each playout: each read after the
          // first advances the clock by that playout's cost, up to 1.5 × share of the budget (a
          // playout costs about 1% of a 10 ms budget; a round plays up to 8 of them)
          const costs = seededRandom(salt);
          let t = 1000;
          let reads = 0;
          const now = () => {
            if (reads++ > 0) t += budget * share * (0.5 + costs());
            return t;
          };
          const start = t;
          const move = ismctsBot({ timeMs: budget, seed: salt, now }).chooseMove(view, moves) as ReturnType<
            Bot['chooseMove']
          >;
          expect(moves).toContainEqual(move);
          const spent = t - start;
          expect(spent).toBeLessThanOrEqual(budget * 1.1 + 1e-6);
          if (reads > 1) expect(spent).toBeGreaterThanOrEqual(budget * 0.7); // it searched (not a forced or winning move): most of the budget (it aims at 95%)
        },
      ),
      { numRuns: scaled(40) },
    );
  });

  it('with 3–5 players counts its iterations in playouts, one clock read each when timed', () => {
    const state = midGame(4, 'count', 6);
    const view = playerView(state, state.turn.seat);
    let reads = 0;
    // a clock that never runs out: the iterations end the race
    const bot = ismctsBot({ iterations: 40, timeMs: 1e9, seed: 1, now: () => ++reads });
    bot.chooseMove(view, legalMoves(view));
    expect(reads).toBeGreaterThan(1 + 20);
    expect(reads).toBeLessThanOrEqual(1 + 40);
    // with iterations alone the clock cannot end the race, and is not read during it
    let untimed = 0;
    ismctsBot({ iterations: 40, seed: 1, now: () => ++untimed }).chooseMove(view, legalMoves(view));
    expect(untimed).toBeLessThanOrEqual(1);
  });

  it('refuses bad settings with BAD_BOT_OPTIONS', () => {
    for (const bad of [
      { timeMs: 0 },
      { timeMs: Number.NaN },
      { iterations: 1.5 },
      { candidates: 0 },
      { noise: 2 },
      { exploration: -1 },
      { playoutCap: 0 },
      { root: 'deep' as 'ucb' },
    ]) {
      let caught: unknown;
      try {
        ismctsBot(bad);
      } catch (e) {
        caught = e;
      }
      expect(isBotError(caught), JSON.stringify(bad)).toBe(true);
      expect(caught).toMatchObject({ code: 'BAD_BOT_OPTIONS' });
    }
  });
});

describe('ismcts: hidden information', () => {
  it('gets only its player view, and answers the same for any state behind that view', () => {
    const state = midGame(4, 'hidden', 20);
    const seat = state.turn.seat;
    const view = playerView(state, seat);
    // another full state the seat cannot tell apart from the real one: other hands dealt anew
    const other = determinize(view, seededRandom('other hands'));
    expect(other.hands).not.toEqual(state.hands);
    expect(playerView(other, seat)).toEqual(view);
    for (const root of ['ucb', 'halving'] as const) {
      const choose = (s: GameState) =>
        ismctsBot({ iterations: 60, seed: 'same', root }).chooseMove(playerView(s, seat), legalMoves(s));
      expect(choose(other), root).toEqual(choose(state));
    }
  });

  it('plays whole games seeing no seed, no generator and no other hand', async () => {
    const leaks: string[] = [];
    const spy = (inner: Bot): Bot => ({
      name: inner.name,
      chooseMove: (view, moves) => {
        const text = JSON.stringify(view);
        if (text.includes('"seed"') || text.includes('"rng"') || 'hands' in view) leaks.push('leak');
        return inner.chooseMove(view, moves);
      },
    });
    const { state } = await playGame(
      [spy(ismctsBot({ iterations: 15, seed: 1 })), botByName('greedy'), spy(ismctsBot({ iterations: 15, seed: 2 }))],
      { seed: 'spy' },
    );
    expect(leaks).toEqual([]);
    expect(state.status).toBe('gameOver');
  });
});

describe('ismcts: determinism and strength', () => {
  it('replays identically for the same seed with a budget in iterations', async () => {
    for (const players of [2, 4]) {
      const game = () =>
        playGame(
          [
            ismctsBot({ iterations: 20, seed: 'a' }),
            ...Array.from({ length: players - 1 }, () => botByName('greedy', { seed: 'b' })),
          ],
          { seed: 4 },
        );
      expect((await game()).record).toEqual((await game()).record);
    }
  });

  it('beats greedy in most duels of a seeded match (rules §6: first to two rounds)', async () => {
    // deterministic (budgets in iterations); the true rate is near 90%, far from the bar
    const result = await runArena({
      players: 2,
      games: 16,
      lineup: ['ismcts', 'greedy'],
      seed: 'strength',
      botOptions: { playouts: 80 },
    });
    expect(result.rows.find((r) => r.bot === 'ismcts')!.wins).toBeGreaterThanOrEqual(11);
  });

  it('with 4 players (sequential halving) wins well over its fair share against greedy bots in a seeded match', async () => {
    // deterministic (budgets in playouts); one ismcts seat against three greedy ones, fair share 25%
    const result = await runArena({
      players: 4,
      games: 16,
      lineup: ['ismcts', 'greedy', 'greedy', 'greedy'],
      seed: 'strength',
      botOptions: { playouts: 80 },
    });
    expect(result.rows.find((r) => r.bot === 'ismcts')!.wins).toBeGreaterThanOrEqual(8);
  });
});
