/**
 * The ladder: several bots on the same pre-generated duplicate deals, every lineup of
 * `players` bots with every seat rotation, on worker threads, rated by openskill (an optional peer
 * dependency) beside win rates with Wilson intervals. Resumable: the games already played are
 * handed back and only the others are played; ratings are computed from every game at the end, so
 * a resumed run ends exactly as an uninterrupted one.
 */
import type { Seed } from '../core/index.js';
import { describeValue, isRecord, readInput } from '../core/internal.js';
import type { Forfeit } from '../bots/bot.js';
import type { BotOptions } from '../bots/by-name.js';
import { BotError } from '../bots/errors.js';
import { botMaker, checkFactory, loadBotModules, resolveModules } from './bot-modules.js';
import { checkMoveLimit, moveLimitOf } from './move-limit.js';
import { keepForfeits } from './referee.js';
import { inWorkers, workerScriptOf } from './worker-pool.js';
import { loadRatings, rateEntries, type RatingLibrary } from './ladder-ratings.js';
import type { LadderForfeit, LadderGame, LadderSpec, PlayedLadderGame } from './ladder-types.js';
import { wilsonInterval } from '../bots/wilson-interval.js';
import { playOnQueue, type LadderQueueOptions } from './ladder-queue.js';
import {
  hungLadderGame,
  ladderSeating,
  lineupsOf,
  MAX_KEPT_MESSAGE,
  playLadderGame,
  labelsOf,
} from './ladder-games.js';

export type { LadderForfeit, LadderGame } from './ladder-types.js';

/**
 * Settings of {@link runLadder}.
 *
 * @example
 * ```ts
 * // five bots at 3 players: 10 lineups × 3 rotations = 30 games a deal; 100 deals
 * const options: LadderOptions = { bots: ['ismcts', 'montecarlo', 'greedy', 'random', 'mine'], players: 3, games: 3000, seed: 'run-1', botModules: { mine: '../bots/dist/mybot.js' }, botOptions: { playouts: 200 }, workers: 2 };
 * ```
 */
export interface LadderOptions {
  /**
   * The bots, 2 to 16 entries: built-in names ({@link dnup!BOT_NAMES}) or keys of `botModules`.
   * A name may repeat; each copy is its own entry, rated on its own and labelled `name#2`,
   * `name#3`… (so `['ismcts', 'montecarlo', 'montecarlo', 'montecarlo']` at 4 players is one
   * ISMCTS against three Monte-Carlo bots).
   */
  readonly bots: readonly string[];
  /**
   * Seats per game, 2–5; defaults to the number of bots (required beyond 5 bots). With more bots
   * than seats, every lineup of `players` bots (each combination, in the order of `bots`) plays
   * every deal, each with every rotation of its seats.
   */
  readonly players?: number;
  /**
   * Games in all, a whole number of deals: a multiple of the games per deal, (lineups) × `players`
   * (1 lineup of 4 bots at 4 players: 4 games a deal; 5 bots at 3 players: 10 lineups, 30 games).
   * At most {@link MAX_LADDER_GAMES}.
   */
  readonly games: number;
  /** Makes every deal and every bot decision reproducible. */
  readonly seed: Seed;
  /**
   * Your own bots, by name: a module path (absolute, or relative to the working directory), a
   * `file:` URL, or a package name resolved from the working directory, whose module exports a
   * {@link BotFactory}, as `default` or as `makeBot`, exactly as for `runArena`. Loaded in this
   * thread and in every worker; on a `queue`, each queue worker resolves a package name where it
   * runs, and needs a path at the same place on its machine.
   */
  readonly botModules?: Readonly<Record<string, string>>;
  /** Options of the built-in bots (budget…) and of the `botModules` factories. */
  readonly botOptions?: Omit<BotOptions, 'seed'>;
  /**
   * Worker threads to spread games over (default 1: one worker thread, so that a bot stuck in a
   * loop can be stopped; as for `runArena`, the games run in this thread only when the default
   * worker script is missing, the sources running without a build).
   */
  readonly workers?: number;
  /** The worker script, as for `runArena` (default: `arena-worker.js` beside this module). */
  readonly workerScript?: string;
  /** Move cap per game (default 20,000); a capped game has no winner and is not rated. */
  readonly maxMoves?: number;
  /**
   * The most one decision may take, in milliseconds, as for `runArena`: by default N + max(N, 100)
   * with a time budget of N ms, else 10,000. A bot past it loses the game by forfeit.
   */
  readonly moveLimitMs?: number;
  /**
   * Games already played by this same ladder (same bots, players, seed, budget and move cap), as
   * `onGame` handed them or a `dnup ladder --out` file holds them: they are checked against the
   * schedule, kept, and not played again. The result is the one an uninterrupted run gives.
   */
  readonly done?: readonly LadderGame[];
  /**
   * Called after each game is played, in the order games finish (which depends on the workers),
   * with the game and the number of games done (those in `done` included). Save the games to
   * resume an interrupted run.
   */
  readonly onGame?: (game: LadderGame, done: number) => void;
  /**
   * Play the games on many machines through a BullMQ queue on Redis rather than on this one's
   * worker threads: each game is one job, played by `dnup worker` processes (or `serveQueue`)
   * wherever they run; the result is the one-machine run's, timings aside. Needs the optional
   * peer dependencies bullmq and ioredis.
   */
  readonly queue?: LadderQueueOptions;
}

