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
 * (a synchronous loop included), then starts a fresh one for the remaining games.
 */
import {
  apply,
  legalMoves,
  IllegalMoveError,
  isIllegalMoveError,
  type Move,
  type Seed,
  createGame,
  type GameState,
  recordOf,
  type GameRecord,
} from '../core/index.js';
import { ownMove, describeValue, isRecord, readInput } from '../core/internal.js';
import { playerView, type PlayerView } from '../views/player-view.js';
import type {
  Bot,
  BotFailure,
  Forfeit,
  MoveRefusal,
  RefereedGame,
  RefereeHooks,
  RefereeOptions,
  SeatFault,
} from '../bots/bot.js';
import { BOT_NAMES, botByName, type BotOptions } from '../bots/by-name.js';
import { BotError } from '../bots/errors.js';
import { forfeitWinner } from './ladder-ratings.js';
import { wilsonInterval } from '../bots/wilson-interval.js';
import type { LadderSpec, PlayedLadderGame } from './ladder-types.js';

// The referee: whole games in which every decision of every bot is judged.

const MAX_FAILURE_MESSAGE = 2000;
const MAX_FAILURE_STACK = 8000;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A thrown value as plain data, read without trusting it (a getter or a Proxy may throw). */
export function failureOf(e: unknown): BotFailure {
  try {
    if ((typeof e === 'object' || typeof e === 'function') && e !== null) {
      const x = e as { name?: unknown; message?: unknown; stack?: unknown };
      const message = x.message;
      const stack = x.stack;
      return {
        name: typeof x.name === 'string' ? cut(x.name, 100) : 'Error',
        message: cut(typeof message === 'string' ? message : describeValue(e), MAX_FAILURE_MESSAGE),
        stack: typeof stack === 'string' ? cut(stack, MAX_FAILURE_STACK) : null,
      };
    }
    return { name: typeof e, message: cut(describeValue(e), MAX_FAILURE_MESSAGE), stack: null };
  } catch {
    return { name: 'Error', message: 'a value that cannot be read', stack: null };
  }
}

/** An error rebuilt from its plain data (a worker's, carried across the thread), stack included. */
function errorOf(f: BotFailure): Error {
  const e = new Error(f.message);
  e.name = f.name;
  if (f.stack !== null) e.stack = f.stack;
  return e;
}

/** `name: message`, or the message alone when it already starts with the name. */
export function failureLine(f: BotFailure): string {
  return f.message.startsWith(f.name) ? f.message : `${f.name}: ${f.message}`;
}

const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or {@link TIMED_OUT} after `ms` (the timer is cleared when it settles first). */
function withinLimit<T>(promise: PromiseLike<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    // a timer may fire a fraction of a millisecond early: one more, so that a late answer is past the limit
    timer = setTimeout(() => resolve(TIMED_OUT), Math.min(2 ** 31 - 1, Math.max(0, Math.ceil(ms) + 1)));
  });
  return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
}

/**
 * Plays a whole game as a referee: each seat's bot is built by its maker (at the start, in seat
 * order) and judged at every decision. The first seat whose maker or bot throws or rejects,
 * returns something that is not a move or a move the rules refuse, or runs past `limitMs`,
 * forfeits: the game stops there and its record holds the moves played before. Internal: the
 * arena, the ladder and `dnup play` use it.
 */
export async function refereeGame(makers: readonly (() => unknown)[], options: RefereeOptions): Promise<RefereedGame> {
  const { hooks = {}, limitMs } = options;
  let state = createGame(options.names, options.seed);
  const moves: Move[] = [];
  const end = (fault: SeatFault | null): RefereedGame => ({ record: recordOf(state, moves), state, fault });
  const bots: { choose: (view: PlayerView, moves: readonly Move[]) => unknown; bot: unknown }[] = [];
  for (let seat = 0; seat < makers.length; seat++) {
    try {
      const bot = makers[seat]!();
      const choose = typeof bot === 'object' && bot !== null ? (bot as { chooseMove?: unknown }).chooseMove : undefined;
      if (typeof choose !== 'function') {
        return end({
          seat,
          kind: 'error',
          message: `its factory returned ${describeValue(bot)}, not a bot { name, chooseMove }`,
          error: null,
          refusal: null,
          elapsedMs: 0,
        });
      }
      bots.push({ bot, choose: choose as (view: PlayerView, moves: readonly Move[]) => unknown });
    } catch (e) {
      const error = failureOf(e);
      return end({
        seat,
        kind: 'error',
        message: `its factory threw ${failureLine(error)}`,
        error,
        refusal: null,
        elapsedMs: 0,
      });
    }
  }
  while (state.status !== 'gameOver' && moves.length < options.maxMoves) {
    const seat = state.turn.seat;
    const legal = legalMoves(state);
    const view = playerView(state, seat);
    const { bot, choose } = bots[seat]!;
    hooks.decisionStart?.(seat);
    const start = performance.now();
    let answer: unknown;
    let failure: BotFailure | undefined;
    try {
      answer = choose.call(bot, view, legal);
      // a thenable's then is read once, inside the try: a getter that throws is the bot's error
      const then = typeof answer === 'object' && answer !== null ? (answer as { then?: unknown }).then : undefined;
      if (typeof then === 'function')
        answer = await withinLimit(answer as PromiseLike<unknown>, limitMs - (performance.now() - start));
    } catch (e) {
      failure = failureOf(e);
    }
    const ms = performance.now() - start;
    hooks.decisionEnd?.(seat, ms);
    if (answer === TIMED_OUT || (failure === undefined && ms > limitMs))
      return end({ seat, kind: 'time', message: timeMessage(ms, limitMs), error: null, refusal: null, elapsedMs: ms });
    if (failure !== undefined)
      return end({ seat, kind: 'error', message: failureLine(failure), error: failure, refusal: null, elapsedMs: ms });
    const own = ownMove(answer);
    if (own instanceof IllegalMoveError)
      return end({
        seat,
        kind: 'not-a-move',
        message: `returned ${describeValue(answer)}: ${own.message}`,
        error: null,
        refusal: refusalOf(own),
        elapsedMs: ms,
      });
    let next: GameState;
    try {
      next = apply(state, own);
    } catch (e) {
      if (!isIllegalMoveError(e)) throw e;
      return end({
        seat,
        kind: 'illegal',
        message: `played ${cut(JSON.stringify(own), 200)}: ${e.message}`,
        error: null,
        refusal: refusalOf(e),
        elapsedMs: ms,
      });
    }
    hooks.moved?.(own);
    hooks.onMove?.(state, own, next);
    moves.push(own);
    state = next;
  }
  return end(null);
}

