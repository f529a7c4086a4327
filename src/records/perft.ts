/**
 * Move-count fingerprints, as chess engines keep them (docs/perft.md): the number of legal move
 * sequences of a given length. Any change to move generation that alters legality changes them.
 */
import { ArgumentError, type GameState } from '../core/index.js';
import { applyTrusted, legalMovesTrusted, describeValue, withState } from '../core/internal.js';
import { formatOwnMove } from '../notation/format-move.js';

/**
 * Counts the legal move sequences of exactly `depth` moves from `state` (a game that ends
 * earlier adds nothing). `perft(s, 0)` is 1; `perft(s, 1)` is `legalMoves(s).length`.
 *
 * @param state - any playable state.
 * @param depth - a non-negative integer; the count grows about 20-fold per level.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when `depth` is not a whole number from 0 to {@link MAX_PERFT_DEPTH}.
 *
 * @example
 * ```ts
 * perft(createGame(3, 'perft'), 2); // the number of two-move sequences
 * ```
 */
export function perft(state: GameState, depth: number): number {
  checkDepth(depth, 0);
  return withState(state, (s) => count(s, depth));
}

/** The deepest perft this library runs: the count grows about 20-fold per level, so 7 would take hours. */
export const MAX_PERFT_DEPTH = 6;

function checkDepth(depth: unknown, min: number): void {
  if (!Number.isInteger(depth) || (depth as number) < min || (depth as number) > MAX_PERFT_DEPTH) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A perft depth is a whole number from ${min} to ${MAX_PERFT_DEPTH}, not ${describeValue(depth)}.`,
    );
  }
}

function count(state: GameState, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMovesTrusted(state);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += count(applyTrusted(state, m), depth - 1);
  return total;
}

/**
 * `perft` split by first move ("divide"), keyed by the move's notation, in canonical move order:
 * the way to find which move's subtree changed when a count does.
 *
 * @param state - any playable state.
 * @param depth - at least 1.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when `depth` is not a whole number from 1 to {@link MAX_PERFT_DEPTH}.
 *
 * @example
 * ```ts
 * perftDivide(state, 2); // { 'P 3': 17, 'P 17': 17, …, 'R': 18 }
 * ```
 */
export function perftDivide(state: GameState, depth: number): Record<string, number> {
  checkDepth(depth, 1);
  return withState(state, (s) => {
    const out: Record<string, number> = {};
    for (const m of legalMovesTrusted(s)) out[formatOwnMove(s, m)] = count(applyTrusted(s, m), depth - 1);
    return out;
  });
}
