/**
 * What the trainers of the `neural` bot share (train-neural.ts, Deep Monte Carlo; train-neural-ppo.ts,
 * imitation then PPO with a critic): the network's forward and backward passes on sparse inputs,
 * Adam, seeded initialisation and shuffles, the move chooser, the evaluation against `greedy`, and
 * the base64 form of weights in checkpoints.
 *
 * The network is src/neural/network.ts's (two rectified layers, one output); its inputs are mostly
 * zeros, so an input is given as its non-zero entries and the first layer's gradients are read and
 * written only there.
 */
import { apply, createGame, greedyBot, legalMoves, playerView, seededRandom, type GameState, type Move } from 'dnup';
import { observe } from 'dnup/encodings';
import { writeMoveFeatures } from '../src/neural/move-features.js';
import {
  MoveScorer,
  parameterLayout,
  scoreFrom,
  type NetworkShape,
  type ParameterLayout,
} from '../src/neural/network.js';

/** The value after `--name` on the command line, or `fallback`. */
export const option = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

/** The non-zero entries of (part of) an input: their input numbers and values. */
export interface Sparse {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

/** The non-zero entries of `count` values of `x` from `at`, numbered from `first`. */
export function sparseOf(x: Float32Array, at: number, count: number, first: number): Sparse {
  const index: number[] = [];
  const value: number[] = [];
  for (let j = 0; j < count; j++)
    if (x[at + j] !== 0) {
      index.push(first + j);
      value.push(x[at + j]!);
    }
  return { index: Int32Array.from(index), value: Float32Array.from(value) };
}

/** Forward and backward passes of one network shape; the activations of the last forward pass are kept. */
export class Mlp {
  readonly p: ParameterLayout;
  private readonly z1: Float32Array;
  private readonly a1: Float32Array;
  private readonly a2: Float32Array;
  private readonly da1: Float32Array;
  private readonly da2: Float32Array;

  constructor(readonly shape: NetworkShape) {
    this.p = parameterLayout(shape);
    this.z1 = new Float32Array(shape.hidden1);
    this.a1 = new Float32Array(shape.hidden1);
    this.a2 = new Float32Array(shape.hidden2);
    this.da1 = new Float32Array(shape.hidden1);
    this.da2 = new Float32Array(shape.hidden2);
  }

  /** The output for the input whose non-zero entries are `parts` together. */
  forward(params: Float32Array, parts: readonly Sparse[]): number {
    const H1 = this.shape.hidden1;
    const z1 = this.z1;
    for (let h = 0; h < H1; h++) z1[h] = params[this.p.b1 + h]!;
    for (const part of parts)
      for (let k = 0; k < part.index.length; k++) {
        const row = this.p.w1 + part.index[k]! * H1;
        const x = part.value[k]!;
        for (let h = 0; h < H1; h++) z1[h] = z1[h]! + params[row + h]! * x;
      }
    return scoreFrom(params, this.p, this.shape, z1, this.a1, this.a2);
  }

  /** Adds to `grad` the gradient of `dOut` times the output, at the input of the last {@link forward}. */
  backward(params: Float32Array, parts: readonly Sparse[], dOut: number, grad: Float32Array): void {
    const { p } = this;
    const H1 = this.shape.hidden1;
    const H2 = this.shape.hidden2;
    const { a1, a2, da1, da2 } = this;
    grad[p.b3] = grad[p.b3]! + dOut;
    for (let k = 0; k < H2; k++) {
      grad[p.w3 + k] = grad[p.w3 + k]! + dOut * a2[k]!;
      da2[k] = a2[k]! > 0 ? dOut * params[p.w3 + k]! : 0;
      grad[p.b2 + k] = grad[p.b2 + k]! + da2[k]!;
    }
    for (let i = 0; i < H1; i++) {
      da1[i] = 0;
      if (a1[i] === 0) continue;
      const row = p.w2 + i * H2;
      let sum = 0;
      for (let k = 0; k < H2; k++) {
        grad[row + k] = grad[row + k]! + a1[i]! * da2[k]!;
        sum += params[row + k]! * da2[k]!;
      }
      da1[i] = sum;
      grad[p.b1 + i] = grad[p.b1 + i]! + sum;
    }
    for (const part of parts)
      for (let k = 0; k < part.index.length; k++) {
        const row = p.w1 + part.index[k]! * H1;
        const x = part.value[k]!;
        for (let h = 0; h < H1; h++) grad[row + h] = grad[row + h]! + x * da1[h]!;
      }
  }
}

/** Adam's moments and step count, and its step. */
export class Adam {
  m: Float32Array;
  v: Float32Array;
  t = 0;

