/**
 * The ratings of every built-in bot in docs/arena.md are generated from the ladders kept in
 * bench/results/ratings/: a hand edit, or a kept file whose result disagrees with its games, fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type KeptRatings, keptRatings, ratingsTable } from '../../bench/ratings-table.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the ratings table of the built-in bots', () => {
  it('is exactly what bench/ratings-table.ts makes of bench/results/ratings/*.json, in docs/arena.md', () => {
    const kept = keptRatings();
    expect(kept.length).toBeGreaterThan(0);
    const page = readFileSync(`${root}docs/arena.md`, 'utf8');
    for (const k of kept) {
      const text = ratingsTable(k);
      expect(text.split('\n')).toHaveLength(k.run.settings.bots.length + 4);
      expect(page).toContain(text);
    }
  });

  it('refuses a kept ladder whose result disagrees with its games, or that is not finished', () => {
    const [k] = keptRatings() as [KeptRatings];
    const rows = k.run.result.rows.map((r, i) => (i === 0 ? { ...r, wins: r.wins + 1 } : r));
    const edited = { ...k, run: { ...k.run, result: { ...k.run.result, rows } } };
    expect(() => ratingsTable(edited)).toThrow(/disagrees with the games kept/);
    const cut = { ...k, run: { ...k.run, games: k.run.games.slice(1) } };
    expect(() => ratingsTable(cut)).toThrow(/finish the run first/);
  });
});
