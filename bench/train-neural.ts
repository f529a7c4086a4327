/**
 * `npx tsx bench/train-neural.ts --players 4 [--seed neural] [--iterations 200] [--games 64]
 * [--eval-every 10] [--eval-games 200] [--out bench/results/neural]`: trains the move scorer of the
 * `neural` bot (src/neural/network.ts) by Deep Monte Carlo, as DouZero does: every seat of games of
 * self-play chooses its move by the network (ε-greedy), and each move it chose is then fitted, by
 * squared error, to the reward its seat got at the end of that round (rules §6: the tokens with 3 to
 * 5 players, the round win in the duel).
 *
 * Reproducible from the seed (the games of iteration i are dealt from `${seed}/${i}/${g}`, and
 * every random choice comes from seeded streams), and resumable: the run keeps a checkpoint (the
 * network, the optimiser's moments, the iteration) in `OUT/P/checkpoint.json` and goes on from it
 * when started again with the same arguments. Every `eval-every` iterations it plays `eval-games`
 * games of one `neural` seat against `greedy` bots (the seat rotating) and appends the win rate to
 * `OUT/P/curve.json`; the weights are written to `OUT/P/weights.json`.
 *
 * Plain TypeScript: no numerics library earns its place for a network of 45,000 weights whose
 * inputs are mostly zeros (the gradients of the first layer are read and written only at the
 * non-zero inputs, which a dense matrix library would multiply in full).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apply, createGame, greedyBot, legalMoves, playerView, seededRandom, type GameState, type Move } from 'dnup';
import { observationLength, observe } from 'dnup/encodings';
import { moveFeatureLength, writeMoveFeatures } from '../src/neural/move-features.js';
import { MoveScorer, parameterLayout, scoreFrom, type NetworkShape } from '../src/neural/network.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const PLAYERS = Number(arg('players', '4'));
const SEED = arg('seed', 'neural');
const ITERATIONS = Number(arg('iterations', '200'));
const GAMES = Number(arg('games', '64'));
const EVAL_EVERY = Number(arg('eval-every', '10'));
const EVAL_GAMES = Number(arg('eval-games', '200'));
const OUT = join(arg('out', 'bench/results/neural'), `${PLAYERS}p`);
const HIDDEN1 = Number(arg('hidden1', '40'));
const HIDDEN2 = Number(arg('hidden2', '32'));
const BATCH = 256;
const LEARNING_RATE = Number(arg('lr', '0.001'));
/** ε of the ε-greedy choice, from START to END over the run. */
const EPSILON_START = 0.2;
const EPSILON_END = 0.02;
/** Moves after which a game is left unfinished (none has come near it). */
const MAX_MOVES = 5000;

const shape: NetworkShape = {
  observation: observationLength(PLAYERS),
  features: moveFeatureLength(PLAYERS),
  hidden1: HIDDEN1,
  hidden2: HIDDEN2,
};
const p = parameterLayout(shape);

/** One move chosen in self-play: its inputs (the non-zero ones) and, once its round ends, its target. */
interface Sample {
  readonly index: Int32Array;
  readonly value: Float32Array;
  readonly seat: number;
  target: number;
}

/** The non-zero entries of an observation and a move's features, as one input list. */
function sparse(obs: Float32Array, feat: Float32Array, at: number): { index: Int32Array; value: Float32Array } {
  const index: number[] = [];
  const value: number[] = [];
  for (let j = 0; j < obs.length; j++)
    if (obs[j] !== 0) {
      index.push(j);
      value.push(obs[j]!);
    }
  for (let j = 0; j < shape.features; j++)
    if (feat[at + j] !== 0) {
      index.push(shape.observation + j);
      value.push(feat[at + j]!);
    }
  return { index: Int32Array.from(index), value: Float32Array.from(value) };
}

/** He initialisation, from a seeded stream. */
function initialParams(): Float32Array {
  const rand = seededRandom(`${SEED}/init`);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const w = new Float32Array(p.length);
  const inputs = shape.observation + shape.features;
  for (let i = p.w1; i < p.b1; i++) w[i] = gauss() * Math.sqrt(2 / 40); // ~40 non-zero inputs a sample
  for (let i = p.w2; i < p.b2; i++) w[i] = gauss() * Math.sqrt(2 / shape.hidden1);
  for (let i = p.w3; i < p.b3; i++) w[i] = gauss() * Math.sqrt(1 / shape.hidden2);
  void inputs;
  return w;
}

