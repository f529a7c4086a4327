/** Action A — play a set (rules §5 A). */
import { IllegalMoveError } from '../errors.js';
import { beatSet, mayArrive, setOfSize } from '../beaten-sets.js';
import { placeSet, removeFromHand, updateKnown, emit, type Draft } from '../draft.js';
import type { PlayMove } from '../moves.js';
import type { CardId } from '../cards.js';
import type { MovePosition } from '../position.js';
import { handIndexOf, handPositions, SHORT_PLAY, unknownCardError } from './hand-cards.js';

/** Why `move` may not be played here, or undefined when it may. */
export function playError(p: MovePosition, move: PlayMove): IllegalMoveError | undefined {
  const ids = move.cards;
  if (ids.length === 0) return new IllegalMoveError('EMPTY_PLAY', 'A set has at least one card: choose one or more cards to play (rules §5 A).', '§5 A');
  const duplicate = firstDuplicate(ids);
  if (duplicate !== undefined) return new IllegalMoveError('DUPLICATE_CARD', `Card ${duplicate} is named twice; each card can be played once (rules §5 A).`, '§5 A', { card: duplicate });
  let value = 0;
  const positions = ids.length > SHORT_PLAY ? handPositions(p.hand) : undefined;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const unknown = unknownCardError(p, id);
    if (unknown) return unknown;
    const at = positions === undefined ? handIndexOf(p.hand, id) : (positions.get(id) ?? -1);
    if (at < 0) return new IllegalMoveError('NOT_YOUR_CARD', `Card ${id} is not in your hand (rules §5 A: you play cards from your hand).`, '§5 A', { card: id });
    const active = p.hand[at]!.active;
    if (i === 0) value = active;
    else if (active !== value) {
      return new IllegalMoveError('MIXED_VALUES', `The cards of a set must all show the same value, but these show ${value} and ${active} (rules §5 A).`, '§5 A', { values: [value, active], cards: ids });
    }
  }
  if (!mayArrive(p.table, ids.length, value)) {
    const x = p.table[setOfSize(p.table, ids.length)]!;
    return new IllegalMoveError('DOES_NOT_BEAT', `A set of ${ids.length} showing ${value} must beat the set of ${ids.length} on the table, which shows ${x.value}: it needs a higher value (rules §5 A).`, '§5 A', { size: ids.length, value, tableValue: x.value, cards: ids });
  }
  return undefined;
}

/** The first id named twice, or undefined. Linear for long lists, so no input can make it slow. */
function firstDuplicate(ids: readonly number[]): number | undefined {
  if (ids.length <= 8) {
    for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return ids[i];
    return undefined;
  }
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * Plays the cards `ids` as a set, beats the set of its size if any (rules §5 A). The play must be
 * legal, and `ids` owned by the draft (the set on the table keeps the array).
 */
export function playSet(d: Draft, ids: readonly CardId[]): void {
  const { seat, area } = d.turn;
  const hand = d.hands[seat]!;
  const value = hand[handIndexOf(hand, ids[0]!)]!.active;
  removeFromHand(d, seat, ids);
  updateKnown(d, seat, ids, false);
  const beaten = setOfSize(d.table, ids.length);
  emit(d, { type: 'setPlayed', seat, area, value, cards: ids });
  if (beaten >= 0) beatSet(d, beaten, seat);
  placeSet(d, { seat, area, value, cards: ids });
}
