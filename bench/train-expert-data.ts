/**
 * The data and the fit behind `CUT_WEIGHTS` (src/bots/expert-model.ts), bundled and run by
 * `npx tsx bench/train-expert.ts`. Positions come from games of the search's playout policy
 * (greedy players who pick a random move one time in ten); from each sampled position still in
 * a round, the same policy plays the round out, and the order in which seats went out is what
 * the Plackett–Luce model learns to predict from the position's features.
 */
import { createGame, apply, legalMoves, seededRandom, type RandomSource } from '../src/core/index.js';
import { randomBelow } from '../src/core/internal.js';
import { playerView } from '../src/views/player-view.js';
import { botByName } from '../src/bots/by-name.js';
import { Playout } from '../src/search/playout.js';
import { pickGreedy } from '../src/bots/greedy-bot.js';
import type { Outlook } from '../src/bots/outlook.js';
import { FEATURES, FEATURE_NAMES, cutFeatures } from '../src/bots/expert-model.js';

const NOISE = 0.1;

function outlookOf(p: Playout): Outlook {
  const n = p.playerCount;
  const handSizes = new Array<number>(n);
  for (let s = 0; s < n; s++) handSizes[s] = p.handSize(s);
  return {
    seat: p.turn.seat,
    hand: p.hand(p.turn.seat),
    table: p.table,
    handSizes,
    out: p.out,
    deck: p.toState().deck,
  };
}

function step(p: Playout, rng: RandomSource): void {
  const legal = p.legalMoves();
  p.play(rng() < NOISE ? legal[randomBelow(rng, legal.length)]! : pickGreedy(outlookOf(p), legal, rng));
}

/** One sample: the waiting seats' features (rows) and the indices of the rows that went out, in order. */
export interface Sample {
  readonly features: Float64Array;
  readonly count: number;
  readonly order: readonly number[];
}

export function samples(players: number, wanted: number, seed: string): Sample[] {
  const rng = seededRandom(seed);
  const out: Sample[] = [];
  const seats = new Array<number>(players);
  for (let g = 0; out.length < wanted; g++) {
    const p = new Playout(createGame(players, `${seed}/${g}`), { events: false });
    while (p.status !== 'gameOver' && out.length < wanted) {
      if (p.status === 'roundOver') {
        p.play(p.legalMoves()[0]!);
        continue;
      }
      if (rng() < 0.2) {
        const features = new Float64Array(players * FEATURES);
        const count = cutFeatures(p, seats, features);
        const before = p.out.length;
        const q = new Playout(p.toState(), { events: false });
        while (q.status === 'playing') step(q, rng);
        const order = q.out.slice(before).map((s) => seats.indexOf(s));
        if (order.length > 0 && order.every((i) => i >= 0 && i < count)) out.push({ features, count, order });
      }
      step(p, rng);
    }
  }
  return out;
}

/**
 * Samples as {@link samples} gives them, but from whole games of `montecarlo` bots at `playouts`
 * a move (each seeing only its view): a sampled position's order is the one in which that game's
 * round really went out, so it measures the model against stronger play than its playouts'.
 */
export async function montecarloSamples(
  players: number,
  wanted: number,
  seed: string,
  playouts: number,
): Promise<Sample[]> {
  const rng = seededRandom(seed);
  const out: Sample[] = [];
  const seats = new Array<number>(players);
  for (let g = 0; out.length < wanted; g++) {
    const bots = Array.from({ length: players }, (_, i) =>
      botByName('montecarlo', { playouts, seed: `${seed}/${g}/${i}` }),
    );
    let s = createGame(players, `${seed}/${g}`);
    let pending: { features: Float64Array; count: number; before: number; seats: number[] }[] = [];
    while (s.status !== 'gameOver') {
      if (s.status === 'roundOver') {
        s = apply(s, legalMoves(s)[0]!);
        continue;
      }
      if (rng() < 0.2) {
        const features = new Float64Array(players * FEATURES);
        const count = cutFeatures(new Playout(s, { events: false }), seats, features);
        pending.push({ features, count, before: s.out.length, seats: seats.slice(0, count) });
      }
      s = apply(s, await bots[s.turn.seat]!.chooseMove(playerView(s, s.turn.seat), legalMoves(s)));
      if (s.status === 'playing') continue;
      for (const x of pending) {
        const order = s.out.slice(x.before).map((q) => x.seats.indexOf(q));
        if (order.length > 0 && order.every((i) => i >= 0 && i < x.count))
          out.push({ features: x.features, count: x.count, order });
      }
      pending = [];
    }
  }
  return out.slice(0, wanted);
}

