/**
 * The arena: many games between bots with seats rotated, and win rates with 95% Wilson
 * intervals, played in worker threads by default. Game g depends only on the seed and g (its
 * deal and every bot's seed), so the results are the same whatever the number of workers, for
 * bots whose budget is counted (playouts, iterations) rather than timed.
 *
 * The arena is a referee: it does not trust bots. A bot that throws, returns something that is
 * not a legal move, or runs past the move limit loses that game (a forfeit) and the run goes
 * on. The limit is enforced from outside the bot: each worker writes a heartbeat in shared
 * memory at every decision, the main thread watches it, and stops a worker stuck past the limit
 * (a synchronous loop included), then starts a fresh one for the remaining games
 * (heartbeat.ts, worker-pool.ts); the judging itself is referee.ts.
 */
import { recordOf, type Seed } from '../core/index.js';
import { describeValue, isRecord, readInput } from '../core/internal.js';
import type { Bot, Forfeit, RefereeHooks } from '../bots/bot.js';
import type { BotOptions } from '../bots/by-name.js';
import { BotError } from '../bots/errors.js';
import { wilsonInterval } from '../bots/wilson-interval.js';
import { botMaker, checkFactory, loadBotModules, moduleUrls } from './bot-modules.js';
import { replayHung, type HungDecision } from './heartbeat.js';
import { forfeitWinner } from './ladder-ratings.js';
import { checkMoveLimit, moveLimitOf } from './move-limit.js';
import { forfeitOf, keepForfeits, refereeGame } from './referee.js';
import { merge, newTimes, quantile, tally, type ArenaTimes } from './think-times.js';
import { inWorkers, workerScriptOf } from './worker-pool.js';
import type { ArenaGame, ArenaSpec, BotFactory } from './arena-types.js';

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
   * Your own bots, by name: a module path (absolute, or relative to the working directory), a
   * `file:` URL, or a package name (`my-bot`, `@me/bot`: resolved as `require.resolve` resolves it
   * from the working directory), whose module exports a {@link BotFactory}, as `default` or as
   * `makeBot`. The module is loaded in this thread (to check it) and in every worker, where its
   * bots play.
   */
  readonly botModules?: Readonly<Record<string, string>>;
  /** Makes every game and every bot decision reproducible. */
  readonly seed: Seed;
  /**
   * Builds a bot for an entry of the lineup; `seed` differs per game and entry. Defaults to the
   * built-in bots and `botModules`. A function cannot cross into worker threads, so with it the
   * games run in this thread (`workers` must be 1), where the move limit stops a promise that
   * does not settle in time but cannot stop a synchronous loop: give your bots as `botModules`
   * to have them refereed from outside.
   */
  readonly makeBot?: (name: string, seed: string) => Bot;
  /** Options of the built-in bots (budget…) and of `botModules` factories, when `makeBot` is not given. */
  readonly botOptions?: Omit<BotOptions, 'seed'>;
  /**
   * Worker threads to spread games over (Node only; default 1: one worker thread, so that a bot
   * stuck in a loop can be stopped). Each worker plays whole games; results are tallied by game
   * number, so they do not depend on how many workers there are.
   */
  readonly workers?: number;
  /**
   * The worker script, as a path or a `file:` URL (default: `arena-worker.js` next to this
   * module, as built in `dist/`). Give it when the package is bundled and the file has moved.
   * When the default script is missing (the sources run without a build) and `workers` is 1,
   * the games run in this thread, as with `makeBot`.
   */
  readonly workerScript?: string;
  /** Move cap per game, 1 to 1,000,000 (default 20,000); a capped game has no winner. */
  readonly maxMoves?: number;
  /**
   * The most one decision may take, in milliseconds, 1 to 3,600,000: a bot still thinking past
   * it loses the game (a `time` forfeit). Default: with a time budget (`botOptions.timeMs` = N),
   * N + max(N, 100) — a bot may overrun its budget by its own size or by 100 ms, whichever is
   * more; without one (a budget in playouts), {@link DEFAULT_MOVE_LIMIT_MS}.
   */
  readonly moveLimitMs?: number;
  /** Called after each game with the number of games done. */
  readonly onGame?: (done: number) => void;
}

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
  /** Games this entry lost by forfeit. */
  readonly forfeits: number;
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
  /** Games it lost by forfeit (see {@link Forfeit}). */
  readonly forfeits: number;
  /** Decisions it took (every decision, a single legal move and a failed one included). */
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
  /** Worker threads used; 0 when the games ran in this thread (`makeBot`). */
  readonly workers: number;
  /** The move limit applied, in milliseconds. */
  readonly moveLimitMs: number;
  /**
   * The forfeits, by game number: the first {@link MAX_FORFEIT_DETAILS} in full (the rows count
   * them all). A game stopped by the move cap is not a forfeit.
   */
  readonly forfeits: readonly Forfeit[];
}

