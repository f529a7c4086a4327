/**
 * Passing the turn (rules §7) and the discard step at the start of each turn (§4.1).
 * 3–5 players: clockwise, skipping seats that are out but still discarding their area when
 * their turn would have begun. Duel: area 0 then area 1 of one seat, then of the other.
 */
import { discardCards, eventIds, isOut, removeSetAt, setAt, setTurn, emit, recording, type Draft } from './draft.js';

/** The discard step for one play area (rules §4.1). */
function discardAtTurnStart(d: Draft, seat: number, area: number): void {
  const at = setAt(d.table, seat, area);
  if (at < 0) return;
  const set = d.table[at]!;
  removeSetAt(d, at);
  discardCards(d, set.cards);
  if (recording(d)) emit(d, { type: 'setDiscarded', seat, area, value: set.value, cards: eventIds(d, set.cards) });
}

/** The first turn of a round: the ★ holder, area 1 in the duel (rules §6), else area 0. */
export function openingArea(playerCount: number): number {
  return playerCount === 2 ? 1 : 0;
}

/** Moves the draft to the next turn and performs the discard steps on the way. */
export function passTurn(d: Draft): void {
  const n = d.playerCount;
  const { seat, area, number } = d.turn;
  let nextSeat: number;
  let nextArea: number;
  if (n === 2) {
    nextSeat = area === 0 ? seat : 1 - seat;
    nextArea = area === 0 ? 1 : 0;
    discardAtTurnStart(d, nextSeat, nextArea);
  } else {
    nextArea = 0;
    nextSeat = seat;
    // at most one lap: a checked state never has every seat out while play goes on (rules §6)
    for (let step = 0; ; step++) {
      if (step === n) throw new RangeError('every seat is out while the round goes on');
      nextSeat = nextSeat + 1 === n ? 0 : nextSeat + 1; // clockwise (a modulo costs more)
      discardAtTurnStart(d, nextSeat, 0);
      if (!isOut(d, nextSeat)) break;
    }
  }
  setTurn(d, nextSeat, nextArea, number + 1);
  if (recording(d)) emit(d, { type: 'turnStarted', seat: nextSeat, area: nextArea, number: number + 1 });
}
