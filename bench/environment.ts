/**
 * The learning environment of dnup/encodings, on the BUILT package: agent steps per second for
 * one game (createEnvironment) and for N games stepped together (createVectorEnvironment, every
 * observation and mask written into one buffer), at 2 to 5 players, in self-play (the agent plays
 * every seat, so the figure is the environment's own cost: apply, the observation, the mask and
 * the legal-action list of every answer); then the time to trust again a player view copied by
 * JSON (loadView). Called from run.ts; alone: `npx tsup && npx tsx bench/environment.ts [--quick]`.
 */
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { onBuiltPackage } from './built-package.js';
import { apply, createGame, legalMoves, loadView, playerView } from 'dnup';
import { createEnvironment, createVectorEnvironment } from 'dnup/encodings';

const STEPS = 256; // agent steps per timed iteration
const GAMES = 64; // games of the vector environment

/** The action a step picks: a Lehmer generator's index into the legal actions, as run.ts picks moves. */
const chooser = (seed: number): ((count: number) => number) => {
  let x = 12345 + seed;
  return (count) => {
    x = (x * 48271) % 2147483647;
    return x % count;
  };
};

function singleTask(players: number): () => void {
  const env = createEnvironment({ players });
  const pick = chooser(players);
  let game = 0;
  let t = env.reset(`env/${game}`);
  return () => {
    for (let i = 0; i < STEPS; i++) {
      if (t.done) t = env.reset(`env/${++game}`);
      t = env.step(t.actions[pick(t.actions.length)]!);
    }
  };
}

function vectorTask(players: number): () => void {
  const venv = createVectorEnvironment({ games: GAMES, players });
  const pick = chooser(players);
  let next = GAMES;
  venv.reset(Array.from({ length: GAMES }, (_, g) => `venv/${g}`));
  const actions = new Int32Array(GAMES);
  const rounds = Math.max(1, Math.round(STEPS / GAMES)); // the same agent steps per iteration as singleTask
  return () => {
    for (let r = 0; r < rounds; r++) {
      for (let g = 0; g < GAMES; g++) {
        if (venv.dones[g] === 1) venv.resetGame(g, `venv/${next++}`);
        const legal = venv.legalActions(g);
        actions[g] = legal[pick(legal.length)]!;
      }
      venv.step(actions);
    }
  };
}

/** JSON copies of views of mid-game positions, 2 to 5 players, every seat. */
function copiedViews(): unknown[] {
  const views: string[] = [];
  for (const players of [2, 3, 4, 5]) {
    const pick = chooser(players);
    let s = createGame(players, `views/${players}`);
    for (let i = 0; i < 40 && s.status === 'playing'; i++) {
      const moves = legalMoves(s);
      s = apply(s, moves[pick(moves.length)]!);
    }
    for (let seat = 0; seat < players; seat++) views.push(JSON.stringify(playerView(s, seat)));
  }
  return views.map((text): unknown => JSON.parse(text));
}

async function rates(tasks: readonly (readonly [string, () => void])[], time: number): Promise<number[]> {
  const bench = new Bench({ time, warmupTime: Math.min(time, 300) });
  for (const [name, fn] of tasks) bench.add(name, fn);
  await bench.run();
  return bench.tasks.map((t) => {
    if (!t.result || !('period' in t.result))
      throw new Error(
        `benchmark ${t.name} failed: ${t.result && 'error' in t.result ? String(t.result.error) : t.result?.state}`,
      );
    return 1000 / t.result.period;
  });
}

/** Prints the environment's table with run.ts's helpers (`table`, `fmt`). */
export async function benchEnvironment({
  table,
  fmt,
  quick,
}: {
  table: (head: string[], rows: string[][]) => void;
  fmt: (x: number) => string;
  quick: boolean;
}): Promise<void> {
  const time = quick ? 300 : 1500;
  const rows: string[][] = [];
  for (const players of [2, 3, 4, 5]) {
    const vectorSteps = Math.max(1, Math.round(STEPS / GAMES)) * GAMES;
    const [one, many] = await rates(
      [
        [`env ${players}p`, singleTask(players)],
        [`vector env ${players}p`, vectorTask(players)],
      ],
      time,
    );
    rows.push([`${players} players`, fmt(one! * STEPS), fmt(many! * vectorSteps)]);
  }
  console.log('## The learning environment (dnup/encodings), self-play: agent steps per second');
  table(['', '1 game', `${GAMES} games`], rows);
  const views = copiedViews();
  let i = 0;
  const [load = Number.NaN] = await rates(
    [['loadView of a JSON copy', () => loadView(views[i++ % views.length])]],
    time,
  );
  console.log(`loadView of a view copied by JSON (2–5 players, mid-game): ${(1e6 / load).toFixed(1)} µs per view\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  onBuiltPackage(import.meta.url);
  const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
  const table = (head: string[], rows: string[][]): void => {
    const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
    const line = (cells: string[]): string =>
      cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join('  ');
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    console.log();
  };
  await benchEnvironment({ table, fmt, quick: process.argv.includes('--quick') });
}
