/**
 * Which cards can do what, now: per card in hand the play sizes it can be part of and the sets it
 * can be added to, per table set whether it can be taken, and whether rotating is legal. Built
 * from the rule functions `legalMoves` lists moves with (`mayArrive` per set size, `mayAddTo`,
 * `mayTake`) and the same sorted hand, never from the move list: a value held k times has
 * 2^k − 1 plays, yet the hints take time and room linear in the hand and the table.
 */
import { type CardId, IllegalMoveError, type AreaRef, type MoveSource } from '../core/index.js';
import { mayArrive, positionOfSource, mayAddTo, mayTake, runEnd, sortHand, withSource } from '../core/internal.js';

/** What one card in hand can do now. */
export interface CardHint {
  readonly card: CardId;
  /** The value it shows. */
  readonly active: number;
  /**
   * The sizes of the legal plays it can be part of, ascending (rules §5 A): every size from 1 to
   * the number of cards showing its value, except those a set on the table of that size stops.
   * Shared, frozen, by every card of one value.
   */
  readonly playSizes: readonly number[];
  /** The opponents' sets it can be added to, in table order (rules §5 B). */
  readonly addTo: readonly AreaRef[];
}

/** What the seat to play can do with one set on the table. */
export interface SetHint {
  /** The set's play area. */
  readonly target: AreaRef;
  readonly value: number;
  readonly size: number;
  /** True when it can be taken (rules §5 C). */
  readonly take: boolean;
  /** The cards in hand that can be added to it, in hand order (rules §5 B). */
  readonly add: readonly CardId[];
}

/** The hints of {@link cardHints}: everything a UI highlights, for the seat to play. */
export interface CardHints {
  /** The seat the hints are for: the seat to play, or the view's seat. */
  readonly seat: number;
  /** True when that seat has legal moves now (its turn, or any seat once a round is over). */
  readonly toPlay: boolean;
  /** One per card in that seat's hand, in hand order. */
  readonly cards: readonly CardHint[];
  /** One per set on the table, in table order (the seat's own sets too: they can be neither taken nor added to). */
  readonly sets: readonly SetHint[];
  /** True when rotating the hand is legal (rules §5 D: on every turn). */
  readonly rotate: boolean;
  /** True when the round is over and the next one can be dealt (rules §8). */
  readonly nextRound: boolean;
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * Which cards can do what for the seat to play: the play sizes of each card in hand, the sets it
 * can be added to, the sets that can be taken, whether rotating is legal. Every hint stands for
 * legal moves and every legal move has its hint: a play of size k with a card exists exactly when
 * k is in its `playSizes`, an add exactly when the target is in its `addTo`, a take exactly when
 * the set's `take` is true. Time and room are linear in the hand and the table, whatever the deck.
 *
 * @param source - a state, or a player view (a seat not to play gets a hint per card, all empty,
 *   and `toPlay` false), with the trust contract of `legalMoves`.
 * @throws {@link PositionError} when `source` is not a state or view the rules can reach.
 * @example
 * ```ts
 * const hints = cardHints(view);
 * for (const h of hints.cards) cardElement(h.card).classList.toggle('playable', h.playSizes.length > 0 || h.addTo.length > 0);
 * hints.sets.filter((s) => s.take); // the sets a "Take" button goes on
 * ```
 */
export function cardHints(source: MoveSource): CardHints {
  return withSource(source, hintsOf);
}

function hintsOf(source: MoveSource): CardHints {
  const p = positionOfSource(source);
  const playing = !(p instanceof IllegalMoveError) && p.status === 'playing';
  const seat = source.format === 'dnup-view' ? source.seat : source.turn.seat;
  const hand = source.format === 'dnup-view' ? source.hand : source.hands[seat]!;
  const table = source.table;
  const sizesOf = new Map<number, readonly number[]>();
  const addsOf = new Map<CardId, AreaRef[]>();
  const sets: SetHint[] = [];
  if (playing) {
    const h = sortHand(hand);
    for (let from = 0, end = 0; from < h.n; from = end) {
      end = runEnd(h, from);
      const value = h.values[from]!;
      const sizes: number[] = [];
      for (let size = 1; size <= end - from; size++) if (mayArrive(table, size, value)) sizes.push(size);
      sizesOf.set(value, Object.freeze(sizes));
    }
  }
  for (const y of table) {
    const target = { seat: y.seat, area: y.area };
    const add: CardId[] = [];
    if (playing && mayAddTo(table, y, seat)) {
      for (const c of hand) {
        if (c.active !== y.value) continue;
        add.push(c.id);
        let list = addsOf.get(c.id);
        if (!list) addsOf.set(c.id, (list = []));
        list.push(target);
      }
    }
    sets.push({ target, value: y.value, size: y.cards.length, take: playing && mayTake(y, seat), add });
  }
  const cards = hand.map(
    (c): CardHint => ({
      card: c.id,
      active: c.active,
      playSizes: sizesOf.get(c.active) ?? NONE,
      addTo: addsOf.get(c.id) ?? NONE,
    }),
  );
  const roundOver = !(p instanceof IllegalMoveError) && p.status === 'roundOver';
  return { seat, toPlay: playing || roundOver, cards, sets, rotate: playing, nextRound: roundOver };
}
