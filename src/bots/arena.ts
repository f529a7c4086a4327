/**
 * The arena: many games between bots with seats rotated, and win rates with 95% Wilson
 * intervals (issue #6), spread over worker threads when asked (issue #15). Game g depends only
 * on the seed and g (its deal and every bot's seed), so the results are the same whatever the
 * number of workers, for bots whose budget is counted (playouts, iterations) rather than timed.
 */
import type { Seed } from '../core/random.js';
import { playGame, type Bot } from './bot.js';
import { BOT_NAMES, botByName, type BotOptions } from './by-name.js';
import { BotError } from './errors.js';
import { describeValue, isRecord, readInput } from '../core/input.js';
import { wilsonInterval } from './wilson-interval.js';
import type { LadderGame, LadderSpec } from './ladder-types.js';

/** Settings of {@link runArena}. */
export interface ArenaOptions {
  /** Seats per game, 2–5. */
  readonly players: number;
  /** Number of games, at least 1. */
  readonly games: number;
  /**
   * The lineup: one bot name per seat, exactly `players` of them (`['greedy', 'random',
   * 'random']` is greedy against two random bots at 3 players); a name may hold several seats.
   * In game g, seat s is played by entry (s + g) mod players, so every entry plays every seat
   * equally. A name is a built-in bot ({@link dnup!BOT_NAMES}) or a key of `botModules`.
   */
  readonly lineup: readonly string[];
  /**
   * Your own bots, by name: a module path (absolute, or relative to the working directory) or a
   * `file:` URL whose module exports a {@link BotFactory}, as `default` or as `makeBot`. The
   * module is loaded in this thread and in every worker, so these bots run on workers too.
   */
  readonly botModules?: Readonly<Record<string, string>>;
  /** Makes every game and every bot decision reproducible. */
  readonly seed: Seed;
  /**
   * Builds a bot for an entry of the lineup; `seed` differs per game and entry. Defaults to the
   * built-in bots: `botByName(name, { ...botOptions, seed })`. A function cannot cross into
   * worker threads, so it needs `workers` 1: use `botModules` to run your bots on workers.
   */
  readonly makeBot?: (name: string, seed: string) => Bot;
  /** Options of the built-in bots (budget…) and of `botModules` factories, when `makeBot` is not given. */
  readonly botOptions?: Omit<BotOptions, 'seed'>;
  /**
   * Worker threads to spread games over (Node only; default 1: every game in this thread).
   * Each worker plays whole games; results are tallied by game number, so they do not depend
   * on how many workers there are.
   */
  readonly workers?: number;
  /**
   * The worker script, as a path or a `file:` URL (default: `arena-worker.js` next to this
   * module, as built in `dist/`). Give it when the package is bundled and the file has moved.
   */
  readonly workerScript?: string;
  /** Move cap per game (default 20,000); a capped game has no winner. */
  readonly maxMoves?: number;
  /** Called after each game with the number of games done. */
  readonly onGame?: (done: number) => void;
}

/**
 * What a bot module exports, as `default` or as `makeBot`: a function from the arena's bot options
 * (a `seed` that differs per game and seat, and the budget given as `botOptions`) to a bot.
 *
 * @example
 * ```ts
 * // shedder.js
 * export default function makeBot({ seed }) {
 *   return { name: 'shedder', chooseMove: (view, moves) => moves.find((m) => m.type === 'play') ?? moves[0] };
 * }
 * ```
 */
export type BotFactory = (options: BotOptions & { readonly seed: string }) => Bot;

/** One seat of the lineup as the result names it: its index (its seat in game 0; seats rotate), its bot and where that bot came from. */
export interface ArenaSeat {
  /** The lineup entry, which is the seat it holds in the first game. */
  readonly seat: number;
  /** The bot's name, as in `lineup`. */
  readonly bot: string;
  /** The module the bot was loaded from (a `file:` URL), or null for a built-in bot or `makeBot`. */
  readonly module: string | null;
  /** Games won by this entry. */
  readonly wins: number;
}