/** The sentence of a time forfeit. */
function timeMessage(ms: number, limitMs: number): string {
  return `took ${ms.toFixed(1)} ms for one move, past the limit of ${limitMs} ms`;
}

function refusalOf(e: IllegalMoveError): MoveRefusal {
  return { code: e.code, rule: e.rule, message: e.message };
}

/** A seat's fault, named: the {@link Forfeit} of a bot in a game. */
export function forfeitOf(
  fault: SeatFault,
  who: { readonly bot: string; readonly game: number; readonly seed: string; readonly botSeed: string },
  limitMs: number,
  record: GameRecord | null,
): Forfeit {
  return {
    bot: who.bot,
    game: who.game,
    seat: fault.seat,
    seed: who.seed,
    botSeed: who.botSeed,
    kind: fault.kind,
    moveNumber: record === null ? -1 : record.moves.length,
    message: fault.message,
    error: fault.error,
    refusal: fault.refusal,
    elapsedMs: Math.round(fault.elapsedMs * 1000) / 1000,
    limitMs,
    record,
  };
}

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

/**
 * What a bot module exports, as `default` or as `makeBot`: a function from the arena's bot options
 * (a `seed` that differs per game and seat, the `name` the lineup gives the bot, and the budget
 * given as `botOptions`) to a bot. One module may so serve several names (dnup/neural serves
 * `neural` and `neural-expert`).
 *
 * @example
 * ```ts
 * // shedder.js
 * export default function makeBot({ seed }) {
 *   return { name: 'shedder', chooseMove: (view, moves) => moves.find((m) => m.type === 'play') ?? moves[0] };
 * }
 * ```
 */
export type BotFactory = (options: BotOptions & { readonly seed: string; readonly name?: string }) => Bot;

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

/**
 * The move limit without a time budget (budgets in playouts or iterations), in milliseconds:
 * long enough for any counted budget a table of results uses, short enough that a hung bot
 * never hangs a run.
 *
 * @example
 * ```ts
 * await runArena({ ...settings, moveLimitMs: 4 * DEFAULT_MOVE_LIMIT_MS }); // a bot with a huge playout budget
 * ```
 */
export const DEFAULT_MOVE_LIMIT_MS = 10_000;
/** The largest move limit one may set: an hour. */
const MAX_MOVE_LIMIT_MS = 3_600_000;
/**
 * The most forfeits a result describes in full (with their records); the rows count them all.
 *
 * @example
 * ```ts
 * if (result.forfeits.length === MAX_FORFEIT_DETAILS) console.log('more forfeits than shown');
 * ```
 */
export const MAX_FORFEIT_DETAILS = 100;

/**
 * The hard limit of one decision, in milliseconds: `moveLimitMs` when given; with a time budget
 * of N ms, N + max(N, 100) (timers and garbage collection overrun a budget, cheating does not
 * double it); otherwise {@link DEFAULT_MOVE_LIMIT_MS}.
 *
 * @example
 * ```ts
 * moveLimitOf({ timeMs: 5 }); // 105
 * moveLimitOf({ timeMs: 500 }); // 1000
 * moveLimitOf({ playouts: 100 }); // 10000
 * moveLimitOf({ timeMs: 5 }, 30); // 30
 * ```
 */
