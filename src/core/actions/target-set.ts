/** Finding the opponent's set that actions B and C aim at (rules §5 B, C). */
import { IllegalMoveError } from '../errors.js';
import { setAt } from '../draft.js';
import type { AreaRef } from '../moves.js';
import type { MovePosition } from '../position.js';

/** The table index of the opponent's set at `target`, or the error that forbids aiming there (seat and area as the data numbers them, from 0). */
export function opponentSetAt(p: MovePosition, target: AreaRef, action: 'B' | 'C'): number | IllegalMoveError {
  const { seat, area } = target;
  if (seat < 0 || seat >= p.playerCount || area < 0 || area >= p.areas) {
    return new IllegalMoveError(
      'NO_SUCH_AREA',
      `There is no play area at seat ${seat}, area ${area} in this game (rules §1).`,
      '§1',
      { seat, area },
    );
  }
  if (seat === p.turn.seat) {
    return new IllegalMoveError(
      'NOT_AN_OPPONENT_SET',
      p.areas > 1
        ? `Action ${action} works only on an opponent's set, never your own set in area ${area + 1} (rules §5 ${action}).`
        : `Action ${action} works only on an opponent's set, never your own (rules §5 ${action}).`,
      `§5 ${action}`,
      { action, seat, area, areas: p.areas },
    );
  }
  const at = setAt(p.table, seat, area);
  if (at < 0)
    return new IllegalMoveError(
      'NO_SET_THERE',
      `There is no set at seat ${seat}, area ${area} (rules §5 ${action}).`,
      `§5 ${action}`,
      { action, seat, area },
    );
  return at;
}
