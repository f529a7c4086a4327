/**
 * `npx tsx bench/train-neural-ppo.ts --players 3 [--seed neural-ppo] [--out bench/results/neural-ppo]
 * [--teacher-games 400] [--teacher-iterations 300] [--workers 2] [--imitate-epochs 6]
 * [--iterations 200] [--games 32] [--eval-every 10] [--eval-games 200] [--hidden1 40] [--hidden2 32]
 * [--lr 0.001] [--ppo-lr 0.0003]`: trains the move scorer of the
 * `neural` bot (src/neural/network.ts) in two phases, as a policy: its scores of a position's legal
 * moves are the logits of a softmax.
 *
 * 1. Imitation of `expert`: `expert` bots (a fixed number of playouts a move, so the choices do not
 *    depend on the machine) play every seat of `teacher-games` games; the network is fitted to their
 *    choices by cross-entropy, the last tenth of the games held out to measure how often it picks
 *    the teacher's move. The choices are kept (`teacher.json`: per game, the index of each move
 *    chosen among the legal moves), so the positions are made again by replaying them.
 * 2. Self-play by PPO (clipped surrogate, an entropy bonus) with a critic that sees every hand: its
 *    input is the observations of every seat, the mover's first (training only: the bot never sees
 *    it). The reward is the seat's change of tokens over the round (rules §6), the round win in the
 *    duel; the advantage is the reward less the critic's estimate, normalised per iteration.
 *
 * Reproducible from the seed (games dealt from `${seed}/teacher/g` and `${seed}/ppo/i/g`, every
 * random choice from seeded streams) and resumable: the teacher's games are written as they end,
 * and a checkpoint (phase, step, both networks and their optimisers) after each epoch and
 * iteration. The curve (`curve.json`: the win rate of one seat against `greedy` bots, the seat
 * rotating, after each epoch and every `eval-every` iterations) and `weights.json` (for
 * `neuralBot({ networks })`) are written beside it.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  apply,
  createGame,
  expertBot,
  formatMove,
  legalMoves,
  playerView,
  seededRandom,
  type GameState,
  type Move,
} from 'dnup';
import { observationLength, observe } from 'dnup/encodings';
import { moveFeatureLength, writeMoveFeatures } from '../src/neural/move-features.js';
import { parameterLayout, type NetworkShape } from '../src/neural/network.js';
import {
  Adam,
  evaluateAgainstGreedy,
  fromBase64,
  initialParams,
  MAX_MOVES,
  Mlp,
  option,
  shuffle,
  sparseOf,
  toBase64,
  type Rate,
  type Sparse,
} from './neural-training.js';

const PLAYERS = Number(option('players', '3'));
const SEED = option('seed', 'neural-ppo');
const OUT = join(option('out', 'bench/results/neural-ppo'), `${PLAYERS}p`);
const TEACHER_GAMES = Number(option('teacher-games', '400'));
const TEACHER_ITERATIONS = Number(option('teacher-iterations', '300'));
const WORKERS = Number(option('workers', '2'));
const IMITATE_EPOCHS = Number(option('imitate-epochs', '6'));
const ITERATIONS = Number(option('iterations', '200'));
const GAMES = Number(option('games', '32'));
const EVAL_EVERY = Number(option('eval-every', '10'));
const EVAL_GAMES = Number(option('eval-games', '200'));
const LEARNING_RATE = Number(option('lr', '0.001'));
const PPO_LEARNING_RATE = Number(option('ppo-lr', '0.0003'));
/** A minibatch of decisions: imitation, PPO. */
const IMITATE_BATCH = 64;
const PPO_BATCH = 256;
const PPO_EPOCHS = 3;
const CLIP = 0.2;
const ENTROPY = 0.01;

const shape: NetworkShape = {
  observation: observationLength(PLAYERS),
  features: moveFeatureLength(PLAYERS),
  hidden1: Number(option('hidden1', '40')),
  hidden2: Number(option('hidden2', '32')),
};
/** The critic: every seat's observation, the mover's first; no move features. */
const criticShape: NetworkShape = {
  observation: PLAYERS * shape.observation,
  features: 0,
  hidden1: 64,
  hidden2: 32,
};
const actor = new Mlp(shape);
const critic = new Mlp(criticShape);

