/**
 * Built-in bots and whole-game play (issue #6). PLACEHOLDER: a minimal random bot with the final
 * signatures, to be replaced by the bots issue.
 */
import { apply, createGame, legalMoves } from '../core/index.js';
import type { GameState, Move, Seed } from '../core/index.js';
import { recordOf, type GameRecord } from '../records/game-record.js';

/** A player program: sees the state, returns one of the legal moves. */
export interface Bot {
  readonly name: string;
  chooseMove(state: GameState, moves: readonly Move[]): Move | Promise<Move>;
}

/** Names of the built-in bots. */
export const BOT_NAMES = ['random', 'greedy', 'montecarlo'] as const;

/** A built-in bot by name. */
export function botByName(name: string, _options: { seed?: Seed } = {}): Bot {
  if (!(BOT_NAMES as readonly string[]).includes(name)) throw new Error(`Unknown bot ${name}`);
  let x = 1;
  return { name, chooseMove: (_s, moves) => moves[(x = (x * 48271) % 2147483647) % moves.length]! };
}

/** Plays a whole game between `bots` (one per seat) and returns its record and final state. */
export async function playGame(
  bots: readonly Bot[],
  options: { seed: Seed; names?: readonly string[]; maxMoves?: number; onMove?: (before: GameState, move: Move, after: GameState) => void },
): Promise<{ record: GameRecord; state: GameState }> {
  let state = createGame(options.names ?? bots.map((b) => b.name), options.seed);
  const moves: Move[] = [];
  while (state.status !== 'gameOver' && moves.length < (options.maxMoves ?? 100_000)) {
    const move = await bots[state.turn.seat]!.chooseMove(state, legalMoves(state));
    const next = apply(state, move);
    options.onMove?.(state, move, next);
    moves.push(move);
    state = next;
  }
  return { record: recordOf(state, moves), state };
}