export function moveLimitOf(botOptions: Omit<BotOptions, 'seed'>, moveLimitMs?: number): number {
  if (moveLimitMs !== undefined) return moveLimitMs;
  const n = botOptions.timeMs;
  return typeof n === 'number' && Number.isFinite(n) && n > 0
    ? Math.min(MAX_MOVE_LIMIT_MS, Math.ceil(n + Math.max(n, 100)))
    : DEFAULT_MOVE_LIMIT_MS;
}

/** A move limit from the caller, checked: a whole number of milliseconds, 1 to an hour. */
export function checkMoveLimit(x: unknown, error: (message: string) => BotError): number | undefined {
  if (x === undefined) return undefined;
  if (!Number.isSafeInteger(x) || (x as number) < 1 || (x as number) > MAX_MOVE_LIMIT_MS)
    throw error(
      `The move limit is a whole number of milliseconds from 1 to ${MAX_MOVE_LIMIT_MS}, not ${describeValue(x)}.`,
    );
  return x as number;
}

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
  // the histogram's own count: a game stopped from outside adds counts and sums, not buckets
  let counted = 0;
  for (const n of t.buckets.values()) counted += n;
  if (counted === 0) return t.max;
  const rank = Math.ceil(q * counted);
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
  /** The move limit, in milliseconds. */
  readonly limitMs: number;
}

