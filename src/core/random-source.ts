/**
 * A seeded random source for sampling bots and determinization, built on the rules' generator
 * (random.ts) but never used by the rules themselves.
 */
import { seedRng, sfc32Next, rngCursor, type RngState, type Seed } from './random.js';

/** A source of uniform floats in [0, 1), like `Math.random`; pass a seeded one to stay reproducible. */
export type RandomSource = () => number;

/**
 * A reproducible {@link RandomSource}: sfc32 seeded from `seed` the way games are (docs/randomness.md).
 *
 * @param seed - a string or a safe integer.
 * @throws {@link GameSetupError} `BAD_SEED` for any other seed.
 * @example
 * ```ts
 * const rng = seededRandom('bot-1');
 * const sample = determinize(view, rng);
 * ```
 */
export function seededRandom(seed: Seed): RandomSource {
  return randomFrom(seedRng(seed));
}

/** A random source that starts where the generator state `state` stands (internal: searches replay one stream per candidate). */
export function randomFrom(state: RngState): RandomSource {
  const s = rngCursor(state);
  return () => sfc32Next(s) / 0x100000000;
}

/** An integer uniform in [0, bound). */
export function randomBelow(rng: RandomSource, bound: number): number {
  const x = unitDraw(rng);
  return Math.min(bound - 1, Math.floor(x * bound));
}

/** One draw of `rng`, forced into [0, 1): a caller's source may return anything (NaN, 7, "a"). */
export function unitDraw(rng: RandomSource): number {
  const x = rng();
  return typeof x === 'number' && x >= 0 && x < 1 ? x : 0;
}
