/**
 * An environment a learning agent steps, in the manner of PettingZoo's AEC games and OpenSpiel's
 * `rl_environment`: `reset(seed)` deals a game, `step(action)` plays the agent's action index and
 * then the opponent bots' moves until an agent seat is to act or the game is over, and each answer
 * names the seat to act with its observation, legal-action mask and list, the per-seat rewards of
 * the step and whether the game is done. The rules are the library's own (`legalMoves`, `apply`):
 * the environment only translates indices and runs the opponents.
 */
import {
  apply,
  legalMoves,
  ArgumentError,
  IllegalMoveError,
  type Move,
  type Seed,
  createGame,
  type GameState,
} from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from '../bots/bot.js';
import { playerView, viewOf } from '../views/player-view.js';
import { actionCount, legalActionsOf, moveOfIndex } from './action-space.js';
import { observationLength, writeObservation } from './observation.js';
import { standardLayout } from './standard-game.js';

/** Settings of {@link createEnvironment}. */
export interface EnvironmentOptions {
  /** Players of each game: 2 to 5, with the standard deck. */
  readonly players: number;
  /**
   * One entry per seat: a bot that plays that seat inside `step`, or null for a seat the agent
   * plays. Left out, the agent plays every seat (self-play). A bot must answer at once (not with
   * a promise): the environment steps synchronously.
   */
  readonly opponents?: readonly (Bot | null)[];
  /** The most moves a game may last (the agent's and the bots'); the game is then `truncated`. Default 100,000. */
  readonly maxMoves?: number;
}

/**
 * What `reset` and `step` answer. The observation and the mask are views into buffers the
 * environment overwrites at its next `reset` or `step`: copy them to keep them.
 */
export interface EnvironmentStep {
  /**
   * The seat to act, an agent seat (`turn.seat` of the state). When the game is done, the seat
   * whose turn the final state names, with an empty mask.
   */
  readonly seat: number;
  /** `observe(playerView(state, seat))`: `observationLength(players)` entries. */
  readonly observation: Float32Array;
  /** `legalActionMask(state)`: 1 at each legal action of `seat`, `actionCount(players)` entries; all 0 when done. */
  readonly mask: Uint8Array;
  /** The legal action indices, ascending: the ones of `mask`. */
  readonly actions: readonly number[];
  /**
   * Per seat, the change of its score since the previous answer: letter tokens gained with 3 to 5
   * players (2 for the first out of a round, 1 for the second, rules §6), round wins in the duel
   * (1 per round won). It counts every move played since: the agent's action and the bots' moves
   * after it. Over a whole game (the `reset` answer included) each seat's rewards add up to its
   * final score. Nothing is added for winning: the winner is the first to 4 tokens (2 round wins).
   */
  readonly rewards: readonly number[];
  /** True when the game is over (`state.status === 'gameOver'`) or was stopped at `maxMoves`. */
  readonly done: boolean;
  /** True when the game was stopped at `maxMoves` before it was over. */
  readonly truncated: boolean;
  /** The full state after the step (the library's own, read-only): for logging and evaluation, not for the agent. */
  readonly state: GameState;
}

/** A game for a learning agent to step; see {@link createEnvironment}. */
export interface Environment {
  /** Players of each game: 2 to 5. */
  readonly players: number;
  /** `observationLength(players)`. */
  readonly observationLength: number;
  /** `actionCount(players)`. */
  readonly actionCount: number;
  /** The seats the agent plays (the ones without a bot), ascending. */
  readonly agentSeats: readonly number[];
  /**
   * Deals a new game from `seed` (the same seed, the same deal) and plays the bots' moves until an
   * agent seat is to act.
   *
   * @throws {@link GameSetupError} `BAD_SEED` for a seed that is not a string or a safe integer;
   *   the error of an opponent bot that fails (see `step`).
   */
  reset(seed: Seed): EnvironmentStep;
  /**
   * Plays `action` for the seat to act, then the bots' moves until an agent seat is to act or the
   * game is over.
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` for an index that is not a whole number from 0 to
   *   `actionCount - 1`, or a step before the first `reset`; {@link IllegalMoveError} with the rules'
   *   code for an action the mask does not allow (`NOT_YOUR_CARD`, `DOES_NOT_BEAT`…), `GAME_OVER`
   *   for a step of a game that is done; an opponent's own error, {@link IllegalMoveError} for a
   *   move it returns that the rules refuse, or `BAD_ARGUMENT` when it answers with a promise.
   *   Nothing is played when the agent's action is refused; after an opponent's error the game
   *   is dropped, and the next `step` asks for a `reset`.
   */
  step(action: number): EnvironmentStep;
  /**
   * Writes the observation of any seat of the current game into `out` from `offset` (a new array
   * when left out): the final observation of each seat once the game is done, say.
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` before the first `reset`, or for a bad seat or buffer.
   */
  observe(seat: number, out?: Float32Array, offset?: number): Float32Array;
}