/** The outcome of arena game `g`, as plain data. */
export interface ArenaGame {
  readonly g: number;
  /** The lineup entry that won, or null for a capped game (or a forfeit whose first place is shared). */
  readonly winner: number | null;
  readonly moves: number;
  readonly rounds: number;
  /** Thinking times per bot name. */
  readonly times: ReadonlyMap<string, ArenaTimes>;
  /** The seat that lost the game by forfeit, if one did. */
  readonly forfeit: Forfeit | null;
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

/**
 * A decision the main thread saw fail from outside: it ran past the limit (and its worker was
 * stopped), or its worker thread died under it (a bot's stray error, `process.exit`…). What the
 * worker had written to shared memory is all that is left of the game.
 */
export interface HungDecision {
  readonly seat: number;
  readonly kind: 'time' | 'error';
  readonly message: string;
  readonly error: BotFailure | null;
  readonly elapsedMs: number;
  /** The moves played before, or null when they did not fit the shared buffer. */
  readonly moves: readonly Move[] | null;
  /** Per seat: decisions taken, their total time and the longest, in milliseconds. */
  readonly stats: readonly { readonly decisions: number; readonly ms: number; readonly max: number }[];
}

/** The state a hung game had reached: its moves played again from its seed (they are legal: the worker judged them). */
export function replayHung(names: readonly string[], seed: string, moves: readonly Move[] | null): GameState {
  let state = createGame(names, seed);
  for (const move of moves ?? []) state = apply(state, move);
  return state;
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

// The heartbeat: shared memory a worker writes at each decision and move, read by the main thread.
// Int32 header, then Float64 (the running decision's start, then decisions, ms and max per seat),
// then the moves played in the current game, encoded as Int32s.
const HB_STATE = 0; // 1 while a decision runs
const HB_JOB = 1; // the job being played, -1 for none
const HB_SEAT = 2; // the seat deciding, or the last that decided in this game; -1 before any
const HB_LENGTH = 3; // Int32s of the move stream in use
const HB_OVERFLOW = 4; // 1 when the moves did not fit
const HB_INTS = 8;
const HB_FLOATS = 1 + 3 * 5;
const HB_STREAM_BYTE = HB_INTS * 4 + HB_FLOATS * 8;
/** The longest move stream one worker keeps, in Int32s (4 MiB). */
const HB_MAX_STREAM = 1 << 20;
const MOVE_CODES = ['play', 'add', 'take', 'rotate', 'nextRound'] as const;

const clockNow = (): number => performance.timeOrigin + performance.now();

/** One worker's heartbeat, seen from either side. */
export class Heartbeat {
  readonly buffer: SharedArrayBuffer;
  private readonly ints: Int32Array;
  private readonly floats: Float64Array;
  private readonly stream: Int32Array;

  /** A new heartbeat with room for the moves of a game of `maxMoves` (in the main thread), or an existing one (in a worker). */
  constructor(from: number | SharedArrayBuffer) {
    this.buffer =
      typeof from === 'number'
        ? new SharedArrayBuffer(HB_STREAM_BYTE + 4 * Math.min(HB_MAX_STREAM, 4 * from + 64))
        : from;
    this.ints = new Int32Array(this.buffer, 0, HB_INTS);
    this.floats = new Float64Array(this.buffer, HB_INTS * 4, HB_FLOATS);
    this.stream = new Int32Array(this.buffer, HB_STREAM_BYTE);
    if (typeof from === 'number') Atomics.store(this.ints, HB_JOB, -1);
  }

  /** Worker: a game starts. */
  begin(job: number): void {
    Atomics.store(this.ints, HB_STATE, 0);
    this.floats.fill(0);
    Atomics.store(this.ints, HB_SEAT, -1);
    Atomics.store(this.ints, HB_LENGTH, 0);
    Atomics.store(this.ints, HB_OVERFLOW, 0);
    Atomics.store(this.ints, HB_JOB, job);
  }

  /** Worker: the game is over and reported. */
  end(): void {
    Atomics.store(this.ints, HB_STATE, 0);
    Atomics.store(this.ints, HB_JOB, -1);
  }

  /** The hooks a worker's referee calls. */
  hooks(): RefereeHooks {
    return {
      decisionStart: (seat) => {
        this.floats[0] = clockNow();
        Atomics.store(this.ints, HB_SEAT, seat);
        Atomics.store(this.ints, HB_STATE, 1); // after the start time: a reader that sees 1 sees it
      },
      decisionEnd: (seat, ms) => {
        Atomics.store(this.ints, HB_STATE, 0);
        const at = 1 + 3 * seat;
        this.floats[at]! += 1;
        this.floats[at + 1]! += ms;
        if (ms > this.floats[at + 2]!) this.floats[at + 2] = ms;
      },
      moved: (move) => this.record(move),
    };
  }

  private record(move: Move): void {
    const at = this.ints[HB_LENGTH]!;
    const code = MOVE_CODES.indexOf(move.type);
    const words =
      move.type === 'play'
        ? [code, move.cards.length, ...move.cards]
        : move.type === 'add'
          ? [code, move.card, move.target.seat, move.target.area]
          : move.type === 'take'
            ? [code, move.target.seat, move.target.area]
            : [code];
    if (this.ints[HB_OVERFLOW] === 1 || at + words.length > this.stream.length) {
      Atomics.store(this.ints, HB_OVERFLOW, 1);
      return;
    }
    this.stream.set(words, at);
    Atomics.store(this.ints, HB_LENGTH, at + words.length);
  }

  /** Main thread: how long the running decision of `job` has run, in milliseconds, or -1 when none runs. */
  running(job: number): number {
    if (Atomics.load(this.ints, HB_JOB) !== job || Atomics.load(this.ints, HB_STATE) !== 1) return -1;
    return clockNow() - this.floats[0]!;
  }

  /** Main thread: the seat deciding or the last that decided in `job`, or -1. */
  seat(job: number): number {
    return job >= 0 && Atomics.load(this.ints, HB_JOB) === job ? Atomics.load(this.ints, HB_SEAT) : -1;
  }

  /** Main thread: what is known of the game in progress, for a decision that failed from outside. */
  read(
    seat: number,
    kind: HungDecision['kind'],
    message: string,
    error: BotFailure | null,
    elapsedMs: number,
  ): HungDecision {
    const players = 5;
    const stats = Array.from({ length: players }, (_, s) => ({
      decisions: this.floats[1 + 3 * s]!,
      ms: this.floats[2 + 3 * s]!,
      max: this.floats[3 + 3 * s]!,
    }));
    return { seat, kind, message, error, elapsedMs, moves: this.moves(), stats };
  }

  private moves(): Move[] | null {
    if (Atomics.load(this.ints, HB_OVERFLOW) === 1) return null;
    const length = Atomics.load(this.ints, HB_LENGTH);
    const w = this.stream;
    const moves: Move[] = [];
    for (let i = 0; i < length; ) {
      const type = MOVE_CODES[w[i]!];
      if (type === 'play') {
        const n = w[i + 1]!;
        moves.push({ type, cards: Array.from(w.subarray(i + 2, i + 2 + n)) });
        i += 2 + n;
      } else if (type === 'add') {
        moves.push({ type, card: w[i + 1]!, target: { seat: w[i + 2]!, area: w[i + 3]! } });
        i += 4;
      } else if (type === 'take') {
        moves.push({ type, target: { seat: w[i + 1]!, area: w[i + 2]! } });
        i += 3;
      } else if (type === 'rotate' || type === 'nextRound') {
        moves.push({ type });
        i += 1;
      } else return null;
    }
    return moves;
  }
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

/** Calls a factory once before any game, so that a broken one is refused with a sentence rather than forfeiting every game. */
export function checkFactory(
  makeBot: (name: string, seed: string) => Bot,
  name: string,
  modules: Readonly<Record<string, string>>,
): void {
  const where = modules[name];
  let bot: unknown;
  try {
    bot = makeBot(name, 'check');
  } catch (e) {
    if (where === undefined) throw e; // a built-in bot's own refusal: UNKNOWN_BOT, BAD_BOT_OPTIONS
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot factory of ${describeValue(name)} (${where}) threw ${failureLine(failureOf(e))} when called with { seed: 'check', name: ${describeValue(name)} }.`,
      { name, input: where },
    );
  }
  if (typeof bot !== 'object' || bot === null || typeof (bot as Bot).chooseMove !== 'function')
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot factory of ${describeValue(name)} must return a bot { name, chooseMove }, not ${describeValue(bot)}.`,
      { name: where ?? name },
    );
}

/** How long loading one bot module may take before it is refused (a top-level await that never settles). */
const MODULE_LOAD_LIMIT_MS = 10_000;

/** A bot module's factory, checked; `given` is the path as the user wrote it, for messages. */
async function loadBotModule(name: string, url: string, given: string): Promise<BotFactory> {
  let loaded: Record<string, unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not finish loading within ${MODULE_LOAD_LIMIT_MS / 1000} s`)),
        MODULE_LOAD_LIMIT_MS,
      );
    });
    loaded = (await Promise.race([import(/* @vite-ignore */ url), late])) as Record<string, unknown>;
  } catch (e) {
    throw await moduleLoadError(name, url, given, e);
  } finally {
    clearTimeout(timer);
  }
  const factory = typeof loaded.default === 'function' ? loaded.default : loaded.makeBot;
  if (typeof factory !== 'function') {
    const names = Object.keys(loaded).slice(0, 8);
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${given} exports no bot factory: it must export default (or export makeBot) a function ({ seed }) => ({ name, chooseMove }); it exports ${names.length === 0 ? 'nothing' : names.join(', ')} (${url}).`,
      { name, input: url },
    );
  }
  return factory as BotFactory;
}

const NODE_CHILD = 'node:child_process';
const NODE_FS = 'node:fs';

/** Why a module failed to load, in one sentence; a syntax error names its file and line. */
async function moduleLoadError(name: string, url: string, given: string, e: unknown): Promise<BotError> {
  const failure = failureOf(e);
  const code = (e as { code?: unknown } | null)?.code;
  // the module itself, not one it imports ("Cannot find module '/x/b.js' imported from /x/a.js";
  // under Vite the path may be relative to its root)
  const absent = /Cannot find (?:module|package) '([^']+)'/.exec(failure.message)?.[1];
  const itself =
    absent === undefined
      ? failure.message.includes(fileOf(url))
      : fileOf(url).endsWith(absent.startsWith('file:') ? fileOf(absent) : absent);
  if (code === 'ERR_MODULE_NOT_FOUND' && itself)
    return new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${given} cannot be loaded: there is no such file (${url}).`,
      { name, input: url },
    );
  if (failure.name === 'SyntaxError') {
    const where = locate(failure.stack ?? '') ?? (await checkSyntax(url));
    const file = where === undefined || where.file === fileOf(url) ? given : where.file;
    return new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${file} has a syntax error${where === undefined ? '' : ` at line ${where.line}`}: ${failure.message}`,
      { name, input: url },
    );
  }
  return new BotError(
    'BAD_ARENA_OPTIONS',
    `The bot module ${given} cannot be loaded (${url}): ${failureLine(failure)}`,
    { name, input: url },
  );
}