  constructor(length: number) {
    this.m = new Float32Array(length);
    this.v = new Float32Array(length);
  }

  /** One step of `params` down `grad` at learning rate `lr`. */
  step(params: Float32Array, grad: Float32Array, lr: number): void {
    this.t++;
    const b1 = 0.9;
    const b2 = 0.999;
    const c1 = 1 - b1 ** this.t;
    const c2 = 1 - b2 ** this.t;
    const { m, v } = this;
    for (let i = 0; i < params.length; i++) {
      const g = grad[i]!;
      const mi = (m[i] = b1 * m[i]! + (1 - b1) * g);
      const vi = (v[i] = b2 * v[i]! + (1 - b2) * g * g);
      params[i] = params[i]! - (lr * (mi / c1)) / (Math.sqrt(vi / c2) + 1e-8);
    }
  }
}

/** He initialisation from the stream of `seed`; `inputsPerSample` is the usual count of non-zero inputs. */
export function initialParams(shape: NetworkShape, seed: string, inputsPerSample = 40): Float32Array {
  const p = parameterLayout(shape);
  const rand = seededRandom(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const w = new Float32Array(p.length);
  for (let i = p.w1; i < p.b1; i++) w[i] = gauss() * Math.sqrt(2 / inputsPerSample);
  for (let i = p.w2; i < p.b2; i++) w[i] = gauss() * Math.sqrt(2 / shape.hidden1);
  for (let i = p.w3; i < p.b3; i++) w[i] = gauss() * Math.sqrt(1 / shape.hidden2);
  return w;
}

/** Fisher–Yates with a seeded stream. */
export function shuffle<T>(list: T[], rand: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
}

/** The scores of `moves` in `state` for its seat to play (written to `scores`), with the mover's observation. */
export function scoreMoves(
  scorer: MoveScorer,
  state: GameState,
  moves: readonly Move[],
  feat: Float32Array,
  scores: Float64Array,
): Float32Array {
  const view = playerView(state, state.turn.seat);
  const obs = observe(view);
  scorer.setPosition(obs);
  const F = scorer.shape.features;
  for (let i = 0; i < moves.length; i++) {
    writeMoveFeatures(view, moves[i]!, feat, i * F);
    scores[i] = scorer.score(feat, i * F);
  }
  return obs;
}

/** The index of the highest score among the first `count` (ties: the first). */
export function best(scores: Float64Array, count: number): number {
  let at = 0;
  for (let i = 1; i < count; i++) if (scores[i]! > scores[at]!) at = i;
  return at;
}

/** A win rate with its Wilson 95% interval. */
export interface Rate {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** `wins` of `n` with its Wilson 95% interval. */
export function wilson(wins: number, n: number): Rate {
  const ph = wins / n;
  const z = 1.96;
  const den = 1 + (z * z) / n;
  const mid = (ph + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((ph * (1 - ph)) / n + (z * z) / (4 * n * n))) / den;
  return { rate: ph, low: mid - half, high: mid + half };
}

/** Moves after which a game is left unfinished (none has come near it). */
export const MAX_MOVES = 5000;

/**
 * Win rate of one seat playing the network's best move (the seat rotating) against `greedy` bots
 * over `games` games dealt from `${seed}/eval/${tag}/…`.
 */
export function evaluateAgainstGreedy(
  shape: NetworkShape,
  params: Float32Array,
  players: number,
  games: number,
  seed: string,
  tag: string,
): Rate {
  const scorer = new MoveScorer(shape, params);
  const greedy = greedyBot();
  let feat = new Float32Array(64 * shape.features);
  let scores = new Float64Array(64);
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    let state = createGame(players, `${seed}/eval/${tag}/${Math.floor(g / players)}`);
    for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
      if (state.status === 'roundOver') {
        state = apply(state, { type: 'nextRound' });
        continue;
      }
      const moves = legalMoves(state);
      let move: Move;
      if (state.turn.seat === seat) {
        if (moves.length > scores.length) {
          feat = new Float32Array(moves.length * shape.features);
          scores = new Float64Array(moves.length);
        }
        scoreMoves(scorer, state, moves, feat, scores);
        move = moves[best(scores, moves.length)]!;
      } else move = greedy.chooseMove(playerView(state, state.turn.seat), moves) as Move;
      state = apply(state, move);
    }
    if (state.winner === seat) wins++;
  }
  return wilson(wins, games);
}

/** A Float32Array as base64 (checkpoints and weights files). */
export const toBase64 = (a: Float32Array): string =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

/** The Float32Array of {@link toBase64}'s text. */
export const fromBase64 = (s: string): Float32Array => {
  const b = Buffer.from(s, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};