/** The moves of `state`'s seat to play scored by `scorer`; returns the best index (or a random one with probability ε). */
function choose(
  scorer: MoveScorer,
  state: GameState,
  moves: readonly Move[],
  epsilon: number,
  rand: () => number,
  feat: Float32Array,
): { pick: number; obs: Float32Array } {
  const view = playerView(state, state.turn.seat);
  const obs = observe(view);
  scorer.setPosition(obs);
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < moves.length; i++) {
    writeMoveFeatures(view, moves[i]!, feat, i * shape.features);
    const s = scorer.score(feat, i * shape.features);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  const pick = rand() < epsilon ? Math.floor(rand() * moves.length) : best;
  return { pick, obs };
}

/** One game of self-play; its samples, each with its round's reward. */
function selfPlay(scorer: MoveScorer, seed: string, epsilon: number): Sample[] {
  const rand = seededRandom(`${seed}/choices`);
  let state = createGame(PLAYERS, seed);
  const samples: Sample[] = [];
  let round: Sample[] = [];
  let startScores = state.scores.slice();
  let feat = new Float32Array(64 * shape.features);
  for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
    if (state.status === 'roundOver') {
      state = apply(state, { type: 'nextRound' });
      continue;
    }
    const moves = legalMoves(state);
    if (moves.length * shape.features > feat.length) feat = new Float32Array(moves.length * shape.features);
    const { pick, obs } = choose(scorer, state, moves, epsilon, rand, feat);
    const { index, value } = sparse(obs, feat, pick * shape.features);
    round.push({ index, value, seat: state.turn.seat, target: 0 });
    state = apply(state, moves[pick]!);
    if (state.status !== 'playing') {
      for (const s of round) s.target = state.scores[s.seat]! - startScores[s.seat]!;
      samples.push(...round);
      round = [];
      startScores = state.scores.slice();
    }
  }
  return samples;
}

/** Adam's moments and step count. */
interface Optimiser {
  m: Float32Array;
  v: Float32Array;
  t: number;
}

/** One minibatch step of Adam on the squared error of `batch`; returns the batch's mean loss. */
function trainStep(params: Float32Array, opt: Optimiser, grad: Float32Array, batch: readonly Sample[]): number {
  grad.fill(0);
  const H1 = shape.hidden1;
  const H2 = shape.hidden2;
  const z1 = new Float32Array(H1);
  const a1 = new Float32Array(H1);
  const a2 = new Float32Array(H2);
  const da1 = new Float32Array(H1);
  const da2 = new Float32Array(H2);
  let loss = 0;
  for (const s of batch) {
    for (let h = 0; h < H1; h++) z1[h] = params[p.b1 + h]!;
    for (let k = 0; k < s.index.length; k++) {
      const row = s.index[k]! * H1;
      const x = s.value[k]!;
      for (let h = 0; h < H1; h++) z1[h] = z1[h]! + params[row + h]! * x;
    }
    const q = scoreFrom(params, p, shape, z1, a1, a2);
    const err = q - s.target;
    loss += err * err;
    const d = (2 * err) / batch.length;
    grad[p.b3] = grad[p.b3]! + d;
    for (let k = 0; k < H2; k++) {
      grad[p.w3 + k] = grad[p.w3 + k]! + d * a2[k]!;
      da2[k] = a2[k]! > 0 ? d * params[p.w3 + k]! : 0;
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
    for (let k = 0; k < s.index.length; k++) {
      const row = s.index[k]! * H1;
      const x = s.value[k]!;
      for (let h = 0; h < H1; h++) grad[row + h] = grad[row + h]! + x * da1[h]!;
    }
  }
  opt.t++;
  const b1 = 0.9;
  const b2 = 0.999;
  const c1 = 1 - b1 ** opt.t;
  const c2 = 1 - b2 ** opt.t;
  for (let i = 0; i < params.length; i++) {
    const g = grad[i]!;
    const m = (opt.m[i] = b1 * opt.m[i]! + (1 - b1) * g);
    const v = (opt.v[i] = b2 * opt.v[i]! + (1 - b2) * g * g);
    params[i] = params[i]! - (LEARNING_RATE * (m / c1)) / (Math.sqrt(v / c2) + 1e-8);
  }
  return loss / batch.length;
}

/** Fisher–Yates with a seeded stream. */
function shuffle<T>(list: T[], rand: () => number): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
}

/** Win rate of one `neural` seat (rotating) against greedy bots over `games` games, with its Wilson 95% interval. */
function evaluate(params: Float32Array, games: number, tag: string): { rate: number; low: number; high: number } {
  const scorer = new MoveScorer(shape, params);
  const greedy = greedyBot();
  let feat = new Float32Array(64 * shape.features);
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % PLAYERS;
    let state = createGame(PLAYERS, `${SEED}/eval/${tag}/${Math.floor(g / PLAYERS)}`);
    for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
      if (state.status === 'roundOver') {
        state = apply(state, { type: 'nextRound' });
        continue;
      }
      const moves = legalMoves(state);
      let move: Move;
      if (state.turn.seat === seat) {
        if (moves.length * shape.features > feat.length) feat = new Float32Array(moves.length * shape.features);
        move = moves[choose(scorer, state, moves, 0, Math.random, feat).pick]!;
      } else move = greedy.chooseMove(playerView(state, state.turn.seat), moves) as Move;
      state = apply(state, move);
    }
    if (state.winner === seat) wins++;
  }
  const n = games;
  const ph = wins / n;
  const z = 1.96;
  const den = 1 + (z * z) / n;
  const mid = (ph + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((ph * (1 - ph)) / n + (z * z) / (4 * n * n))) / den;
  return { rate: ph, low: mid - half, high: mid + half };
}

