/**
 * `expert` with a network choosing half of its candidates: which moves race, that it plays as
 * `expert` where the network is not used, that the network's time counts in the budget, and how it
 * refuses bad settings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expertBot, greedyBot, playGame, type Move, type PlayerView } from '../../src/index.js';
import { scoresOf } from '../../src/bots/greedy-bot.js';
import { GOING_OUT_SCORE } from '../../src/bots/greedy-facts.js';
import { outlookOfView } from '../../src/bots/outlook.js';
import { MoveScores } from '../../src/neural/move-scores.js';
import { makeBot } from '../../src/neural/bot-module.js';
import { GUIDED_PLAYER_COUNTS, guidedCandidates, neuralExpertBot } from '../../src/neural/neural-expert-bot.js';
import { neuralNetworks } from '../../src/neural/networks.js';
import { neuralExpertBotFor } from '../../src/neural/load-network.js';
import { customDeck } from '../helpers/custom-decks.js';
import { atTurn } from '../helpers/turn-positions.js';

const shipped = neuralNetworks();
const scores = new MoveScores(shipped);
const network = (v: PlayerView, m: readonly Move[]): Float64Array => scores.of(v, m);
/** Indices of `moves` from best to worst by `score`, ties by index. */
const ranked = (score: ArrayLike<number>, count: number): number[] =>
  Array.from({ length: count }, (_, i) => i).sort((a, b) => score[b]! - score[a]! || a - b);

describe('guidedCandidates', () => {
  it("races greedy's best half and the network's best of the rest, width in all", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(10_000),
        fc.nat(150),
        fc.integer({ min: 1, max: 12 }),
        (n, seed, depth, width) => {
          const { view, moves } = atTurn(n, seed, depth);
          const picked = guidedCandidates(view, moves, width, network);
          expect(picked).toEqual([...picked].sort((a, b) => a - b)); // in the moves' order, each once
          expect(new Set(picked).size).toBe(picked.length);
          if (moves.length <= width) return void expect(picked).toEqual(moves.map((_, i) => i));
          const greedy = scoresOf(outlookOfView(view), moves);
          const byGreedy = ranked(greedy, moves.length);
          if (greedy[byGreedy[0]!]! >= GOING_OUT_SCORE) return void expect(picked).toEqual([byGreedy[0]]);
          expect(picked).toHaveLength(width);
          const own = byGreedy.slice(0, width - Math.floor(width / 2));
          for (const i of own) expect(picked).toContain(i);
          // the others are the network's best among the moves greedy did not pick
          const byNet = ranked(network(view, moves), moves.length).filter((i) => !own.includes(i));
          expect([...picked].filter((i) => !own.includes(i)).sort((a, b) => a - b)).toEqual(
            byNet.slice(0, Math.floor(width / 2)).sort((a, b) => a - b),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('neuralExpertBot', () => {
  it('uses the shipped networks where they were measured to pay: 3 players', () => {
    expect(GUIDED_PLAYER_COUNTS).toEqual([3]);
    expect(Object.isFrozen(GUIDED_PLAYER_COUNTS)).toBe(true);
  });

  it('plays as expert at the other player counts, move for move', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 5), fc.nat(10_000), fc.nat(150), (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const options = { seed: `e/${seed}`, iterations: 40 };
        expect(neuralExpertBot(options).chooseMove(view, moves)).toEqual(expertBot(options).chooseMove(view, moves));
      }),
      { numRuns: 12 },
    );
  });

  it('at 3 players, plays one of the guided candidates, the same for a seed; given networks, at any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.nat(10_000), fc.nat(150), (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const options = { seed: `g/${seed}`, iterations: 40, ...(n === 3 ? {} : { networks: shipped }) };
        const chosen = neuralExpertBot(options).chooseMove(view, moves) as Move;
        const picked = guidedCandidates(view, moves, 8, network).map((i) => moves[i]);
        expect(picked).toContainEqual(chosen);
        expect(neuralExpertBot(options).chooseMove(view, moves)).toEqual(chosen);
      }),
      { numRuns: 12 },
    );
  });

  it("counts the network's time in the budget: expert's search starts when this bot did", () => {
    // a clock read first by this bot at 0, then at 1,000 ms: the budget (100 ms) is spent before the search
    let reads = 0;
    const now = (): number => (reads++ === 0 ? 0 : 1000);
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(150), (seed, depth) => {
        const { view, moves } = atTurn(3, seed, depth);
        reads = 0;
        const bot = neuralExpertBot({ seed, timeMs: 100, iterations: 3000, now });
        expect(moves).toContainEqual(bot.chooseMove(view, moves));
        // a search that saw its whole budget left would read the clock at each of its 3,000 playouts
        expect(reads).toBeLessThan(100);
      }),
      { numRuns: 8 },
    );
  });

  it('plays whole games against expert, named as given', async () => {
    const result = await playGame(
      [neuralExpertBot({ iterations: 20, seed: 1, name: 'guided' }), expertBot({ iterations: 20 }), greedyBot(3)],
      { seed: 11 },
    );
    expect(result.state.status).toBe('gameOver');
    expect(neuralExpertBot({ name: 'guided' }).name).toBe('guided');
    expect(neuralExpertBot().name).toBe('neural-expert');
  });

  it("plays a custom deck's games as expert does, move for move (the networks know the standard deck only)", async () => {
    await fc.assert(
      fc.asyncProperty(customDeck(3), fc.nat(1000), async (deck, seed) => {
        const moves: Move[] = [];
        const guided = neuralExpertBot({ iterations: 10, seed });
        const recorded = {
          name: 'recorded',
          chooseMove: (v: PlayerView, m: readonly Move[]) => {
            const move = guided.chooseMove(v, m) as Move;
            moves.push(move);
            return move;
          },
        };
        const plain = expertBot({ iterations: 10, seed });
        const options = { seed, gameOptions: { deck }, maxMoves: 40 };
        const a = await playGame([recorded, greedyBot(1), greedyBot(2)], options);
        const b = await playGame([plain, greedyBot(1), greedyBot(2)], options);
        expect(a.record.moves).toEqual(b.record.moves);
        // a tiny deck can end the game before the guided seat has a choice: nothing to compare then
        fc.pre(moves.length > 0);
      }),
      { numRuns: 4 },
    );
  });

  it('refuses bad settings with coded errors, reading them once', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return undefined;
    };
    expect(code(() => neuralExpertBot(null as never))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot(3 as never))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot({ name: 4 as never }))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot({ now: 'soon' as never }))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot({ candidates: 0 }))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot({ timeMs: -1 }))).toBe('BAD_BOT_OPTIONS');
    expect(code(() => neuralExpertBot({ networks: [{ players: 3 }] as never }))).toBe('BAD_ARGUMENT');
    expect(code(() => neuralExpertBot({ networks: 'all' as never }))).toBe('BAD_ARGUMENT');
    const unreadable = {
      get players(): never {
        throw new Error('no');
      },
    };
    expect(code(() => neuralExpertBot({ networks: [unreadable as never] }))).toBe('BAD_ARGUMENT');
    const hostile = {
      get seed(): never {
        throw new Error('no');
      },
    };
    expect(code(() => neuralExpertBot(hostile))).toBe('BAD_BOT_OPTIONS');
    let reads = 0;
    const counted = {
      get iterations(): number {
        reads++;
        return 5;
      },
    };
    neuralExpertBot(counted);
    expect(reads).toBe(1);
  });
});

