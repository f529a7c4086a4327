/**
 * The progress printer that `dnup arena` and `dnup ladder` share, on a fake clock: games done of
 * the total, the rate over the last 30 s or so, and the time left at that rate; on a terminal a
 * bar redrawn in place, else a line at every tenth of the games.
 */
import { describe, expect, it } from 'vitest';
import { progress } from '../../src/cli/cli-support.js';

/** A printer on a clock the test moves, and what it wrote. */
function printer(tty: boolean, total: number) {
  let t = 1000;
  let out = '';
  const show = progress('ladder', total, t, { tty, now: () => t, write: (text) => void (out += text) });
  return {
    /** `n` games, one every `ms` milliseconds, up to `done` in all. */
    games(from: number, to: number, ms: number): void {
      for (let done = from; done <= to; done++) {
        t += ms;
        show(done);
      }
    },
    take(): string {
      const text = out;
      out = '';
      return text;
    },
  };
}

describe('progress', () => {
  it('on a terminal: a bar, games done of total, games a second and the time left, redrawn in place', () => {
    const p = printer(true, 200);
    p.games(1, 1, 500);
    // one game: no rate yet
    expect(p.take()).toBe(`\r[${'.'.repeat(30)}] 1/200 games\x1b[K`);
    p.games(2, 100, 500);
    const bar = p.take().split('\r').at(-1);
    // 2 games a second, 100 left: 50 s
    expect(bar).toBe(`[${'#'.repeat(15)}${'.'.repeat(15)}] 100/200 games, 2.0 games/s, 50 s left\x1b[K`);
    // slower now: the rate follows within the window of about 30 s, not the average since the start
    p.games(101, 130, 4000);
    expect(p.take().split('\r').at(-1)).toBe(
      `[${'#'.repeat(20)}${'.'.repeat(10)}] 130/200 games, 0.25 games/s, 4 min 40 s left\x1b[K`,
    );
    p.games(131, 200, 10);
    expect(p.take().split('\r').at(-1)).toBe(`[${'#'.repeat(30)}] 200/200 games\x1b[K\n`);
  });

  it('off a terminal: a line at every tenth of the games, with the same rate and time left', () => {
    const p = printer(false, 1000);
    p.games(1, 250, 40);
    expect(p.take()).toBe(
      [
        'dnup ladder: 100/1000 games (10%), 4 s, 25 games/s, 36 s left',
        'dnup ladder: 200/1000 games (20%), 8 s, 25 games/s, 32 s left',
        '',
      ].join('\n'),
    );
    p.games(251, 1000, 3600);
    const last = p.take().trimEnd().split('\n');
    expect(last).toHaveLength(8);
    expect(last[0]).toBe('dnup ladder: 300/1000 games (30%), 190 s, 0.28 games/s, 42 min 0 s left');
    expect(last[5]).toMatch(/^dnup ladder: 800\/1000 games \(80%\), \d+ s, 0\.28 games\/s, 12 min 0 s left$/);
    expect(last[7]).toMatch(/^dnup ladder: 1000\/1000 games \(100%\), \d+ s$/);
  });

  it('counts games handed in at once (a resume collecting what was done) as done, not in the rate', () => {
    const p = printer(false, 1000);
    // 900 games collected within a millisecond, then one game every 2 s
    p.games(1, 900, 0.001);
    expect(p.take()).toMatch(/^(dnup ladder: \d+\/1000 games \(\d+%\), 0 s\n){9}$/);
    p.games(901, 1000, 2000);
    expect(p.take()).toBe('dnup ladder: 1000/1000 games (100%), 200 s\n');
    const q = printer(true, 1000);
    q.games(1, 900, 0.001);
    q.games(901, 950, 2000);
    expect(q.take().split('\r').at(-1)).toMatch(/ 950\/1000 games, 0\.50 games\/s, 1 min 40 s left\x1b\[K$/);
  });

  it('writes hours for a long run', () => {
    const p = printer(true, 100_000);
    p.games(1, 40, 1000);
    expect(p.take().split('\r').at(-1)).toMatch(/ 40\/100000 games, 1\.0 games\/s, 27 h 46 min left\x1b\[K$/);
  });
});
