/**
 * The strength table of expert against flat Monte Carlo in docs/arena.md is generated from the
 * ladder runs kept in bench/results/ladder/: a hand edit, or a run resumed without regenerating the table,
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keptRuns, ladderTable } from '../../bench/ladder-table.js';
import { wilsonInterval } from '../../src/arena.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
type Table = (runs: unknown[], wilson: typeof wilsonInterval, options?: { brief?: boolean }) => string;
const table = ladderTable as Table;

/** A kept run of `games` finished games out of `planned`, the first bot winning `wins`. */
function run(players: number, planned: number, games: number, wins: number) {
  const bots = ['expert', ...Array.from({ length: players - 1 }, () => 'montecarlo')];
  const seats = bots.map((_, i) => i);
  return {
    run: {
      settings: { bots, players, games: planned, budget: { playouts: 3000, ms: null } },
      games: Array.from({ length: games }, (_, g) => ({
        g,
        seats,
        winner: g < wins ? 0 : 1,
        decisions: seats.map(() => 10),
        ms: seats.map(() => 1000),
      })),
    },
    meta: { commit: 'abc1234', load: '1.0–1.5' },
  };
}

describe('the strength table of expert against montecarlo', () => {
  it('is exactly what bench/ladder-table.ts makes of bench/results/ladder/*.json, in docs/arena.md', () => {
    const runs = (keptRuns as () => unknown[])();
    expect(runs.length).toBeGreaterThan(0);
    const text = table(runs, wilsonInterval);
    expect(text.split('\n')).toHaveLength(runs.length + 2);
    expect(readFileSync(`${root}docs/arena.md`, 'utf8')).toContain(text);
  });

  it('has a brief form: the same rows without times, commits and loads', () => {
    const runs = (keptRuns as () => unknown[])();
    const brief = table(runs, wilsonInterval, { brief: true });
    const full = table(runs, wilsonInterval).split('\n');
    brief.split('\n').forEach((line, i) => {
      expect(line.split('|').length).toBe(9);
      expect(full[i]!.startsWith(line.slice(0, -1))).toBe(true);
    });
  });

  it("gives the meta file's budget where the bots set their own", () => {
    const duel = run(2, 1000, 1000, 700);
    duel.run.settings.budget = { playouts: null, ms: null } as never;
    const [row] = table(
      [{ ...duel, meta: { ...duel.meta, budget: 'expert 2,200, montecarlo 2,900 playouts' } }, duel],
      wilsonInterval,
    )
      .split('\n')
      .slice(2);
    expect(row).toContain('| 2 | 1,000 | expert 2,200, montecarlo 2,900 playouts | 70.0% [67.1, 72.8] | 65.0% | yes |');
    expect(table([duel], wilsonInterval)).toContain('| 2 | 1,000 |  | 70.0%');
  });

  it("names the first bot by the meta file's label, and a run stopped on purpose as stopped", () => {
    const old = run(3, 1000, 600, 200);
    const [row] = table([{ ...old, meta: { ...old.meta, bot: 'expert (race, 0.x)', stopped: true } }], wilsonInterval)
      .split('\n')
      .slice(2);
    expect(row).toMatch(/^\| expert \(race, 0\.x\) vs 2 montecarlo \| 3 \| 600 of 1,000 \(stopped\) \|.*\| no \|/);
    expect(table([old], wilsonInterval)).toContain('| expert vs 2 montecarlo | 3 | 600 of 1,000 (under way) |');
  });

  it('meets the bar only on a finished run whose lower bound reaches it', () => {
    const rows = table(
      [run(3, 1000, 1000, 460), run(3, 1000, 1000, 400), run(2, 1000, 500, 450), run(5, 1000, 1000, 280)],
      wilsonInterval,
    )
      .split('\n')
      .slice(2);
    // 46.0% of 1,000 at 3 players: [42.9, 49.1] against a bar of 38.3%
    expect(rows[0]).toContain('| 46.0% [42.9, 49.1] | 38.3% | yes |');
    // 40.0%: [37.0, 43.1], under the bar
    expect(rows[1]).toContain('| 40.0% [37.0, 43.1] | 38.3% | no |');
    // a duel under way is never met, however far above 65% it runs
    expect(rows[2]).toContain('| 500 of 1,000 (under way) |');
    expect(rows[2]).toContain('| 65.0% | not yet |');
    // a screen of 300 games is not a full run, whatever its interval
    expect(table([run(3, 300, 300, 150)], wilsonInterval)).toContain('| 50.0% [44.4, 55.6] | 38.3% | no |');
    expect(rows[3]).toContain(
      'expert vs 4 montecarlo | 5 | 1,000 | 3,000 playouts | 28.0% [25.3, 30.9] | 25.0% | yes | expert 100.0; montecarlo 100.0 | abc1234, 1.0–1.5 |',
    );
  });
});
