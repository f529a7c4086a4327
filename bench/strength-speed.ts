/**
 * `npx tsx bench/strength-speed.ts [--players 3] [--positions 60] [--expert '{}'] [--count 400]`:
 * how many playouts the `expert` and `montecarlo` bots do in 100 ms on this machine (issue #25,
 * item 3), so that strength runs at fixed playout counts stand for the 100 ms run. Positions are
 * decisions of greedy self-play (more than one legal move); each bot decides each of them with a
 * fixed count, timed after a warm-up pass; playouts per 100 ms = count × 100 / mean ms. Run it on
 * one quiet core (`taskset -c 1`); it prints the load average.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  apply,
  botByName,
  createGame,
  legalMoves,
  playerView,
  type BotOptions,
  type Move,
  type PlayerView,
} from 'dnup';
import { onBuiltPackage } from './built-package.js';

onBuiltPackage(import.meta.url);
const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '3' },
    positions: { type: 'string', default: '60' },
    expert: { type: 'string', default: '{}' },
    count: { type: 'string', default: '400' },
    bots: { type: 'string', default: 'expert,montecarlo' },
  },
});
const players = Number(values.players);
const count = Number(values.count);
const views: [PlayerView, Move[]][] = [];
const greedy = botByName('greedy', { seed: 1 });
for (let g = 0; views.length < Number(values.positions); g++) {
  let s = createGame(players, `speed-${g}`);
  let k = 0;
  while (s.status !== 'gameOver' && views.length < Number(values.positions)) {
    const moves = legalMoves(s);
    const view = playerView(s, s.turn.seat);
    if (moves.length > 1 && s.status === 'playing' && k++ % 7 === 3) views.push([view, moves]);
    s = apply(s, await greedy.chooseMove(view, moves));
  }
}
const load0 = loadavg()[0] ?? 0;
/** One bot's speed. */
interface Speed {
  readonly msPerDecision: number;
  readonly playoutsPer100ms: number;
}
const out: { [key: string]: number | number[] | Speed | Omit<BotOptions, 'seed'> } = {
  players,
  positions: views.length,
  count,
};
for (const name of values.bots.split(',')) {
  const extra = (name === 'expert' ? JSON.parse(values.expert) : {}) as Omit<BotOptions, 'seed'>;
  const bot = botByName(name, { seed: 1, playouts: count, ...extra });
  for (const [v, m] of views.slice(0, 10)) bot.chooseMove(v, m); // warm-up
  const t0 = performance.now();
  for (const [v, m] of views) bot.chooseMove(v, m);
  const ms = (performance.now() - t0) / views.length;
  out[name] = { msPerDecision: Number(ms.toFixed(2)), playoutsPer100ms: Math.round((count * 100) / ms) };
}
out.expertOptions = JSON.parse(values.expert) as Omit<BotOptions, 'seed'>;
out.load = [load0, loadavg()[0] ?? 0];
console.log(JSON.stringify(out));