/** A `file:` URL's path, else the URL. */
function fileOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return url;
  }
}

/** `file:line` at the head of a syntax error's stack (where newer Node versions put it). */
function locate(stack: string): { file: string; line: number } | undefined {
  const head = stack.split('\n', 1)[0] ?? '';
  const m = /^(?:file:\/\/)?(.+?):(\d+)$/.exec(head.trim());
  return m ? { file: decodeURIComponent(m[1]!), line: Number(m[2]) } : undefined;
}

/**
 * The line of a module's syntax error, as `node --check` reports it (Node 20's `import()` error
 * does not carry it); undefined when the check passes (the error is in a module it imports) or
 * cannot run.
 */
async function checkSyntax(url: string): Promise<{ file: string; line: number } | undefined> {
  try {
    const { spawnSync } = (await import(/* @vite-ignore */ NODE_CHILD)) as typeof import('node:child_process');
    const r = spawnSync(process.execPath, ['--check', fileOf(url)], { encoding: 'utf8', timeout: 10_000 });
    return r.status === 0 ? undefined : locate(r.stderr ?? '');
  } catch {
    return undefined;
  }
}

/**
 * Every bot module's factory by name, loaded once (in this thread, or in a worker).
 *
 * @param given - the paths as the user wrote them, by name, for messages (default: the URLs).
 */
export async function loadBotModules(
  modules: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> = modules,
): Promise<ReadonlyMap<string, BotFactory>> {
  const factories = new Map<string, BotFactory>();
  for (const [name, url] of Object.entries(modules))
    factories.set(name, await loadBotModule(name, url, given[name] ?? url));
  return factories;
}

/** The arena's bot maker: module bots by their factory, the others built in. */
export function botMaker(
  factories: ReadonlyMap<string, BotFactory>,
  botOptions: Omit<BotOptions, 'seed'>,
): (name: string, seed: string) => Bot {
  return (name, seed) => {
    const factory = factories.get(name);
    return factory ? factory({ ...botOptions, seed, name }) : botByName(name, { ...botOptions, seed });
  };
}

const NODE_URL = 'node:url';
const NODE_PATH = 'node:path';
const NODE_MODULE = 'node:module';

/** This package's own name, alone or with a path in it (`dnup/neural`). */
const OWN_PACKAGE = /^dnup(\/|$)/;

/** A path (`./`, `../`, `/`, `C:\\`) or a `file:` URL, as opposed to a package name. */
const PATH_FORM = /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/;