/** One bot name's results over the arena. */
export interface ArenaRow {
  readonly bot: string;
  /** Seats it held in each game. */
  readonly seats: number;
  /** Games it won (a name holding several seats wins when any of them wins). */
  readonly wins: number;
  /** wins / games. */
  readonly winRate: number;
  /** 95% Wilson score interval of the win rate. */
  readonly interval: readonly [number, number];
  /** seats / players: the win rate of an equal player. */
  readonly fairShare: number;
  /** Moves it chose (every decision, a single legal move included). */
  readonly moves: number;
  /** Average thinking time per move, in milliseconds. */
  readonly msPerMove: number;
  /** 99th percentile of the thinking time per move, in milliseconds (within 2%). */
  readonly p99MsPerMove: number;
  /** The longest thinking time of one move, in milliseconds. */
  readonly maxMsPerMove: number;
}

/** What {@link runArena} measured. */
export interface ArenaResult {
  readonly players: number;
  readonly games: number;
  readonly rows: readonly ArenaRow[];
  /** Every seat of the lineup, in order, with its bot. */
  readonly seats: readonly ArenaSeat[];
  /** Average moves per game (all seats, `nextRound` included). */
  readonly averageMoves: number;
  /** Average rounds per game. */
  readonly averageRounds: number;
  /** Games stopped by the move cap, without a winner. */
  readonly unfinished: number;
  /** Worker threads used (1: this thread). */
  readonly workers: number;
}

/** The most games one arena plays: a bound, so that no setting runs for ever. */
const MAX_ARENA_GAMES = 1_000_000;

/** The arena's options read once; plain data checked, callbacks kept as functions. */
function readArenaOptions(input: unknown): ArenaOptions {
  let raw: Record<string, unknown>;
  try {
    const o = input as Record<string, unknown>;
    raw = {
      players: o.players,
      games: o.games,
      lineup: o.lineup,
      seed: o.seed,
      workers: o.workers,
      botOptions: o.botOptions,
      botModules: o.botModules,
      makeBot: o.makeBot,
      maxMoves: o.maxMoves,
      onGame: o.onGame,
      workerScript: o.workerScript,
    };
  } catch {
    throw new BotError('BAD_ARENA_OPTIONS', 'The arena options cannot be read.', { name: 'options' });
  }
  const plain = readInput({ ...raw, makeBot: undefined, onGame: undefined }, { depth: 4 });
  const data = plain.ok && isRecord(plain.value) ? plain.value : undefined;
  if (!data)
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The arena options are not plain data: ${plain.ok ? 'not an object' : plain.problem.message}.`,
      { name: plain.ok ? 'options' : plain.problem.path },
    );
  const lineup = data.lineup;
  if (!Array.isArray(lineup) || !lineup.every((n) => typeof n === 'string' && n.length <= 64)) {
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `An arena's lineup is a list of bot names, not ${describeValue(raw.lineup)}.`,
      { name: 'lineup' },
    );
  }
  const modules = data.botModules;
  if (modules !== undefined) {
    const entries = isRecord(modules) ? Object.entries(modules) : undefined;
    if (
      !entries ||
      entries.length > 64 ||
      !entries.every(
        ([k, v]) => k.length >= 1 && k.length <= 64 && typeof v === 'string' && v.length >= 1 && v.length <= 4096,
      )
    ) {
      throw new BotError(
        'BAD_ARENA_OPTIONS',
        `An arena's botModules map bot names (1 to 64 characters) to module paths, not ${describeValue(raw.botModules)}.`,
        { name: 'botModules' },
      );
    }
  }
  const seed = data.seed;
  if (!(typeof seed === 'string' || Number.isSafeInteger(seed)))
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `An arena's seed is a text or a whole number, not ${describeValue(raw.seed)}.`,
      { name: 'seed' },
    );
  for (const key of ['makeBot', 'onGame'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'function')
      throw new BotError(
        'BAD_ARENA_OPTIONS',
        `The arena option ${key} must be a function, not ${describeValue(raw[key])}.`,
        { name: key },
      );
  }
  const options = { ...(data as unknown as ArenaOptions) } as { -readonly [K in keyof ArenaOptions]: ArenaOptions[K] };
  if (raw.makeBot !== undefined) options.makeBot = raw.makeBot as NonNullable<ArenaOptions['makeBot']>;
  if (raw.onGame !== undefined) options.onGame = raw.onGame as NonNullable<ArenaOptions['onGame']>;
  return options;
}

