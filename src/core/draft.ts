/**
 * The next state under construction, and the only code that changes its storage. Two policies
 * share every rule function: `apply` copies only the top-level arrays it changes (hands, table:
 * at most a few pointers each) and shares everything else with the input state; the search fast
 * path (`live`) owns every array and changes it in place, copying only when it publishes.
 */
import { rotated, rotatedFrom, type CardId, type DeckIndex, type HeldCard } from './cards.js';
import { areasPerSeat } from './players.js';
import { handIndexOf, plainIds } from './actions/hand-cards.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import type { MovePosition } from './position.js';
import type { GameState, GameStatus, TableSet, Turn } from './state.js';
import { handGainedCards, handLostCards } from './sorted-hands.js';
import { valueSlots } from './value-slots.js';

/** A turn the live draft changes in place. */
type LiveTurn = { -readonly [K in keyof Turn]: Turn[K] };

/**
 * Mutable working copy of a {@link GameState}; never escapes `apply` or the fast path. Before any
 * change it is also the position the move is judged in (one object instead of two per move).
 */
export interface Draft extends MovePosition {
  readonly base: GameState;
  readonly index: DeckIndex;
  /**
   * False (`apply`): arrays shared with `base` are replaced, never changed, and every replacement
   * is exact-size since later states keep it. True (the fast path): every array below is this
   * draft's own and is changed in place; {@link publishedLive} copies them out.
   */
  readonly live: boolean;
  readonly hands: (readonly HeldCard[])[];
  known: readonly (readonly CardId[])[];
  table: readonly TableSet[];
  discardCount: number;
  /** Replaced, never changed in place, in both policies (it changes once per seat and round). */
  out: readonly number[];
  /** Replaced, never changed in place, in both policies (it changes only when a seat goes out). */
  scores: readonly number[];
  status: GameStatus;
  winner: number | null;
  turn: Turn;
  /**
   * What the move did, on a live draft; null when nobody reads it (a playout that asked for no
   * events) and on `apply`'s drafts, which hold their first events in `e0`…`e3` (see {@link emit}).
   */
  readonly events: GameEvent[] | null;
  /** `apply`'s drafts: how many events the move made so far, the first four, and the rest. */
  eventCount: number;
  e0: GameEvent | null;
  e1: GameEvent | null;
  e2: GameEvent | null;
  e3: GameEvent | null;
  more: GameEvent[] | null;
  /**
   * A live draft's cards per seat and active value, `tally[seat * tallyWidth + value]`, kept up
   * to date as cards leave, arrive and rotate, so that counting the moves by index
   * (indexed-moves.ts) reads a hand grouped by value without a pass over it; `tally[seat *
   * tallyWidth]` (values are at least 1) holds the values the seat shows, one bit each, so that
   * the count visits only those. Null on `apply`'s drafts, and for decks whose values are not
   * all whole numbers below 32.
   */
  readonly tally: Int32Array | null;
  /** The deck's largest value + 1 (0 without a tally). */
  readonly tallyWidth: number;
}

/**
 * Records an event of the move the draft is playing (nothing on a live draft that records none).
 * `apply`'s drafts keep the first four in fields and build the exact-size list at the end: a
 * list grown by push took 17 slots for the 2–4 events of most moves, then a copy.
 */
export function emit(d: Draft, event: GameEvent): void {
  if (d.live) {
    d.events?.push(event);
    return;
  }
  switch (d.eventCount++) {
    case 0:
      d.e0 = event;
      return;
    case 1:
      d.e1 = event;
      return;
    case 2:
      d.e2 = event;
      return;
    case 3:
      d.e3 = event;
      return;
    default:
      (d.more ??= []).push(event);
  }
}

/**
 * A list of card ids for an event: on `apply`'s drafts a copy, since `apply` hands its events out
 * as they are and keeps none (own-events.ts), so an event shares no list with a state; a live
 * draft's events share the list.
 */
export function eventIds(d: Draft, ids: readonly CardId[]): readonly CardId[] {
  return d.live ? ids : plainIds(ids);
}

/**
 * False on a live draft that records no events: the rule functions then build none (a playout
 * with `{ events: false }` never reads them, and each was an allocation per call).
 */
export function recording(d: Draft): boolean {
  return !d.live || d.events !== null;
}