describe('neuralExpertBotFor', () => {
  it('plays as neuralExpertBot at every player count, move for move, with one network at most', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 5 }), fc.nat(10_000), fc.nat(150), async (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const options = { seed: `f/${seed}`, iterations: 40 };
        const bot = await neuralExpertBotFor(n, options);
        expect(bot.name).toBe('neural-expert');
        expect(bot.chooseMove(view, moves)).toEqual(neuralExpertBot(options).chooseMove(view, moves));
      }),
      { numRuns: 16 },
    );
    // 3-player positions where the network's candidates change expert's choice: the network is loaded
    for (const [seed, depth] of [
      [5, 5],
      [8, 5],
      [10, 60],
    ] as const) {
      const { view, moves } = atTurn(3, seed, depth);
      const options = { seed: 'x', iterations: 40 };
      const chosen = (await neuralExpertBotFor(3, options)).chooseMove(view, moves);
      expect(chosen).toEqual(neuralExpertBot(options).chooseMove(view, moves));
      expect(chosen).not.toEqual(expertBot(options).chooseMove(view, moves));
    }
  });

  it('uses the networks given, at any count, and the name given', async () => {
    const { view, moves } = atTurn(4, 9, 30);
    const options = { seed: 'given', iterations: 40, networks: shipped, name: 'mine' };
    const bot = await neuralExpertBotFor(4, options);
    expect(bot.name).toBe('mine');
    expect(bot.chooseMove(view, moves)).toEqual(neuralExpertBot(options).chooseMove(view, moves));
  });

  it('refuses a player count outside 2–5 with BAD_ARGUMENT and bad settings with BAD_BOT_OPTIONS', async () => {
    for (const n of [1, 6, 0, 3.5, Number.NaN, '3', null])
      await expect(neuralExpertBotFor(n as number)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    for (const options of [null, 3, { name: 4 }, { candidates: 0 }, { timeMs: -1 }])
      await expect(neuralExpertBotFor(3, options as never)).rejects.toMatchObject({ code: 'BAD_BOT_OPTIONS' });
  });
});

describe("dnup/neural's bot factory named neural-expert", () => {
  it("makes neuralExpertBot with the arena's seed and budget (playouts as iterations)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(10_000), fc.nat(150), (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const bot = makeBot({ seed: `f/${seed}`, name: 'neural-expert', playouts: 30 });
        expect(bot.name).toBe('neural-expert');
        const reference = neuralExpertBot({ seed: `f/${seed}`, iterations: 30 });
        expect(bot.chooseMove(view, moves)).toEqual(reference.chooseMove(view, moves));
      }),
      { numRuns: 12 },
    );
  });

  it('makes the neural bot under any other name or none, and refuses a bad budget with a code', () => {
    expect(makeBot({ seed: 'a', name: 'neural', playouts: 30 }).name).toBe('neural');
    expect(makeBot({ seed: 'a', name: 'mine' }).name).toBe('neural');
    expect(makeBot().name).toBe('neural');
    const unreadable = {
      get name(): string {
        throw new Error('no');
      },
    };
    expect(makeBot(unreadable).name).toBe('neural');
    expect(() => makeBot({ seed: 'a', name: 'neural-expert', playouts: -3 })).toThrow(
      expect.objectContaining({ code: 'BAD_BOT_OPTIONS' }),
    );
  });
});
