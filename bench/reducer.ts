/**
 * `npx tsx bench/reducer.ts [--players 2,3,4,5] [--time 1500] [--rounds 3] [--cpu] [--json] [--dist label=path/to/index.js …]`
 * (after a build): random playouts through the public API (legalMoves then apply at every step)
 * beside the two hand-tuned mutable engines of bench/ (the raw floor, baseline-engine.ts, and the
 * contract baseline, contract-baseline.ts), on the same games, interleaved in one process (best of
 * `rounds` runs, so a load burst on a shared machine spoils one run, not the ratio). Each `--dist`
 * adds another build of the library as a row (e.g. an older commit built under /tmp), so a
 * regression is measured the way issue 26 measured it. Prints the load average with the figures.
 * `--json` prints the ratios as JSON as well. `--cpu` times each task by the process's CPU time
 * instead of the wall clock (steadier on a machine loaded by other processes). `--snapshot` adds
 * the snapshot wrapper (snapshot-wrapper.ts: the contract engine behind the cheapest immutable
 * publishing we know) as a row of its own, so the price of an immutable API is measured beside dnup.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { DeckDefinition, GameState } from 'dnup';
import { Bench } from 'tinybench';
import { onBuiltPackage } from './built-package.js';
import { BaselineGame } from './baseline-engine.js';
import { ContractGame } from './contract-baseline.js';
import { type SnapshotState, SnapshotGame } from './snapshot-wrapper.js';

/** The public API of a build of the package (this one's or another's, `--dist`). */
type Library = typeof import('dnup');
/** A build to time: its label and its public API. */
type Build = readonly [label: string, lib: Library];
/** A timed task: its name and one batch of games. */
type Task = readonly [name: string, fn: () => void];

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const args = (name: string): string[] => process.argv.flatMap((a, i) => (a === name ? [process.argv[i + 1]!] : []));

/** The move chooser of run.ts: a Lehmer generator picking an index into the legal moves. */
export const chooser = (seed: number): ((count: number) => number) => {
  let x = 12345 + seed;
  return (count) => {
    x = (x * 48271) % 2147483647;
    return x % count;
  };
};

const BATCH = 4; // games per timed iteration, seeds 0..3

/** The reducer playout of one library build (its createGame, legalMoves, apply). */
export function reducerPlayer(lib: Library): (players: number, seed: number) => GameState {
  return (players, seed) => {
    const pick = chooser(seed);
    let state = lib.createGame(players, seed);
    while (state.status !== 'gameOver') {
      const moves = lib.legalMoves(state);
      state = lib.apply(state, moves[pick(moves.length)]!);
    }
    return state;
  };
}

const engines = new Map<string, BaselineGame | ContractGame>();
function engine<T extends BaselineGame | ContractGame>(
  Kind: new (deck: DeckDefinition, players: number) => T,
  deck: DeckDefinition,
  players: number,
): T {
  const key = `${Kind.name}/${players}`;
  if (!engines.has(key)) engines.set(key, new Kind(deck, players));
  return engines.get(key) as T;
}

export function contractPlayer(deck: DeckDefinition): (players: number, seed: number) => ContractGame {
  return (players, seed) => {
    const pick = chooser(seed);
    const game = engine(ContractGame, deck, players).start(seed);
    while (game.status !== 'gameOver') {
      const moves = game.legalMoves();
      game.apply(moves[pick(moves.length)]!);
    }
    return game;
  };
}

/**
 * The snapshot wrapper's playout: the contract engine's moves, each state published immutably;
 * `visit` sees each state published (run.ts checks them against dnup's). Returns the last state.
 */
export function snapshotPlayer(
  deck: DeckDefinition,
): (players: number, seed: number, visit?: (next: SnapshotState) => void) => SnapshotState {
  const games = new Map<number, SnapshotGame>();
  return (players, seed, visit) => {
    const pick = chooser(seed);
    if (!games.has(players)) games.set(players, new SnapshotGame(deck, players));
    const game = games.get(players)!.start(seed);
    let state = game.state!;
    while (state.status !== 'gameOver') {
      const moves = game.legalMoves();
      state = game.apply(moves[pick(moves.length)]!);
      visit?.(state);
    }
    return state;
  };
}