// ---- the teacher's games ----

/** The teacher's choices in game `g`: the index of each move chosen among the legal moves. */
function teacherGame(g: number): number[] {
  const bots = Array.from({ length: PLAYERS }, (_, s) =>
    expertBot({ seed: `${SEED}/teacher/${g}/${s}`, iterations: TEACHER_ITERATIONS }),
  );
  const choices: number[] = [];
  let state = createGame(PLAYERS, `${SEED}/teacher/${g}`);
  for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
    if (state.status === 'roundOver') {
      state = apply(state, { type: 'nextRound' });
      continue;
    }
    const moves = legalMoves(state);
    let pick = 0;
    if (moves.length > 1) {
      // a bot hands back a move of its own making: found in the list by its notation
      const chosen = formatMove(
        state,
        bots[state.turn.seat]!.chooseMove(playerView(state, state.turn.seat), moves) as Move,
      );
      pick = moves.findIndex((m) => formatMove(state, m) === chosen);
    }
    if (pick < 0) throw new Error(`game ${g}: the teacher chose a move not in the list`);
    choices.push(pick);
    state = apply(state, moves[pick]!);
  }
  return choices;
}

const teacherFile = join(OUT, 'teacher.json');
const shardFile = (w: number): string => join(OUT, `teacher-shard-${w}.json`);
type Games = Record<string, number[]>;
/** A file of teacher games: the budget they were played at, and each game's choices. */
interface TeacherFile {
  readonly iterations: number;
  readonly games: Games;
}
const readGames = (file: string): Games => {
  if (!existsSync(file)) return {};
  const t = JSON.parse(readFileSync(file, 'utf8')) as TeacherFile;
  if (t.iterations !== TEACHER_ITERATIONS)
    throw new Error(
      `${file} was played at ${t.iterations} playouts a move, not ${TEACHER_ITERATIONS}: remove it or use its budget.`,
    );
  return t.games;
};
const writeGames = (file: string, games: Games): void =>
  writeFileSync(file, JSON.stringify({ iterations: TEACHER_ITERATIONS, games } satisfies TeacherFile));

/** A worker's share of the teacher's games (g ≡ w mod workers), written as each ends. */
function teacherShard(w: number, done: Set<number>): void {
  const file = shardFile(w);
  const mine = readGames(file);
  for (let g = w; g < TEACHER_GAMES; g += WORKERS) {
    if (done.has(g) || mine[g]) continue;
    mine[g] = teacherGame(g);
    writeGames(file, mine);
  }
}

/** Every teacher game, played in `WORKERS` processes where not kept from an earlier run. */
async function teacherGames(): Promise<Games> {
  const games = readGames(teacherFile);
  const missing = (): number => Array.from({ length: TEACHER_GAMES }, (_, g) => g).filter((g) => !games[g]).length;
  if (missing() > 0) {
    console.log(
      `the teacher plays ${missing()} games, less any kept from a stopped run (expert, ${TEACHER_ITERATIONS} playouts a move)`,
    );
    const t0 = performance.now();
    await Promise.all(
      Array.from(
        { length: WORKERS },
        (_, w) =>
          new Promise<void>((resolve, reject) => {
            const child = fork(process.argv[1]!, [...process.argv.slice(2), '--teacher-shard', String(w)], {
              execArgv: process.execArgv,
            });
            child.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`teacher worker ${w}: exit ${code}`)),
            );
          }),
      ),
    );
    for (const f of readdirSync(OUT).filter((f) => f.startsWith('teacher-shard-'))) {
      Object.assign(games, readGames(join(OUT, f)));
      rmSync(join(OUT, f));
    }
    writeGames(teacherFile, games);
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return games;
}

// ---- positions ----