/** Thinking times of one bot name: a count, a sum, a maximum and a log-scale histogram (2% buckets). */
interface ArenaTimes {
  moves: number;
  ms: number;
  max: number;
  /** bucket → count; bucket b holds times in (1.02^(b−1), 1.02^b] microseconds. */
  readonly buckets: Map<number, number>;
}

const BUCKET = Math.log(1.02);

function newTimes(): ArenaTimes {
  return { moves: 0, ms: 0, max: 0, buckets: new Map() };
}

function tally(t: ArenaTimes, ms: number): void {
  t.moves++;
  t.ms += ms;
  if (ms > t.max) t.max = ms;
  const b = ms * 1000 <= 1 ? 0 : Math.ceil(Math.log(ms * 1000) / BUCKET);
  t.buckets.set(b, (t.buckets.get(b) ?? 0) + 1);
}

function merge(into: ArenaTimes, from: ArenaTimes): void {
  into.moves += from.moves;
  into.ms += from.ms;
  into.max = Math.max(into.max, from.max);
  for (const [b, n] of from.buckets) into.buckets.set(b, (into.buckets.get(b) ?? 0) + n);
}

function quantile(t: ArenaTimes, q: number): number {
  if (t.moves === 0) return 0;
  const rank = Math.ceil(q * t.moves);
  let seen = 0;
  for (const b of [...t.buckets.keys()].sort((x, y) => x - y)) {
    seen += t.buckets.get(b)!;
    if (seen >= rank) return Math.min(t.max, Math.exp(b * BUCKET) / 1000);
  }
  return t.max;
}

/** What one arena game needs to know, as plain data (it crosses into worker threads). */
export interface ArenaSpec {
  readonly players: number;
  /** The lineup filled to one entry per seat. */
  readonly entries: readonly string[];
  readonly seed: string;
  readonly maxMoves: number;
}

/** The outcome of arena game `g`, as plain data. */
export interface ArenaGame {
  readonly g: number;
  /** The lineup entry that won, or null for a capped game. */
  readonly winner: number | null;
  readonly moves: number;
  readonly rounds: number;
  /** Thinking times per bot name. */
  readonly times: ReadonlyMap<string, ArenaTimes>;
}

/** Plays arena game `g`: seats rotated, seeds derived from the arena's seed and `g`. */
export async function playArenaGame(
  spec: ArenaSpec,
  g: number,
  makeBot: (name: string, seed: string) => Bot,
): Promise<ArenaGame> {
  const { players, entries, seed } = spec;
  const times = new Map<string, ArenaTimes>();
  for (const name of entries) if (!times.has(name)) times.set(name, newTimes());
  const seatEntry = Array.from({ length: players }, (_, s) => (s + g) % players);
  const bots = seatEntry.map((e) => timed(makeBot(entries[e]!, `${seed}/${g}/${e}`), times.get(entries[e]!)!));
  const { state } = await playGame(bots, { seed: `${seed}/${g}`, maxMoves: spec.maxMoves });
  return {
    g,
    winner: state.winner === null ? null : seatEntry[state.winner]!,
    moves: state.moveCount,
    rounds: state.round,
    times,
  };
}

function timed(bot: Bot, times: ArenaTimes): Bot {
  if (typeof bot !== 'object' || bot === null || typeof bot.chooseMove !== 'function') {
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `makeBot must return a bot { name, chooseMove }, not ${describeValue(bot)}.`,
      { name: 'makeBot' },
    );
  }
  return {
    name: bot.name,
    chooseMove: async (view, moves) => {
      const start = performance.now();
      const move = await bot.chooseMove(view, moves);
      tally(times, performance.now() - start);
      return move;
    },
  };
}

