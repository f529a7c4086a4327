/** Action A — play a set (rules §5 A). */
import { IllegalMoveError } from '../errors.js';
import { beatSet, mayArrive, setOfSize } from '../beaten-sets.js';
import { eventIds, placeSet, removeFromHand, updateKnown, emit, recording, type Draft } from '../draft.js';
import type { PlayMove } from '../moves.js';
import { MAX_CARD_ID, type CardId } from '../cards.js';
import type { MovePosition } from '../position.js';
import { handIndexOf, handPositions, plainIds, SHORT_PLAY, unknownCardError } from './hand-cards.js';

/**
 * The ids of the play being judged, read once (see plainIds: shared moves' lists are slow to read);
 * as small integers, so that they index the deck's tables fast (a double index is V8's slow path).
 */
const judged = new Int32Array(SHORT_PLAY);

/** Why `move` may not be played here, or undefined when it may. */
export function playError(p: MovePosition, move: PlayMove): IllegalMoveError | undefined {
  const cards = move.cards;
  const k = cards.length;
  if (k === 0)
    return new IllegalMoveError(
      'EMPTY_PLAY',
      'A set has at least one card: choose one or more cards to play (rules §5 A).',
      '§5 A',
    );
  // a short play (every play of the standard deck) is read once into `judged`
  const ids: ArrayLike<CardId> = k <= SHORT_PLAY && readInto(cards, judged) ? judged : cards;
  const duplicate = firstDuplicate(ids, k);
  if (duplicate !== undefined)
    return new IllegalMoveError(
      'DUPLICATE_CARD',
      `Card ${duplicate} is named twice; each card can be played once (rules §5 A).`,
      '§5 A',
      { card: duplicate },
    );
  let value = 0;
  const positions = k > SHORT_PLAY ? handPositions(p.hand) : undefined;
  for (let i = 0; i < k; i++) {
    const id = ids[i]!;
    const unknown = unknownCardError(p, id);
    if (unknown) return unknown;
    const at = positions === undefined ? handIndexOf(p.hand, id) : (positions.get(id) ?? -1);
    if (at < 0)
      return new IllegalMoveError(
        'NOT_YOUR_CARD',
        `Card ${id} is not in your hand (rules §5 A: you play cards from your hand).`,
        '§5 A',
        { card: id },
      );
    const active = p.hand[at]!.active;
    if (i === 0) value = active;
    else if (active !== value) {
      return new IllegalMoveError(
        'MIXED_VALUES',
        `The cards of a set must all show the same value, but these show ${value} and ${active} (rules §5 A).`,
        '§5 A',
        { values: [value, active], cards },
      );
    }
  }
  if (!mayArrive(p.table, k, value)) {
    const x = p.table[setOfSize(p.table, k)]!;
    return new IllegalMoveError(
      'DOES_NOT_BEAT',
      `A set of ${k} showing ${value} must beat the set of ${k} on the table, which shows ${x.value}: it needs a higher value (rules §5 A).`,
      '§5 A',
      { size: k, value, tableValue: x.value, cards },
    );
  }
  return undefined;
}

/** Copies `cards` into `into`; false (stopping there) at an id no deck has, which an Int32Array could not hold exactly. */
function readInto(cards: readonly CardId[], into: Int32Array): boolean {
  for (let i = 0; i < cards.length; i++) {
    const id = cards[i]!;
    if (!(id >= 0 && id <= MAX_CARD_ID)) return false;
    into[i] = id;
  }
  return true;
}

/** The first of the `k` ids named twice, or undefined. Linear for long lists, so no input can make it slow. */
function firstDuplicate(ids: ArrayLike<CardId>, k: number): number | undefined {
  if (k <= 8) {
    for (let i = 1; i < k; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return ids[i];
    return undefined;
  }
  const seen = new Set<number>();
  for (let i = 0; i < k; i++) {
    const id = ids[i]!;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * Plays the cards `move` as a set, beats the set of its size if any (rules §5 A). The play must be
 * legal; the set on the table keeps a copy of the list.
 */
export function playSet(d: Draft, move: readonly CardId[]): void {
  const ids = plainIds(move); // the set and the event keep it; shared moves' lists are frozen, slow to read
  const { seat, area } = d.turn;
  const value = removeFromHand(d, seat, ids);
  updateKnown(d, seat, ids, false);
  const beaten = setOfSize(d.table, ids.length);
  if (recording(d)) emit(d, { type: 'setPlayed', seat, area, value, cards: eventIds(d, ids) });
  if (beaten >= 0) beatSet(d, beaten, seat);
  placeSet(d, { seat, area, value, cards: ids });
}
