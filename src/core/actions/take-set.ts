/** Action C — take an opponent's set, every card rotated (rules §5 C, golden rule). */
import type { IllegalMoveError } from '../errors.js';
import { addRotatedToHand, removeSetAt, setAt, updateKnown, emit, recording, type Draft } from '../draft.js';
import type { TakeMove } from '../moves.js';
import type { MovePosition } from '../position.js';
import { opponentSetAt } from './target-set.js';

/** Why `move` may not be played here, or undefined when it may. */
export function takeError(p: MovePosition, move: TakeMove): IllegalMoveError | undefined {
  const target = opponentSetAt(p, move.target, 'C');
  return typeof target === 'number' ? undefined : target;
}

/** Moves the set into the mover's hand, rotated. The move must be legal. */
export function takeSet(d: Draft, move: TakeMove): void {
  const seat = d.turn.seat;
  const at = setAt(d.table, move.target.seat, move.target.area);
  const set = d.table[at]!;
  removeSetAt(d, at);
  const cards = addRotatedToHand(d, seat, set);
  updateKnown(d, seat, set.cards, true);
  if (recording(d))
    emit(d, { type: 'setTaken', seat, from: { seat: set.seat, area: set.area }, value: set.value, cards });
}
