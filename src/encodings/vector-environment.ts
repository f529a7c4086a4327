/**
 * N games stepped together, as the vectorised environments of Gymnasium and PettingZoo: one
 * {@link Environment} per game, each writing its observation and mask into its slice of one
 * preallocated array, so that a batch goes to a model without copying.
 */
import { ArgumentError, type Seed, type GameState } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from '../bots/bot.js';
import { actionCount } from './action-space.js';
import { makeEnvironment, type Environment, type EnvironmentStep } from './environment.js';
import { observationLength } from './observation.js';
import { standardLayout } from './standard-game.js';

/** Settings of {@link createVectorEnvironment}. */
export interface VectorEnvironmentOptions {
  /** How many games: 1 to 65,536. */
  readonly games: number;
  /** Players of each game: 2 to 5, with the standard deck. */
  readonly players: number;
  /**
   * The opponents of game `game`, as {@link EnvironmentOptions.opponents}: one bot or null (an
   * agent seat) per seat, the same seats null in every game. Called once per game when the vector
   * environment is made, so that no two games share a bot that keeps state. Left out, the agent
   * plays every seat.
   */
  readonly opponents?: (game: number) => readonly (Bot | null)[];
  /** The most moves one game may last, as {@link EnvironmentOptions.maxMoves}. */
  readonly maxMoves?: number;
}

/** N games stepped together; see {@link createVectorEnvironment}. */
export interface VectorEnvironment {
  /** How many games. */
  readonly games: number;
  /** Players of each game: 2 to 5. */
  readonly players: number;
  /** `observationLength(players)`: the stride of `observations`. */
  readonly observationLength: number;
  /** `actionCount(players)`: the stride of `masks`. */
  readonly actionCount: number;
  /** The seats the agent plays, the same in every game. */
  readonly agentSeats: readonly number[];
  /** Game g's observation at `[g × observationLength, (g + 1) × observationLength)`, of the seat in `seats[g]`. */
  readonly observations: Float32Array;
  /** Game g's legal-action mask at `[g × actionCount, (g + 1) × actionCount)`: all 0 once done. */
  readonly masks: Uint8Array;
  /** Game g's rewards of the last `reset` or `step` at `[g × players, (g + 1) × players)`, per seat (absolute seats). */
  readonly rewards: Float32Array;
  /** Game g's seat to act. */
  readonly seats: Int32Array;
  /** 1 for a game that is done (over, or stopped at `maxMoves`). */
  readonly dones: Uint8Array;
  /** 1 for a game stopped at `maxMoves` before it was over. */
  readonly truncations: Uint8Array;
  /**
   * Deals every game, game g from `seeds[g]`: game g is then the game of a single environment
   * reset with `seeds[g]`.
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` unless `seeds` has one seed per game;
   *   {@link GameSetupError} `BAD_SEED` for a bad seed; an opponent's error, as `Environment.step`.
   */
  reset(seeds: readonly Seed[]): void;
  /**
   * Deals game `game` again from `seed`, the others unchanged (to start a new game where one is done).
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` for a bad game number; as {@link VectorEnvironment.reset}.
   */
  resetGame(game: number, seed: Seed): void;
  /**
   * Plays `actions[g]` in every game g that is not done (the entries of done games are read as
   * nothing), then the bots' moves of each. Every action is judged before any is played: a refused
   * one changes no game.
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` for `actions` of another length than `games`, an
   *   index out of range, or a step before `reset`; {@link IllegalMoveError} with the rules' code
   *   for an action a game's mask does not allow; an opponent's error, as `Environment.step`:
   *   the games before its game are then stepped, its game is dropped until `resetGame`, and the
   *   games after it are not stepped.
   */
  step(actions: ArrayLike<number>): void;
  /** Game g's legal actions, ascending: the ones of its mask. */
  legalActions(game: number): readonly number[];
  /** Game g's full state (the library's own, read-only), or null before `reset`. */
  state(game: number): GameState | null;
}

/** The checked number of games and players of `options`. */
function sizesOf(options: VectorEnvironmentOptions): { games: number; players: number } {
  if (typeof options !== 'object' || options === null) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A vector environment's options are an object, not ${describeValue(options)}.`,
    );
  }
  const games = options.games;
  if (!Number.isSafeInteger(games) || games < 1 || games > 65_536) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `"games" must be a whole number from 1 to 65,536, not ${describeValue(games)}.`,
    );
  }
  const players = standardLayout(options.players).players;
  if (options.opponents !== undefined && typeof options.opponents !== 'function') {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `"opponents" is a function from a game number to its opponents, not ${describeValue(options.opponents)}.`,
    );
  }
  return { games, players };
}