/**
 * One ladder entry's results, in rating order: its openskill rating (mu ± sigma) beside its win
 * rate and 95% Wilson interval.
 *
 * @example
 * ```ts
 * const { rows } = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1 });
 * const best = rows[0]!; // { rank: 1, bot: 'greedy', mu: …, sigma: …, ordinal: mu − 3·sigma, winRate: …, interval: […] }
 * ```
 */
export interface LadderRow {
  /** 1 for the highest `ordinal`. */
  readonly rank: number;
  /** The entry's index in `bots`. */
  readonly entry: number;
  /** The entry's label: its bot name, with `#2`, `#3`… for further copies of a name. */
  readonly bot: string;
  /** The bot's name, as in `bots`. */
  readonly name: string;
  /** The module the bot was loaded from (a `file:` URL), or null for a built-in bot. */
  readonly module: string | null;
  /** Games this entry played. */
  readonly games: number;
  /** Games it won. */
  readonly wins: number;
  /** Games it lost by forfeit (resumed games included). */
  readonly forfeits: number;
  /** wins / games. */
  readonly winRate: number;
  /** 95% Wilson score interval of the win rate. */
  readonly interval: readonly [number, number];
  /** 1 / players: the win rate of an equal player. */
  readonly fairShare: number;
  /** openskill's skill estimate (starts at 25). */
  readonly mu: number;
  /** Its uncertainty, a standard deviation (starts at 25/3). */
  readonly sigma: number;
  /** mu − 3·sigma: a skill the entry has with about 99.7% confidence; rows are sorted by it. */
  readonly ordinal: number;
  /** Moves it chose. */
  readonly moves: number;
  /** Average thinking time per move, in milliseconds. */
  readonly msPerMove: number;
  /** The longest thinking time of one move, in milliseconds. */
  readonly maxMsPerMove: number;
}

/**
 * What {@link runLadder} measured: what `dnup ladder --json` prints (without `gameList`, which
 * its `--out` file keeps).
 *
 * @example
 * ```ts
 * const { rows, deals, gamesPerDeal } = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1 });
 * console.log(`${deals} deals × ${gamesPerDeal}:`, rows.map((r) => `${r.rank}. ${r.bot} ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}`));
 * ```
 */
