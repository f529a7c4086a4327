/**
 * The environments of dnup/encodings on random games: a random agent reaches the end, every answer
 * agrees with the library's own functions (legalMoves, legalActionMask, observe), rewards add up to
 * the final scores, N games stepped together equal N single games, and buffers are written only in
 * their slice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionCount,
  actionIndex,
  createEnvironment,
  createVectorEnvironment,
  legalActionMask,
  observationLayout,
  observationLength,
  observe,
  type Environment,
  type EnvironmentStep,
} from '../../src/encodings.js';
import {
  apply,
  createGame,
  legalMoves,
  playerView,
  randomBot,
  seededRandom,
  type Bot,
  type GameState,
} from '../../src/index.js';
import { scaled } from '../helpers/scale.js';

/** The error a call throws, as name and code. */
function failure(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    const err = e as { name?: string; code?: string };
    return `${err.name} ${err.code}`;
  }
}

/**
 * The action a choice picks: four times in five one that sheds cards (play or add) when there is
 * one, so that random games end; otherwise any legal action.
 */
function pickAction(t: EnvironmentStep, anyChoice: number): number {
  const choice = Math.abs(anyChoice);
  const shedding = t.actions.filter((a) => {
    const m =
      t.state.status === 'playing'
        ? legalMoves(t.state).find((x) => actionIndex(x, t.state.players.length) === a)
        : undefined;
    return m?.type === 'play' || m?.type === 'add';
  });
  if (choice % 5 !== 0 && shedding.length > 0) return shedding[Math.floor(choice / 5) % shedding.length]!;
  return t.actions[choice % t.actions.length]!;
}

/** What an answer must be, read from its state with the library's own functions; the first problem found. */
function answerProblem(t: EnvironmentStep, agentSeats: readonly number[]): string | undefined {
  const s = t.state;
  const n = s.players.length;
  if (t.seat !== s.turn.seat) return `seat ${t.seat}, turn ${s.turn.seat}`;
  if (t.done !== (s.status === 'gameOver' || t.truncated)) return `done ${t.done} at status ${s.status}`;
  if (!t.done && !agentSeats.includes(t.seat)) return `a bot's seat ${t.seat} handed to the agent`;
  const expected = t.done ? new Uint8Array(actionCount(n)) : legalActionMask(s);
  if (t.mask.length !== actionCount(n) || !t.mask.every((x, i) => x === expected[i]))
    return 'mask is not legalActionMask(state)';
  const fromMoves = t.done
    ? []
    : legalMoves(s)
        .map((m) => actionIndex(m, n))
        .sort((a, b) => a - b);
  if (t.actions.join() !== fromMoves.join())
    return `actions ${t.actions.join()} are not legalMoves ${fromMoves.join()}`;
  const x = observe(playerView(s, t.seat));
  if (t.observation.length !== observationLength(n) || !t.observation.every((v, i) => v === x[i]))
    return 'observation is not observe(playerView(state, seat))';
  return undefined;
}

/**
 * Steps `env` from `seed` to the end, the agent's choices drawn from `agentSeed`, checking every
 * answer; the final answer and reward sums.
 */
function playOut(
  env: Environment,
  seed: string,
  agentSeed: number,
): { last: EnvironmentStep; sums: number[]; steps: number } {
  const random = seededRandom(agentSeed);
  let t = env.reset(seed);
  const sums = t.rewards.slice();
  let steps = 0;
  for (;;) {
    const problem = answerProblem(t, env.agentSeats);
    if (problem !== undefined) expect.fail(`step ${steps}: ${problem}`);
    if (t.done) return { last: t, sums, steps };
    t = env.step(pickAction(t, Math.floor(random() * 2 ** 31)));
    t.rewards.forEach((r, i) => (sums[i]! += r));
    steps++;
  }
}

const choices = fc.integer();