const b64 = (a: Float32Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const fromB64 = (s: string): Float32Array => {
  const b = Buffer.from(s, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

interface Checkpoint {
  readonly players: number;
  readonly seed: string;
  readonly shape: NetworkShape;
  readonly iteration: number;
  readonly params: string;
  readonly m: string;
  readonly v: string;
  readonly t: number;
}

mkdirSync(OUT, { recursive: true });
const checkpointFile = join(OUT, 'checkpoint.json');
const curveFile = join(OUT, 'curve.json');
let params = initialParams();
const opt: Optimiser = { m: new Float32Array(p.length), v: new Float32Array(p.length), t: 0 };
let start = 0;
if (existsSync(checkpointFile)) {
  const c = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Checkpoint;
  if (c.seed !== SEED || JSON.stringify(c.shape) !== JSON.stringify(shape))
    throw new Error(`${checkpointFile} is of another run (seed ${c.seed}); remove it or use its arguments.`);
  params = fromB64(c.params);
  opt.m = fromB64(c.m);
  opt.v = fromB64(c.v);
  opt.t = c.t;
  start = c.iteration;
  console.log(`resuming at iteration ${start}`);
}
const curve: { iteration: number; games: number; samples: number; loss: number; vsGreedy: unknown }[] = existsSync(
  curveFile,
)
  ? JSON.parse(readFileSync(curveFile, 'utf8'))
  : [];
const grad = new Float32Array(p.length);
console.log(`${PLAYERS} players: ${p.length.toLocaleString('en-US')} weights; fair share ${(1 / PLAYERS).toFixed(3)}`);
if (start === 0 && curve.length === 0) {
  const e = evaluate(params, EVAL_GAMES, '0');
  curve.push({ iteration: 0, games: 0, samples: 0, loss: NaN, vsGreedy: e });
  console.log(
    `iteration 0: against greedy ${(e.rate * 100).toFixed(1)}% [${(e.low * 100).toFixed(1)}, ${(e.high * 100).toFixed(1)}]`,
  );
}
for (let it = start; it < ITERATIONS; it++) {
  const t0 = performance.now();
  const epsilon = EPSILON_START + ((EPSILON_END - EPSILON_START) * it) / Math.max(1, ITERATIONS - 1);
  const scorer = new MoveScorer(shape, params);
  const data: Sample[] = [];
  for (let g = 0; g < GAMES; g++) for (const s of selfPlay(scorer, `${SEED}/${it}/${g}`, epsilon)) data.push(s);
  const t1 = performance.now();
  shuffle(data, seededRandom(`${SEED}/${it}/shuffle`));
  let loss = 0;
  let batches = 0;
  for (let i = 0; i + BATCH <= data.length; i += BATCH) {
    loss += trainStep(params, opt, grad, data.slice(i, i + BATCH));
    batches++;
  }
  const t2 = performance.now();
  const done = it + 1;
  console.log(
    `iteration ${done}: ${data.length} samples, loss ${(loss / batches).toFixed(4)}, ε ${epsilon.toFixed(3)}, play ${((t1 - t0) / 1000).toFixed(1)} s, fit ${((t2 - t1) / 1000).toFixed(1)} s`,
  );
  let vsGreedy: unknown = null;
  if (done % EVAL_EVERY === 0 || done === ITERATIONS) {
    const e = evaluate(params, EVAL_GAMES, String(done));
    vsGreedy = e;
    console.log(
      `  against greedy ${(e.rate * 100).toFixed(1)}% [${(e.low * 100).toFixed(1)}, ${(e.high * 100).toFixed(1)}]`,
    );
  }
  curve.push({ iteration: done, games: done * GAMES, samples: data.length, loss: loss / batches, vsGreedy });
  const c: Checkpoint = {
    players: PLAYERS,
    seed: SEED,
    shape,
    iteration: done,
    params: b64(params),
    m: b64(opt.m),
    v: b64(opt.v),
    t: opt.t,
  };
  writeFileSync(checkpointFile, JSON.stringify(c));
  writeFileSync(curveFile, JSON.stringify(curve, null, 1));
  writeFileSync(join(OUT, 'weights.json'), JSON.stringify({ players: PLAYERS, shape, params: b64(params) }));
}