/** One decision of a seat with a choice: its observation, each legal move's features, the move chosen. */
interface Decision {
  readonly obs: Sparse;
  readonly moves: readonly Sparse[];
  readonly chosen: number;
  readonly seat: number;
  /** PPO only: every seat's observation (the critic's input), the log-probability of the choice, the round's reward. */
  critic?: Sparse;
  logp?: number;
  reward?: number;
}

/** The actor's inputs of `state` for its seat: the observation and each move's features. */
function actorInputs(state: GameState, moves: readonly Move[]): { obs: Sparse; moves: Sparse[] } {
  const view = playerView(state, state.turn.seat);
  const o = observe(view);
  const feat = new Float32Array(moves.length * shape.features);
  const parts: Sparse[] = [];
  for (let i = 0; i < moves.length; i++) {
    writeMoveFeatures(view, moves[i]!, feat, i * shape.features);
    parts.push(sparseOf(feat, i * shape.features, shape.features, shape.observation));
  }
  return { obs: sparseOf(o, 0, shape.observation, 0), moves: parts };
}

/** The critic's input: every seat's observation, from the mover's round the table. */
function criticInput(state: GameState): Sparse {
  const all = new Float32Array(criticShape.observation);
  for (let k = 0; k < PLAYERS; k++)
    observe(playerView(state, (state.turn.seat + k) % PLAYERS), all, k * shape.observation);
  return sparseOf(all, 0, all.length, 0);
}

/** The decisions with a choice of a teacher game, replayed from its choices. */
function replayTeacher(g: number, choices: readonly number[]): Decision[] {
  let state = createGame(PLAYERS, `${SEED}/teacher/${g}`);
  const out: Decision[] = [];
  for (const pick of choices) {
    if (state.status === 'roundOver') state = apply(state, { type: 'nextRound' });
    const moves = legalMoves(state);
    if (moves.length > 1) out.push({ ...actorInputs(state, moves), chosen: pick, seat: state.turn.seat });
    state = apply(state, moves[pick]!);
  }
  return out;
}

// ---- the policy ----

/** The softmax of the actor's scores of a decision's moves (written to `probs`); returns the log-sum-exp. */
function policy(params: Float32Array, d: Decision, logits: Float64Array, probs: Float64Array): number {
  let max = -Infinity;
  for (let i = 0; i < d.moves.length; i++) {
    logits[i] = actor.forward(params, [d.obs, d.moves[i]!]);
    if (logits[i]! > max) max = logits[i]!;
  }
  let sum = 0;
  for (let i = 0; i < d.moves.length; i++) sum += Math.exp(logits[i]! - max);
  const lse = max + Math.log(sum);
  for (let i = 0; i < d.moves.length; i++) probs[i] = Math.exp(logits[i]! - lse);
  return lse;
}

/** Backpropagates `dLogits` of a decision's moves into `grad`. */
function backLogits(params: Float32Array, d: Decision, dLogits: Float64Array, grad: Float32Array): void {
  for (let i = 0; i < d.moves.length; i++) {
    if (dLogits[i] === 0) continue;
    const parts = [d.obs, d.moves[i]!];
    actor.forward(params, parts);
    actor.backward(params, parts, dLogits[i]!, grad);
  }
}

const logits = new Float64Array(512);
const probs = new Float64Array(512);
const dLogits = new Float64Array(512);

/** One step of imitation: cross-entropy of the teacher's choices; returns the mean loss. */
function imitateStep(params: Float32Array, opt: Adam, grad: Float32Array, batch: readonly Decision[]): number {
  grad.fill(0);
  let loss = 0;
  for (const d of batch) {
    policy(params, d, logits, probs);
    loss -= Math.log(Math.max(probs[d.chosen]!, 1e-12));
    for (let i = 0; i < d.moves.length; i++) dLogits[i] = (probs[i]! - (i === d.chosen ? 1 : 0)) / batch.length;
    backLogits(params, d, dLogits, grad);
  }
  opt.step(params, grad, LEARNING_RATE);
  return loss / batch.length;
}

