/**
 * The time a game host reads and the timers it sets: Colyseus' room clock in a room, a fake one
 * in tests (so the turn clock and reconnection windows are tested without waiting).
 */

/** A pending timer. */
export interface Timer {
  clear(): void;
}

/** Time (ms since 1970) and timers. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): Timer;
}

/** The process's own clock: `Date.now` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const t = setTimeout(run, ms);
    return { clear: () => clearTimeout(t) };
  },
};
