/**
 * The move notation (docs/notation.md): one short text per move, unique among the legal moves
 * of a position.
 *
 * | move | text | example |
 * |---|---|---|
 * | play cards (A) | `P` and the card ids, ascending, comma-separated | `P 3,17` |
 * | add a card (B) | `A` card `>` seat, plus `.area` in the duel | `A 12>1`, `A 12>1.0` |
 * | take a set (C) | `T` seat, plus `.area` in the duel | `T 2`, `T 0.1` |
 * | rotate hand (D) | `R` | `R` |
 * | deal next round | `N` | `N` |
 */
import { ownMove, type AreaRef, type Move } from '../core/moves.js';
import { IllegalMoveError } from '../core/errors.js';
import { describeValue } from '../core/input.js';
import { withState } from '../core/trust.js';
import type { GameState } from '../core/state.js';
import { NotationError } from './notation-error.js';

/** `seat` alone where every seat has one area (3–5 players), `seat.area` in the duel. */
function formatArea(state: GameState, target: AreaRef): string {
  return state.players.length === 2 || target.area !== 0 ? `${target.seat}.${target.area}` : `${target.seat}`;
}

/** {@link formatMove} of a move the library owns, in a state it made (internal). */
export function formatOwnMove(state: GameState, move: Move): string {
  switch (move.type) {
    case 'play':
      return `P ${move.cards
        .slice()
        .sort((a, b) => a - b)
        .join(',')}`;
    case 'add':
      return `A ${move.card}>${formatArea(state, move.target)}`;
    case 'take':
      return `T ${formatArea(state, move.target)}`;
    case 'rotate':
      return 'R';
    case 'nextRound':
      return 'N';
  }
}

/**
 * Writes a move in the notation of docs/notation.md. The move need not be legal (a replay report
 * writes illegal moves too), only well-formed.
 *
 * @param state - the position the move is played in (the player count decides how areas are written).
 * @param move - a move of any of the five shapes.
 * @returns the canonical text, e.g. `P 3,17`, `A 12>1`, `T 1.0`, `R`, `N`.
 * @throws {@link NotationError} `NOT_A_MOVE` when `move` does not have the shape of a move.
 *
 * @example
 * ```ts
 * formatMove(state, { type: 'play', cards: [17, 3] }); // 'P 3,17'
 * formatMove(state, { type: 'take', target: { seat: 1, area: 0 } }); // 'T 1' (3–5 players)
 * ```
 */
export function formatMove(state: GameState, move: Move): string {
  const own = ownMove(move);
  if (own instanceof IllegalMoveError)
    throw new NotationError('NOT_A_MOVE', own.message, describeValue(move), {}, { input: describeValue(move) });
  return withState(state, (s) => formatOwnMove(s, own));
}