/** Where an environment writes its observation and mask: the vector environment's shared buffers. */
export interface EnvironmentBuffers {
  readonly observations: Float32Array;
  readonly observationOffset: number;
  readonly masks: Uint8Array;
  readonly maskOffset: number;
}

/** The checked opponents: one bot or null per seat. */
function opponentsOf(options: EnvironmentOptions, players: number): readonly (Bot | null)[] {
  const given = options.opponents;
  if (given === undefined) return new Array<null>(players).fill(null);
  if (!Array.isArray(given) || given.length !== players) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `"opponents" must list one bot or null per seat (${players}), not ${describeValue(given)}.`,
    );
  }
  given.forEach((b: unknown, seat) => {
    if (b !== null && (typeof b !== 'object' || typeof (b as Bot).chooseMove !== 'function')) {
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `The opponent at seat ${seat} must be a bot (an object with chooseMove) or null for an agent seat, not ${describeValue(b)}.`,
      );
    }
  });
  if (given.every((b) => b !== null)) {
    throw new ArgumentError('BAD_ARGUMENT', 'Every seat has a bot: leave at least one seat (null) to the agent.');
  }
  return given.slice();
}

function maxMovesOf(options: EnvironmentOptions): number {
  const m = options.maxMoves ?? 100_000;
  if (!Number.isSafeInteger(m) || m < 1) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `"maxMoves" must be a whole number of at least 1, not ${describeValue(m)}.`,
    );
  }
  return m;
}

