/**
 * The positions one move passes through, one per event, for the public view (a spectator's, seat
 * null), which the UI kit's `viewSteps` does not take (it reads a seat's views). It folds what the
 * board draws — the table, the discard pile, hand sizes — and ends on `after` itself; anything it
 * cannot fold shows `after` at once.
 */
import type { CardId, HeldCard, TableSet, ViewEvent } from 'dnup';
import type { BoardView } from './source';

export interface BoardStep {
  readonly event: ViewEvent;
  readonly view: BoardView;
}

const without = <T extends { id: CardId } | CardId>(list: readonly T[], ids: readonly CardId[]): T[] =>
  list.filter((x) => !ids.includes(typeof x === 'number' ? x : (x as { id: CardId }).id));

/** The views between `before` and `after` (one move apart), the last being `after`. */
export function boardSteps(before: BoardView, after: BoardView): BoardStep[] {
  const events = after.events;
  if (events.length === 0) return [];
  if (after.moveCount !== before.moveCount + 1 || after.round !== before.round)
    return [{ event: events[events.length - 1]!, view: after }];
  const steps: BoardStep[] = [];
  let cur: BoardView = before;
  for (const e of events) {
    const sizes = cur.handSizes.slice();
    let table: readonly TableSet[] = cur.table;
    let hand: readonly HeldCard[] = cur.hand;
    let discardCount = cur.discardCount;
    const own = (seat: number): boolean => seat === cur.seat;
    const drop = (seat: number, area: number): void =>
      void (table = table.filter((s) => s.seat !== seat || s.area !== area));
    const leave = (seat: number, ids: readonly CardId[]): void => {
      sizes[seat] = (sizes[seat] ?? 0) - ids.length;
      if (own(seat)) hand = without(hand, ids);
    };
    const arrive = (seat: number, cards: readonly HeldCard[]): void => {
      sizes[seat] = (sizes[seat] ?? 0) + cards.length;
      if (own(seat)) hand = [...hand, ...cards];
    };
    switch (e.type) {
      case 'setDiscarded':
        drop(e.seat, e.area);
        discardCount += e.cards.length;
        break;
      case 'setPlayed':
        leave(e.seat, e.cards);
        table = [...table, { seat: e.seat, area: e.area, value: e.value, cards: e.cards }];
        break;
      case 'cardAdded':
        leave(e.seat, [e.card]);
        table = table.map((s) =>
          s.seat === e.target.seat && s.area === e.target.area ? { ...s, cards: [...s.cards, e.card] } : s,
        );
        break;
      case 'setBeaten':
        drop(e.seat, e.area);
        if (e.fate === 'discarded') discardCount += e.cards.length;
        else arrive(e.seat, e.returned);
        break;
      case 'setTaken':
        drop(e.from.seat, e.from.area);
        arrive(e.seat, e.cards);
        break;
      case 'handRotated':
        if (own(e.seat) && e.cards) hand = e.cards;
        break;
      default:
        break;
    }
    cur = {
      ...cur,
      table,
      hand,
      handSizes: sizes,
      discardCount,
      lastMove: after.lastMove,
      events: events.slice(0, steps.length + 1),
    } as BoardView;
    steps.push({ event: e, view: cur });
  }
  steps[steps.length - 1] = { event: events[events.length - 1]!, view: after };
  return steps;
}