/**
 * Bot modules resolved from the working directory, by name: `urls` as `file:` URLs, and
 * `portable` as another machine resolves them (a path as its `file:` URL, a package by its name,
 * which each machine resolves where it runs). A bare name is a package (`my-bot`, `@me/bot`,
 * `@me/bot/sub`), found as `require.resolve` finds it from the working directory, unless it ends
 * in `.js`, `.mjs` or `.cjs` and a file of that name is there (a path written without `./`). This
 * package's own name (`dnup/neural`) is this copy of it, found from here.
 *
 * @throws {@link BotError} `BAD_ARENA_OPTIONS` for a name of a built-in bot, or a package that
 *   is not installed there.
 */
export async function resolveModules(
  modules: Readonly<Record<string, string>>,
): Promise<{ urls: Record<string, string>; portable: Record<string, string> }> {
  const names = Object.keys(modules);
  if (names.length === 0) return { urls: {}, portable: {} };
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
  const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  const { createRequire } = (await import(/* @vite-ignore */ NODE_MODULE)) as typeof import('node:module');
  const urls: Record<string, string> = {};
  const portable: Record<string, string> = {};
  for (const [name, where] of Object.entries(modules)) {
    if (where.startsWith('file:')) urls[name] = new URL(where).href;
    else if (PATH_FORM.test(where) || (/\.[cm]?js$/.test(where) && existsSync(resolve(where))))
      urls[name] = pathToFileURL(resolve(where)).href;
    else {
      const from = resolve('.');
      try {
        // this package by its own name (dnup/neural) is this very copy, wherever the command runs
        const base = OWN_PACKAGE.test(where) ? import.meta.url : resolve(from, 'package.json');
        urls[name] = pathToFileURL(createRequire(base).resolve(where)).href;
      } catch (e) {
        const code = (e as { code?: unknown } | null)?.code;
        const short = `./${where.replace(/^@[^/]+\//, '')}.js`;
        throw new BotError(
          'BAD_ARENA_OPTIONS',
          `The bot module ${where} cannot be loaded: ${
            code === 'MODULE_NOT_FOUND'
              ? `no package ${where} is installed in ${from} or a folder above it; install it there, or give a path such as ${short}.`
              : code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
                ? `the "exports" of its package.json give require.resolve, which finds packages here, no entry for ${where} (one under the "import" condition only needs a "default" beside it); add one, or give the file's path.`
                : `the package ${where} cannot be resolved from ${from} (${String((e as Error | null)?.message ?? e)
                    .split('\n')[0]!
                    .slice(0, 200)}); install it there, or give a path such as ${short}.`
          }`,
          { name, input: where },
        );
      }
      portable[name] = where;
      continue;
    }
    portable[name] = urls[name];
  }
  return { urls, portable };
}

/** Bot modules as `file:` URLs, paths and package names resolved from the working directory ({@link resolveModules}). */
export async function moduleUrls(modules: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  return (await resolveModules(modules)).urls;
}

/** Keeps the first {@link MAX_FORFEIT_DETAILS} forfeits by game number. */
export function keepForfeits(forfeits: readonly (Forfeit | null | undefined)[]): Forfeit[] {
  const kept: Forfeit[] = [];
  for (const f of forfeits) {
    if (!f) continue;
    kept.push(f);
    if (kept.length > MAX_FORFEIT_DETAILS * 2) {
      kept.sort((x, y) => x.game - y.game);
      kept.length = MAX_FORFEIT_DETAILS;
    }
  }
  kept.sort((x, y) => x.game - y.game);
  return kept.slice(0, MAX_FORFEIT_DETAILS);
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

/** One game to watch move by move (`dnup play`), as plain data (it crosses into a worker thread). */
export interface PlaySpec {
  /** Player names, one per seat. */
  readonly names: readonly string[];
  /** The bot of each seat: a built-in name or a key of the modules. */
  readonly bots: readonly string[];
  readonly seed: string;
  readonly maxMoves: number;
  readonly limitMs: number;
}

/** How a watched game ended: the seat that failed, if one did (the moves came one by one). */
export interface PlayedGame {
  readonly fault: SeatFault | null;
}

/** Plays the watched game in this thread or a worker: seat i's bot is seeded `${seed}/${i}`. */
export function playWatched(spec: PlaySpec, makeBot: (name: string, seed: string) => Bot, hooks: RefereeHooks) {
  return refereeGame(
    spec.bots.map((name, i) => () => makeBot(name, `${spec.seed}/${i}`)),
    { seed: spec.seed, names: spec.names, maxMoves: spec.maxMoves, limitMs: spec.limitMs, hooks },
  );
}

/**
 * Plays one game between bots as a referee, move by move, for `dnup play`: in a worker thread, so
 * that a bot stuck past the limit (in a loop too) is stopped, or in this thread when the worker
 * script is missing (the sources run without a build). `onMove` gets each move as it is played.
 *
 * @returns the seat that failed, if one did; the moves were handed to `onMove`.
 */
export async function watchGame(
  spec: PlaySpec,
  modules: Readonly<Record<string, string>>,
  makeBot: (name: string, seed: string) => Bot,
  onMove: (move: Move) => void,
  workerScript?: string,
): Promise<SeatFault | null> {
  const script = await workerScriptOf(workerScript, 1);
  if (script === undefined) return (await playWatched(spec, makeBot, { moved: onMove })).fault;
  let seen = 0;
  let fault: SeatFault | null = null;
  await inWorkers<PlayedGame>({ play: spec, botOptions: {}, modules }, spec.limitMs, spec.maxMoves, 1, script, {
    count: 1,
    request: () => ({ playGame: 0 }),
    moved: (move) => {
      seen++;
      onMove(move);
    },
    hung: (_, hung) => {
      // the moves the shared memory holds and no message brought yet
      for (const move of (hung.moves ?? []).slice(seen)) onMove(move);
      const { seat, kind, message, error, elapsedMs } = hung;
      return { fault: { seat, kind, message, error, refusal: null, elapsedMs } };
    },
    finish: (r) => {
      fault = r.fault;
    },
    fresh: () => false,
  });
  return fault;
}

/** What a worker is started with: the games' settings (an arena's or a ladder's), the bots' budget, the bot modules' URLs by name and its heartbeat. */
export interface ArenaWorkerData {
  readonly spec?: ArenaSpec;
  /** A ladder's settings (src/arena/ladder.ts), as plain data. */
  readonly ladder?: LadderSpec;
  /** One game watched move by move (`dnup play`). */
  readonly play?: PlaySpec;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  readonly modules: Readonly<Record<string, string>>;
  /** Shared memory the worker writes at each decision and move ({@link Heartbeat}). */
  readonly heartbeat?: SharedArrayBuffer;
}

/** What the main thread and a worker say to each other. */
export type ArenaWorkerRequest =
  | { readonly game: number }
  | { readonly ladderGame: number }
  | { readonly playGame: number }
  | { readonly stop: true };
/** A worker's answer: a game's outcome, or why dnup failed (never a bot: a bot's failure is a forfeit in the outcome). */
export type ArenaWorkerReply =
  | { readonly result: ArenaGame | PlayedLadderGame | PlayedGame }
  | { readonly moved: Move }
  | { readonly error: BotFailure; readonly loading?: boolean };

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

function defaultWorkerScript(): { readonly href: string; readonly protocol: string } {
  // dist/index.js and dist/index.cjs sit beside dist/arena-worker.js (tsup builds it as its own entry)
  return new URL('./arena-worker.js', import.meta.url);
}

/**
 * The worker script to run games in, or undefined to run them in this thread: only when the
 * default script is missing (the sources run without a build) and one worker was asked for.
 */
export async function workerScriptOf(script: string | undefined, workers: number): Promise<string | undefined> {
  if (script !== undefined) return script;
  const url = defaultWorkerScript();
  if (workers > 1 || url.protocol !== 'file:') return url.href;
  const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  return existsSync(fileOf(url.href)) ? url.href : undefined;
}

/** What a worker pool plays: `count` jobs, and what to do with each outcome. */
export interface PoolJobs<R> {
  readonly count: number;
  /** The message of job i (an arena's or a ladder's game). */
  readonly request: (i: number) => ArenaWorkerRequest;
  /** The outcome of job i when its decision failed from outside (its worker was stopped or died). */
  readonly hung: (i: number, hung: HungDecision) => R;
  readonly finish: (r: R) => void;
  /** True when the worker that played this outcome is to be replaced (a bot ran past the limit: its work may go on). */
  readonly fresh: (r: R) => boolean;
  /** Each move a worker reports as it is played (`dnup play` watches the game). */
  readonly moved?: (move: Move) => void;
}

/** Time left to a decision past the limit before its worker is stopped: the worker's own timer judges a promise first. */
const WATCH_GRACE_MS = 50;

/**
 * Hands jobs out one at a time to `count` workers, so a slow game holds up only its worker, and
 * watches every decision: a worker whose decision runs past `limitMs` is stopped, the game is
 * scored as a time forfeit of the seat deciding, and a fresh worker takes the remaining jobs. A
 * worker that dies during a decision (a bot's `process.exit`, a stray error while it awaits)
 * forfeits the seat deciding; one that dies before its game's first decision (a stray error of
 * the game before) has that game played again, at most twice. A worker that cannot start or
 * answers with an error is dnup's failure: `ARENA_WORKER_FAILED`.
 */
export async function inWorkers<R>(
  workerData: ArenaWorkerData,
  limitMs: number,
  maxMoves: number,
  count: number,
  script: string,
  jobs: PoolJobs<R>,
): Promise<void> {
  const path = script.startsWith('file:') ? new URL(script) : script;
  // loaded only here, by a name bundlers leave alone: the rest of the package runs in browsers too
  const { Worker } = (await import(/* @vite-ignore */ WORKER_THREADS)) as typeof import('node:worker_threads');
  type Slot = {
    worker: InstanceType<typeof Worker> | undefined;
    heartbeat: Heartbeat;
    job: number;
  };
  const slots: Slot[] = [];
  const all = new Set<InstanceType<typeof Worker>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      // once the pool has answered (every job done, or a failure), nothing a worker says counts:
      // terminating the workers makes them exit, which must not be judged
      let settled = false;
      let next = 0;
      let done = 0;
      // jobs whose worker died before their first decision, to be played again (at most twice each)
      const again: number[] = [];
      const tries = new Map<number, number>();
      const waiting = (): boolean => again.length > 0 || next < jobs.count;
      const stop = (error: unknown): void => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      const fail = (why: string, cause?: unknown): void =>
        stop(
          new BotError(
            'ARENA_WORKER_FAILED',
            `An arena worker failed (${String(path)}): ${why}`,
            { name: String(path), input: why },
            cause,
          ),
        );
      const feed = (slot: Slot): void => {
        if (waiting()) {
          slot.job = again.shift() ?? next++;
          slot.worker!.postMessage(jobs.request(slot.job));
        } else {
          slot.job = -1;
          slot.worker!.postMessage({ stop: true } satisfies ArenaWorkerRequest);
          slot.worker = undefined; // it closes and exits: nothing more to hear from it
        }
      };
      const complete = (slot: Slot, r: R, dead: boolean): void => {
        slot.job = -1;
        try {
          jobs.finish(r);
        } catch (e) {
          return stop(e); // the caller's onGame threw: its error, as in one thread
        }
        if (++done === jobs.count) {
          settled = true;
          return resolve();
        }
        if (dead || jobs.fresh(r)) {
          retire(slot);
          if (waiting()) spawn(slot);
        } else feed(slot);
      };
      const retire = (slot: Slot): void => {
        const w = slot.worker;
        slot.worker = undefined;
        if (w) void w.terminate();
      };
      // the worker of `slot` died or was stopped during its job: the seat deciding forfeits
      const lost = (slot: Slot, kind: HungDecision['kind'], message: string, error: BotFailure | null, ms: number) => {
        const job = slot.job;
        const seat = slot.heartbeat.seat(job);
        retire(slot);
        if (seat < 0) {
          // no decision of this job was under way: nobody to judge (a stray error of a game before
          // ends a worker between games); the job is played again by a fresh worker
          const n = (tries.get(job) ?? 0) + 1;
          if (job < 0 || n > 2) return fail(message, error === null ? undefined : errorOf(error));
          tries.set(job, n);
          again.push(job);
          return spawn(slot);
        }
        let r: R;
        try {
          r = jobs.hung(job, slot.heartbeat.read(seat, kind, message, error, ms));
        } catch (e) {
          return stop(e);
        }
        complete(slot, r, true);
      };
      const spawn = (slot: Slot): void => {
        if (settled) return;
        slot.heartbeat = new Heartbeat(maxMoves);
        slot.job = -1;
        let worker: InstanceType<typeof Worker>;
        try {
          worker = startWorker(Worker, path, { ...workerData, heartbeat: slot.heartbeat.buffer });
        } catch (e) {
          return fail(e instanceof Error ? e.message : String(e), e);
        }
        slot.worker = worker;
        all.add(worker);
        worker.on('message', (reply: ArenaWorkerReply) => {
          if (settled || slot.worker !== worker) return;
          if ('moved' in reply) return jobs.moved?.(reply.moved);
          if ('error' in reply) {
            // a module that loaded in this thread but not in a worker is the module's problem
            if (reply.loading)
              return stop(
                new BotError('BAD_ARENA_OPTIONS', `${reply.error.message} (in a worker thread)`, {
                  name: 'botModules',
                }),
              );
            return fail(failureLine(reply.error), errorOf(reply.error));
          }
          complete(slot, reply.result as R, false);
        });
        // an uncaught error is judged when the worker has exited: Node may report the error before
        // a result the worker posted just before it (a bot's stray timer after its game), and it
        // delivers every message before 'exit'
        let died: BotFailure | null = null;
        worker.on('error', (e) => {
          if (settled || slot.worker !== worker) return;
          died = failureOf(e);
        });
        worker.on('exit', (code) => {
          if (settled || slot.worker !== worker) return;
          if (died !== null) lost(slot, 'error', `its worker thread stopped on ${failureLine(died)}`, died, 0);
          else lost(slot, 'error', `its worker thread exited with code ${code} during the game`, null, 0);
        });
        feed(slot);
      };
      const watch = (): void => {
        if (settled) return;
        for (const slot of slots) {
          if (slot.job < 0 || slot.worker === undefined) continue;
          const ms = slot.heartbeat.running(slot.job);
          if (ms > limitMs + WATCH_GRACE_MS) lost(slot, 'time', timeMessage(ms, limitMs), null, ms);
        }
      };
      timer = setInterval(watch, Math.max(5, Math.min(100, Math.floor(limitMs / 20))));
      for (let i = 0; i < count; i++) {
        const slot: Slot = { worker: undefined, heartbeat: new Heartbeat(0), job: -1 };
        slots.push(slot);
        spawn(slot);
      }
    });
  } finally {
    clearInterval(timer);
    await Promise.all([...all].map((w) => w.terminate()));
  }
}