export function rawPlayer(deck: DeckDefinition): (players: number, seed: number) => BaselineGame {
  return (players, seed) => {
    const pick = chooser(seed);
    const game = engine(BaselineGame, deck, players).start(seed);
    while (game.status !== 2) game.play(pick(game.generate()));
    return game;
  };
}

/** Rates (batches/s) of every task, best of `rounds` interleaved runs of `time` ms each. */
export async function bestRates(tasks: readonly Task[], time: number, rounds: number): Promise<number[]> {
  const best = tasks.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    const bench = new Bench({ time, warmupTime: Math.min(time, 300) });
    for (const [name, fn] of tasks) bench.add(name, fn);
    await bench.run();
    bench.tasks.forEach((t, i) => {
      if (!t.result || !('period' in t.result))
        throw new Error(
          `benchmark ${t.name} failed: ${t.result && 'error' in t.result ? String(t.result.error) : t.result?.state}`,
        );
      best[i] = Math.max(best[i]!, 1000 / t.result.period);
    });
  }
  return best;
}

/**
 * Rates (batches per CPU second) of every task, best of `rounds` interleaved runs of about `time`
 * ms of CPU each: the process's own CPU time (process.cpuUsage), which other processes on a loaded
 * machine lengthen far less than they lengthen the wall clock (they still share caches and cores).
 */
export async function bestCpuRates(tasks: readonly Task[], time: number, rounds: number): Promise<number[]> {
  const best = tasks.map(() => 0);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000; // ms
  };
  for (const [, fn] of tasks) for (let i = 0; i < 3; i++) fn(); // warm-up
  for (let r = 0; r < rounds; r++) {
    tasks.forEach(([, fn], i) => {
      let n = 0;
      const start = cpu();
      let used = 0;
      while (used < time) {
        fn();
        n++;
        used = cpu() - start;
      }
      best[i] = Math.max(best[i]!, (1000 * n) / used);
    });
  }
  return best;
}

/** One player count's rates, in batches per second (or per CPU second). */
interface Row {
  readonly players: number;
  /** Moves per batch. */
  readonly moves: number;
  /** Each build's rate, by label. */
  readonly rates: Record<string, number>;
  readonly raw: number;
  readonly contract: number;
  /** The snapshot wrapper's rate, when measured. */
  readonly snapshot?: number;
}

/**
 * The reducer of each build beside the raw floor and the contract baseline at each player count:
 * { players, moves (per batch), rates: { label: batches/s }, raw, contract }.
 */