/** Mean log-likelihood per place of `data` under `w`, and how often the likeliest seat went out first. */
export function fit(data: readonly Sample[], w: Float64Array): { logLik: number; top1: number } {
  let ll = 0;
  let places = 0;
  let hits = 0;
  const z = new Float64Array(8);
  for (const d of data) {
    for (let i = 0; i < d.count; i++) {
      let v = 0;
      for (let k = 0; k < FEATURES; k++) v += w[k]! * d.features[i * FEATURES + k]!;
      z[i] = v;
    }
    let best = 0;
    for (let i = 1; i < d.count; i++) if (z[i]! > z[best]!) best = i;
    if (best === d.order[0]) hits++;
    const used = new Uint8Array(d.count);
    for (const a of d.order) {
      let sum = 0;
      for (let i = 0; i < d.count; i++) if (!used[i]) sum += Math.exp(z[i]!);
      ll += z[a]! - Math.log(sum);
      places++;
      used[a] = 1;
    }
  }
  return { logLik: ll / places, top1: hits / data.length };
}

/** Maximum-likelihood weights by gradient ascent (a little L2 keeps unused features at 0). */
export function train(data: readonly Sample[], epochs = 400, rate = 0.05, l2 = 1e-3): Float64Array {
  const w = new Float64Array(FEATURES);
  w[1] = -1; // start from the ismcts bot's rule: fewer distinct values, sooner out
  const grad = new Float64Array(FEATURES);
  const z = new Float64Array(8);
  const e = new Float64Array(8);
  // Adam: the features' scales differ (cards up to 13, flags 0/1)
  const m = new Float64Array(FEATURES);
  const v = new Float64Array(FEATURES);
  for (let t = 1; t <= epochs; t++) {
    grad.fill(0);
    let places = 0;
    for (const d of data) {
      for (let i = 0; i < d.count; i++) {
        let s = 0;
        for (let k = 0; k < FEATURES; k++) s += w[k]! * d.features[i * FEATURES + k]!;
        z[i] = s;
      }
      const used = new Uint8Array(d.count);
      for (const a of d.order) {
        let sum = 0;
        for (let i = 0; i < d.count; i++) if (!used[i]) sum += e[i] = Math.exp(z[i]!);
        for (let k = 0; k < FEATURES; k++) {
          let mean = 0;
          for (let i = 0; i < d.count; i++) if (!used[i]) mean += (e[i]! / sum) * d.features[i * FEATURES + k]!;
          grad[k]! += d.features[a * FEATURES + k]! - mean;
        }
        places++;
        used[a] = 1;
      }
    }
    for (let k = 0; k < FEATURES; k++) {
      const g = grad[k]! / places - l2 * w[k]!;
      m[k] = 0.9 * m[k]! + 0.1 * g;
      v[k] = 0.999 * v[k]! + 0.001 * g * g;
      const mh = m[k]! / (1 - 0.9 ** t);
      const vh = v[k]! / (1 - 0.999 ** t);
      w[k]! += (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return w;
}

export { FEATURE_NAMES, FEATURES };
export { CUT_WEIGHTS } from '../src/bots/expert-model.js';
