/** How long bots think: per bot name, a count, a sum, a maximum and a histogram for the p99. */

/** Thinking times of one bot name: a count, a sum, a maximum and a log-scale histogram (2% buckets). */
export interface ArenaTimes {
  moves: number;
  ms: number;
  max: number;
  /** bucket → count; bucket b holds times in (1.02^(b−1), 1.02^b] microseconds. */
  readonly buckets: Map<number, number>;
}

const BUCKET = Math.log(1.02);

export function newTimes(): ArenaTimes {
  return { moves: 0, ms: 0, max: 0, buckets: new Map() };
}

export function tally(t: ArenaTimes, ms: number): void {
  t.moves++;
  t.ms += ms;
  if (ms > t.max) t.max = ms;
  const b = ms * 1000 <= 1 ? 0 : Math.ceil(Math.log(ms * 1000) / BUCKET);
  t.buckets.set(b, (t.buckets.get(b) ?? 0) + 1);
}

export function merge(into: ArenaTimes, from: ArenaTimes): void {
  into.moves += from.moves;
  into.ms += from.ms;
  into.max = Math.max(into.max, from.max);
  for (const [b, n] of from.buckets) into.buckets.set(b, (into.buckets.get(b) ?? 0) + n);
}

export function quantile(t: ArenaTimes, q: number): number {
  // the histogram's own count: a game stopped from outside adds counts and sums, not buckets
  let counted = 0;
  for (const n of t.buckets.values()) counted += n;
  if (counted === 0) return t.max;
  const rank = Math.ceil(q * counted);
  let seen = 0;
  for (const b of [...t.buckets.keys()].sort((x, y) => x - y)) {
    seen += t.buckets.get(b)!;
    if (seen >= rank) return Math.min(t.max, Math.exp(b * BUCKET) / 1000);
  }
  return t.max;
}