/** The events of an `apply` draft, as an exact-size list. */
function eventsOf(d: Draft): GameEvent[] {
  switch (d.eventCount) {
    case 0:
      return [];
    case 1:
      return [d.e0!];
    case 2:
      return [d.e0!, d.e1!];
    case 3:
      return [d.e0!, d.e1!, d.e2!];
    case 4:
      return [d.e0!, d.e1!, d.e2!, d.e3!];
    default:
      return [d.e0!, d.e1!, d.e2!, d.e3!].concat(d.more!); // exact size (a player going out: rare)
  }
}

/** The draft `apply` plays one move on. */
export function startDraft(state: GameState, index: DeckIndex): Draft {
  const n = state.players.length;
  return {
    base: state,
    index,
    hand: state.hands[state.turn.seat]!,
    playerCount: n,
    areas: areasPerSeat(n),
    live: false,
    hands: copyOfSmall(state.hands),
    known: state.known,
    table: state.table,
    discardCount: state.discardCount,
    out: state.out,
    scores: state.scores,
    status: state.status,
    winner: state.winner,
    turn: state.turn,
    events: null,
    eventCount: 0,
    e0: null,
    e1: null,
    e2: null,
    e3: null,
    more: null,
    tally: null,
    tallyWidth: 0,
  };
}

/**
 * A draft that owns every array it changes (the fast path): copies of the state's hands, public
 * knowledge, table and turn, changed in place move after move. `events` false records none.
 */
export function startLiveDraft(state: GameState, index: DeckIndex, events: boolean): Draft {
  const n = state.players.length;
  const hands = new Array<HeldCard[]>(n);
  const known = new Array<CardId[]>(n);
  for (let s = 0; s < n; s++) {
    hands[s] = state.hands[s]!.slice();
    known[s] = state.known[s]!.slice();
  }
  const { seat, area, number } = state.turn;
  const byValue = valueSlots(index).byValue;
  const w = byValue !== null && byValue.length <= TALLY_BITS ? byValue.length : 0;
  const tally = w === 0 ? null : tallyOf(hands, w);
  return {
    base: state,
    index,
    hand: hands[seat]!,
    playerCount: n,
    areas: areasPerSeat(n),
    live: true,
    hands,
    known,
    table: objectArray(state.table),
    discardCount: state.discardCount,
    out: state.out,
    scores: state.scores,
    status: state.status,
    winner: state.winner,
    turn: { seat, area, number },
    events: events ? [] : null,
    eventCount: 0,
    e0: null,
    e1: null,
    e2: null,
    e3: null,
    more: null,
    tally,
    tallyWidth: w,
  };
}

/** A tally row's values present fit in one 32-bit word. */
const TALLY_BITS = 32;

/**
 * The tally of `hands` (see `Draft.tally`), rows `w` wide. A function of its own: called once a
 * round, its loop warms it up to optimized code, where startLiveDraft stays in V8's baseline tier.
 */
function tallyOf(hands: readonly (readonly HeldCard[])[], w: number): Int32Array {
  const tally = new Int32Array(hands.length * w);
  for (let s = 0; s < hands.length; s++) {
    const hand = hands[s]!;
    for (let i = 0; i < hand.length; i++) tallyIn(tally, s * w, hand[i]!.active);
  }
  return tally;
}

/** A card showing `value` joins the tally row at `at` (see `Draft.tally`). */
function tallyIn(tally: Int32Array, at: number, value: number): void {
  if (tally[at + value]!++ === 0) tally[at]! |= 1 << value;
}

/** A card showing `value` leaves the tally row at `at`. */
function tallyOut(tally: Int32Array, at: number, value: number): void {
  if (--tally[at + value]! === 0) tally[at]! &= ~(1 << value);
}

/**
 * A copy of `list` that holds objects from the start: a copy of an empty table would hold small
 * integers until its first set, and pushing onto tables of two array kinds is not inlined by V8.
 */
function objectArray<T extends object>(list: readonly T[]): T[] {
  const out: (T | null)[] = [null];
  out.pop();
  for (let i = 0; i < list.length; i++) out.push(list[i]!);
  return out as T[];
}