/** The most games one arena plays: a bound, so that no setting runs for ever. */
const MAX_ARENA_GAMES = 1_000_000;
/** The largest move cap: a bound on one game's length and on its record. */
const MAX_MOVES_CAP = 1_000_000;

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
      moveLimitMs: o.moveLimitMs,
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
  const maxMoves = data.maxMoves;
  if (
    maxMoves !== undefined &&
    !(Number.isSafeInteger(maxMoves) && (maxMoves as number) >= 1 && (maxMoves as number) <= MAX_MOVES_CAP)
  )
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `An arena's move cap is a whole number from 1 to ${MAX_MOVES_CAP}, not ${describeValue(raw.maxMoves)}.`,
      { name: `maxMoves = ${describeValue(raw.maxMoves)}` },
    );
  checkMoveLimit(data.moveLimitMs, (m) => new BotError('BAD_ARENA_OPTIONS', m, { name: 'moveLimitMs' }));
  const options = { ...(data as unknown as ArenaOptions) } as { -readonly [K in keyof ArenaOptions]: ArenaOptions[K] };
  if (raw.makeBot !== undefined) options.makeBot = raw.makeBot as NonNullable<ArenaOptions['makeBot']>;
  if (raw.onGame !== undefined) options.onGame = raw.onGame as NonNullable<ArenaOptions['onGame']>;
  return options;
}

/** Who sits where in arena game `g`: seat s holds lineup entry (s + g) mod players. */
function seatEntries(players: number, g: number): number[] {
  return Array.from({ length: players }, (_, s) => (s + g) % players);
}

/**
 * Plays arena game `g` as a referee: seats rotated, seeds derived from the arena's seed and `g`;
 * a seat whose bot fails loses the game ({@link Forfeit}). `hooks` watch each decision (a
 * worker's heartbeat).
 */
export async function playArenaGame(
  spec: ArenaSpec,
  g: number,
  makeBot: (name: string, seed: string) => Bot,
  hooks: RefereeHooks = {},
): Promise<ArenaGame> {
  const { players, entries, seed } = spec;
  const times = new Map<string, ArenaTimes>();
  for (const name of entries) if (!times.has(name)) times.set(name, newTimes());
  const seatEntry = seatEntries(players, g);
  const names = seatEntry.map((e) => entries[e]!);
  const { state, record, fault } = await refereeGame(
    seatEntry.map((e) => () => makeBot(entries[e]!, `${seed}/${g}/${e}`)),
    {
      seed: `${seed}/${g}`,
      names,
      maxMoves: spec.maxMoves,
      limitMs: spec.limitMs,
      hooks: {
        ...hooks,
        decisionEnd: (seat, ms) => {
          tally(times.get(names[seat]!)!, ms);
          hooks.decisionEnd?.(seat, ms);
        },
      },
    },
  );
  const forfeit =
    fault === null
      ? null
      : forfeitOf(
          fault,
          { bot: names[fault.seat]!, game: g, seed: `${seed}/${g}`, botSeed: `${seed}/${g}/${seatEntry[fault.seat]}` },
          spec.limitMs,
          record,
        );
  const winnerSeat = fault === null ? state.winner : forfeitWinner(state.scores, fault.seat);
  return {
    g,
    winner: winnerSeat === null ? null : seatEntry[winnerSeat]!,
    moves: state.moveCount,
    rounds: state.round,
    times,
    forfeit,
  };
}

/** Arena game `g` stopped from outside: the hung seat forfeits, the others keep their order by score. */
function hungArenaGame(spec: ArenaSpec, g: number, hung: HungDecision): ArenaGame {
  const seatEntry = seatEntries(spec.players, g);
  const names = seatEntry.map((e) => spec.entries[e]!);
  const seed = `${spec.seed}/${g}`;
  const state = replayHung(names, seed, hung.moves);
  const times = new Map<string, ArenaTimes>();
  for (const name of spec.entries) if (!times.has(name)) times.set(name, newTimes());
  names.forEach((name, seat) => {
    const s = hung.stats[seat]!;
    const t = times.get(name)!;
    t.moves += s.decisions;
    t.ms += s.ms;
    t.max = Math.max(t.max, s.max);
  });
  tally(times.get(names[hung.seat]!)!, hung.elapsedMs);
  const record = hung.moves === null ? null : recordOf(state, hung.moves);
  const winnerSeat = forfeitWinner(state.scores, hung.seat);
  return {
    g,
    winner: winnerSeat === null ? null : seatEntry[winnerSeat]!,
    moves: state.moveCount,
    rounds: state.round,
    times,
    forfeit: forfeitOf(
      { ...hung, refusal: null },
      { bot: names[hung.seat]!, game: g, seed, botSeed: `${seed}/${seatEntry[hung.seat]}` },
      spec.limitMs,
      record,
    ),
  };
}

