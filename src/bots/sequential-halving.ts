/**
 * Sequential halving at the root (Karnin, Koren and Somekh, ICML 2013), the race of `expert` and
 * `ismcts`: rounds of one sampled world each, in which every candidate still racing is played out
 * from that world with the same random stream (common random numbers: the candidates' totals
 * differ by their moves, not by their luck); at equal shares of the budget the worse half leaves.
 */

/**
 * The share of its budget a decision aims to end within: the rest is room for what the bot's own
 * clock cannot foresee (a garbage collection, a wait for a core), so that its time per move stays
 * within 10% of the budget at the 99th percentile (docs/benchmarks.md).
 */
export const AIM = 0.95;

/** The budget of one race. */
export interface HalvingBudget {
  /** The clock's reading when the move's search started. */
  readonly start: number;
  /** The move's time in ms; Infinity when only `iterations` count. */
  readonly timeMs: number;
  /** The most playouts, all candidates together. */
  readonly iterations: number;
  /** The clock, in ms; read after each playout when `timeMs` is finite, never otherwise. */
  readonly now: () => number;
}

/**
 * Races `count` candidates and returns the index of the winner (the highest total; a tie goes to
 * the lower index). `round` starts a round: it draws the round's world and random stream, and
 * returns the function that plays candidate `i` out in it and returns what the seat gained there.
 * A round cut short by the clock is dropped, as the candidates' worlds must match.
 */
export function sequentialHalving(
  count: number,
  { start, timeMs, iterations, now }: HalvingBudget,
  round: () => (candidate: number) => number,
): number {
  const timed = timeMs !== Infinity;
  const total = new Array<number>(count).fill(0);
  const gained = new Array<number>(count).fill(0);
  let active = Array.from({ length: count }, (_, i) => i);
  const phases = Math.ceil(Math.log2(count));
  const deadline = start + timeMs * AIM;
  let phase = 0;
  let done = 0; // playouts so far
  let spent = 0;
  let longest = 0;
  let t1 = start;
  race: while (active.length > 1 && done + active.length <= iterations) {
    const t0 = t1;
    // a round that would not end before the deadline is not started
    const expected = done === 0 ? 0 : Math.max((1.5 * spent * active.length) / done, longest / 2);
    if (t0 + expected > deadline) break;
    const playOut = round();
    for (let j = 0; j < active.length; j++) {
      const i = active[j]!;
      gained[i] = playOut(i);
      if (timed) t1 = now();
      if (t1 > deadline && j < active.length - 1) break race;
    }
    for (const i of active) total[i]! += gained[i]!;
    const took = t1 - t0;
    spent += took;
    longest = Math.max(longest * 0.9, took);
    done += active.length;
    const progress = Math.max(timed ? (t1 - start) / timeMs : 0, done / iterations);
    if (progress >= (phase + 1) / phases) {
      phase++;
      const ranked = [...active].sort((a, b) => total[b]! - total[a]! || a - b);
      active = ranked.slice(0, Math.ceil(active.length / 2)).sort((a, b) => a - b);
    }
  }
  let best = active[0]!;
  for (const i of active) if (total[i]! > total[best]!) best = i;
  return best;
}
