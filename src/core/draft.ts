/**
 * The next state under construction. `apply` copies only the top-level arrays it may change
 * (hands, table: at most a few pointers each) and shares everything else with the input state.
 */
import type { CardId, DeckIndex, HeldCard } from './cards.js';
import { areasPerSeat } from './players.js';
import { memberOf } from './actions/hand-cards.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import type { MovePosition } from './position.js';
import type { GameState, GameStatus, TableSet, Turn } from './state.js';

/**
 * Mutable working copy of a {@link GameState}; never escapes `apply`. Before any change it is
 * also the position the move is judged in (one object instead of two per move).
 */
export interface Draft extends MovePosition {
  readonly base: GameState;
  readonly index: DeckIndex;
  readonly hands: (readonly HeldCard[])[];
  known: readonly (readonly CardId[])[];
  /** Never changed in place: each change makes an exact-size copy, which later states keep. */
  table: readonly TableSet[];
  discardCount: number;
  out: readonly number[];
  scores: readonly number[];
  status: GameStatus;
  winner: number | null;
  turn: Turn;
  readonly events: GameEvent[];
}

export function startDraft(state: GameState, index: DeckIndex): Draft {
  const n = state.players.length;
  return {
    base: state,
    index,
    hand: state.hands[state.turn.seat]!,
    playerCount: n,
    areas: areasPerSeat(n),
    hands: state.hands.slice(),
    known: state.known,
    table: state.table,
    discardCount: state.discardCount,
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
    table: d.table,
    discardCount: d.discardCount,
    starter: s.starter,
    turn: d.turn,
    out: d.out,
    scores: d.scores,
    winner: d.winner,
    moveCount: s.moveCount + 1,
    lastMove: move,
    events: d.events.slice(), // exact size: an array grown by push keeps spare capacity
  } as GameState; // scoring sets the winner exactly when it sets gameOver (rules §6)
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
export function placeSet(d: Draft, set: TableSet): void {
  const table = d.table;
  const next = new Array<TableSet>(table.length + 1);
  let j = 0;
  let placed = false;
  for (let i = 0; i < table.length; i++) {
    const t = table[i]!;
    if (!placed && (t.seat > set.seat || (t.seat === set.seat && t.area > set.area))) {
      next[j++] = set;
      placed = true;
    }
    next[j++] = t;
  }
  if (!placed) next[j] = set;
  d.table = next;
}

/** Takes the set at `at` off the table. */
export function removeSetAt(d: Draft, at: number): void {
  const table = d.table;
  const next = new Array<TableSet>(table.length - 1);
  for (let i = 0, j = 0; i < table.length; i++) if (i !== at) next[j++] = table[i]!;
  d.table = next;
}

/** Replaces the set at `at` (a set that grew). */
export function replaceSetAt(d: Draft, at: number, set: TableSet): void {
  const next = d.table.slice();
  next[at] = set;
  d.table = next;
}

/** Records that `ids` entered (`arrived`) or left the hand of `seat` in public knowledge. */
export function updateKnown(d: Draft, seat: number, ids: readonly CardId[], arrived: boolean): void {
  const list = d.known[seat]!;
  let next: readonly CardId[];
  if (arrived) next = appendAll(list, ids);
  else {
    if (list.length === 0) return;
    const leaves = memberOf(ids);
    let leaving = 0;
    for (let i = 0; i < list.length; i++) if (leaves(list[i]!)) leaving++;
    if (leaving === 0) return;
    const kept = new Array<CardId>(list.length - leaving);
    for (let i = 0, j = 0; i < list.length; i++) if (!leaves(list[i]!)) kept[j++] = list[i]!;
    next = kept;
  }
  const known = d.known.slice();
  known[seat] = next;
  d.known = known;
}

/** `a` followed by `b`, as an exact-size array (cheaper than `concat` for short arrays). */
export function appendAll<T>(a: readonly T[], b: readonly T[]): T[] {
  const out = new Array<T>(a.length + b.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]!;
  return out;
}

/** Sends cards to the discard pile (face down). */
export function discardCards(d: Draft, cards: readonly CardId[]): void {
  d.discardCount += cards.length;
}
