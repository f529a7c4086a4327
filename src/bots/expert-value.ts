/**
 * What a playout's end is worth to each seat in the `expert` bot's search (3–5 players): the
 * game's result, the chance to win the game that a round's tokens give (rules §6), or, for a
 * playout cut short, that chance expected over the places the learned model predicts.
 */
import { TOKENS_TO_WIN } from '../core/index.js';
import type { Playout } from '../search/playout.js';
import { CUT_WEIGHTS, FEATURES, cutFeatures, strengths } from './expert-model.js';
import { winChances } from './game-value.js';

/** Scratch space of the judgement of a cut playout (at most 5 seats). */
const seats = new Array<number>(5);
const features = new Float64Array(5 * FEATURES);
const strength = new Float64Array(5);

/**
 * What a playout's end is worth to `me` (3–5 players), in [0, 1]: 1 or 0 if the game ended; the
 * chance to win the game that the tokens give (rules §6: 2 to the first out, 1 to the second,
 * 4 win at once) if the round ended; if the playout was cut, that chance expected over the
 * model's places for the seats still in the round.
 */
export function expertValue(p: Playout, me: number): number {
  expertValues(p, one);
  return one[me]!;
}

/** Scratch space of {@link expertValue}. */
const one = new Float64Array(5);

/** {@link expertValue} of every seat at once, into `out` (one entry per seat). */
export function expertValues(p: Playout, out: Float64Array): void {
  const n = p.playerCount;
  out.fill(0, 0, n);
  if (p.winner !== null) {
    out[p.winner] = 1;
    return;
  }
  const tokens = p.scores.slice();
  if (p.status !== 'playing') {
    const c = winChances(tokens);
    for (let s = 0; s < n; s++) out[s] = c[s]!;
    return;
  }
  const count = cutFeatures(p, seats, features);
  strengths(features, count, CUT_WEIGHTS[n as 3 | 4 | 5], strength);
  let total = 0;
  for (let i = 0; i < count; i++) total += strength[i]!;
  if (p.out.length >= 1) {
    // the first place is taken: the second ends the round (rules §6)
    for (let i = 0; i < count; i++) addAfterPlace(tokens, seats[i]!, 1, strength[i]! / total, out);
    return;
  }
  for (let i = 0; i < count; i++) {
    const a = seats[i]!;
    const pa = strength[i]! / total;
    tokens[a]! += 2;
    if (tokens[a]! >= TOKENS_TO_WIN)
      out[a]! += pa; // the game ends there (rules §6)
    else {
      const rest = total - strength[i]!;
      for (let j = 0; j < count; j++) if (j !== i) addAfterPlace(tokens, seats[j]!, 1, (pa * strength[j]!) / rest, out);
    }
    tokens[a]! -= 2;
  }
}

/** Adds to `out`, times `weight`, every seat's chance to win once `seat` gains `gain` tokens and the round ends. */
function addAfterPlace(tokens: number[], seat: number, gain: number, weight: number, out: Float64Array): void {
  tokens[seat]! += gain;
  if (tokens[seat]! >= TOKENS_TO_WIN) out[seat]! += weight;
  else {
    const c = winChances(tokens);
    for (let s = 0; s < tokens.length; s++) out[s]! += weight * c[s]!;
  }
  tokens[seat]! -= gain;
}
