/**
 * The referee: whole games in which every decision of every bot is judged. The first seat whose
 * bot throws or rejects, returns something that is not a move or a move the rules refuse, or runs
 * past the move limit forfeits; what a bot throws is read as plain data, never trusted.
 */
import {
  apply,
  createGame,
  IllegalMoveError,
  isIllegalMoveError,
  legalMoves,
  recordOf,
  type GameRecord,
  type GameState,
  type Move,
} from '../core/index.js';
import { describeValue, ownMove } from '../core/internal.js';
import { playerView, type PlayerView } from '../views/player-view.js';
import type { BotFailure, Forfeit, MoveRefusal, RefereedGame, RefereeOptions, SeatFault } from '../bots/bot.js';

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
export function errorOf(f: BotFailure): Error {
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
export function timeMessage(ms: number, limitMs: number): string {
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

/**
 * The most forfeits a result describes in full (with their records); the rows count them all.
 *
 * @example
 * ```ts
 * if (result.forfeits.length === MAX_FORFEIT_DETAILS) console.log('more forfeits than shown');
 * ```
 */
export const MAX_FORFEIT_DETAILS = 100;

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