/** The state `apply` returns: the draft's arrays become the new state's. */
export function finishDraft(d: Draft, move: Move): GameState {
  // exact size: an array grown by push keeps spare capacity
  return stateOf(d, d.hands, d.known, d.table, d.turn, move, d.base.moveCount + 1, eventsOf(d));
}

/**
 * The state a live draft stands for, with exact-size copies of everything it goes on changing in
 * place (the deck, names, sets and their card lists are never changed, so they are shared).
 */
export function publishedLive(d: Draft, move: Move, moveCount: number, events: readonly GameEvent[]): GameState {
  const n = d.hands.length;
  const hands = new Array<readonly HeldCard[]>(n);
  const known = new Array<readonly CardId[]>(n);
  for (let i = 0; i < n; i++) {
    hands[i] = d.hands[i]!.slice();
    known[i] = d.known[i]!.slice();
  }
  const { seat, area, number } = d.turn;
  return stateOf(d, hands, known, d.table.slice(), { seat, area, number }, move, moveCount, events.slice());
}

/** One state literal for both ways of publishing (same fields, same order: one object shape). */
function stateOf(
  d: Draft,
  hands: readonly (readonly HeldCard[])[],
  known: readonly (readonly CardId[])[],
  table: readonly TableSet[],
  turn: Turn,
  move: Move,
  moveCount: number,
  events: readonly GameEvent[],
): GameState {
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
    hands,
    known,
    table,
    discardCount: d.discardCount,
    starter: s.starter,
    turn,
    out: d.out,
    scores: d.scores,
    winner: d.winner,
    moveCount,
    lastMove: move,
    events,
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
  let at = 0;
  while (
    at < table.length &&
    (table[at]!.seat < set.seat || (table[at]!.seat === set.seat && table[at]!.area < set.area))
  )
    at++;
  if (d.live) {
    const t = table as TableSet[];
    t.push(set);
    for (let i = t.length - 1; i > at; i--) t[i] = t[i - 1]!;
    t[at] = set;
    return;
  }
  const next = new Array<TableSet>(table.length + 1);
  for (let i = 0; i < at; i++) next[i] = table[i]!;
  next[at] = set;
  for (let i = at; i < table.length; i++) next[i + 1] = table[i]!;
  d.table = next;
}

/** Takes the set at `at` off the table. */
export function removeSetAt(d: Draft, at: number): void {
  const table = d.table;
  if (d.live) {
    removeAt(table as TableSet[], at);
    return;
  }
  const next = new Array<TableSet>(table.length - 1);
  for (let i = 0, j = 0; i < table.length; i++) if (i !== at) next[j++] = table[i]!;
  d.table = next;
}

/** Replaces the set at `at` (a set that grew). */
export function replaceSetAt(d: Draft, at: number, set: TableSet): void {
  if (d.live) {
    (d.table as TableSet[])[at] = set;
    return;
  }
  const next = copyOfSmall(d.table);
  next[at] = set;
  d.table = next;
}

/** Lists up to this long are searched in place; longer ones through a Set (a custom deck's hand may hold 32,768 cards). */
const SHORT = 8;

/** True when `id` is one of `ids` (a short list). */
function among(ids: readonly CardId[], id: CardId): boolean {
  for (let j = 0; j < ids.length; j++) if (ids[j] === id) return true;
  return false;
}

/** Copies the cards of `hand` not in `ids` into `out` (which may be `hand`), in order; returns how many. */
function keepCards(hand: readonly HeldCard[], ids: readonly CardId[], out: HeldCard[]): number {
  let k = 0;
  if (ids.length <= SHORT) {
    for (let i = 0; i < hand.length; i++) if (!among(ids, hand[i]!.id)) out[k++] = hand[i]!;
    return k;
  }
  const leaving = new Set(ids);
  for (let i = 0; i < hand.length; i++) if (!leaving.has(hand[i]!.id)) out[k++] = hand[i]!;
  return k;
}

/** Copies the ids of `list` not in `ids` into `out` (which may be `list`; null: only count them), in order; returns how many. */
function keepIds(list: readonly CardId[], ids: readonly CardId[], out: CardId[] | null): number {
  let k = 0;
  if (ids.length <= SHORT) {
    for (let i = 0; i < list.length; i++) if (!among(ids, list[i]!)) out === null ? k++ : (out[k++] = list[i]!);
    return k;
  }
  const leaving = new Set(ids);
  for (let i = 0; i < list.length; i++) if (!leaving.has(list[i]!)) out === null ? k++ : (out[k++] = list[i]!);
  return k;
}