describe('the environment', () => {
  it('brings a random agent to the end of the game, every answer agreeing with the library, rewards adding up to the scores', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.string({ maxLength: 8 }), choices, (players, seed, picks) => {
        const env = createEnvironment({ players });
        const { last, sums } = playOut(env, seed, picks);
        expect(last.state.status).toBe('gameOver');
        expect(last.truncated).toBe(false);
        expect(sums).toEqual(last.state.scores);
        expect(last.actions).toEqual([]);
      }),
      { numRuns: scaled(30) },
    );
  }, 120_000);

  it('plays the bots of the other seats inside step, and hands the agent only its own seats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.string({ maxLength: 8 }),
        choices,
        fc.nat(),
        (players, seed, picks, agent) => {
          const seat = agent % players;
          const opponents = Array.from({ length: players }, (_, s) => (s === seat ? null : randomBot(`${seed}/${s}`)));
          const env = createEnvironment({ players, opponents });
          expect(env.agentSeats).toEqual([seat]);
          const { last, sums } = playOut(env, seed, picks);
          expect(last.state.status).toBe('gameOver');
          expect(sums).toEqual(last.state.scores);
        },
      ),
      { numRuns: scaled(30) },
    );
  }, 120_000);

  it('deals the same game for the same seed', () => {
    const a = createEnvironment({ players: 4 }).reset('same');
    const b = createEnvironment({ players: 4 }).reset('same');
    expect(b.state).toEqual(a.state);
    expect(b.state).toEqual(createGame(4, 'same'));
    expect([...b.observation]).toEqual([...a.observation]);
  });

  it('stops a game at maxMoves, truncated', () => {
    const env = createEnvironment({ players: 3, maxMoves: 5 });
    let t = env.reset(1);
    for (let i = 0; i < 5; i++) t = env.step(t.actions[0]!);
    expect(t.done && t.truncated).toBe(true);
    expect(t.state.status).not.toBe('gameOver');
    expect(t.mask.every((x) => x === 0)).toBe(true);
    expect(failure(() => env.step(0))).toBe('IllegalMoveError GAME_OVER');
  });

  it('refuses a bad action with a coded error and plays nothing', () => {
    const env = createEnvironment({ players: 3 });
    expect(failure(() => env.step(0))).toBe('ArgumentError BAD_ARGUMENT'); // before reset
    const t = env.reset('bad');
    const before = t.state;
    for (const a of [-1, 1.5, actionCount(3), Number.NaN, '3' as unknown as number])
      expect(failure(() => env.step(a))).toBe('ArgumentError BAD_ARGUMENT');
    const illegal = t.mask.indexOf(0);
    expect(failure(() => env.step(illegal))).toMatch(/^IllegalMoveError /);
    // nothing was played: the legal actions still step from the same state
    const next = env.step(t.actions[0]!);
    expect(next.state.moveCount).toBe(before.moveCount + 1);
  });

  it('refuses a game that is over, and a bot that answers with a promise', () => {
    const env = createEnvironment({ players: 2 });
    let t = env.reset('over');
    while (!t.done) t = env.step(t.actions[0]!);
    expect(failure(() => env.step(t.actions[0] ?? 0))).toBe('IllegalMoveError GAME_OVER');
    const slow: Bot = { name: 'slow', chooseMove: async (_v, moves) => moves[0]! };
    const withSlow = createEnvironment({ players: 2, opponents: [slow, null] });
    expect(failure(() => withSlow.reset(3))).toBe('ArgumentError BAD_ARGUMENT');
  });

  it('drops a game whose opponent fails, so that no bot seat is left to the agent', () => {
    let calls = 0;
    const flaky: Bot = {
      name: 'flaky',
      chooseMove: (_v, moves) => {
        if (++calls === 3) throw new Error('flaky bot');
        return moves[0]!;
      },
    };
    const env = createEnvironment({ players: 2, opponents: [null, flaky] });
    let t = env.reset('flaky');
    let thrown: unknown;
    try {
      for (let i = 0; i < 10; i++) t = env.step(t.actions[0]!);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as Error).message).toBe('flaky bot');
    expect(failure(() => env.step(0))).toBe('ArgumentError BAD_ARGUMENT');
    expect(env.reset('again').seat).toBe(0);
    const venv = createVectorEnvironment({ games: 2, players: 2, opponents: () => [null, flaky] });
    calls = -10; // fails again after 12 more answers
    venv.reset(['a', 'b']);
    expect(() => {
      for (let i = 0; i < 20; i++) venv.step([venv.legalActions(0)[0]!, venv.legalActions(1)[0]!]);
    }).toThrow('flaky bot');
    expect(failure(() => venv.step([0, 0]))).toBe('ArgumentError BAD_ARGUMENT');
  });
});