/**
 * N games for a learning agent, stepped together: every game g is a {@link createEnvironment}
 * environment, and its observation, mask, rewards, seat and done flag are written into one
 * preallocated array each, at game g's offset (layouts in {@link VectorEnvironment}). A batch of
 * N observations is then one `Float32Array` of N × `observationLength(players)` entries, ready for
 * a model. Games that end stay done until `resetGame`.
 *
 * @param options - the number of games, the player count, a factory of opponents per game and a move limit.
 * @returns a new vector environment; call `reset(seeds)` before `step`.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for a bad number of games, a bad player count,
 *   opponents that are not one bot or null per seat, or agent seats that differ between games.
 * @example
 * ```ts
 * import { createVectorEnvironment } from 'dnup/encodings';
 * const venv = createVectorEnvironment({ games: 64, players: 4 });
 * venv.reset(Array.from({ length: 64 }, (_, g) => `run/${g}`));
 * const actions = new Int32Array(64);
 * for (let g = 0; g < 64; g++) actions[g] = venv.legalActions(g)[0]!; // your policy, batched
 * venv.step(actions);
 * venv.observations.length === 64 * venv.observationLength; // true
 * ```
 */
export function createVectorEnvironment(options: VectorEnvironmentOptions): VectorEnvironment {
  const { games, players } = sizesOf(options);
  const L = observationLength(players);
  const A = actionCount(players);
  const observations = new Float32Array(games * L);
  const masks = new Uint8Array(games * A);
  const rewards = new Float32Array(games * players);
  const seats = new Int32Array(games);
  const dones = new Uint8Array(games);
  const truncations = new Uint8Array(games);
  const envs: Environment[] = [];
  const last: (EnvironmentStep | null)[] = new Array<EnvironmentStep | null>(games).fill(null);
  for (let g = 0; g < games; g++) {
    const env = makeEnvironment(
      {
        players,
        ...(options.opponents ? { opponents: options.opponents(g) } : {}),
        ...(options.maxMoves !== undefined ? { maxMoves: options.maxMoves } : {}),
      },
      { observations, observationOffset: g * L, masks, maskOffset: g * A },
    );
    if (g > 0 && env.agentSeats.join() !== envs[0]!.agentSeats.join()) {
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `Every game must leave the same seats to the agent: game 0 leaves ${envs[0]!.agentSeats.join(', ')}, game ${g} leaves ${env.agentSeats.join(', ')}.`,
      );
    }
    envs.push(env);
  }

  const record = (g: number, t: EnvironmentStep): void => {
    last[g] = t;
    for (let p = 0; p < players; p++) rewards[g * players + p] = t.rewards[p]!;
    seats[g] = t.seat;
    dones[g] = t.done ? 1 : 0;
    truncations[g] = t.truncated ? 1 : 0;
  };
  const gameNumber = (game: unknown): number => {
    if (!Number.isInteger(game) || (game as number) < 0 || (game as number) >= games) {
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `A game number is a whole number from 0 to ${games - 1}, not ${describeValue(game)}.`,
      );
    }
    return game as number;
  };

  return {
    games,
    players,
    observationLength: L,
    actionCount: A,
    agentSeats: envs[0]!.agentSeats,
    observations,
    masks,
    rewards,
    seats,
    dones,
    truncations,
    reset(seedList) {
      if (!Array.isArray(seedList) || seedList.length !== games) {
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `reset takes one seed per game (${games}), not ${describeValue(seedList)}.`,
        );
      }
      for (let g = 0; g < games; g++) record(g, envs[g]!.reset(seedList[g]!));
    },
    resetGame(game, seed) {
      const g = gameNumber(game);
      record(g, envs[g]!.reset(seed));
    },
    step(actions) {
      if (typeof actions !== 'object' || actions === null || actions.length !== games) {
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `step takes one action per game (${games}), not ${describeValue(actions)}.`,
        );
      }
      const missing = last.indexOf(null);
      if (missing >= 0) {
        throw new ArgumentError(
          'BAD_ARGUMENT',
          `Game ${missing} has no game to step (before reset, or dropped after an opponent's error): deal it with reset or resetGame.`,
        );
      }
      // judged first, so that a refused action changes no game
      for (let g = 0; g < games; g++) {
        if (dones[g] === 1) continue;
        const a = actions[g]!;
        if (!Number.isInteger(a) || a < 0 || a >= A || masks[g * A + a] !== 1) envs[g]!.step(a); // throws its error
      }
      for (let g = 0; g < games; g++) {
        if (dones[g] === 1) {
          rewards.fill(0, g * players, (g + 1) * players);
          continue;
        }
        try {
          record(g, envs[g]!.step(actions[g]!));
        } catch (e) {
          // an opponent failed: game g is dropped (the games before it were stepped)
          last[g] = null;
          throw e;
        }
      }
    },
    legalActions(game) {
      return last[gameNumber(game)]?.actions ?? [];
    },
    state(game) {
      return last[gameNumber(game)]?.state ?? null;
    },
  };
}
