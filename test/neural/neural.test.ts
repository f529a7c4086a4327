/**
 * The neural bot's parts on random games: a move's features say exactly how the hand changes (the
 * observation after the move is the one before, less the cards lost, plus those gained), the
 * network's fast forward pass equals a plain dense one, and the bot plays legal moves, always the
 * same, refusing networks that do not fit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { observationLayout, observationLength, observe } from '../../src/encodings.js';
import { apply, createGame, legalMoves, playerView, seededRandom } from '../../src/index.js';
import { moveFeatureLength, writeMoveFeatures } from '../../src/neural/move-features.js';
import { MoveScorer, parameterLayout, type NetworkShape, type NeuralWeights } from '../../src/neural/network.js';
import { makeBot } from '../../src/neural/bot-module.js';
import { neuralBot } from '../../src/neural/neural-bot.js';
import { neuralNetworks } from '../../src/neural/networks.js';
import { loadNeuralNetwork, neuralBotFor } from '../../src/neural/load-network.js';
import { atTurn, randomPosition } from '../helpers/turn-positions.js';

const players = fc.integer({ min: 2, max: 5 });

describe('move features', () => {
  it('describe the hand after the move: before, less the cards lost, plus those gained', () => {
    fc.assert(
      fc.property(players, fc.nat(10_000), fc.nat(120), fc.nat(), (n, seed, depth, which) => {
        const s = randomPosition(n, seed, depth);
        fc.pre(s.status === 'playing');
        const seat = s.turn.seat;
        const moves = legalMoves(s);
        const move = moves[which % moves.length]!;
        const hand = observationLayout(n).blocks.find((b) => b.name === 'hand')!;
        const before = observe(playerView(s, seat)).slice(hand.offset, hand.offset + hand.size);
        const after = observe(playerView(apply(s, move), seat)).slice(hand.offset, hand.offset + hand.size);
        const f = new Float32Array(moveFeatureLength(n));
        writeMoveFeatures(playerView(s, seat), move, f, 0);
        const C2 = hand.size;
        const expected = before.map((x, i) => x - f[i]! + f[C2 + i]!);
        expect(Array.from(after)).toEqual(Array.from(expected));
        // one kind, the hand's size after the move
        expect(f.slice(2 * C2, 2 * C2 + 5).reduce((a, b) => a + b, 0)).toBe(1);
        expect(Math.round(f[f.length - 1 - n]! * 10)).toBe(playerView(apply(s, move), seat).hand.length);
      }),
    );
  });
});

describe('the network', () => {
  /** The score of a dense forward pass, written plainly. */
  function dense(shape: NetworkShape, w: Float32Array, x: Float32Array): number {
    const p = parameterLayout(shape);
    const D = shape.observation + shape.features;
    const a1 = Array.from({ length: shape.hidden1 }, (_, h) => {
      let z = w[p.b1 + h]!;
      for (let j = 0; j < D; j++) z += w[p.w1 + j * shape.hidden1 + h]! * x[j]!;
      return Math.max(0, z);
    });
    const a2 = Array.from({ length: shape.hidden2 }, (_, k) => {
      let z = w[p.b2 + k]!;
      for (let i = 0; i < shape.hidden1; i++) z += w[p.w2 + i * shape.hidden2 + k]! * a1[i]!;
      return Math.max(0, z);
    });
    return a2.reduce((q, a, k) => q + w[p.w3 + k]! * a, w[p.b3]!);
  }

  it('scores as a plain dense pass does, the observation taken once for many moves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.nat(), (h1, h2, seed) => {
        const shape: NetworkShape = { observation: 12, features: 5, hidden1: h1, hidden2: h2 };
        const rand = seededRandom(`net/${seed}`);
        const r = (): number => Math.fround(rand() * 2 - 1);
        const w = Float32Array.from({ length: parameterLayout(shape).length }, r);
        const obs = Float32Array.from({ length: 12 }, () => (rand() < 0.5 ? 0 : r()));
        const scorer = new MoveScorer(shape, w);
        scorer.setPosition(obs);
        for (let m = 0; m < 3; m++) {
          const feat = Float32Array.from({ length: 5 }, () => (rand() < 0.5 ? 0 : r()));
          const x = new Float32Array(17);
          x.set(obs);
          x.set(feat, 12);
          expect(scorer.score(feat)).toBeCloseTo(dense(shape, w, x), 4);
        }
      }),
    );
  });
});

