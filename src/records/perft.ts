/**
 * Move-count fingerprints, as chess engines keep them (docs/perft.md): the number of legal move
 * sequences of a given length. Any change to move generation that alters legality changes them.
 */
import { apply, legalMoves } from '../core/apply.js';
import type { GameState } from '../core/state.js';
import { formatMove } from '../notation/format-move.js';

/**
 * Counts the legal move sequences of exactly `depth` moves from `state` (a game that ends
 * earlier adds nothing). `perft(s, 0)` is 1; `perft(s, 1)` is `legalMoves(s).length`.
 *
 * @param state - any playable state.
 * @param depth - a non-negative integer; the count grows about 20-fold per level.
 * @throws RangeError when `depth` is not a non-negative integer.
 *
 * @example
 * ```ts
 * perft(createGame(3, 'perft'), 2); // the number of two-move sequences
 * ```
 */
export function perft(state: GameState, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a non-negative integer, not ${depth}.`);
  if (depth === 0) return 1;
  const moves = legalMoves(state);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += perft(apply(state, m), depth - 1);
  return total;
}

/**
 * `perft` split by first move ("divide"), keyed by the move's notation, in canonical move order:
 * the way to find which move's subtree changed when a count does.
 *
 * @param state - any playable state.
 * @param depth - at least 1.
 * @throws RangeError when `depth` is not a positive integer.
 *
 * @example
 * ```ts
 * perftDivide(state, 2); // { 'P 3': 17, 'P 17': 17, …, 'R': 18 }
 * ```
 */
export function perftDivide(state: GameState, depth: number): Record<string, number> {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`perftDivide depth must be a positive integer, not ${depth}.`);
  const out: Record<string, number> = {};
  for (const m of legalMoves(state)) out[formatMove(state, m)] = perft(apply(state, m), depth - 1);
  return out;
}
