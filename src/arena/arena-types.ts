/** The arena's shared types: what crosses into worker threads, and a bot module's factory. */
import type { Bot, Forfeit, SeatFault } from '../bots/bot.js';
import type { BotOptions } from '../bots/by-name.js';
import type { ArenaTimes } from './think-times.js';

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
