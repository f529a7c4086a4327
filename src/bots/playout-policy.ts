/**
 * A playout policy with learned weights (issue #25): the greedy heuristic's features of each
 * move ({@link moveFeatures}) weighed by weights fitted to the moves that `montecarlo` bots
 * chose in their own games (`node bench/train-policy.mjs`), so that the players of a playout
 * play more like the search bots they stand for. A move that goes out is always taken (rules §6).
 */
import type { Move } from '../core/moves.js';
import type { RandomSource } from '../views/random-source.js';
import { MOVE_FEATURES, bestIndex, moveFeatures, type Outlook } from './greedy-bot.js';

/**
 * The fitted weights per player count (3, 4, 5), one per feature but the last (going out, always
 * taken). 4 and 5 players: fitted on 6,000 decisions of `montecarlo` self-play each, at 1,800 and
 * 1,500 playouts a move, by `node bench/train-policy.mjs gen 4 6000 1800 d4.json` then
 * `node bench/train-policy.mjs fit d4.json` (and `gen 5 6000 1500`); on the held-out fifth they
 * predict the bots' move 45.2% and 46.9% of the time where the greedy heuristic's best move is
 * theirs 39.0% and 38.8%. As players they beat greedy ones by far (one seat against greedy
 * seats: 44.5% of 4,000 4-player games, 34.6% of 4,000 5-player games, `versus-greedy`). 3 players: the 4-player
 * weights, not fitted apart (the `expert` bot keeps greedy playouts there).
 */
export const PLAYOUT_WEIGHTS: Readonly<Record<3 | 4 | 5, readonly number[]>> = {
  3: [-1.2316,0.0294,0.946,0.693,0.6044,2.6441,0.242,0.5899,0.057,0,-0.5986,-1.0068,-1.7277,1.4586,-0.2328,0.5169],
  4: [-1.2316,0.0294,0.946,0.693,0.6044,2.6441,0.242,0.5899,0.057,0,-0.5986,-1.0068,-1.7277,1.4586,-0.2328,0.5169],
  5: [-1.0706,0.0269,0.8384,0.4657,0.5849,2.5357,0.1555,0.6077,-0.1934,0,-0.4986,-0.8442,-1.3132,1.3549,-0.0618,0.3209],
};

/** Scratch space: the features of up to 256 moves (more are scored in a bigger array). */
let scratch = new Float64Array(256 * MOVE_FEATURES);

/** Each move's score under `weights`, into `scores`. */
export function policyScores(o: Outlook, moves: readonly Move[], weights: readonly number[], scores: Float64Array | number[]): void {
  if (scratch.length < moves.length * MOVE_FEATURES) scratch = new Float64Array(moves.length * MOVE_FEATURES);
  moveFeatures(o, moves, scratch);
  for (let i = 0; i < moves.length; i++) {
    const at = i * MOVE_FEATURES;
    if (scratch[at + 16] === 1) {
      scores[i] = Infinity; // going out cannot be improved on
      continue;
    }
    let z = 0;
    for (let k = 0; k < MOVE_FEATURES - 1; k++) z += weights[k]! * scratch[at + k]!;
    scores[i] = z;
  }
}

let scores = new Float64Array(256);

/** The best move under `weights`, ties broken at random. */
export function pickByWeights(o: Outlook, moves: readonly Move[], weights: readonly number[], rng: RandomSource): Move {
  if (moves.length === 1) return moves[0]!;
  if (scores.length < moves.length) scores = new Float64Array(moves.length);
  policyScores(o, moves, weights, scores);
  return moves[bestIndex(scores, moves.length, rng)]!;
}