/**
 * Plays `games` games with seats rotated and tallies wins per bot name, in this thread or
 * spread over worker threads.
 *
 * @param options - lineup, counts, seed, and a bot factory or built-in bot options.
 * @throws {@link dnup!BotError} `BAD_ARENA_OPTIONS` for a bad player, game or worker count, lineup or
 *   factory; `UNKNOWN_BOT` for a name that is not a built-in bot (without `makeBot`);
 *   `ARENA_WORKER_FAILED` when a worker thread cannot start or fails.
 * @example
 * ```ts
 * const result = await runArena({ players: 3, games: 100, lineup: ['greedy', 'random', 'random'], seed: 1, workers: 2 });
 * result.rows[0]; // { bot: 'greedy', winRate: 0.9, interval: [...], ... }
 * ```
 */
export async function runArena(options: ArenaOptions): Promise<ArenaResult> {
  options = readArenaOptions(options); // read once: plain data copied, callbacks kept
  const { players, games, lineup } = options;
  const workers = options.workers ?? 1;
  if (!Number.isInteger(players) || players < 2 || players > 5)
    throw new BotError('BAD_ARENA_OPTIONS', `An arena needs 2 to 5 players, not ${describeValue(players)}.`, {
      name: `players = ${describeValue(players)}`,
    });
  if (!Number.isInteger(games) || games < 1 || games > MAX_ARENA_GAMES)
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `An arena needs a whole number of games from 1 to ${MAX_ARENA_GAMES}, not ${describeValue(games)}.`,
      { name: `games = ${describeValue(games)}` },
    );
  if (lineup.length !== players) {
    const filled = Array.from({ length: players }, (_, i) => lineup[Math.min(i, lineup.length - 1)] ?? 'greedy');
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `A lineup of ${lineup.length} bot${lineup.length === 1 ? '' : 's'} does not fit ${players} players: name one bot per seat, for example ${filled.join(',')}.`,
      { name: `lineup = ${lineup.join(',')}`, players, count: lineup.length },
    );
  }
  if (!Number.isInteger(workers) || workers < 1 || workers > 256)
    throw new BotError('BAD_ARENA_OPTIONS', `An arena needs 1 to 256 workers, not ${describeValue(workers)}.`, {
      name: `workers = ${describeValue(workers)}`,
    });
  if (workers > 1 && options.makeBot)
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      'A custom makeBot cannot run in worker threads: give your bots as botModules, or use 1 worker.',
      { name: 'makeBot' },
    );
  if (options.makeBot && options.botModules)
    throw new BotError('BAD_ARENA_OPTIONS', 'Give either makeBot or botModules, not both.', { name: 'botModules' });
  const spec: ArenaSpec = {
    players,
    entries: lineup.slice(),
    seed: String(options.seed),
    maxMoves: options.maxMoves ?? 20_000,
  };
  const botOptions = options.botOptions ?? {};
  const modules = await moduleUrls(options.botModules ?? {});
  const makeBot = options.makeBot ?? botMaker(await loadBotModules(modules), botOptions);
  if (!options.makeBot) for (const name of spec.entries) timed(makeBot(name, 'check'), newTimes()); // unknown names, bad budgets and bad factories fail before any game
  const results = new Array<ArenaGame>(games);
  let done = 0;
  const finish = (r: ArenaGame): void => {
    results[r.g] = r;
    options.onGame?.(++done);
  };
  const used = Math.min(workers, games);
  if (used === 1) {
    for (let g = 0; g < games; g++) finish(await playArenaGame(spec, g, makeBot));
  } else {
    await inWorkers<ArenaGame>(
      { spec, botOptions, modules },
      games,
      (g) => ({ game: g }),
      used,
      options.workerScript,
      finish,
    );
  }
  return summarise(spec, results, used, modules);
}

/** A bot module's factory, checked. */
async function loadBotModule(name: string, url: string): Promise<BotFactory> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module of ${describeValue(name)} cannot be loaded (${url}): ${why}`,
      { name, input: url },
    );
  }
  const factory = typeof loaded.default === 'function' ? loaded.default : loaded.makeBot;
  if (typeof factory !== 'function') {
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module of ${describeValue(name)} (${url}) exports no bot factory: export default (or export makeBot) a function ({ seed }) => ({ name, chooseMove }).`,
      { name, input: url },
    );
  }
  return factory as BotFactory;
}