describe("the environment's options, round ends and other seats", () => {
  it('refuses bad options', () => {
    const bot = randomBot(1);
    for (const o of [
      { players: 6 },
      { players: 3, opponents: [null, bot] },
      { players: 2, opponents: [bot, bot] },
      { players: 2, opponents: [null, {}] },
      { players: 2, maxMoves: 0 },
      null,
    ])
      expect(failure(() => createEnvironment(o as never))).toBe('ArgumentError BAD_ARGUMENT');
  });

  it('gives nextRound at a round end to the seat to act only', () => {
    const env = createEnvironment({ players: 3 });
    let t = env.reset('rounds');
    while (t.state.status !== 'roundOver') t = env.step(t.actions[0]!);
    expect(t.actions).toEqual([actionCount(3) - 1]);
    expect(t.seat).toBe(t.state.turn.seat);
    for (let seat = 0; seat < 3; seat++) {
      const mask = legalActionMask(playerView(t.state, seat));
      expect(mask.reduce((a, b) => a + b, 0)).toBe(seat === t.seat ? 1 : 0);
    }
  });

  it('observes any seat of the game on demand', () => {
    const env = createEnvironment({ players: 4 });
    expect(failure(() => env.observe(0))).toBe('ArgumentError BAD_ARGUMENT');
    const t = env.reset('seats');
    for (let seat = 0; seat < 4; seat++) expect(env.observe(seat)).toEqual(observe(playerView(t.state, seat)));
    expect(failure(() => env.observe(4))).toBe('ArgumentError BAD_ARGUMENT');
  });
});

describe('the vector environment', () => {
  it('equals N single environments with the same seeds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        choices,
        fc.boolean(),
        (players, games, picks, withBots) => {
          const opponents = (g: number) =>
            Array.from({ length: players }, (_, s) => (s === 0 || !withBots ? null : randomBot(`${g}/${s}`)));
          const venv = createVectorEnvironment({ games, players, opponents });
          const singles = Array.from({ length: games }, (_, g) =>
            createEnvironment({ players, opponents: opponents(g) }),
          );
          const seeds = Array.from({ length: games }, (_, g) => `v${g}`);
          venv.reset(seeds);
          const last = singles.map((e, g) => e.reset(seeds[g]!));
          const L = venv.observationLength;
          const A = venv.actionCount;
          for (let step = 0; step < 400 && venv.dones.some((d) => d === 0); step++) {
            for (let g = 0; g < games; g++) {
              const t = last[g]!;
              expect([...venv.observations.subarray(g * L, (g + 1) * L)]).toEqual([...t.observation]);
              expect([...venv.masks.subarray(g * A, (g + 1) * A)]).toEqual([...t.mask]);
              expect([...venv.rewards.subarray(g * players, (g + 1) * players)]).toEqual(t.rewards);
              expect([venv.seats[g], venv.dones[g] === 1]).toEqual([t.seat, t.done]);
              expect(venv.legalActions(g)).toEqual(t.actions);
              expect(venv.state(g)).toEqual(t.state);
            }
            const actions = last.map((t, g) => (t.done ? -1 : pickAction(t, picks + 7919 * step + g)));
            venv.step(actions);
            last.forEach((t, g) => {
              // a game done before the step is not stepped: its rewards are then 0
              last[g] = t.done ? { ...t, rewards: t.rewards.map(() => 0) } : singles[g]!.step(actions[g]!);
            });
          }
        },
      ),
      { numRuns: scaled(15) },
    );
  }, 120_000);

  it('judges every action before playing any', () => {
    const venv = createVectorEnvironment({ games: 3, players: 2 });
    venv.reset([1, 2, 3]);
    const states = [0, 1, 2].map((g) => venv.state(g));
    const actions = [0, 1, 2].map((g) => venv.legalActions(g)[0]!);
    actions[2] = venv.masks.subarray(2 * venv.actionCount).indexOf(0);
    expect(failure(() => venv.step(actions))).toMatch(/^IllegalMoveError /);
    expect([0, 1, 2].map((g) => venv.state(g))).toEqual(states);
    expect(failure(() => venv.step([0, 1]))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => venv.reset([1]))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => venv.resetGame(3, 1))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => createVectorEnvironment({ games: 0, players: 2 }))).toBe('ArgumentError BAD_ARGUMENT');
  });

  it('leaves a done game as it is until resetGame', () => {
    const venv = createVectorEnvironment({ games: 2, players: 2, maxMoves: 3 });
    venv.reset(['a', 'b']);
    for (let i = 0; i < 3; i++) venv.step([venv.legalActions(0)[0]!, venv.legalActions(1)[0]!]);
    expect([...venv.dones, ...venv.truncations]).toEqual([1, 1, 1, 1]);
    const obs = venv.observations.slice();
    venv.step([12345, -7]); // ignored: both games are done
    expect(venv.observations).toEqual(obs);
    expect([...venv.rewards].every((r) => r === 0)).toBe(true);
    venv.resetGame(1, 'c');
    expect([...venv.dones]).toEqual([1, 0]);
    expect(venv.state(1)).toEqual(createGame(2, 'c'));
  });
});