/** Takes the item at `at` out of an array the draft owns, keeping the order of the rest. */
function removeAt<T>(list: T[], at: number): void {
  for (let i = at + 1; i < list.length; i++) list[i - 1] = list[i]!;
  list.pop();
}

/** Shortens an array the draft owns to `length` (pop: cheaper than setting `length` for a few items). */
function truncate<T>(list: T[], length: number): void {
  while (list.length > length) list.pop();
}

/**
 * Takes the cards `ids` (all present, each once) out of the hand of `seat`, keeping the order of
 * the rest. Returns the value the first of them showed: `playSet` reads it from the pass that
 * finds the card, not from one more.
 */
export function removeFromHand(d: Draft, seat: number, ids: readonly CardId[]): number {
  const hand = d.hands[seat]!;
  if (d.live) {
    const h = hand as HeldCard[];
    const tally = d.tally;
    if (ids.length > SHORT) {
      const first = h[handIndexOf(h, ids[0]!)]!.active;
      if (tally !== null) {
        const at = seat * d.tallyWidth;
        for (let j = 0; j < ids.length; j++) tallyOut(tally, at, h[handIndexOf(h, ids[j]!)]!.active);
      }
      truncate(h, keepCards(h, ids, h));
      return first;
    }
    let first = 0;
    if (tally !== null) {
      const at = seat * d.tallyWidth;
      for (let j = 0; j < ids.length; j++) {
        const k = handIndexOf(h, ids[j]!);
        const value = h[k]!.active;
        if (j === 0) first = value;
        tallyOut(tally, at, value);
        removeAt(h, k);
      }
    } else
      for (let j = 0; j < ids.length; j++) {
        const k = handIndexOf(h, ids[j]!);
        if (j === 0) first = h[k]!.active;
        removeAt(h, k);
      }
    return first;
  }
  const out = new Array<HeldCard>(hand.length - ids.length); // exact size: states are kept long
  let first = 0;
  if (ids.length === 1) {
    // one card (most moves): one pass, its id read once
    const id = ids[0]!;
    for (let i = 0, k = 0; i < hand.length; i++) {
      const c = hand[i]!;
      if (c.id !== id) out[k++] = c;
      else first = c.active;
    }
  } else {
    first = hand[handIndexOf(hand, ids[0]!)]!.active;
    keepCards(hand, ids, out);
  }
  d.hands[seat] = out;
  handLostCards(seat, hand, out, ids);
  return first;
}

/** Returned by {@link addRotatedToHand} when no event will read the list. */
const NO_CARDS: readonly HeldCard[] = Object.freeze([]);

/**
 * Puts the cards of a table set at the end of the hand of `seat`, each rotated (rules §5 golden
 * rule). Returns them as they arrived, for the event (an empty list when none is recorded).
 */
export function addRotatedToHand(d: Draft, seat: number, set: TableSet): readonly HeldCard[] {
  const index = d.index;
  const ids = set.cards;
  const hand = d.hands[seat]!;
  if (d.live) {
    const h = hand as HeldCard[];
    const from = h.length;
    for (let i = 0; i < ids.length; i++) h.push(rotatedFrom(index, ids[i]!, set.value));
    const tally = d.tally;
    if (tally !== null) {
      const at = seat * d.tallyWidth;
      for (let i = from; i < h.length; i++) tallyIn(tally, at, h[i]!.active);
    }
    return d.events === null ? NO_CARDS : h.slice(from);
  }
  const cards = new Array<HeldCard>(ids.length);
  for (let i = 0; i < ids.length; i++) cards[i] = rotatedFrom(index, ids[i]!, set.value);
  const next = appendCards(hand, cards);
  d.hands[seat] = next;
  handGainedCards(seat, hand, next, cards);
  return cards;
}