export interface LadderResult {
  /** Seats per game. */
  readonly players: number;
  /** Games played in all (those resumed included). */
  readonly games: number;
  /** Duplicate deals played: games / gamesPerDeal. */
  readonly deals: number;
  /** Games per deal: lineups × players. */
  readonly gamesPerDeal: number;
  /** Every lineup, as entry indices in seat order for the first rotation. */
  readonly lineups: readonly (readonly number[])[];
  /** One row per entry, best rated first. */
  readonly rows: readonly LadderRow[];
  /** The rating method: the library, its model and the order of updates. */
  readonly rating: { readonly library: 'openskill'; readonly model: 'plackett-luce'; readonly order: 'game number' };
  /** Average moves per game (all seats, `nextRound` included). */
  readonly averageMoves: number;
  /** Average rounds per game. */
  readonly averageRounds: number;
  /** Games stopped by the move cap: no winner, not rated. */
  readonly unfinished: number;
  /** Worker threads used for the games played by this call (0: this thread). */
  readonly workers: number;
  /** The move limit applied, in milliseconds. */
  readonly moveLimitMs: number;
  /**
   * The forfeits of the games played by this call, in full, by game number (at most 100; the
   * games of `done` keep theirs as `gameList[g].forfeit`, and the rows count them all).
   */
  readonly forfeits: readonly Forfeit[];
  /** Games taken from `done` rather than played. */
  readonly resumed: number;
  /** Every game, by game number. */
  readonly gameList: readonly LadderGame[];
}

/**
 * The most games one ladder plays: a bound, so that no setting runs for ever or fills the memory.
 *
 * @example
 * ```ts
 * const games = Math.min(wanted, MAX_LADDER_GAMES);
 * ```
 */
export const MAX_LADDER_GAMES = 100_000;
/**
 * The most entries one ladder rates (16 bots at 5 players: 4,368 lineups, 21,840 games a deal).
 *
 * @example
 * ```ts
 * if (myBots.length > MAX_LADDER_BOTS) throw new Error('too many bots for one ladder');
 * ```
 */
export const MAX_LADDER_BOTS = 16;

const refuse = (message: string, name: string): BotError => new BotError('BAD_LADDER_OPTIONS', message, { name });

/** The settings read once: plain data checked and copied, the callback kept as a function. */
function readLadderOptions(input: unknown): LadderOptions {
  let raw: Record<string, unknown>;
  try {
    const o = input as Record<string, unknown>;
    raw = {
      bots: o.bots,
      players: o.players,
      games: o.games,
      seed: o.seed,
      botModules: o.botModules,
      botOptions: o.botOptions,
      workers: o.workers,
      workerScript: o.workerScript,
      maxMoves: o.maxMoves,
      moveLimitMs: o.moveLimitMs,
      done: o.done,
      onGame: o.onGame,
      queue: o.queue,
    };
  } catch {
    throw refuse('The ladder options cannot be read.', 'options');
  }
  // a resume list may be long: room for every game's fields, no more
  const plain = readInput(
    { ...raw, onGame: undefined, queue: undefined },
    { depth: 6, nodes: 64 + MAX_LADDER_GAMES * 40 },
  );
  const data = plain.ok && isRecord(plain.value) ? plain.value : undefined;
  if (!data)
    throw refuse(
      `The ladder options are not plain data: ${plain.ok ? 'not an object' : plain.problem.message}.`,
      plain.ok ? 'options' : plain.problem.path,
    );
  const bots = data.bots;
  if (
    !Array.isArray(bots) ||
    bots.length < 2 ||
    bots.length > MAX_LADDER_BOTS ||
    !bots.every((n) => typeof n === 'string' && n.length >= 1 && n.length <= 64)
  ) {
    throw refuse(
      `A ladder's bots are a list of 2 to ${MAX_LADDER_BOTS} bot names, not ${describeValue(raw.bots)}.`,
      'bots',
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
      throw refuse(
        `A ladder's botModules map bot names (1 to 64 characters) to module paths, not ${describeValue(raw.botModules)}.`,
        'botModules',
      );
    }
  }
  const seed = data.seed;
  if (!(typeof seed === 'string' || Number.isSafeInteger(seed)))
    throw refuse(`A ladder's seed is a text or a whole number, not ${describeValue(raw.seed)}.`, 'seed');
  if (raw.onGame !== undefined && typeof raw.onGame !== 'function')
    throw refuse(`The ladder option onGame must be a function, not ${describeValue(raw.onGame)}.`, 'onGame');
  if (data.done !== undefined && !Array.isArray(data.done))
    throw new BotError('BAD_LADDER_RESUME', `A ladder's done games are a list, not ${describeValue(raw.done)}.`, {
      name: 'done',
    });
  const options = { ...(data as unknown as LadderOptions) } as {
    -readonly [K in keyof LadderOptions]: LadderOptions[K];
  };
  if (raw.onGame !== undefined) options.onGame = raw.onGame as NonNullable<LadderOptions['onGame']>;
  // its URL and run id are checked where it is used (src/arena/ladder-queue.ts); it holds callbacks
  if (raw.queue !== undefined) {
    if (typeof raw.queue !== 'object' || raw.queue === null)
      throw refuse(`A ladder's queue is { url, run?, resume? }, not ${describeValue(raw.queue)}.`, 'queue');
    options.queue = raw.queue as LadderQueueOptions;
  }
  return options;
}

