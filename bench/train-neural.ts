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
import { apply, createGame, legalMoves, seededRandom, type GameState, type Move } from 'dnup';
import { observationLength } from 'dnup/encodings';
import { moveFeatureLength } from '../src/neural/move-features.js';
import { MoveScorer, parameterLayout, type NetworkShape } from '../src/neural/network.js';
import {
  Adam,
  best,
  evaluateAgainstGreedy,
  fromBase64,
  initialParams,
  MAX_MOVES,
  Mlp,
  option,
  scoreMoves,
  shuffle,
  sparseOf,
  toBase64,
  type Rate,
  type Sparse,
} from './neural-training.js';

const PLAYERS = Number(option('players', '4'));
const SEED = option('seed', 'neural');
const ITERATIONS = Number(option('iterations', '200'));
const GAMES = Number(option('games', '64'));
const EVAL_EVERY = Number(option('eval-every', '10'));
const EVAL_GAMES = Number(option('eval-games', '200'));
const OUT = join(option('out', 'bench/results/neural'), `${PLAYERS}p`);
const HIDDEN1 = Number(option('hidden1', '40'));
const HIDDEN2 = Number(option('hidden2', '32'));
const BATCH = 256;
const LEARNING_RATE = Number(option('lr', '0.001'));
/** ε of the ε-greedy choice, from START to END over the run. */
const EPSILON_START = 0.2;
const EPSILON_END = 0.02;

const shape: NetworkShape = {
  observation: observationLength(PLAYERS),
  features: moveFeatureLength(PLAYERS),
  hidden1: HIDDEN1,
  hidden2: HIDDEN2,
};
const p = parameterLayout(shape);

/** One move chosen in self-play: its inputs (the non-zero ones) and, once its round ends, its target. */
interface Sample {
  readonly parts: readonly Sparse[];
  readonly seat: number;
  target: number;
}

/** The moves of `state`'s seat to play scored by `scorer`; returns the best index (or a random one with probability ε). */
function choose(
  scorer: MoveScorer,
  state: GameState,
  moves: readonly Move[],
  epsilon: number,
  rand: () => number,
  feat: Float32Array,
  scores: Float64Array,
): { pick: number; obs: Float32Array } {
  const obs = scoreMoves(scorer, state, moves, feat, scores);
  const top = best(scores, moves.length);
  const pick = rand() < epsilon ? Math.floor(rand() * moves.length) : top;
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
  let scores = new Float64Array(64);
  for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
    if (state.status === 'roundOver') {
      state = apply(state, { type: 'nextRound' });
      continue;
    }
    const moves = legalMoves(state);
    if (moves.length > scores.length) {
      feat = new Float32Array(moves.length * shape.features);
      scores = new Float64Array(moves.length);
    }
    const { pick, obs } = choose(scorer, state, moves, epsilon, rand, feat, scores);
    const parts = [
      sparseOf(obs, 0, shape.observation, 0),
      sparseOf(feat, pick * shape.features, shape.features, shape.observation),
    ];
    round.push({ parts, seat: state.turn.seat, target: 0 });
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

const mlp = new Mlp(shape);

/** One minibatch step of Adam on the squared error of `batch`; returns the batch's mean loss. */
function trainStep(params: Float32Array, opt: Adam, grad: Float32Array, batch: readonly Sample[]): number {
  grad.fill(0);
  let loss = 0;
  for (const s of batch) {
    const err = mlp.forward(params, s.parts) - s.target;
    loss += err * err;
    mlp.backward(params, s.parts, (2 * err) / batch.length, grad);
  }
  opt.step(params, grad, LEARNING_RATE);
  return loss / batch.length;
}

/** Win rate of one `neural` seat (rotating) against greedy bots over `games` games, with its Wilson 95% interval. */
const evaluate = (params: Float32Array, games: number, tag: string): Rate =>
  evaluateAgainstGreedy(shape, params, PLAYERS, games, SEED, tag);

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
let params = initialParams(shape, `${SEED}/init`);
const opt = new Adam(p.length);
let start = 0;
if (existsSync(checkpointFile)) {
  const c = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Checkpoint;
  if (c.seed !== SEED || JSON.stringify(c.shape) !== JSON.stringify(shape))
    throw new Error(`${checkpointFile} is of another run (seed ${c.seed}); remove it or use its arguments.`);
  params = fromBase64(c.params);
  opt.m = fromBase64(c.m);
  opt.v = fromBase64(c.v);
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
    params: toBase64(params),
    m: toBase64(opt.m),
    v: toBase64(opt.v),
    t: opt.t,
  };
  writeFileSync(checkpointFile, JSON.stringify(c));
  writeFileSync(curveFile, JSON.stringify(curve, null, 1));
  writeFileSync(join(OUT, 'weights.json'), JSON.stringify({ players: PLAYERS, shape, params: toBase64(params) }));
}
