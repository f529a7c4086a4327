/**
 * Pings every connection once per interval, a slice at a time, and ends the ones that missed
 * too many pongs.
 *
 * Colyseus' WebSocket transport pings all its connections in one loop every 3 s: at 2,000 rooms
 * (5,000 sockets) that loop held the event loop for 100–130 ms, and every move behind it waited.
 * The same pings spread over the interval cost the same in all, a few sockets per tick.
 */

/** How often a slice of connections is pinged, in ms. */
const TICK_MS = 100;

/** A connection as Colyseus' transport keeps it (a `ws` socket): a pong sets `pingCount` back to 0. */
export interface PingedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  pingCount?: number;
  ping(done: () => void): void;
  terminate(): void;
}

const noop = (): void => {};

/**
 * Starts the pings. Each connection open at the start of a round is pinged once in that round;
 * one that has missed `maxMissed` pongs is terminated instead.
 *
 * @returns the timer, for `clearInterval` when the server closes.
 */
export function spreadPings(
  clients: () => Iterable<PingedSocket>,
  intervalMs: number,
  maxMissed: number,
): NodeJS.Timeout {
  const tickMs = Math.min(TICK_MS, intervalMs);
  const ticksPerRound = Math.max(1, Math.round(intervalMs / tickMs));
  let round: PingedSocket[] = [];
  let next = 0;
  let tick = ticksPerRound;
  return setInterval(() => {
    if (tick >= ticksPerRound) {
      round = [...clients()];
      next = 0;
      tick = 0;
    }
    tick++;
    // by the round's last tick every connection of the round has had its ping
    for (const end = Math.ceil((round.length * tick) / ticksPerRound); next < end; next++) {
      const c = round[next]!;
      if (c.readyState !== c.OPEN) continue;
      if ((c.pingCount ?? 0) >= maxMissed) {
        c.terminate();
        continue;
      }
      c.pingCount = (c.pingCount ?? 0) + 1;
      c.ping(noop);
    }
  }, tickMs);
}
