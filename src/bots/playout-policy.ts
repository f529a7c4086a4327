/**
 * A playout policy with learned weights: the greedy heuristic's features of each
 * move (`moveFeatures`) weighed by weights fitted to the moves that `montecarlo` bots
 * chose in their own games (`npx tsx bench/train-policy.ts`), so that the players of a playout
 * play more like the search bots they stand for. A move that goes out is always taken (rules §6).
 */
import type { Move, RandomSource } from '../core/index.js';
import { bestIndex, weighedScores, type Outlook } from './greedy-bot.js';

/**
 * The fitted weights per player count (3, 4, 5), one per feature but the last (going out, always
 * taken). 5 players: fitted on 6,000 decisions of `montecarlo` self-play at 1,500 playouts a move
 * (`npx tsx bench/train-policy.ts gen 5 3000 1500 d5a.json 0`, the same from game 100000 into
 * d5b.json, then `fit d5a.json d5b.json`), with the features of the move's place in the greedy
 * order (the best; past the six `montecarlo` searches) and of what the hand keeps: on the held-out
 * fifth they predict the bots' move 49.3% of the time (log-likelihood −1.222) where the weights
 * without those features did 46.9% (−1.326) and the greedy heuristic's best move 39.5%; one seat
 * of it against greedy seats wins 1,477 of 4,000 games (36.9%; 1,383 before). 4 players: fitted
 * on 6,000 decisions at 1,800 playouts before those features were added (their weights are 0):
 * 45.2% held-out where greedy did 39.0%, 44.5% of 4,000 games against greedy seats. 3 players:
 * the 4-player weights, not fitted apart (the `expert` bot keeps greedy playouts there).
 */
export const PLAYOUT_WEIGHTS: Readonly<Record<3 | 4 | 5, readonly number[]>> = {
  3: [
    -1.2316, 0.0294, 0.946, 0.693, 0.6044, 2.6441, 0.242, 0.5899, 0.057, 0, -0.5986, -1.0068, -1.7277, 1.4586, -0.2328,
    0.5169, 0, 0, 0, 0,
  ],
  4: [
    -1.2316, 0.0294, 0.946, 0.693, 0.6044, 2.6441, 0.242, 0.5899, 0.057, 0, -0.5986, -1.0068, -1.7277, 1.4586, -0.2328,
    0.5169, 0, 0, 0, 0,
  ],
  5: [
    -0.4555, 0.594, 0.2996, -0.4981, 0.1547, 1.5036, 0.0609, 0.7591, -0.2158, 0, -0.3485, -0.9575, -1.6676, 1.3504,
    0.2639, 0.252, 0.2494, -5.2894, -0.7077, -0.0881,
  ],
};

/** Each move's score under `weights`, into `scores` (`Infinity` for a move that goes out): `weights` · `moveFeatures`, computed without writing the features out. */
export function policyScores(
  o: Outlook,
  moves: readonly Move[],
  weights: readonly number[],
  scores: Float64Array | number[],
): void {
  weighedScores(o, moves, weights, scores);
}

let scores = new Float64Array(256);

/** The best move under `weights`, ties broken at random. */
export function pickByWeights(o: Outlook, moves: readonly Move[], weights: readonly number[], rng: RandomSource): Move {
  if (moves.length === 1) return moves[0]!;
  if (scores.length < moves.length) scores = new Float64Array(moves.length);
  policyScores(o, moves, weights, scores);
  return moves[bestIndex(scores, moves.length, rng)]!;
}

/** Below this many nats under the best score a move's chance is under 10⁻⁹ and is not counted. */
const NEGLIGIBLE = 21;

/**
 * A move drawn from the policy's softmax at `temperature` (> 0): each move with a chance in
 * proportion to exp(score / temperature), the distribution the weights were fitted as at 1. A move
 * that goes out is always taken (rules §6).
 */
export function sampleByWeights(
  o: Outlook,
  moves: readonly Move[],
  weights: readonly number[],
  temperature: number,
  rng: RandomSource,
): Move {
  if (moves.length === 1) return moves[0]!;
  const count = moves.length;
  if (scores.length < count) scores = new Float64Array(count);
  policyScores(o, moves, weights, scores);
  let best = -Infinity;
  for (let i = 0; i < count; i++) if (scores[i]! > best) best = scores[i]!;
  if (best === Infinity) return moves[bestIndex(scores, count, rng)]!;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const z = (scores[i]! - best) / temperature;
    const w = z < -NEGLIGIBLE ? 0 : Math.exp(z);
    scores[i] = w;
    total += w;
  }
  let u = rng() * total;
  for (let i = 0; i < count; i++) {
    u -= scores[i]!;
    if (u < 0) return moves[i]!;
  }
  for (let i = count - 1; ; i--) if (scores[i]! > 0) return moves[i]!; // rounding left u at the end
}