/** How often the actor's best move is the teacher's, and the mean cross-entropy, over `set`. */
function agreement(params: Float32Array, set: readonly Decision[]): { accuracy: number; loss: number } {
  let same = 0;
  let loss = 0;
  for (const d of set) {
    policy(params, d, logits, probs);
    let top = 0;
    for (let i = 1; i < d.moves.length; i++) if (logits[i]! > logits[top]!) top = i;
    if (top === d.chosen) same++;
    loss -= Math.log(Math.max(probs[d.chosen]!, 1e-12));
  }
  return { accuracy: same / set.length, loss: loss / set.length };
}

// ---- self-play ----

/** One game of self-play, each seat drawing its move from the policy; its decisions with their rewards. */
function selfPlay(params: Float32Array, seed: string): Decision[] {
  const rand = seededRandom(`${seed}/choices`);
  let state = createGame(PLAYERS, seed);
  const out: Decision[] = [];
  let round: Decision[] = [];
  let startScores = state.scores.slice();
  for (let m = 0; m < MAX_MOVES && state.status !== 'gameOver'; m++) {
    if (state.status === 'roundOver') {
      state = apply(state, { type: 'nextRound' });
      continue;
    }
    const moves = legalMoves(state);
    let pick = 0;
    if (moves.length > 1) {
      const d: Decision = {
        ...actorInputs(state, moves),
        chosen: 0,
        seat: state.turn.seat,
        critic: criticInput(state),
      };
      policy(params, d, logits, probs);
      let r = rand();
      pick = moves.length - 1;
      for (let i = 0; i < moves.length; i++) {
        r -= probs[i]!;
        if (r < 0) {
          pick = i;
          break;
        }
      }
      round.push({ ...d, chosen: pick, logp: Math.log(Math.max(probs[pick]!, 1e-12)) });
    }
    state = apply(state, moves[pick]!);
    if (state.status !== 'playing') {
      for (const d of round) d.reward = state.scores[d.seat]! - startScores[d.seat]!;
      out.push(...round);
      round = [];
      startScores = state.scores.slice();
    }
  }
  return out;
}

/** One PPO minibatch step of the actor and the critic; returns the critic's mean squared error. */
function ppoStep(
  nets: Nets,
  grads: { actor: Float32Array; critic: Float32Array },
  batch: readonly Decision[],
  advantage: Map<Decision, number>,
): number {
  grads.actor.fill(0);
  grads.critic.fill(0);
  let criticLoss = 0;
  for (const d of batch) {
    const a = advantage.get(d)!;
    const lse = policy(nets.actor, d, logits, probs);
    const logp = logits[d.chosen]! - lse;
    const ratio = Math.exp(logp - d.logp!);
    const clipped = (a > 0 && ratio > 1 + CLIP) || (a < 0 && ratio < 1 - CLIP);
    let entropy = 0;
    for (let i = 0; i < d.moves.length; i++) if (probs[i]! > 0) entropy -= probs[i]! * Math.log(probs[i]!);
    for (let i = 0; i < d.moves.length; i++) {
      // −min(r·A, clip(r)·A) − β·H, by each logit
      const surrogate = clipped ? 0 : -ratio * a * ((i === d.chosen ? 1 : 0) - probs[i]!);
      const bonus = probs[i]! > 0 ? ENTROPY * probs[i]! * (Math.log(probs[i]!) + entropy) : 0;
      dLogits[i] = (surrogate + bonus) / batch.length;
    }
    backLogits(nets.actor, d, dLogits, grads.actor);
    const v = critic.forward(nets.critic, [d.critic!]);
    const err = v - d.reward!;
    criticLoss += err * err;
    critic.backward(nets.critic, [d.critic!], (2 * err) / batch.length, grads.critic);
  }
  nets.actorOpt.step(nets.actor, grads.actor, PPO_LEARNING_RATE);
  nets.criticOpt.step(nets.critic, grads.critic, LEARNING_RATE);
  return criticLoss / batch.length;
}

// ---- the run ----

interface Nets {
  actor: Float32Array;
  actorOpt: Adam;
  critic: Float32Array;
  criticOpt: Adam;
}

