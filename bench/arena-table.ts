/**
 * `npx tsx bench/arena-table.ts [files…]`: the arena table of docs/arena.md, from the JSON that
 * `dnup arena --json` printed (default: every bench/results/arena/*.json, in name order). The first bot
 * of each lineup is the one the row is about; games cut by the move cap (no winner) are counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArenaResult } from '../src/arena.js';

/** What `dnup arena --json` prints: the arena's result and the command's settings. */
interface ArenaJson extends ArenaResult {
  readonly lineup: readonly string[];
  readonly budget: { readonly ms: number | null; readonly playouts: number | null };
  readonly maxMoves: number;
}

const dir = fileURLToPath(new URL('./results/arena/', import.meta.url));
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(dir, f));
const pct = (x: number): string => `${(x * 100).toFixed(1)}`;
const ms = (x: number): string => (x < 1 ? x.toFixed(2) : x.toFixed(1));

const lines = [
  '| lineup | players | games | win rate [95% Wilson interval] | fair share | budget per move | ms per move, mean / p99 |',
  '|---|---|---|---|---|---|---|',
];
const results = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ArenaJson);
results.sort((a, b) => a.lineup.join().localeCompare(b.lineup.join()) || a.players - b.players);
for (const r of results) {
  const [first, ...others] = r.rows;
  if (first === undefined) throw new Error(`an arena result without rows: ${r.lineup.join()}`);
  const against = others.map((o) => `${o.seats > 1 ? `${o.seats} ` : ''}${o.bot}`).join(' and ');
  const budget =
    [
      r.budget.ms !== null ? `${r.budget.ms} ms` : null,
      r.budget.playouts !== null && r.budget.playouts < 1e6 ? `${r.budget.playouts} playouts` : null,
    ]
      .filter(Boolean)
      .join(', ') || 'defaults';
  const times =
    r.rows
      .filter((x) => x.msPerMove >= 0.5)
      .map((x) => `${x.bot} ${ms(x.msPerMove)} / ${ms(x.p99MsPerMove)}`)
      .join('; ') || '—';
  lines.push(
    `| ${first.bot} vs ${against} | ${r.players} | ${r.games}${r.unfinished ? ` (${r.unfinished} cut at ${r.maxMoves.toLocaleString('en-US')} moves)` : ''} | ${pct(first.winRate)}% [${pct(first.interval[0])}, ${pct(first.interval[1])}] | ${pct(first.fairShare)}% | ${budget} | ${times} |`,
  );
}
console.log(lines.join('\n'));