/** Every bot module's factory by name, loaded once (in this thread, or in a worker). */
export async function loadBotModules(
  modules: Readonly<Record<string, string>>,
): Promise<ReadonlyMap<string, BotFactory>> {
  const factories = new Map<string, BotFactory>();
  for (const [name, url] of Object.entries(modules)) factories.set(name, await loadBotModule(name, url));
  return factories;
}

/** The arena's bot maker: module bots by their factory, the others built in. */
export function botMaker(
  factories: ReadonlyMap<string, BotFactory>,
  botOptions: Omit<BotOptions, 'seed'>,
): (name: string, seed: string) => Bot {
  return (name, seed) => {
    const factory = factories.get(name);
    return factory ? factory({ ...botOptions, seed }) : botByName(name, { ...botOptions, seed });
  };
}

const NODE_URL = 'node:url';
const NODE_PATH = 'node:path';

/** Bot module paths as `file:` URLs (relative paths from the working directory), names checked. */
export async function moduleUrls(modules: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const names = Object.keys(modules);
  if (names.length === 0) return {};
  const clash = names.find((n) => (BOT_NAMES as readonly string[]).includes(n) || n === 'mc');
  if (clash !== undefined)
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `A bot module cannot take the name of a built-in bot (${clash}): name it otherwise.`,
      { name: clash, allowed: BOT_NAMES },
    );
  // loaded only here, by names bundlers leave alone, like worker_threads below
  const { pathToFileURL } = (await import(/* @vite-ignore */ NODE_URL)) as typeof import('node:url');
  const { resolve } = (await import(/* @vite-ignore */ NODE_PATH)) as typeof import('node:path');
  const urls: Record<string, string> = {};
  for (const [name, where] of Object.entries(modules))
    urls[name] = where.startsWith('file:') ? new URL(where).href : pathToFileURL(resolve(where)).href;
  return urls;
}

function summarise(
  spec: ArenaSpec,
  results: readonly ArenaGame[],
  workers: number,
  modules: Readonly<Record<string, string>>,
): ArenaResult {
  const { players, entries } = spec;
  const games = results.length;
  const names = [...new Set(entries)];
  const wins = new Map(names.map((n) => [n, 0]));
  const times = new Map(names.map((n) => [n, newTimes()]));
  let moves = 0;
  let rounds = 0;
  let unfinished = 0;
  const entryWins = entries.map(() => 0);
  for (const r of results) {
    moves += r.moves;
    rounds += r.rounds;
    if (r.winner === null) unfinished++;
    else {
      wins.set(entries[r.winner]!, wins.get(entries[r.winner]!)! + 1);
      entryWins[r.winner]!++;
    }
    for (const [name, t] of r.times) merge(times.get(name)!, t);
  }
  const rows = names.map((bot) => {
    const w = wins.get(bot)!;
    const seats = entries.filter((e) => e === bot).length;
    const t = times.get(bot)!;
    return {
      bot,
      seats,
      wins: w,
      winRate: w / games,
      interval: wilsonInterval(w, games),
      fairShare: seats / players,
      moves: t.moves,
      msPerMove: t.moves === 0 ? 0 : t.ms / t.moves,
      p99MsPerMove: quantile(t, 0.99),
      maxMsPerMove: t.max,
    };
  });
  const seats = entries.map((bot, seat) => ({ seat, bot, module: modules[bot] ?? null, wins: entryWins[seat]! }));
  return {
    players,
    games,
    rows,
    seats,
    averageMoves: moves / games,
    averageRounds: rounds / games,
    unfinished,
    workers,
  };
}

/** What a worker is started with: the games' settings (an arena's or a ladder's), the bots' budget and the bot modules' URLs by name. */
export interface ArenaWorkerData {
  readonly spec?: ArenaSpec;
  /** A ladder's settings (src/bots/ladder.ts), as plain data. */
  readonly ladder?: LadderSpec;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  readonly modules: Readonly<Record<string, string>>;
}

/** What the main thread and a worker say to each other. */
export type ArenaWorkerRequest = { readonly game: number } | { readonly ladderGame: number } | { readonly stop: true };
/** A worker's answer: a game's outcome, or why it failed. */
export type ArenaWorkerReply = { readonly result: ArenaGame | LadderGame } | { readonly error: string };

