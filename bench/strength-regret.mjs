/**
 * `node bench/strength-regret.mjs [--players 3] [--positions 100] [--worlds 300] [--seeds 2]
 * [--bots JSON]`: regret of the search bots' choices against a reference search (issue #25,
 * item 3; see strength-regret-data.ts), at fixed playout counts. `--bots` is a list of
 * `[label, name, options]`. Prints per bot the mean regret (in chance to win the game) and its
 * standard error (positions × seeds taken as independent), how
 * often it chose the reference's best move, and how often the reference's best move was outside
 * the greedy heuristic's best 6 and 8 (the candidates of montecarlo and expert), and how often
 * each two bots chose the same move. One core:
 * run it under `nice -n 19 taskset -c 1`.
 */
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '3' },
    positions: { type: 'string', default: '100' },
    worlds: { type: 'string', default: '300' },
    seeds: { type: 'string', default: '2' },
    bots: { type: 'string' },
    seed: { type: 'string', default: 'regret' },
  },
});
const out = join(mkdtempSync(join(tmpdir(), 'dnup-regret-')), 'regret.mjs');
await build({
  entryPoints: [fileURLToPath(new URL('./strength-regret-data.ts', import.meta.url))],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  logLevel: 'warning',
});
const { positions, botByName } = await import(pathToFileURL(out).href);
const players = Number(values.players);
const load0 = loadavg()[0];
const t0 = Date.now();
const ps = positions(players, Number(values.positions), Number(values.worlds), `${values.seed}-${players}`);
const best = ps.map((p) => p.value.indexOf(Math.max(...p.value)));
const outside = (k) => ps.filter((p, i) => p.rank[best[i]] >= k).length / ps.length;
const gapOf = (p) => {
  const s = [...p.value].sort((a, b) => b - a);
  return s[0] - s[1];
};
const bots = JSON.parse(
  values.bots ?? '[["expert 3000","expert",{"playouts":3000}],["montecarlo 3000","montecarlo",{"playouts":3000}]]',
);
const rows = [];
const picks = [];
for (const [label, name, options] of bots) {
  let regret = 0,
    squares = 0,
    hits = 0,
    n = 0;
  const chosen = [];
  const t1 = Date.now();
  for (let seed = 0; seed < Number(values.seeds); seed++) {
    const bot = botByName(name, { ...options, seed: `${options.seed ?? 'regret'}-${seed}` });
    ps.forEach((p, i) => {
      const m = bot.chooseMove(p.view, p.moves);
      const j = p.moves.findIndex((x) => JSON.stringify(x) === JSON.stringify(m));
      const r = p.value[best[i]] - p.value[j];
      regret += r;
      squares += r * r;
      hits += j === best[i] ? 1 : 0;
      chosen.push(j);
      n++;
    });
  }
  picks.push(chosen);
  rows.push({
    label,
    name,
    options,
    meanRegret: Number((regret / n).toFixed(4)),
    standardError: Number(Math.sqrt((squares / n - (regret / n) ** 2) / n).toFixed(4)),
    bestChosen: Number((hits / n).toFixed(3)),
    seconds: Math.round((Date.now() - t1) / 1000),
  });
}
// how often two bots chose the same move (same position, same seed index)
const agreement = {};
for (let a = 0; a < bots.length; a++)
  for (let b = a + 1; b < bots.length; b++)
    agreement[`${bots[a][0]} / ${bots[b][0]}`] = Number(
      (picks[a].filter((x, i) => x === picks[b][i]).length / picks[a].length).toFixed(3),
    );
const commit = execSync('git rev-parse --short HEAD').toString().trim();
console.log(
  JSON.stringify({
    players,
    positions: ps.length,
    worlds: Number(values.worlds),
    seeds: Number(values.seeds),
    seed: values.seed,
    bestOutsideTop6: outside(6),
    bestOutsideTop8: outside(8),
    meanMoves: ps.reduce((a, p) => a + p.moves.length, 0) / ps.length,
    meanGapBest2: Number((ps.reduce((a, p) => a + gapOf(p), 0) / ps.length).toFixed(4)),
    rows,
    agreement,
    load: [load0, loadavg()[0]],
    commit,
    seconds: Math.round((Date.now() - t0) / 1000),
  }),
);