/** Rotates every card of the hand of `seat` (rules §5 D); returns the hand as it is now. */
export function rotateWholeHand(d: Draft, seat: number): readonly HeldCard[] {
  const index = d.index;
  const hand = d.hands[seat]!;
  if (d.live) {
    const h = hand as HeldCard[];
    const tally = d.tally;
    if (tally !== null) {
      const at = seat * d.tallyWidth;
      for (let i = 0; i < h.length; i++) {
        const c = h[i]!;
        const r = rotated(index, c);
        tallyOut(tally, at, c.active);
        tallyIn(tally, at, r.active);
        h[i] = r;
      }
      return h;
    }
    for (let i = 0; i < h.length; i++) h[i] = rotated(index, h[i]!);
    return h;
  }
  const next = new Array<HeldCard>(hand.length);
  for (let i = 0; i < hand.length; i++) next[i] = rotated(index, hand[i]!);
  d.hands[seat] = next;
  return next;
}

/** Records that `ids` entered (`arrived`) or left the hand of `seat` in public knowledge. */
export function updateKnown(d: Draft, seat: number, ids: readonly CardId[], arrived: boolean): void {
  const list = d.known[seat]!;
  if (d.live) {
    const l = list as CardId[];
    if (arrived) for (let i = 0; i < ids.length; i++) l.push(ids[i]!);
    else if (l.length > 0) {
      if (ids.length > SHORT) truncate(l, keepIds(l, ids, l));
      else
        for (let j = 0; j < ids.length; j++) {
          const id = ids[j]!; // once: card lists come in several array kinds, read through a generic load
          for (let at = 0; at < l.length; at++) {
            if (l[at] !== id) continue;
            removeAt(l, at);
            break;
          }
        }
    }
    return;
  }
  let next: readonly CardId[];
  if (arrived) next = appendAll(list, ids);
  else {
    if (list.length === 0) return;
    if (ids.length === 1) {
      // one card (most moves): read once, not once per known card
      const id = ids[0]!;
      let at = 0;
      while (at < list.length && list[at] !== id) at++;
      if (at === list.length) return; // it was not known
      const kept = new Array<CardId>(list.length - 1);
      for (let i = 0, k = 0; i < list.length; i++) if (i !== at) kept[k++] = list[i]!;
      next = kept;
    } else {
      const stays = keepIds(list, ids, null);
      if (stays === list.length) return; // none of them was known
      const kept = new Array<CardId>(stays);
      keepIds(list, ids, kept);
      next = kept;
    }
  }
  const known = copyOfSmall(d.known);
  known[seat] = next;
  d.known = known;
}

/** Starts turn `number` of `seat` in `area`. */
export function setTurn(d: Draft, seat: number, area: number, number: number): void {
  if (d.live) {
    const t = d.turn as LiveTurn;
    t.seat = seat;
    t.area = area;
    t.number = number;
    return;
  }
  d.turn = { seat, area, number };
}

/**
 * {@link appendAll} for hands: a function of its own, so that its loads see only lists of cards,
 * while appendAll's see lists of ids of every array kind (shared moves' frozen lists, copies…).
 */
function appendCards(a: readonly HeldCard[], b: readonly HeldCard[]): HeldCard[] {
  const out = new Array<HeldCard>(a.length + b.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]!;
  return out;
}

/**
 * A copy of a short list (one per seat, or the table: a few items), without the builtin call of
 * `slice`, which costs more than the copy itself at these sizes.
 */
function copyOfSmall<T>(a: readonly T[]): T[] {
  switch (a.length) {
    case 2:
      return [a[0]!, a[1]!];
    case 3:
      return [a[0]!, a[1]!, a[2]!];
    case 4:
      return [a[0]!, a[1]!, a[2]!, a[3]!];
    case 5:
      return [a[0]!, a[1]!, a[2]!, a[3]!, a[4]!];
    default:
      return a.slice();
  }
}

/** `a` followed by `b`, as an exact-size array (cheaper than `concat` for short arrays). */
export function appendAll<T>(a: readonly T[], b: readonly T[]): T[] {
  const out = new Array<T>(a.length + b.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]!;
  return out;
}

/** True when `seat` is out this round (a loop: `includes` is a builtin call, and `out` holds at most 2 seats). */
export function isOut(d: Draft, seat: number): boolean {
  const out = d.out;
  for (let i = 0; i < out.length; i++) if (out[i] === seat) return true;
  return false;
}

/** Sends cards to the discard pile (face down). */
export function discardCards(d: Draft, cards: readonly CardId[]): void {
  d.discardCount += cards.length;
}
