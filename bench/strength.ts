/**
 * `npx tsx bench/strength.ts [--players 3] [--games 300] [--bot ismcts] [--iterations 170]
 * [--playouts 100] [--options '{"noise":0.1}'] [--seed strength]`: one seat of a search bot
 * against flat Monte-Carlo bots (issue #25, item 3), on one core (the arena with 1 worker), at
 * iteration budgets so that the result does not depend on the machine's load: `--iterations`
 * for the bot under test, `--playouts` for each Monte-Carlo bot (equal time is calibrated
 * separately, see docs/guides/bot-authors.md). Prints the arena's row of the bot with its
 * Wilson interval, the fair share plus 5 points, the load average and the commit.
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { botByName, type BotOptions, type Seed } from 'dnup';
import { runArena } from 'dnup/arena';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '3' },
    games: { type: 'string', default: '300' },
    bot: { type: 'string', default: 'ismcts' },
    iterations: { type: 'string', default: '170' },
    playouts: { type: 'string', default: '100' },
    options: { type: 'string', default: '{}' },
    seed: { type: 'string', default: 'strength' },
    json: { type: 'boolean', default: false },
  },
});
const players = Number(values.players);
const games = Number(values.games);
const extra = JSON.parse(values.options) as Omit<BotOptions, 'seed'>;
const lineup = [values.bot, ...Array.from({ length: players - 1 }, () => 'montecarlo')];
const makeBot = (name: string, seed: Seed) =>
  name === 'montecarlo'
    ? botByName('montecarlo', { seed, playouts: Number(values.playouts) })
    : botByName(name, { seed, playouts: Number(values.iterations), ...extra });
const load0 = loadavg()[0] ?? 0;
const start = Date.now();
const onGame = (done: number): void => {
  if (done % 25 === 0) console.error(`${done}/${games} games, ${Math.round((Date.now() - start) / 1000)} s`);
};
const result = await runArena({ players, games, lineup, seed: values.seed, makeBot, workers: 1, onGame });
const row = result.rows.find((r) => r.bot === values.bot);
const mc = result.rows.find((r) => r.bot === 'montecarlo');
if (row === undefined || mc === undefined) throw new Error(`no row for ${values.bot} or montecarlo`);
const pct = (x: number): string => (x * 100).toFixed(1);
const commit = execSync('git rev-parse --short HEAD').toString().trim();
const line = {
  players,
  games,
  bot: values.bot,
  iterations: Number(values.iterations),
  playouts: Number(values.playouts),
  options: extra,
  winRate: row.winRate,
  interval: row.interval,
  bar: 1 / players + 0.05 + (players === 2 ? 0.1 : 0),
  msPerMove: row.msPerMove,
  mcMsPerMove: mc.msPerMove,
  load: [load0, loadavg()[0] ?? 0],
  commit,
  seconds: Math.round((Date.now() - start) / 1000),
};
console.log(
  values.json
    ? JSON.stringify(line)
    : `${players}p ${values.bot} ${values.iterations} it ${JSON.stringify(extra)} vs montecarlo ${values.playouts} playouts: ${pct(row.winRate)}% [${pct(row.interval[0])}, ${pct(row.interval[1])}] of ${games} (bar ${pct(line.bar)}%); ms/move ${row.msPerMove.toFixed(1)} vs ${line.mcMsPerMove.toFixed(1)}; load ${load0.toFixed(1)}→${(loadavg()[0] ?? 0).toFixed(1)}; ${commit}; ${line.seconds} s`,
);