describe('writing into a buffer', () => {
  it('observe and legalActionMask write exactly their slice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(3), fc.nat(40), (players, slot, before) => {
        let state: GameState = createGame(players, `buf${before}`);
        for (let i = 0; i < before && state.status === 'playing'; i++)
          state = apply(state, legalMoves(state)[i % legalMoves(state).length]!);
        const view = playerView(state, state.turn.seat);
        const L = observationLength(players);
        const A = actionCount(players);
        const obs = new Float32Array(4 * L).fill(-3);
        const masks = new Uint8Array(4 * A).fill(7);
        expect(observe(view, obs, slot * L)).toBe(obs);
        expect(legalActionMask(view, masks, slot * A)).toBe(masks);
        for (let i = 0; i < obs.length; i++) {
          const inside = i >= slot * L && i < (slot + 1) * L;
          if (!inside) expect(obs[i]).toBe(-3);
        }
        expect([...obs.subarray(slot * L, (slot + 1) * L)]).toEqual([...observe(view)]);
        for (let i = 0; i < masks.length; i++) if (i < slot * A || i >= (slot + 1) * A) expect(masks[i]).toBe(7);
        expect([...masks.subarray(slot * A, (slot + 1) * A)]).toEqual([...legalActionMask(view)]);
      }),
      { numRuns: scaled(40) },
    );
  });

  it('refuses a buffer without room or of the wrong kind', () => {
    const view = playerView(createGame(3, 'room'), 0);
    const L = observationLength(3);
    expect(failure(() => observe(view, new Float32Array(L), 1))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => observe(view, new Float32Array(L), -1))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => observe(view, new Float64Array(L) as never))).toBe('ArgumentError BAD_ARGUMENT');
    expect(failure(() => legalActionMask(view, new Uint8Array(actionCount(3) - 1)))).toBe('ArgumentError BAD_ARGUMENT');
  });
});

describe('the observation layout', () => {
  it('lists contiguous blocks covering the tensor, as observe fills them', () => {
    for (const players of [2, 3, 4, 5]) {
      const d = observationLayout(players);
      expect(d.length).toBe(observationLength(players));
      let at = 0;
      for (const b of d.blocks) {
        expect(b.offset).toBe(at);
        at += b.size;
      }
      expect(at).toBe(d.length);
      // the view of seat 1 after the deal: its hand size and the one-hots where the layout says
      const state = createGame(players, 'layout');
      const x = observe(playerView(state, 1));
      const block = (name: string) => d.blocks.find((b) => b.name === name)!;
      expect(x[block('handSizes').offset]).toBe(state.hands[1]!.length);
      expect(x[block('round').offset]).toBe(1);
      const hand = block('hand');
      expect(x.subarray(hand.offset, hand.offset + hand.size).reduce((a, b) => a + b, 0)).toBe(state.hands[1]!.length);
      for (const b of d.blocks) {
        if (!b.binary) continue;
        for (let i = b.offset; i < b.offset + b.size; i++) expect(x[i] === 0 || x[i] === 1).toBe(true);
      }
      expect(observationLayout(players)).toBe(d);
      expect(Object.isFrozen(d.blocks[0])).toBe(true);
    }
  });
});