describe('neuralBot', () => {
  it('plays with the shipped networks by default, which each call decodes anew', () => {
    const shipped = neuralNetworks();
    expect(shipped.map((n) => n.players)).toContain(4);
    shipped[0]!.params.fill(0); // a caller's copy: the next one is whole
    expect(neuralNetworks()[0]!.params.some((x) => x !== 0)).toBe(true);
    const s = randomPosition(4, 3, 20);
    expect(s.status).toBe('playing');
    expect(legalMoves(s)).toContainEqual(neuralBot().chooseMove(playerView(s, s.turn.seat), legalMoves(s)));
  });

  /** A network of random weights for `n` players. */
  function randomNetwork(n: number, seed: string): NeuralWeights {
    const shape = { observation: observationLength(n), features: moveFeatureLength(n), hidden1: 8, hidden2: 4 };
    const rand = seededRandom(seed);
    return {
      players: n,
      shape,
      params: Float32Array.from({ length: parameterLayout(shape).length }, () => rand() - 0.5),
    };
  }

  it('plays a legal move in any position, the same one each time', () => {
    const networks = [2, 3, 4, 5].map((n) => randomNetwork(n, `bot/${n}`));
    const bot = neuralBot({ networks });
    fc.assert(
      fc.property(players, fc.nat(10_000), fc.nat(150), (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const chosen = bot.chooseMove(view, moves);
        expect(moves).toContainEqual(chosen);
        expect(neuralBot({ networks }).chooseMove(view, moves)).toEqual(chosen);
      }),
    );
  });

  it('is a bot module: makeBot plays as neuralBot(), whatever the options, each bot its own', () => {
    const reference = neuralBot();
    const first = makeBot({ seed: 'a', playouts: 10 });
    const second = makeBot();
    expect(first).not.toBe(second);
    expect(first.name).toBe('neural');
    fc.assert(
      fc.property(players, fc.nat(10_000), fc.nat(150), (n, seed, depth) => {
        const { view, moves } = atTurn(n, seed, depth);
        const chosen = reference.chooseMove(view, moves);
        expect(first.chooseMove(view, moves)).toEqual(chosen);
        expect(second.chooseMove(view, moves)).toEqual(chosen);
      }),
      { numRuns: 30 },
    );
  });

  it('ships a network for every player count, each loadable alone, its bot playing as neuralBot()', async () => {
    const shipped = neuralNetworks();
    expect(shipped.map((n) => n.players)).toEqual([2, 3, 4, 5]);
    const all = neuralBot();
    for (const n of [2, 3, 4, 5]) {
      const alone = await loadNeuralNetwork(n);
      expect(alone.players).toBe(n);
      expect(alone.params).toEqual(shipped.find((w) => w.players === n)!.params);
      alone.params.fill(0); // yours: the next load is whole
      expect((await loadNeuralNetwork(n)).params.some((x) => x !== 0)).toBe(true);
      const bot = await neuralBotFor(n);
      expect(bot.name).toBe('neural');
      for (const [seed, depth] of [
        [1, 5],
        [2, 40],
        [3, 90],
      ] as const) {
        const s = randomPosition(n, seed, depth);
        if (s.status !== 'playing') continue;
        const view = playerView(s, s.turn.seat);
        expect(bot.chooseMove(view, legalMoves(s))).toEqual(all.chooseMove(view, legalMoves(s)));
      }
    }
    expect((await neuralBotFor(3, { name: 'mine' })).name).toBe('mine');
  });

  it('refuses to load a network for a player count outside 2–5, with BAD_ARGUMENT', async () => {
    for (const n of [1, 6, 0, -2, 4.5, Number.NaN, '4', null])
      await expect(loadNeuralNetwork(n as number)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    await expect(neuralBotFor(7)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
  });

  it('refuses a network that does not fit its player count, and copies the weights it keeps', () => {
    const good = randomNetwork(3, 'fit');
    expect(() => neuralBot({ networks: [{ ...good, players: 4 }] })).toThrow(
      expect.objectContaining({ code: 'BAD_ARGUMENT' }),
    );
    expect(() => neuralBot({ networks: [{ ...good, params: good.params.slice(1) }] })).toThrow(
      expect.objectContaining({ code: 'BAD_ARGUMENT' }),
    );
    expect(() => neuralBot({ networks: [good, good] })).toThrow(/one per player count/);
    expect(() => neuralBot({ networks: [null as never] })).toThrow(expect.objectContaining({ code: 'BAD_ARGUMENT' }));
    const nan = good.params.slice();
    nan[5] = Number.NaN;
    expect(() => neuralBot({ networks: [{ ...good, params: nan }] })).toThrow(/finite/);
    const params = good.params.slice();
    const bot = neuralBot({ networks: [{ ...good, params }] });
    const s = randomPosition(3, 7, 10);
    const view = playerView(s, s.turn.seat);
    const before = bot.chooseMove(view, legalMoves(s));
    params.fill(0); // the caller's array changes: the bot does not
    expect(bot.chooseMove(view, legalMoves(s))).toEqual(before);
    expect(() => bot.chooseMove(playerView(createGame(2, 1), 0), legalMoves(createGame(2, 1)))).toThrow(
      expect.objectContaining({ code: 'BAD_BOT_INPUT' }),
    );
  });

  it('reads each field of a network once, and refuses one that cannot be read with BAD_ARGUMENT', () => {
    const good = randomNetwork(3, 'once');
    const reads: Record<string, number> = {};
    const counted = {} as NeuralWeights;
    for (const key of ['players', 'shape', 'params'] as const) {
      const value = good[key];
      Object.defineProperty(counted, key, {
        get: () => {
          reads[key] = (reads[key] ?? 0) + 1;
          return value;
        },
      });
    }
    neuralBot({ networks: [counted] });
    expect(reads).toEqual({ players: 1, shape: 1, params: 1 });
    const hostile = [
      {
        get players(): never {
          throw new Error('no');
        },
      },
      new Proxy(good, {
        get: () => {
          throw new TypeError('no');
        },
      }),
      // an array that answers another length each time it is asked
      {
        ...good,
        params: new Proxy(good.params, { get: (t, k) => (k === 'length' ? Math.random() * 9 : Reflect.get(t, k)) }),
      },
    ];
    for (const w of hostile)
      expect(() => neuralBot({ networks: [w as never] })).toThrow(expect.objectContaining({ code: 'BAD_ARGUMENT' }));
  });
});