interface Checkpoint {
  readonly players: number;
  readonly seed: string;
  readonly shape: NetworkShape;
  /** The imitation's data: teacher games and playouts a move. */
  readonly teacher: string;
  /** `imitate` with the epochs done, or `ppo` with the iterations done. */
  readonly phase: 'imitate' | 'ppo';
  readonly step: number;
  readonly actor: string;
  readonly actorM: string;
  readonly actorV: string;
  readonly actorT: number;
  readonly critic: string;
  readonly criticM: string;
  readonly criticV: string;
  readonly criticT: number;
}

interface CurvePoint {
  readonly phase: 'imitate' | 'ppo';
  readonly step: number;
  readonly loss: number;
  readonly heldOut?: { accuracy: number; loss: number };
  readonly vsGreedy: Rate | null;
}

const checkpointFile = join(OUT, 'checkpoint.json');
const TEACHER = `${TEACHER_GAMES} games at ${TEACHER_ITERATIONS} playouts`;
const curveFile = join(OUT, 'curve.json');

function save(nets: Nets, phase: 'imitate' | 'ppo', step: number, curve: CurvePoint[]): void {
  const c: Checkpoint = {
    players: PLAYERS,
    seed: SEED,
    shape,
    teacher: TEACHER,
    phase,
    step,
    actor: toBase64(nets.actor),
    actorM: toBase64(nets.actorOpt.m),
    actorV: toBase64(nets.actorOpt.v),
    actorT: nets.actorOpt.t,
    critic: toBase64(nets.critic),
    criticM: toBase64(nets.criticOpt.m),
    criticV: toBase64(nets.criticOpt.v),
    criticT: nets.criticOpt.t,
  };
  writeFileSync(checkpointFile, JSON.stringify(c));
  writeFileSync(curveFile, JSON.stringify(curve, null, 1));
  writeFileSync(join(OUT, 'weights.json'), JSON.stringify({ players: PLAYERS, shape, params: toBase64(nets.actor) }));
}

function load(): { nets: Nets; phase: 'imitate' | 'ppo'; step: number } {
  const nets: Nets = {
    actor: initialParams(shape, `${SEED}/init`),
    actorOpt: new Adam(parameterLayout(shape).length),
    critic: initialParams(criticShape, `${SEED}/critic`, 40 * PLAYERS),
    criticOpt: new Adam(parameterLayout(criticShape).length),
  };
  if (!existsSync(checkpointFile)) return { nets, phase: 'imitate', step: 0 };
  const c = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Checkpoint;
  if (c.seed !== SEED || JSON.stringify(c.shape) !== JSON.stringify(shape) || c.teacher !== TEACHER)
    throw new Error(
      `${checkpointFile} is of another run (seed ${c.seed}, teacher ${c.teacher}); remove it or use its arguments.`,
    );
  nets.actor = fromBase64(c.actor);
  nets.actorOpt.m = fromBase64(c.actorM);
  nets.actorOpt.v = fromBase64(c.actorV);
  nets.actorOpt.t = c.actorT;
  nets.critic = fromBase64(c.critic);
  nets.criticOpt.m = fromBase64(c.criticM);
  nets.criticOpt.v = fromBase64(c.criticV);
  nets.criticOpt.t = c.criticT;
  console.log(`resuming after ${c.phase} step ${c.step}`);
  return { nets, phase: c.phase, step: c.step };
}