/**
 * Plays `games` arena or ladder games as a referee, with seats rotated, and tallies wins and
 * forfeits per bot name, in worker threads (or in this thread with `makeBot`).
 *
 * A bot that throws or rejects, returns something that is not a move or a move the rules
 * refuse, or runs past the move limit loses that game by forfeit: its seat is ranked last, the
 * others keep their order by score at that moment (ties share a place; in the duel the opponent
 * wins), and the run goes on. Each forfeit is listed with the bot's error and the game's record
 * up to it. In worker threads the limit is enforced from outside: a worker stuck past it (a
 * synchronous loop too) is stopped and a fresh one plays the remaining games. In this thread a
 * promise that does not settle in time is abandoned, but a synchronous loop cannot be stopped.
 *
 * @param options - lineup, counts, seed, and a bot factory or built-in bot options.
 * @throws {@link dnup!BotError} `BAD_ARENA_OPTIONS` for a bad player, game or worker count, lineup,
 *   move cap or limit, for a bot module that cannot be loaded (a syntax error names its line) or
 *   exports no factory, and for a factory that fails when first called; `UNKNOWN_BOT` for a name
 *   that is not a built-in bot (without `makeBot`); `ARENA_WORKER_FAILED` when a worker thread
 *   cannot start or fails (never because of a bot).
 * @example
 * ```ts
 * const result = await runArena({ players: 3, games: 100, lineup: ['greedy', 'random', 'random'], seed: 1, workers: 2 });
 * result.rows[0]; // { bot: 'greedy', winRate: 0.9, interval: [...], forfeits: 0, ... }
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
  const botOptions = options.botOptions ?? {};
  const spec: ArenaSpec = {
    players,
    entries: lineup.slice(),
    seed: String(options.seed),
    maxMoves: options.maxMoves ?? 20_000,
    limitMs: moveLimitOf(botOptions, options.moveLimitMs),
  };
  const given = options.botModules ?? {};
  const modules = await moduleUrls(given);
  const makeBot = options.makeBot ?? botMaker(await loadBotModules(modules, given), botOptions);
  // unknown names, bad budgets and bad factories fail before any game
  if (!options.makeBot) for (const name of new Set(spec.entries)) checkFactory(makeBot, name, modules);
  const results = new Array<ArenaGame>(games);
  let done = 0;
  const finish = (r: ArenaGame): void => {
    results[r.g] = r;
    options.onGame?.(++done);
  };
  const used = Math.min(workers, games);
  const script = options.makeBot ? undefined : await workerScriptOf(options.workerScript, used);
  if (script === undefined) {
    for (let g = 0; g < games; g++) {
      finish(await playArenaGame(spec, g, makeBot));
      // back to the event loop between games, so that timers and signals get their turn
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } else {
    await inWorkers<ArenaGame>({ spec, botOptions, modules }, spec.limitMs, spec.maxMoves, used, script, {
      count: games,
      request: (g) => ({ game: g }),
      hung: (g, hung) => hungArenaGame(spec, g, hung),
      finish,
      fresh: (r) => r.forfeit?.kind === 'time',
    });
  }
  return summarise(spec, results, script === undefined ? 0 : used, modules);
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
  const forfeits = new Map(names.map((n) => [n, 0]));
  const times = new Map(names.map((n) => [n, newTimes()]));
  let moves = 0;
  let rounds = 0;
  let unfinished = 0;
  const entryWins = entries.map(() => 0);
  const entryForfeits = entries.map(() => 0);
  for (const r of results) {
    moves += r.moves;
    rounds += r.rounds;
    if (r.forfeit !== null) {
      forfeits.set(r.forfeit.bot, forfeits.get(r.forfeit.bot)! + 1);
      entryForfeits[seatEntries(players, r.g)[r.forfeit.seat]!]!++;
    } else if (r.winner === null) unfinished++;
    if (r.winner !== null) {
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
      forfeits: forfeits.get(bot)!,
      moves: t.moves,
      msPerMove: t.moves === 0 ? 0 : t.ms / t.moves,
      p99MsPerMove: quantile(t, 0.99),
      maxMsPerMove: t.max,
    };
  });
  const seats = entries.map((bot, seat) => ({
    seat,
    bot,
    module: modules[bot] ?? null,
    wins: entryWins[seat]!,
    forfeits: entryForfeits[seat]!,
  }));
  return {
    players,
    games,
    rows,
    seats,
    averageMoves: moves / games,
    averageRounds: rounds / games,
    unfinished,
    workers,
    moveLimitMs: spec.limitMs,
    forfeits: keepForfeits(results.map((r) => r.forfeit)),
  };
}
