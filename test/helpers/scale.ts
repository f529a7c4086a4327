/**
 * How many random cases the tests run: FUZZ_SCALE multiplies every run count, the fuzz
 * properties' (test/helpers/fuzz.ts) and the fixed ones of the other property tests alike.
 * `npm test` runs at 0.2 for a quick developer run; CI (.ci/run) and a bare `vitest run` at 1;
 * `npm run fuzz` at 20.
 */

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const x = Number(raw);
  if (!Number.isFinite(x) || x <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return x;
}

/** Run-count multiplier. */
export const FUZZ_SCALE = positiveNumber('FUZZ_SCALE', 1);

/** A property's run count: `n` at FUZZ_SCALE 1, scaled, at least `atLeast` (a test that must see every case of a kind). */
export function scaled(n: number, atLeast = 1): number {
  return Math.max(atLeast, Math.round(n * FUZZ_SCALE));
}
