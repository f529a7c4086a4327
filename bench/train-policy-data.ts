/**
 * The data and the fit behind the learned playout policy (src/bots/playout-policy.ts), bundled
 * and run by `npx tsx bench/train-policy.ts`. Decisions come from whole games of `montecarlo` bots
 * (every seat, each with its own seed): for each decision with a choice and no move that goes
 * out, the greedy heuristic's features of every legal move and the move the bot chose. A
 * multinomial logit (softmax of weights · features) is fitted by maximum likelihood.
 */
import { createGame, apply, legalMoves, type GameState, seededRandom } from '../src/core/index.js';
import { playerView } from '../src/views/player-view.js';
import { botByName } from '../src/bots/by-name.js';
import { pickGreedy } from '../src/bots/greedy-bot.js';
import { outlookOfTrusted } from '../src/bots/outlook.js';
import { MOVE_FEATURES, GREEDY_WEIGHTS, moveFeatures } from '../src/bots/policy-features.js';
import { pickByWeights } from '../src/bots/playout-policy.js';

export { MOVE_FEATURES, GREEDY_WEIGHTS };

/** Names of `moveFeatures`' features, in order. */
export const MOVE_FEATURE_NAMES = [
  'play',
  'add',
  'take',
  'rotate',
  'cards shed',
  'empties a value',
  "beats an opponent's set (size)",
  'beaten owner close to out',
  "beats an out seat's set",
  'own cards back',
  'risk × size',
  'value shown / highest',
  'values a take adds',
  'values a rotation saves',
  'biggest group after rotating',
  'single card',
  "the heuristic's best",
  "past montecarlo's candidates",
  'cards of its value kept',
  'cards left in hand',
  'goes out',
] as const;

/** One decision: `moves` rows of features, the row chosen, and the position (to recompute features). */
export interface Decision {
  features: number[];
  readonly moves: number;
  readonly chosen: number;
  readonly state?: GameState;
}

/** Decisions of `montecarlo` self-play at `playouts` a move, `players` seats, until `count` are kept. */
export function decisions(
  players: number,
  count: number,
  seed: string,
  playouts: number,
  onGame?: (n: number) => void,
  firstGame = 0,
): Decision[] {
  const out: Decision[] = [];
  for (let g = firstGame; out.length < count; g++) {
    const bots = Array.from({ length: players }, (_, s) =>
      botByName('montecarlo', { seed: `${seed}-${g}-${s}`, playouts }),
    );
    let state = createGame(players, `${seed}-${g}`);
    for (let k = 0; k < 3000 && state.status !== 'gameOver' && out.length < count; k++) {
      const moves = legalMoves(state);
      const seat = state.turn.seat;
      const move = bots[seat]!.chooseMove(playerView(state, seat), moves) as (typeof moves)[number];
      if (state.status === 'playing' && moves.length > 1) {
        const f = new Float64Array(moves.length * MOVE_FEATURES);
        moveFeatures(outlookOfTrusted(state), moves, f);
        let out1 = false;
        for (let i = 0; i < moves.length; i++) if (f[i * MOVE_FEATURES + MOVE_FEATURES - 1] === 1) out1 = true;
        const key = JSON.stringify(move);
        const chosen = moves.findIndex((m) => JSON.stringify(m) === key); // the bot returns its own copy
        if (!out1 && chosen >= 0) out.push({ features: Array.from(f), moves: moves.length, chosen, state });
      }
      state = apply(state, move);
    }
    onGame?.(out.length);
  }
  return out;
}

/** The features of a kept decision recomputed by today's `moveFeatures` (the position is kept since the data of 2 December 2026). */
export function refeature(d: Decision): Decision {
  if (d.state === undefined) return d;
  const moves = legalMoves(d.state);
  const f = new Float64Array(moves.length * MOVE_FEATURES);
  moveFeatures(outlookOfTrusted(d.state), moves, f);
  return { features: Array.from(f), moves: moves.length, chosen: d.chosen };
}

