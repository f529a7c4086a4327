/**
 * The next state under construction. `apply` copies only the top-level arrays it may change
 * (hands, table: at most a few pointers each) and shares everything else with the input state.
 */
import type { CardId, DeckIndex, HeldCard } from './cards.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import type { GameState, GameStatus, TableSet, Turn } from './state.js';

/** Mutable working copy of a {@link GameState}; never escapes `apply`. */
export interface Draft {
  readonly base: GameState;
  readonly index: DeckIndex;
  readonly hands: (readonly HeldCard[])[];
  known: readonly (readonly CardId[])[];
  readonly table: TableSet[];
  discard: readonly CardId[];
  out: readonly number[];
  scores: readonly number[];
  status: GameStatus;
  winner: number | null;
  turn: Turn;
  readonly events: GameEvent[];
}

export function startDraft(state: GameState, index: DeckIndex): Draft {
  return {
    base: state,
    index,
    hands: state.hands.slice(),
    known: state.known,
    table: state.table.slice(),
    discard: state.discard,
    out: state.out,
    scores: state.scores,
    status: state.status,
    winner: state.winner,
    turn: state.turn,
    events: [],
  };
}

export function finishDraft(d: Draft, move: Move): GameState {
  const s = d.base;
  return {
    format: 1,
    players: s.players,
    deck: s.deck,
    seed: s.seed,
    rng: s.rng,
    scoring: s.scoring,
    round: s.round,
    status: d.status,
    hands: d.hands,
    known: d.known,
    table: d.table.slice(), // exact-size copies: arrays grown by push keep spare capacity
    discard: d.discard,
    starter: s.starter,
    turn: d.turn,
    out: d.out,
    scores: d.scores,
    winner: d.winner,
    moveCount: s.moveCount + 1,
    lastMove: move,
    events: d.events.slice(),
  };
}

/** Index of the set in an area, or -1. */
export function setAt(table: readonly TableSet[], seat: number, area: number): number {
  for (let i = 0; i < table.length; i++) {
    const t = table[i]!;
    if (t.seat === seat && t.area === area) return i;
  }
  return -1;
}

/** Puts a set on the table, keeping the table ordered by seat then area. */
export function placeSet(table: TableSet[], set: TableSet): void {
  let i = 0;
  while (i < table.length && (table[i]!.seat < set.seat || (table[i]!.seat === set.seat && table[i]!.area < set.area))) i++;
  table.splice(i, 0, set);
}

/** Records that `ids` entered (`arrived`) or left the hand of `seat` in public knowledge. */
export function updateKnown(d: Draft, seat: number, ids: readonly CardId[], arrived: boolean): void {
  const list = d.known[seat]!;
  let next: readonly CardId[];
  if (arrived) next = list.concat(ids);
  else {
    if (list.length === 0 || !ids.some((id) => list.includes(id))) return;
    next = list.filter((id) => !ids.includes(id));
  }
  const known = d.known.slice();
  known[seat] = next;
  d.known = known;
}

/** Sends cards to the discard pile (face down). */
export function discardCards(d: Draft, cards: readonly CardId[]): void {
  d.discard = d.discard.concat(cards);
}
