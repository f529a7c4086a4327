/**
 * `npx tsx bench/profile-reducer.ts [--players 4] [--moves 1300000] [--top 15] [--dist path/to/dist/index.js]`
 * (after a build): a CPU profile of random playouts through the public API (`legalMoves` then
 * `apply` at every step), the loop issue 26 profiled, taken with V8's sampling profiler
 * (node:inspector) after a warm-up. Prints each function's share of the samples by self time,
 * the garbage collector's among them. Shares swing with the machine's load less than timings do,
 * but a sampling profile is still an estimate: compare functions within one run.
 */
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printSelfTime, selfTime } from './self-time.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
};
/** The public API of a build of the package (this one's or another's, `--dist`). */
type Library = typeof import('dnup');
const players = Number(arg('--players', '4'));
const target = Number(arg('--moves', '1300000'));
const top = Number(arg('--top', '15'));
const { apply, createGame, legalMoves } = (await import(
  pathToFileURL(resolve(arg('--dist', 'dist/index.js'))).href
)) as Library;

/** Random playouts until `count` moves are played; moves chosen by a Lehmer generator (seeded). */
function playouts(count: number): number {
  let x = 12345;
  let moves = 0;
  for (let seed = 0; moves < count; seed++) {
    let s = createGame(players, seed);
    while (s.status !== 'gameOver' && moves < count) {
      const legal = legalMoves(s);
      x = (x * 48271) % 2147483647;
      s = apply(s, legal[x % legal.length]!);
      moves++;
    }
  }
  return moves;
}

playouts(200_000); // warm-up: the JIT's compilations stay out of the profile
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const started = process.hrtime.bigint();
const moves = playouts(target);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const { total, rows } = selfTime(profile, top);
console.log(
  `CPU profile: ${moves.toLocaleString('en-US')} moves at ${players} players in ${Math.round(ms)} ms (${Math.round(moves / (ms / 1000)).toLocaleString('en-US')} moves/s under the profiler), ${total.toLocaleString('en-US')} samples`,
);
printSelfTime(rows, total);