/** Each move's weights · features (the last feature, going out, left aside). */
function logits(d: Decision, w: ArrayLike<number>): Float64Array {
  const z = new Float64Array(d.moves);
  for (let i = 0; i < d.moves; i++) {
    let s = 0;
    for (let k = 0; k < MOVE_FEATURES - 1; k++) s += w[k]! * d.features[i * MOVE_FEATURES + k]!;
    z[i] = s;
  }
  return z;
}

/** Mean log-likelihood and top-1 agreement of `w` on `data` (softmax of w · features). */
export function fit(data: readonly Decision[], w: ArrayLike<number>): { logLik: number; top1: number } {
  let ll = 0;
  let top = 0;
  for (const d of data) {
    const z = logits(d, w);
    const max = Math.max(...z);
    let sum = 0;
    for (let i = 0; i < d.moves; i++) sum += Math.exp(z[i]! - max);
    ll += z[d.chosen]! - max - Math.log(sum);
    let ties = 0;
    for (let i = 0; i < d.moves; i++) if (z[i] === max) ties++;
    if (z[d.chosen] === max) top += 1 / ties;
  }
  return { logLik: ll / data.length, top1: top / data.length };
}

/** Weights fitted by Adam on the mean log-likelihood (a little L2), from the greedy weights scaled to fit. */
export function train(data: readonly Decision[], steps = 1500): Float64Array {
  const F = MOVE_FEATURES - 1;
  // start from the greedy heuristic at the temperature that fits best
  let bestScale = 0.1;
  let bestLl = -Infinity;
  for (const scale of [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1]) {
    const ll = fit(
      data,
      GREEDY_WEIGHTS.map((x) => x * scale),
    ).logLik;
    if (ll > bestLl) [bestLl, bestScale] = [ll, scale];
  }
  const w = Float64Array.from(GREEDY_WEIGHTS.slice(0, MOVE_FEATURES), (x) => x * bestScale);
  w[MOVE_FEATURES - 1] = 0;
  const m = new Float64Array(F);
  const v = new Float64Array(F);
  const lr = 0.02;
  for (let t = 1; t <= steps; t++) {
    const grad = new Float64Array(F);
    for (const d of data) {
      const z = logits(d, w);
      const max = Math.max(...z);
      let sum = 0;
      for (let i = 0; i < d.moves; i++) sum += z[i] = Math.exp(z[i]! - max);
      for (let i = 0; i < d.moves; i++) {
        const g = (i === d.chosen ? 1 : 0) - z[i]! / sum;
        for (let k = 0; k < F; k++) grad[k]! += g * d.features[i * MOVE_FEATURES + k]!;
      }
    }
    for (let k = 0; k < F; k++) {
      const g = grad[k]! / data.length - 1e-4 * w[k]!;
      m[k] = 0.9 * m[k]! + 0.1 * g;
      v[k] = 0.999 * v[k]! + 0.001 * g * g;
      w[k]! += (lr * (m[k]! / (1 - 0.9 ** t))) / (Math.sqrt(v[k]! / (1 - 0.999 ** t)) + 1e-8);
    }
  }
  return w;
}

export { PLAYOUT_WEIGHTS } from '../src/bots/playout-policy.js';

/**
 * One seat playing by `weights` (no search) against greedy seats, seats rotated game by game:
 * its wins out of `games` (seeded, so the same count on any machine).
 */
export function versusGreedy(players: number, games: number, weights: readonly number[]): number {
  const rng = seededRandom('versus-greedy');
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const me = g % players;
    let s = createGame(players, `versus-greedy-${Math.floor(g / players)}`);
    for (let k = 0; k < 5000 && s.status !== 'gameOver'; k++) {
      const moves = legalMoves(s);
      const o = outlookOfTrusted(s);
      s = apply(
        s,
        s.status !== 'playing'
          ? moves[0]!
          : s.turn.seat === me
            ? pickByWeights(o, moves, weights, rng)
            : pickGreedy(o, moves, rng),
      );
    }
    if (s.winner === me) wins++;
  }
  return wins;
}