/** Checks the options and builds an environment writing into `buffers` (its own when left out). */
export function makeEnvironment(options: EnvironmentOptions, buffers?: EnvironmentBuffers): Environment {
  if (typeof options !== 'object' || options === null) {
    throw new ArgumentError('BAD_ARGUMENT', `An environment's options are an object, not ${describeValue(options)}.`);
  }
  const players = standardLayout(options.players).players;
  const bots = opponentsOf(options, players);
  const maxMoves = maxMovesOf(options);
  const obsLength = observationLength(players);
  const count = actionCount(players);
  const b = buffers ?? {
    observations: new Float32Array(obsLength),
    observationOffset: 0,
    masks: new Uint8Array(count),
    maskOffset: 0,
  };
  const observation = b.observations.subarray(b.observationOffset, b.observationOffset + obsLength);
  const mask = b.masks.subarray(b.maskOffset, b.maskOffset + count);
  const agentSeats = bots.flatMap((bot, seat) => (bot === null ? [seat] : []));

  let state: GameState | null = null;
  let moves: Move[] = [];
  let played = 0;
  let truncated = false;

  const isDone = (s: GameState): boolean => s.status === 'gameOver' || truncated;

  /**
   * Plays the bots' moves until an agent seat is to act or the game is done. A bot that fails
   * drops the game: its seat would otherwise be left to the agent.
   */
  const runBots = (): void => {
    try {
      playBots();
    } catch (e) {
      state = null;
      throw e;
    }
  };
  const playBots = (): void => {
    let s = state!;
    while (!isDone(s)) {
      const bot = bots[s.turn.seat]!;
      if (bot === null) break;
      const answer: unknown = bot.chooseMove(playerView(s, s.turn.seat), moves);
      if (answer instanceof Promise) {
        answer.catch(() => {}); // abandoned: its rejection is not the caller's
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `The bot ${JSON.stringify(bot.name)} at seat ${s.turn.seat} answered with a promise: an environment steps at once, so give it bots that answer at once.`,
        );
      }
      s = apply(s, answer as Move);
      state = s;
      played++;
      if (played >= maxMoves && s.status !== 'gameOver') truncated = true;
      moves = isDone(s) ? [] : legalMoves(s);
    }
  };

  const answer = (before: readonly number[]): EnvironmentStep => {
    const s = state!;
    const done = isDone(s);
    const seat = s.turn.seat;
    writeObservation(viewOf(s, seat), b.observations, b.observationOffset);
    const actions = legalActionsOf(s, done ? [] : moves, b.masks, b.maskOffset);
    const rewards = s.scores.map((x, i) => x - before[i]!);
    return { seat, observation, mask, actions, rewards, done, truncated, state: s };
  };

  const started = (fn: string): GameState => {
    if (state === null) {
      throw new ArgumentError('BAD_ARGUMENT', `${fn} needs a game: call reset(seed) first.`);
    }
    return state;
  };

  return {
    players,
    observationLength: obsLength,
    actionCount: count,
    agentSeats,
    reset(seed) {
      state = createGame(players, seed);
      played = 0;
      truncated = false;
      moves = legalMoves(state);
      const before = state.scores;
      runBots();
      return answer(before);
    },
    step(action) {
      const s = started('step');
      if (isDone(s)) {
        throw new IllegalMoveError(
          'GAME_OVER',
          truncated
            ? `This game was stopped at its limit of ${maxMoves} moves: call reset(seed) to deal another.`
            : 'This game is over (rules §6): call reset(seed) to deal another.',
        );
      }
      const move = moveOfIndex(players, action);
      // refused as apply refuses it, with the rules' code; the mask and apply agree (one source of legality)
      state = apply(s, move);
      played++;
      if (played >= maxMoves && state.status !== 'gameOver') truncated = true;
      moves = isDone(state) ? [] : legalMoves(state);
      runBots();
      return answer(s.scores);
    },
    observe(seat, out, offset = 0) {
      const s = started('observe');
      if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `A seat is a whole number from 0 to ${players - 1}, not ${describeValue(seat)}.`,
        );
      }
      const x = out ?? new Float32Array(obsLength);
      if (!(x instanceof Float32Array) || !Number.isInteger(offset) || offset < 0 || offset + obsLength > x.length) {
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `observe writes ${obsLength} entries into a Float32Array from a whole-number offset within it.`,
        );
      }
      writeObservation(viewOf(s, seat), x, offset);
      return x;
    },
  };
}

/**
 * An environment a learning agent steps, as PettingZoo and OpenSpiel give one: `reset(seed)` deals
 * a game of the standard deck, `step(action)` plays an action index of the fixed action space
 * (`actionCount`) for the seat to act, then the opponent bots' moves until an agent seat is to act
 * or the game is over. Each answer gives that seat, its observation (`observe`), its legal-action
 * mask and list (`legalActionMask`), the per-seat rewards (score changes: letter tokens, or round
 * wins in the duel) and `done`. Between rounds the one legal action is `nextRound`, for the seat
 * to act. Guide: docs/guides/learning.md.
 *
 * @param options - the player count, the opponent bots by seat (null for the agent's seats; all
 *   the agent's when left out) and a move limit.
 * @returns a new environment; call `reset(seed)` before `step`.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for a player count other than 2 to 5, opponents that
 *   are not one bot or null per seat (at least one null), or a bad `maxMoves`.
 * @example
 * ```ts
 * import { createEnvironment } from 'dnup/encodings';
 * import { randomBot } from 'dnup';
 * const env = createEnvironment({ players: 3, opponents: [null, randomBot(1), randomBot(2)] });
 * let t = env.reset(42);
 * while (!t.done) t = env.step(t.actions[0]!); // your policy picks among t.actions
 * ```
 */
export function createEnvironment(options: EnvironmentOptions): Environment {
  return makeEnvironment(options);
}
