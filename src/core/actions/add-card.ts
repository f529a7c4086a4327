/** Action B — add one card to an opponent's set (rules §5 B). */
import { IllegalMoveError } from '../errors.js';
import { beatSet, mayArrive, setOfSize } from '../beaten-sets.js';
import { appendAll, removeFromHand, replaceSetAt, setAt, updateKnown, emit, recording, type Draft } from '../draft.js';
import type { AddMove } from '../moves.js';
import type { MovePosition } from '../position.js';
import { handIndexOf, unknownCardError } from './hand-cards.js';
import { opponentSetAt } from './target-set.js';

/** Why `move` may not be played here, or undefined when it may. */
export function addError(p: MovePosition, move: AddMove): IllegalMoveError | undefined {
  const unknown = unknownCardError(p, move.card);
  if (unknown) return unknown;
  const at = handIndexOf(p.hand, move.card);
  if (at < 0)
    return new IllegalMoveError(
      'NOT_YOUR_CARD',
      `Card ${move.card} is not in your hand (rules §5 B: you add a card from your hand).`,
      '§5 B',
      { card: move.card },
    );
  const target = opponentSetAt(p, move.target, 'B');
  if (typeof target !== 'number') return target;
  const y = p.table[target]!;
  const active = p.hand[at]!.active;
  if (active !== y.value) {
    return new IllegalMoveError(
      'VALUE_MISMATCH',
      `Card ${move.card} shows ${active}, but that set shows ${y.value}: an added card must show the set's value (rules §5 B).`,
      '§5 B',
      { card: move.card, value: active, tableValue: y.value },
    );
  }
  const size = y.cards.length + 1;
  if (!mayArrive(p.table, size, y.value)) {
    const x = p.table[setOfSize(p.table, size)]!;
    return new IllegalMoveError(
      'DOES_NOT_BEAT',
      `Adding makes a set of ${size} showing ${y.value}, which must beat the set of ${size} on the table showing ${x.value}: it needs a higher value (rules §5 B).`,
      '§5 B',
      { card: move.card, size, value: y.value, tableValue: x.value },
    );
  }
  return undefined;
}

/** Adds the card, beats the set of the new size if any (rules §5 B). The move must be legal. */
export function addCard(d: Draft, move: AddMove): void {
  const seat = d.turn.seat;
  const card = [move.card];
  removeFromHand(d, seat, card);
  updateKnown(d, seat, card, false);
  const yAt = setAt(d.table, move.target.seat, move.target.area);
  const y = d.table[yAt]!;
  const grown = { seat: y.seat, area: y.area, value: y.value, cards: appendAll(y.cards, card) };
  if (recording(d))
    emit(d, {
      type: 'cardAdded',
      seat,
      card: move.card,
      target: { seat: y.seat, area: y.area },
      value: y.value,
      size: grown.cards.length,
    });
  const beaten = setOfSize(d.table, grown.cards.length);
  replaceSetAt(d, yAt, grown);
  if (beaten >= 0) beatSet(d, beaten, seat);
}
