/** heartbeat.ts: every connection pinged once per interval, a slice per tick; silent ones ended. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadPings } from '../src/heartbeat.js';

class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  pingCount = 0;
  pings = 0;
  terminated = false;
  constructor(readonly answers: boolean) {}
  ping(): void {
    this.pings++;
    if (this.answers) this.pingCount = 0; // the pong Colyseus' heartbeat handles
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

afterEach(() => vi.useRealTimers());

describe('spreadPings', () => {
  it('pings each connection once per interval, never all of them in one tick', () => {
    vi.useFakeTimers();
    const sockets = Array.from({ length: 500 }, () => new FakeSocket(true));
    const timer = spreadPings(() => sockets, 3000, 2);
    let most = 0;
    for (let t = 0; t < 3000; t += 100) {
      const before = sockets.reduce((n, s) => n + s.pings, 0);
      vi.advanceTimersByTime(100);
      most = Math.max(most, sockets.reduce((n, s) => n + s.pings, 0) - before);
    }
    clearInterval(timer);
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(Math.ceil((500 * 100) / 3000));
  });

  it('ends a connection that missed two pongs, keeps the ones that answer', () => {
    vi.useFakeTimers();
    const silent = new FakeSocket(false);
    const sockets = [new FakeSocket(true), silent, new FakeSocket(true)];
    const timer = spreadPings(() => sockets.filter((s) => s.readyState === 1), 1000, 2);
    vi.advanceTimersByTime(2000);
    expect(silent.terminated).toBe(false); // two pings sent, none answered yet
    vi.advanceTimersByTime(1000);
    clearInterval(timer);
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(2);
    expect(sockets.filter((s) => s !== silent).every((s) => !s.terminated && s.pings === 3)).toBe(true);
  });
});
