/** The 95% Wilson score interval of a win rate: plain arithmetic, usable anywhere (the arena itself is Node-only). */
import { ArgumentError } from '../core/index.js';
import { describeValue } from '../core/internal.js';

/**
 * The 95% Wilson score interval of a proportion.
 *
 * @param successes - the count of successes.
 * @param trials - the count of trials (0 gives [0, 1]).
 * @param z - the normal quantile (1.96 for 95%).
 * @example
 * ```ts
 * wilsonInterval(60, 100); // about [0.502, 0.691]
 * ```
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): [number, number] {
  if (
    !Number.isSafeInteger(trials) ||
    trials < 0 ||
    !Number.isSafeInteger(successes) ||
    successes < 0 ||
    successes > trials ||
    typeof z !== 'number' ||
    !(z > 0 && z < 100)
  ) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A Wilson interval needs whole counts with 0 ≤ successes ≤ trials and z > 0, not ${describeValue(successes)} of ${describeValue(trials)} (z ${describeValue(z)}).`,
    );
  }
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