const wholeIn = (x: unknown, lo: number, hi: number): x is number =>
  Number.isSafeInteger(x) && (x as number) >= lo && (x as number) <= hi;
const counts = (x: unknown, length: number, ok: (v: unknown) => boolean): x is number[] =>
  Array.isArray(x) && x.length === length && x.every(ok);

/** A game of `done`, checked against the schedule: the same seats, a winner among them, sane counts. */
function checkDoneGame(
  spec: LadderSpec,
  lineups: readonly (readonly number[])[],
  games: number,
  x: unknown,
  i: number,
): LadderGame {
  const bad = (why: string): BotError =>
    new BotError(
      'BAD_LADDER_RESUME',
      `Game ${i} of the games to resume does not belong to this ladder: ${why}. Resume a run with the settings it was started with, or start afresh.`,
      { name: `done[${i}]` },
    );
  if (!isRecord(x)) throw bad(`it is ${describeValue(x)}, not a game`);
  const g = x.g;
  const p = spec.players;
  if (!wholeIn(g, 0, games - 1))
    throw bad(`its number ${describeValue(g)} is not a game number from 0 to ${games - 1}`);
  const { seats } = ladderSeating(spec, lineups, g);
  if (!counts(x.seats, p, (v) => wholeIn(v, 0, spec.bots.length - 1)) || x.seats.some((e, s) => e !== seats[s]))
    throw bad(`game ${g} seats entries ${seats.join(',')}, not ${describeValue(x.seats)}`);
  if (!(x.winner === null || seats.includes(x.winner as number)))
    throw bad(`its winner ${describeValue(x.winner)} is not an entry at its table`);
  let forfeit: LadderForfeit | undefined;
  if (x.forfeit !== undefined) {
    const f = x.forfeit;
    if (
      !isRecord(f) ||
      !wholeIn(f.seat, 0, p - 1) ||
      !['time', 'error', 'not-a-move', 'illegal'].includes(f.kind as string) ||
      typeof f.message !== 'string' ||
      f.message.length > MAX_KEPT_MESSAGE
    )
      throw bad(`its forfeit ${describeValue(f)} is not { seat, kind, message } of a seat at its table`);
    if (x.winner === seats[f.seat]) throw bad(`its winner ${describeValue(x.winner)} is the entry that forfeited`);
    forfeit = { seat: f.seat, kind: f.kind as LadderForfeit['kind'], message: f.message };
  }
  if (!counts(x.scores, p, (v) => wholeIn(v, 0, 1000)))
    throw bad(`its scores ${describeValue(x.scores)} are not ${p} whole numbers`);
  if (!wholeIn(x.moves, 0, Number.MAX_SAFE_INTEGER) || !wholeIn(x.rounds, 1, Number.MAX_SAFE_INTEGER))
    throw bad('its moves and rounds are not whole numbers');
  if (x.winner === null && forfeit === undefined && (x.moves as number) < spec.maxMoves)
    throw bad(`it has no winner but stopped before the move cap of ${spec.maxMoves}`);
  if (!counts(x.decisions, p, (v) => wholeIn(v, 0, Number.MAX_SAFE_INTEGER)))
    throw bad('its decisions are not whole numbers per seat');
  const time = (v: unknown): boolean => typeof v === 'number' && v >= 0 && Number.isFinite(v);
  if (!counts(x.ms, p, time) || !counts(x.maxMs, p, time))
    throw bad('its thinking times are not numbers of milliseconds per seat');
  return {
    g,
    seats,
    winner: x.winner as number | null,
    scores: x.scores.slice(),
    moves: x.moves,
    rounds: x.rounds,
    decisions: x.decisions.slice(),
    ms: x.ms.slice(),
    maxMs: x.maxMs.slice(),
    ...(forfeit === undefined ? {} : { forfeit }),
  };
}