const WORKER_THREADS = 'node:worker_threads';

/**
 * The Node flags to start a worker with: `undefined` (a worker inherits this process's flags, as
 * Node does by default, V8 and process-wide ones such as `--expose-gc` included) unless a script
 * was given on the command line (`node --input-type=module -e …`), whose flags a worker refuses:
 * then this process's flags without them.
 */
export function workerExecArgv(argv: readonly string[]): string[] | undefined {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (['-e', '--eval', '-p', '--print', '--input-type'].includes(flag))
      i++; // and its value
    else if (!/^--(input-type|eval|print)=/.test(flag)) kept.push(flag);
  }
  return kept.length === argv.length ? undefined : kept;
}

/**
 * Starts one worker. Flags given explicitly are checked by Node, which refuses V8 and
 * process-wide ones (`--expose-gc`, `--max-old-space-size=…`) and names them: start again once
 * without those (the process already applies them).
 */
function startWorker(
  Worker: typeof import('node:worker_threads').Worker,
  path: string | URL,
  workerData: ArenaWorkerData,
): InstanceType<typeof import('node:worker_threads').Worker> {
  let execArgv = workerExecArgv(process.execArgv);
  for (let attempt = 0; ; attempt++) {
    try {
      return new Worker(path, execArgv === undefined ? { workerData } : { workerData, execArgv });
    } catch (e) {
      if (attempt > 0 || execArgv === undefined || (e as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV')
        throw e;
      const refused = new Set(
        String((e as Error).message)
          .replace(/^[^:]*:\s*/, '')
          .split(/,\s*/),
      );
      execArgv = execArgv.filter((flag) => !refused.has(flag));
    }
  }
}

function defaultWorkerScript(): URL {
  // dist/index.js and dist/index.cjs sit beside dist/arena-worker.js (tsup builds it as its own entry)
  return new URL('./arena-worker.js', import.meta.url);
}

/**
 * Hands `games` jobs out one at a time to `count` workers, so a slow game holds up only its
 * worker; `request(i)` is the message of job i (an arena's or a ladder's game).
 */
export async function inWorkers<R>(
  workerData: ArenaWorkerData,
  games: number,
  request: (i: number) => ArenaWorkerRequest,
  count: number,
  script: string | undefined,
  finish: (r: R) => void,
): Promise<void> {
  // loaded only here, by a name bundlers leave alone: the rest of the package runs in browsers too
  const { Worker } = (await import(/* @vite-ignore */ WORKER_THREADS)) as typeof import('node:worker_threads');
  const path = script === undefined ? defaultWorkerScript() : script.startsWith('file:') ? new URL(script) : script;
  let next = 0;
  let done = 0;
  const pool: InstanceType<typeof Worker>[] = [];
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const stop = (error: unknown): void => {
      if (failed) return;
      failed = true;
      for (const w of pool) void w.terminate();
      reject(error);
    };
    const fail = (why: string): void =>
      stop(
        new BotError('ARENA_WORKER_FAILED', `An arena worker failed (${String(path)}): ${why}`, {
          name: String(path),
          input: why,
        }),
      );
    for (let i = 0; i < count; i++) {
      let worker: InstanceType<typeof Worker>;
      try {
        worker = startWorker(Worker, path, workerData);
      } catch (e) {
        fail(e instanceof Error ? e.message : String(e));
        return;
      }
      pool.push(worker);
      const feed = (): void => {
        if (next < games) worker.postMessage(request(next++));
        else worker.postMessage({ stop: true } satisfies ArenaWorkerRequest);
      };
      worker.on('message', (reply: ArenaWorkerReply) => {
        if (failed) return;
        if ('error' in reply) return fail(reply.error);
        try {
          finish(reply.result as R);
        } catch (e) {
          return stop(e); // the caller's onGame threw: its error, as in one thread
        }
        if (++done === games) resolve();
        else feed();
      });
      worker.on('error', (e) => fail(e.message));
      worker.on('exit', (code) => {
        if (code !== 0 && done < games) fail(`it exited with code ${code}`);
      });
      feed();
    }
  }).finally(() => Promise.all(pool.map((w) => w.terminate())));
}