export async function measureReducers(
  builds: readonly Build[],
  {
    players = [2, 3, 4, 5],
    time = 1500,
    rounds = 3,
    cpuTime = false,
    snapshot = false,
  }: { players?: readonly number[]; time?: number; rounds?: number; cpuTime?: boolean; snapshot?: boolean } = {},
): Promise<Row[]> {
  const deck = builds[0]![1].STANDARD_DECK;
  const raw = rawPlayer(deck);
  const contract = contractPlayer(deck);
  const wrapped = snapshotPlayer(deck);
  const out: Row[] = [];
  for (const n of players) {
    const plays = builds.map(([label, lib]) => [label, reducerPlayer(lib)] as const);
    let moves = 0;
    for (let seed = 0; seed < BATCH; seed++) {
      const count = plays[0]![1](n, seed).moveCount;
      for (const [label, play] of plays) {
        if (play(n, seed).moveCount !== count)
          throw new Error(`${label} plays another game: ${n} players, seed ${seed}`);
      }
      if (contract(n, seed).moveCount !== count)
        throw new Error(`the contract baseline plays another game: ${n} players, seed ${seed}`);
      if (snapshot && wrapped(n, seed).moveCount !== count)
        throw new Error(`the snapshot wrapper plays another game: ${n} players, seed ${seed}`);
      moves += count;
    }
    const tasks: Task[] = [
      ...plays.map(
        ([label, play]): Task => [
          label,
          () => {
            for (let seed = 0; seed < BATCH; seed++) play(n, seed);
          },
        ],
      ),
      [
        'raw floor',
        () => {
          for (let seed = 0; seed < BATCH; seed++) raw(n, seed);
        },
      ],
      [
        'contract',
        () => {
          for (let seed = 0; seed < BATCH; seed++) contract(n, seed);
        },
      ],
      ...(snapshot
        ? [
            [
              'snapshot',
              () => {
                for (let seed = 0; seed < BATCH; seed++) wrapped(n, seed);
              },
            ] as Task,
          ]
        : []),
    ];
    const rates = await (cpuTime ? bestCpuRates : bestRates)(tasks, time, rounds);
    const row: Row = {
      players: n,
      moves,
      rates: {},
      raw: rates[plays.length]!,
      contract: rates[plays.length + 1]!,
      ...(snapshot ? { snapshot: rates[plays.length + 2]! } : {}),
    };
    plays.forEach(([label], i) => {
      row.rates[label] = rates[i]!;
    });
    out.push(row);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  onBuiltPackage(import.meta.url);
  const builds: Build[] = [['dnup', await import('dnup')]];
  for (const spec of args('--dist')) {
    const [label = '', path = ''] = spec.split('=');
    builds.push([label, (await import(pathToFileURL(path).href)) as Library]);
  }
  const players = arg('--players', '2,3,4,5').split(',').map(Number);
  const fmt = (x: number, d = 0): string =>
    x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const before = loadavg();
  const cpuTime = process.argv.includes('--cpu');
  const withSnapshot = process.argv.includes('--snapshot');
  const rows = await measureReducers(builds, {
    snapshot: withSnapshot,
    players,
    time: Number(arg('--time', '1500')),
    rounds: Number(arg('--rounds', '3')),
    cpuTime,
  });
  const after = loadavg();
  const labels = builds.map(([l]) => l);
  console.log(
    `Random playouts through the public API (legalMoves + apply), best of ${arg('--rounds', '3')} interleaved runs${cpuTime ? ", per second of the process's CPU time" : ''}; load average ${before.map((x) => x.toFixed(2)).join(' ')} before, ${after.map((x) => x.toFixed(2)).join(' ')} after`,
  );
  const head = [
    'players',
    ...labels.map((l) => `${l} moves/s`),
    'raw moves/s',
    'contract moves/s',
    ...labels.map((l) => `${l}/raw`),
    ...labels.map((l) => `${l}/contract`),
    ...labels.slice(1).map((l) => `dnup/${l}`),
    ...(withSnapshot ? ['snapshot/contract', 'dnup/snapshot'] : []),
  ];
  console.log(head.join('  '));
  for (const r of rows) {
    const cells = [
      `${r.players}`,
      ...labels.map((l) => fmt(r.rates[l]! * r.moves)),
      fmt(r.raw * r.moves),
      fmt(r.contract * r.moves),
      ...labels.map((l) => fmt(r.rates[l]! / r.raw, 3)),
      ...labels.map((l) => fmt(r.rates[l]! / r.contract, 3)),
      ...labels.slice(1).map((l) => fmt(r.rates.dnup! / r.rates[l]!, 3)),
      ...(r.snapshot === undefined ? [] : [fmt(r.snapshot / r.contract, 3), fmt(r.rates.dnup! / r.snapshot, 3)]),
    ];
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(head[0]!.length) : c.padStart(head[i]!.length))).join('  '));
  }
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        Object.fromEntries(
          rows.map((r) => [
            r.players,
            { raw: +(r.rates.dnup! / r.raw).toFixed(3), contract: +(r.rates.dnup! / r.contract).toFixed(3) },
          ]),
        ),
      ),
    );
  }
}