/**
 * Plays several bots against each other on the same pre-generated duplicate deals, every lineup
 * of `players` bots with every seat rotation, in this thread or over worker threads, and rates
 * them with openskill beside their win rates with 95% Wilson intervals.
 *
 * Schedule: game g plays deal ⌊g / gamesPerDeal⌋ (its seed `${seed}/deal/${deal}` deals every
 * round of the game, so all the games of a deal see the same cards at the same seats), lineup
 * ⌊g / players⌋ mod lineups, rotated by g mod players: seat s holds the lineup's entry
 * (s + g) mod players. Each bot is seeded with `${seed}/${g}/${entry}`. Ratings are the mean of
 * openskill's over 16 orders of the games drawn from the seed (one order alone biases them: see
 * `RATING_ORDERS`), whatever order games finished in, so the result is the same for
 * any number of workers (and after a resume) for bots whose budget is counted (playouts,
 * iterations) and that are deterministic for their seed; bots on a time budget are not.
 *
 * Needs the `openskill` package (an optional peer dependency: `npm install openskill@5`); it is
 * loaded before any game is played.
 *
 * @param options - the bots, players, games, seed; budget, workers, bot modules, games to resume.
 * @returns rows sorted by rating, the schedule's sizes and every game.
 * @throws {@link dnup!BotError} `BAD_LADDER_OPTIONS` for bad bots, counts or settings;
 *   `UNKNOWN_BOT` for a name that is neither built in nor in `botModules`; `BAD_ARENA_OPTIONS`
 *   for a bot module that cannot be loaded; `BAD_LADDER_RESUME` for `done` games that do not
 *   belong to this ladder; `RATINGS_UNAVAILABLE` when openskill is not installed;
 *   `ARENA_WORKER_FAILED` when a worker thread fails. On a `queue`: `QUEUE_UNAVAILABLE` without
 *   bullmq or ioredis; `QUEUE_REDIS` for a Redis that cannot be reached, or that stays away past
 *   `patienceMs`; `QUEUE_REFUSED` for a run id in use or a worker's refusal; `QUEUE_FAILED` for a
 *   game whose job failed (see `sweepMs`). The run stays in Redis: `resume` collects it.
 * @example
 * ```ts
 * const result = await runLadder({ bots: ['montecarlo', 'greedy', 'random'], games: 6, seed: 1, botOptions: { playouts: 20 } });
 * result.rows[0]; // { rank: 1, bot: 'montecarlo', mu: 27.9, sigma: 6.1, winRate: 0.83, interval: [...], ... }
 * ```
 */