const pct = (r: Rate): string =>
  `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}, ${(r.high * 100).toFixed(1)}]`;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const shard = process.argv.indexOf('--teacher-shard');
  if (shard >= 0) {
    teacherShard(Number(process.argv[shard + 1]), new Set(Object.keys(readGames(teacherFile)).map(Number)));
    return;
  }
  const curve: CurvePoint[] = existsSync(curveFile) ? JSON.parse(readFileSync(curveFile, 'utf8')) : [];
  const { nets, phase, step } = load();
  const evaluate = (tag: string): Rate => evaluateAgainstGreedy(shape, nets.actor, PLAYERS, EVAL_GAMES, SEED, tag);
  console.log(
    `${PLAYERS} players: ${parameterLayout(shape).length.toLocaleString('en-US')} weights (critic ${parameterLayout(criticShape).length.toLocaleString('en-US')}); fair share ${(1 / PLAYERS).toFixed(3)}`,
  );

  if (phase === 'imitate' && step < IMITATE_EPOCHS && TEACHER_GAMES > 0) {
    const games = await teacherGames();
    const train: Decision[] = [];
    const heldOut: Decision[] = [];
    const split = Math.floor(TEACHER_GAMES * 0.9);
    for (let g = 0; g < TEACHER_GAMES; g++) (g < split ? train : heldOut).push(...replayTeacher(g, games[g]!));
    console.log(`imitation: ${train.length} decisions to learn from, ${heldOut.length} held out`);
    const grad = new Float32Array(parameterLayout(shape).length);
    for (let epoch = step; epoch < IMITATE_EPOCHS; epoch++) {
      const t0 = performance.now();
      shuffle(train, seededRandom(`${SEED}/imitate/${epoch}`));
      let loss = 0;
      let batches = 0;
      for (let i = 0; i + IMITATE_BATCH <= train.length; i += IMITATE_BATCH) {
        loss += imitateStep(nets.actor, nets.actorOpt, grad, train.slice(i, i + IMITATE_BATCH));
        batches++;
      }
      const held = agreement(nets.actor, heldOut);
      const vsGreedy = evaluate(`imitate-${epoch + 1}`);
      curve.push({ phase: 'imitate', step: epoch + 1, loss: loss / batches, heldOut: held, vsGreedy });
      console.log(
        `epoch ${epoch + 1}: loss ${(loss / batches).toFixed(3)}, held out: the teacher's move ${(held.accuracy * 100).toFixed(1)}%, loss ${held.loss.toFixed(3)}; against greedy ${pct(vsGreedy)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
      save(nets, 'imitate', epoch + 1, curve);
    }
  }

  const grads = {
    actor: new Float32Array(parameterLayout(shape).length),
    critic: new Float32Array(parameterLayout(criticShape).length),
  };
  for (let it = phase === 'ppo' ? step : 0; it < ITERATIONS; it++) {
    const t0 = performance.now();
    const data: Decision[] = [];
    for (let g = 0; g < GAMES; g++) data.push(...selfPlay(nets.actor, `${SEED}/ppo/${it}/${g}`));
    const t1 = performance.now();
    const advantage = new Map<Decision, number>();
    let mean = 0;
    for (const d of data) {
      const a = d.reward! - critic.forward(nets.critic, [d.critic!]);
      advantage.set(d, a);
      mean += a;
    }
    mean /= data.length;
    let sd = 0;
    for (const a of advantage.values()) sd += (a - mean) ** 2;
    sd = Math.sqrt(sd / data.length) + 1e-8;
    for (const [d, a] of advantage) advantage.set(d, (a - mean) / sd);
    let criticLoss = 0;
    let batches = 0;
    for (let epoch = 0; epoch < PPO_EPOCHS; epoch++) {
      shuffle(data, seededRandom(`${SEED}/ppo/${it}/shuffle/${epoch}`));
      for (let i = 0; i + PPO_BATCH <= data.length; i += PPO_BATCH) {
        criticLoss += ppoStep(nets, grads, data.slice(i, i + PPO_BATCH), advantage);
        batches++;
      }
    }
    const done = it + 1;
    let vsGreedy: Rate | null = null;
    if (done % EVAL_EVERY === 0 || done === ITERATIONS) vsGreedy = evaluate(`ppo-${done}`);
    curve.push({ phase: 'ppo', step: done, loss: criticLoss / Math.max(1, batches), vsGreedy });
    console.log(
      `iteration ${done}: ${data.length} decisions, critic loss ${(criticLoss / Math.max(1, batches)).toFixed(3)}, play ${((t1 - t0) / 1000).toFixed(1)} s, fit ${((performance.now() - t1) / 1000).toFixed(1)} s${vsGreedy ? `; against greedy ${pct(vsGreedy)}` : ''}`,
    );
    save(nets, 'ppo', done, curve);
  }
}

await main();
