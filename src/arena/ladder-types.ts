/**
 * The ladder's plain-data shapes that cross into worker threads and into resume files: its own
 * module so that the arena's worker pool can name them without importing the ladder (no circle).
 */

import type { Forfeit, ForfeitKind } from '../bots/bot.js';

/** What one ladder game needs to know, as plain data (it crosses into worker threads). */
export interface LadderSpec {
  readonly players: number;
  /** Bot names, one per ladder entry (a name may repeat: each copy is its own entry). */
  readonly bots: readonly string[];
  /** The ladder's seed, as text. */
  readonly seed: string;
  readonly maxMoves: number;
  /** The move limit, in milliseconds. */
  readonly limitMs: number;
}

/**
 * A ladder game's forfeit, as a resume file keeps it: the seat, how, and the sentence (the full
 * details, with the bot's stack and the record, are in the result's `forfeits`).
 *
 * @example
 * ```ts
 * const forfeit: LadderForfeit = { seat: 1, kind: 'error', message: "TypeError: Cannot read properties of null (reading 'cards')" };
 * ```
 */
export interface LadderForfeit {
  /** The seat that forfeited (its entry is `seats[seat]`). */
  readonly seat: number;
  /** How it lost: `time`, `error`, `not-a-move` or `illegal`. */
  readonly kind: ForfeitKind;
  /** At most 300 characters. */
  readonly message: string;
}

/**
 * One finished ladder game, as plain JSON: what `onGame` is handed, what `done` takes back to
 * resume a run, and what `dnup ladder --out` writes. Everything else follows from the ladder's
 * settings and `g`: the deal is deal `⌊g / gamesPerDeal⌋`, and so on (see `runLadder`).
 *
 * @example
 * ```ts
 * const kept: LadderGame[] = [];
 * const first = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1, onGame: (game) => kept.push(game) });
 * const again = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1, done: kept.slice(0, 2) }); // plays games the list lacks
 * ```
 */
export interface LadderGame {
  /** The game's number, from 0. */
  readonly g: number;
  /** The ladder entry (index into `bots`) at each seat. */
  readonly seats: readonly number[];
  /**
   * The entry that won, or null for a game stopped by the move cap (or forfeited with the first
   * place shared).
   */
  readonly winner: number | null;
  /** Final letter tokens (3–5 players) or round wins (2 players) per seat (rules §6). */
  readonly scores: readonly number[];
  /** Moves played (all seats, `nextRound` included). */
  readonly moves: number;
  /** Rounds played. */
  readonly rounds: number;
  /** Decisions taken per seat. */
  readonly decisions: readonly number[];
  /** Thinking time per seat, in milliseconds (rounded to 0.001 ms). */
  readonly ms: readonly number[];
  /** The longest thinking time of one move per seat, in milliseconds (rounded to 0.001 ms). */
  readonly maxMs: readonly number[];
  /**
   * The seat that lost the game by forfeit (ranked last; the others by their scores at that
   * moment), absent when none did.
   */
  readonly forfeit?: LadderForfeit;
}

/** A ladder game as a worker plays it: the game, and its forfeit in full when a bot forfeited. */
export interface PlayedLadderGame {
  readonly game: LadderGame;
  readonly forfeit: Forfeit | null;
}