export async function runLadder(options: LadderOptions): Promise<LadderResult> {
  options = readLadderOptions(options);
  const { bots, games } = options;
  const players = options.players ?? (bots.length <= 5 ? bots.length : undefined);
  if (players === undefined)
    throw refuse(`${bots.length} bots do not fit one table: say how many players each game seats (2 to 5).`, 'players');
  if (!wholeIn(players, 2, 5))
    throw refuse(
      `A ladder needs 2 to 5 players, not ${describeValue(players)} (rules §2).`,
      `players = ${describeValue(players)}`,
    );
  if (bots.length < players)
    throw refuse(
      `${bots.length} bots cannot fill ${players} seats: name at least ${players} bots (a name may repeat).`,
      'bots',
    );
  const lineups = lineupsOf(bots.length, players);
  const perDeal = lineups.length * players;
  if (!wholeIn(games, 1, MAX_LADDER_GAMES) || games % perDeal !== 0) {
    const lower = Math.floor(Math.min(Number.isFinite(games) ? games : perDeal, MAX_LADDER_GAMES) / perDeal) * perDeal;
    const options2 = [lower, lower + perDeal].filter((n) => n >= perDeal && n <= MAX_LADDER_GAMES);
    throw refuse(
      `A ladder plays whole deals: ${bots.length} bots at ${players} players play each deal ${perDeal} times (${lineups.length} lineup${lineups.length === 1 ? '' : 's'} × ${players} rotations), so games must be a multiple of ${perDeal} up to ${MAX_LADDER_GAMES}, not ${describeValue(games)}${options2.length > 0 ? `: for example ${options2.join(' or ')}` : ''}.`,
      `games = ${describeValue(games)}`,
    );
  }
  const workers = options.workers ?? 1;
  if (!wholeIn(workers, 1, 256))
    throw refuse(
      `A ladder needs 1 to 256 workers, not ${describeValue(workers)}.`,
      `workers = ${describeValue(workers)}`,
    );
  const maxMoves = options.maxMoves ?? 20_000;
  if (!wholeIn(maxMoves, 1, 1_000_000))
    throw refuse(
      `A ladder's move cap is a whole number from 1 to 1000000, not ${describeValue(maxMoves)}.`,
      `maxMoves = ${describeValue(maxMoves)}`,
    );
  const botOptions = options.botOptions ?? {};
  const limitMs = moveLimitOf(
    botOptions,
    checkMoveLimit(options.moveLimitMs, (m) => refuse(m, `moveLimitMs = ${describeValue(options.moveLimitMs)}`)),
  );
  const spec: LadderSpec = { players, bots: bots.slice(), seed: String(options.seed), maxMoves, limitMs };

  // the rating library first: a missing one is reported before any game is played
  const ratings: RatingLibrary = await loadRatings();
  const given = options.botModules ?? {};
  const { urls: modules, portable } = await resolveModules(given);
  const makeBot = botMaker(await loadBotModules(modules, given), botOptions);
  for (const name of new Set(bots)) checkFactory(makeBot, name, modules); // unknown names, bad budgets and bad factories fail here

  const results = new Array<LadderGame | undefined>(games);
  let resumed = 0;
  (options.done ?? []).forEach((x, i) => {
    const game = checkDoneGame(spec, lineups, games, x, i);
    if (results[game.g] !== undefined)
      throw new BotError(
        'BAD_LADDER_RESUME',
        `Game ${game.g} is twice among the games to resume (at ${i}): a resume file holds each game once.`,
        { name: `done[${i}]` },
      );
    results[game.g] = game;
    resumed++;
  });
  const todo: number[] = [];
  for (let g = 0; g < games; g++) if (results[g] === undefined) todo.push(g);
  let done = resumed;
  const forfeits: Forfeit[] = [];
  const finish = (r: PlayedLadderGame): void => {
    results[r.game.g] = r.game;
    if (r.forfeit !== null) {
      forfeits.push(r.forfeit);
      if (forfeits.length > 200) forfeits.splice(0, forfeits.length, ...keepForfeits(forfeits));
    }
    options.onGame?.(r.game, ++done);
  };
  const used = Math.max(1, Math.min(workers, todo.length));
  const queue = options.queue;
  // a queue run's games are played elsewhere (bullmq is loaded only then)
  const script = todo.length === 0 || queue ? undefined : await workerScriptOf(options.workerScript, used);
  if (queue) {
    await playOnQueue(
      queue,
      spec,
      games,
      botOptions,
      portable,
      modules,
      todo,
      (x, i) => checkDoneGame(spec, lineups, games, x, i),
      finish,
    );
  } else if (script === undefined) {
    for (const g of todo) {
      finish(await playLadderGame(spec, lineups, g, makeBot));
      // back to the event loop between games, so that timers and signals (a caller saving its games) get their turn
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } else {
    await inWorkers<PlayedLadderGame>({ ladder: spec, botOptions, modules }, limitMs, maxMoves, used, script, {
      count: todo.length,
      request: (i) => ({ ladderGame: todo[i]! }),
      hung: (i, hung) => hungLadderGame(spec, lineups, todo[i]!, hung),
      finish,
      fresh: (r) => r.forfeit?.kind === 'time',
    });
  }
  return summarise(spec, lineups, results as LadderGame[], ratings, modules, script === undefined ? 0 : used, resumed, [
    ...keepForfeits(forfeits),
  ]);
}

function summarise(
  spec: LadderSpec,
  lineups: readonly (readonly number[])[],
  games: readonly LadderGame[],
  lib: RatingLibrary,
  modules: Readonly<Record<string, string>>,
  workers: number,
  resumed: number,
  forfeits: readonly Forfeit[],
): LadderResult {
  const { players, bots } = spec;
  const labels = labelsOf(bots);
  const played = bots.map(() => 0);
  const wins = bots.map(() => 0);
  const lost = bots.map(() => 0);
  const decisions = bots.map(() => 0);
  const ms = bots.map(() => 0);
  const maxMs = bots.map(() => 0);
  let moves = 0;
  let rounds = 0;
  let unfinished = 0;
  for (const game of games) {
    moves += game.moves;
    rounds += game.rounds;
    if (game.forfeit !== undefined) lost[game.seats[game.forfeit.seat]!]!++;
    else if (game.winner === null) unfinished++;
    if (game.winner !== null) wins[game.winner]!++;
    game.seats.forEach((e, s) => {
      played[e]!++;
      decisions[e]! += game.decisions[s]!;
      ms[e]! += game.ms[s]!;
      maxMs[e] = Math.max(maxMs[e]!, game.maxMs[s]!);
    });
  }
  const rated = rateEntries(lib, bots.length, games, spec.seed);
  const rows = bots
    .map((name, entry) => ({
      rank: 0,
      entry,
      bot: labels[entry]!,
      name,
      module: modules[name] ?? null,
      games: played[entry]!,
      wins: wins[entry]!,
      forfeits: lost[entry]!,
      winRate: played[entry]! === 0 ? 0 : wins[entry]! / played[entry]!,
      interval: wilsonInterval(wins[entry]!, played[entry]!),
      fairShare: 1 / players,
      mu: rated[entry]!.mu,
      sigma: rated[entry]!.sigma,
      ordinal: rated[entry]!.ordinal,
      moves: decisions[entry]!,
      msPerMove: decisions[entry]! === 0 ? 0 : ms[entry]! / decisions[entry]!,
      maxMsPerMove: maxMs[entry]!,
    }))
    .sort((a, b) => b.ordinal - a.ordinal || a.entry - b.entry)
    .map((row, i) => ({ ...row, rank: i + 1 }));
  const count = games.length;
  return {
    players,
    games: count,
    deals: count / (lineups.length * players),
    gamesPerDeal: lineups.length * players,
    lineups: lineups.map((l) => l.slice()),
    rows,
    rating: { library: 'openskill', model: 'plackett-luce', order: 'game number' },
    averageMoves: moves / count,
    averageRounds: rounds / count,
    unfinished,
    workers,
    moveLimitMs: spec.limitMs,
    forfeits,
    resumed,
    gameList: games,
  };
}
