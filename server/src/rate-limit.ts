/**
 * The per-client rate limit: a token bucket of `burst` messages refilled at `perSecond`.
 * Dropped messages are counted per 10 s window: the first drop of a window is answered with one
 * `RATE_LIMITED` refusal, later ones are dropped silently, and past 5 × burst drops the client
 * is closed (4429). Plain data and a pure step, so it is tested with a fake clock.
 */

/** One client's bucket. */
export interface RateState {
  tokens: number;
  last: number;
  /** Messages dropped in the window that began at `window` (ms). */
  dropped: number;
  window: number;
}

/** What to do with one message. */
export type RateVerdict = 'accept' | 'refuse' | 'drop' | 'close';

/** A full bucket at `now`. */
export function newRateState(burst: number, now: number): RateState {
  return { tokens: burst, last: now, dropped: 0, window: 0 };
}

/** Takes one message from the bucket at time `now` (ms); updates `s` in place. */
export function admit(s: RateState, now: number, perSecond: number, burst: number): RateVerdict {
  s.tokens = Math.min(burst, s.tokens + ((now - s.last) / 1000) * perSecond);
  s.last = now;
  if (s.tokens >= 1) {
    s.tokens -= 1;
    return 'accept';
  }
  if (now - s.window > 10_000) {
    s.window = now;
    s.dropped = 0;
  }
  s.dropped++;
  if (s.dropped > burst * 5) return 'close';
  return s.dropped === 1 ? 'refuse' : 'drop';
}
