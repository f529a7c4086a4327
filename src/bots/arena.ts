/**
 * The arena: many games between bots with seats rotated, and win rates with 95% Wilson
 * intervals (issue #6). `dnup arena` prints its result.
 */
import type { Seed } from '../core/random.js';
import { playGame, type Bot } from './bot.js';
import { BotError } from './errors.js';

/** Settings of {@link runArena}. */
export interface ArenaOptions {
  /** Seats per game, 2–5. */
  readonly players: number;
  /** Number of games, at least 1. */
  readonly games: number;
  /**
   * The lineup: bot names, one per seat; a shorter list is filled with its last name
   * (`['greedy', 'random']` at 4 players is greedy against three random bots). In game g,
   * seat s is played by entry (s + g) mod players, so every entry plays every seat equally.
   */
  readonly lineup: readonly string[];
  /** Makes every game and every bot decision reproducible. */
  readonly seed: Seed;
  /** Builds a bot for an entry of the lineup; `seed` differs per game and entry. */
  readonly makeBot: (name: string, seed: string) => Bot;
  /** Move cap per game (default 20,000); a capped game has no winner. */
  readonly maxMoves?: number;
  /** Called after each game with the number of games done. */
  readonly onGame?: (done: number) => void;
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
  /** Average thinking time per move, in milliseconds. */
  readonly msPerMove: number;
}

/** What {@link runArena} measured. */
export interface ArenaResult {
  readonly players: number;
  readonly games: number;
  readonly rows: readonly ArenaRow[];
  /** Average moves per game (all seats, `nextRound` included). */
  readonly averageMoves: number;
  /** Average rounds per game. */
  readonly averageRounds: number;
  /** Games stopped by the move cap, without a winner. */
  readonly unfinished: number;
}

/**
 * The 95% Wilson score interval of a proportion.
 *
 * @param successes - the count of successes.
 * @param trials - the count of trials (0 gives [0, 1]).
 * @param z - the normal quantile (1.96 for 95%).
 * @example
 * ```ts
 * wilsonInterval(60, 100); // about [0.502, 0.691]
 * ```
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Plays `games` games with seats rotated and tallies wins per bot name.
 *
 * @param options - lineup, counts, seed and a bot factory.
 * @throws {@link BotError} `BAD_ARENA_OPTIONS` for a bad player or game count or lineup.
 * @example
 * ```ts
 * const result = await runArena({ players: 3, games: 100, lineup: ['greedy', 'random'], seed: 1, makeBot: (n, s) => botByName(n, { seed: s }) });
 * result.rows[0]; // { bot: 'greedy', winRate: 0.9, interval: [...], ... }
 * ```
 */
export async function runArena(options: ArenaOptions): Promise<ArenaResult> {
  const { players, games, lineup } = options;
  if (!Number.isInteger(players) || players < 2 || players > 5) throw new BotError('BAD_ARENA_OPTIONS', `An arena needs 2 to 5 players, not ${String(players)}.`, { name: `players = ${String(players)}` });
  if (!Number.isInteger(games) || games < 1) throw new BotError('BAD_ARENA_OPTIONS', `An arena needs a whole number of games of at least 1, not ${String(games)}.`, { name: `games = ${String(games)}` });
  if (lineup.length < 1 || lineup.length > players) throw new BotError('BAD_ARENA_OPTIONS', `Give 1 to ${players} bot names for ${players} players, not ${lineup.length}.`, { name: `lineup = ${lineup.join(',')}`, players });
  const entries = Array.from({ length: players }, (_, i) => lineup[Math.min(i, lineup.length - 1)]!);
  const names = [...new Set(entries)];
  const wins = new Map(names.map((n) => [n, 0]));
  const thinking = new Map(names.map((n) => [n, { ms: 0, moves: 0 }]));
  let moves = 0;
  let rounds = 0;
  let unfinished = 0;
  for (let g = 0; g < games; g++) {
    const seatEntry = Array.from({ length: players }, (_, s) => (s + g) % players);
    const bots = seatEntry.map((e) => timed(options.makeBot(entries[e]!, `${String(options.seed)}/${g}/${e}`), thinking.get(entries[e]!)!));
    const { state } = await playGame(bots, { seed: `${String(options.seed)}/${g}`, maxMoves: options.maxMoves ?? 20_000 });
    moves += state.moveCount;
    rounds += state.round;
    if (state.winner === null) unfinished++;
    else {
      const name = entries[seatEntry[state.winner]!]!;
      wins.set(name, wins.get(name)! + 1);
    }
    options.onGame?.(g + 1);
  }
  const rows = names.map((bot) => {
    const w = wins.get(bot)!;
    const seats = entries.filter((e) => e === bot).length;
    const t = thinking.get(bot)!;
    return { bot, seats, wins: w, winRate: w / games, interval: wilsonInterval(w, games), fairShare: seats / players, msPerMove: t.moves === 0 ? 0 : t.ms / t.moves };
  });
  return { players, games, rows, averageMoves: moves / games, averageRounds: rounds / games, unfinished };
}

function timed(bot: Bot, tally: { ms: number; moves: number }): Bot {
  return {
    name: bot.name,
    chooseMove: async (view, moves) => {
      const start = performance.now();
      const move = await bot.chooseMove(view, moves);
      tally.ms += performance.now() - start;
      tally.moves++;
      return move;
    },
  };
}
