/** The bot interface and whole games between bots (issue #6). */
import { apply, legalMoves } from '../core/apply.js';
import type { Move } from '../core/moves.js';
import type { Seed } from '../core/random.js';
import { createGame } from '../core/setup.js';
import type { GameOptions, GameState } from '../core/state.js';
import { recordOf, type GameRecord } from '../core/game-record.js';
import { playerView, type PlayerView } from '../views/player-view.js';

/**
 * A player program: sees only its seat's {@link PlayerView}, returns one of the legal moves,
 * at once or as a promise (a bot may think asynchronously, call a server, or wait for a human).
 */
export interface Bot {
  /** A name for tables and records. */
  readonly name: string;
  /**
   * Chooses a move for the seat to play.
   *
   * @param view - what this seat may know; `view.seat === view.turn.seat`.
   * @param moves - the legal moves, in canonical order (equal to `legalMoves(view)`), never empty.
   */
  chooseMove(view: PlayerView, moves: readonly Move[]): Move | Promise<Move>;
}

/** Options of {@link playGame}. */
export interface PlayGameOptions {
  /** The game's seed. */
  readonly seed: Seed;
  /** Player names, one per seat; defaults to the bots' names. */
  readonly names?: readonly string[];
  /** Game options, e.g. a custom deck. */
  readonly gameOptions?: GameOptions;
  /** Stop after this many moves even if the game is not over (default 100,000). */
  readonly maxMoves?: number;
  /** Called after every move with the states around it. */
  readonly onMove?: (before: GameState, move: Move, after: GameState) => void;
}

/**
 * Plays a whole game between `bots`, one per seat (2–5), each seeing only its own view.
 *
 * @param bots - one bot per seat.
 * @param options - the seed, and optionally names, game options, a move cap and a callback.
 * @returns the replayable record and the final state.
 * @throws {@link GameSetupError} for a bad seat count or seed; {@link IllegalMoveError} when a bot returns an illegal move.
 * @example
 * ```ts
 * const { record, state } = await playGame([botByName('greedy'), botByName('random')], { seed: 7 });
 * console.log(state.winner, record.moves.length);
 * ```
 */
export async function playGame(
  bots: readonly Bot[],
  options: PlayGameOptions,
): Promise<{ record: GameRecord; state: GameState }> {
  let state = createGame(options.names ?? bots.map((b) => b.name), options.seed, options.gameOptions);
  const moves: Move[] = [];
  const maxMoves = options.maxMoves ?? 100_000;
  while (state.status !== 'gameOver' && moves.length < maxMoves) {
    const seat = state.turn.seat;
    const legal = legalMoves(state);
    const move = await bots[seat]!.chooseMove(playerView(state, seat), legal);
    const next = apply(state, move);
    options.onMove?.(state, move, next);
    moves.push(move);
    state = next;
  }
  return { record: recordOf(state, moves), state };
}
