/**
 * The library's own copy of each state it hands out.
 *
 * A state the library returns is plain data that its caller may change in place; so the library
 * keeps, in the state's private mark (trust.ts), a copy that shares no changeable part with it.
 * `legalMoves` and `apply` read only that copy: whatever a caller does to the object it holds,
 * they play the game as the library made it. Every other function compares the object with the
 * copy first and refuses a changed one with `CORRUPT_STATE`.
 *
 * Freezing would forbid the change outright, but V8 charges for it twice: `Object.freeze` costs
 * tens of nanoseconds per object, and a frozen array is read through a slow path at every index
 * (docs/benchmarks.md, "Read-only in fact: what it costs"). Two copies cost less: `apply` makes the
 * next state from the library's copy, then a public copy of only the parts the move made anew;
 * the other parts are the public ones of the state before, as they were shared before. An
 * action's events are not copied at all: the library makes them again when it needs them
 * (own-events.ts).
 *
 * The two copies share only frozen things: the names, the deck, the random stream, the cards held
 * (one frozen object per card and face) and the moves (frozen when the library takes them).
 */
import type { CardId, HeldCard } from './cards.js';
import type { GameEvent } from './events.js';
import { eventsAgain, NOT_KEPT } from './own-events.js';
import type { Move } from './moves.js';
import type { GameState, TableSet, Turn } from './state.js';

/**
 * What the library keeps of a state it handed out: its own copy, and the public parts of the
 * handed-out object, to share with the next one.
 */
export interface OwnCopy {
  /** The library's copy: never handed out, never changed. */
  readonly state: GameState;
  /** The public hand of each seat. */
  readonly hands: readonly (readonly HeldCard[])[];
  /** The public list of each seat's known cards. */
  readonly known: readonly (readonly CardId[])[];
  /** The public table: its sets in the order of `state.table`. */
  readonly table: readonly TableSet[];
  readonly out: readonly number[];
  readonly scores: readonly number[];
  readonly turn: Turn;
  /** The shared moves `legalMoves` last listed from `state`, its own copy of them (listed-moves.ts), or null. */
  listed: readonly Move[] | null;
  /**
   * The events of the state handed out, as the library made them: `state.events`, or, when
   * `apply` handed its events out without keeping a copy (own-events.ts), null until
   * {@link ownEvents} makes them again from `before`.
   */
  events: readonly GameEvent[] | null;
  /** The library's copy of the state `state` was made from, while `events` is null; then null. */
  before: GameState | null;
}

/** The events of the state handed out, as the library made them (made again once if not kept). */
export function ownEvents(own: OwnCopy): readonly GameEvent[] {
  if (own.events === null) {
    own.events = eventsAgain(own.before!, own.state);
    own.before = null;
  }
  return own.events;
}

/** A copy of a set: its own list of cards. */
const copySet = (y: TableSet): TableSet => ({ seat: y.seat, area: y.area, value: y.value, cards: y.cards.slice() });

/**
 * A copy of an event: its lists and places its own (cards held are frozen, so shared). One literal
 * per kind, keys in the order the reducer writes them, so each copy has its kind's one shape.
 */
function copyEvent(e: GameEvent): GameEvent {
  switch (e.type) {
    case 'turnStarted':
      return { type: 'turnStarted', seat: e.seat, area: e.area, number: e.number };
    case 'setPlayed':
      return { type: 'setPlayed', seat: e.seat, area: e.area, value: e.value, cards: e.cards.slice() };
    case 'setDiscarded':
      return { type: 'setDiscarded', seat: e.seat, area: e.area, value: e.value, cards: e.cards.slice() };
    case 'cardAdded':
      return {
        type: 'cardAdded',
        seat: e.seat,
        card: e.card,
        target: { seat: e.target.seat, area: e.target.area },
        value: e.value,
        size: e.size,
      };
    case 'setBeaten':
      return {
        type: 'setBeaten',
        seat: e.seat,
        area: e.area,
        value: e.value,
        cards: e.cards.slice(),
        by: e.by,
        fate: e.fate,
        returned: e.returned.slice(),
      };
    case 'setTaken':
      return {
        type: 'setTaken',
        seat: e.seat,
        from: { seat: e.from.seat, area: e.from.area },
        value: e.value,
        cards: e.cards.slice(),
      };
    case 'handRotated':
      return { type: 'handRotated', seat: e.seat, cards: e.cards.slice() };
    case 'roundDealt':
      return { type: 'roundDealt', round: e.round, starter: e.starter };
    case 'playerOut':
      return { type: 'playerOut', seat: e.seat, place: e.place };
    case 'tokensGained':
      return { type: 'tokensGained', seat: e.seat, tokens: e.tokens, total: e.total };
    case 'roundWon':
      return { type: 'roundWon', seat: e.seat, total: e.total };
    case 'roundEnded':
      return { type: 'roundEnded', round: e.round };
    case 'gameWon':
      return { type: 'gameWon', seat: e.seat };
    default:
      return anyEvent(e);
  }
}

/** A copy of an event of a kind not listed above (none today): every field, lists copied. */
function anyEvent(e: GameEvent): GameEvent {
  const out: Record<string, unknown> = {};
  const from = e as unknown as Record<string, unknown>;
  for (const key in from) {
    const v = from[key];
    out[key] = Array.isArray(v) ? v.slice() : typeof v === 'object' && v !== null ? { ...v } : v;
  }
  return out as unknown as GameEvent;
}

/** The events of a move, copied. */
function copyEvents(events: readonly GameEvent[]): GameEvent[] {
  const out = new Array<GameEvent>(events.length);
  for (let i = 0; i < events.length; i++) out[i] = copyEvent(events[i]!);
  return out;
}

/** A move as one nobody can change (exported for replay, whose moves come from a record its caller holds): itself when frozen (the library's own moves), else a frozen copy. */
export function frozenMove(m: Move | null): Move | null {
  if (m === null || Object.isFrozen(m)) return m;
  switch (m.type) {
    case 'play':
      return Object.freeze({ type: 'play', cards: Object.freeze(m.cards.slice()) });
    case 'add':
      return Object.freeze({ type: 'add', card: m.card, target: Object.freeze({ ...m.target }) });
    case 'take':
      return Object.freeze({ type: 'take', target: Object.freeze({ ...m.target }) });
    default:
      return Object.freeze({ type: m.type });
  }
}

/** A state sharing only frozen parts with `s` (same fields, same order: one object shape). */
function copyState(
  s: GameState,
  hands: readonly (readonly HeldCard[])[],
  known: readonly (readonly CardId[])[],
  table: readonly TableSet[],
  turn: Turn,
  out: readonly number[],
  scores: readonly number[],
  events: readonly GameEvent[],
): GameState {
  return {
    format: 1,
    players: s.players,
    deck: s.deck,
    seed: s.seed,
    rng: s.rng,
    scoring: s.scoring,
    round: s.round,
    status: s.status,
    hands,
    known,
    table,
    discardCount: s.discardCount,
    starter: s.starter,
    turn,
    out,
    scores,
    winner: s.winner,
    moveCount: s.moveCount,
    lastMove: s.lastMove,
    events,
  } as GameState;
}

/** A whole copy of `s`, sharing nothing that can change. */
function wholeCopy(s: GameState, lastMove: Move | null): GameState {
  const copy = copyState(
    s,
    s.hands.map((h) => h.slice()),
    s.known.map((k) => k.slice()),
    s.table.map(copySet),
    { seat: s.turn.seat, area: s.turn.area, number: s.turn.number },
    s.out.slice(),
    s.scores.slice(),
    copyEvents(s.events),
  );
  (copy as { lastMove: Move | null }).lastMove = lastMove;
  return copy;
}

/**
 * What the library keeps of `handOut`, the public copy of its own `state`, made just now (so its
 * parts are still the ones the library put there). `before`: the library's copy `state` was made
 * from by a move, to make its events again when `state` keeps none; else null.
 */
export function ownCopy(state: GameState, handOut: GameState, before: GameState | null): OwnCopy {
  const p = handOut;
  const kept = state.events !== NOT_KEPT;
  return {
    state,
    hands: p.hands,
    known: p.known,
    table: p.table,
    out: p.out,
    scores: p.scores,
    turn: p.turn,
    listed: null,
    events: kept ? state.events : null,
    before: kept ? null : before,
  };
}

/**
 * Two copies of a state the library just made (which may share parts with others it handed out):
 * the public one to hand out, and the library's own.
 */
export function twoCopies(s: GameState): { readonly handOut: GameState; readonly own: OwnCopy } {
  const lastMove = frozenMove(s.lastMove);
  const handOut = wholeCopy(s, lastMove);
  return { handOut, own: ownCopy(wholeCopy(s, lastMove), handOut, null) };
}

/**
 * The public copy of `next`, which the library made from its own copy of a state (`was`): the
 * parts `next` shares with it are the public parts of that state; the parts the move made anew
 * are copied, but for the events of an action, which are handed out as they are (own-events.ts),
 * `next` then keeping none. `next` becomes the library's own copy of the result
 * ({@link ownCopy}). Its last move must be frozen.
 */
export function publishApplied(next: GameState, was: OwnCopy): GameState {
  const base = was.state;
  const n = next.hands.length;
  // The lists of public parts are the public object's own: a caller who swaps a part in them can
  // only change what the next public object shares (never the library's copy), which every
  // function but legalMoves and apply then refuses, as it refuses any change.
  let hands = was.hands;
  if (next.hands !== base.hands) {
    const h = new Array<readonly HeldCard[]>(n);
    for (let i = 0; i < n; i++) {
      const hand = next.hands[i]!;
      h[i] = hand === base.hands[i] ? was.hands[i]! : hand.slice();
    }
    hands = h;
  }
  let known = was.known;
  if (next.known !== base.known) {
    const k = new Array<readonly CardId[]>(n);
    for (let i = 0; i < n; i++) {
      const list = next.known[i]!;
      k[i] = list === base.known[i] ? was.known[i]! : list.slice();
    }
    known = k;
  }
  let table = was.table;
  if (next.table !== base.table) {
    const t = new Array<TableSet>(next.table.length);
    const before = base.table;
    for (let j = 0; j < t.length; j++) {
      const y = next.table[j]!;
      // a set kept from before is the same object (a loop: indexOf is a builtin call, for 1-5 sets)
      let k = 0;
      while (k < before.length && before[k] !== y) k++;
      t[j] = k < before.length ? was.table[k]! : copySet(y);
    }
    table = t;
  }
  const out = next.out === base.out ? was.out : next.out.slice();
  const scores = next.scores === base.scores ? was.scores : next.scores.slice();
  const tn = next.turn;
  const turn = tn === base.turn ? was.turn : { seat: tn.seat, area: tn.area, number: tn.number };
  let events: readonly GameEvent[];
  if (next.lastMove?.type === 'nextRound')
    events = copyEvents(next.events); // once a round: kept
  else {
    events = next.events; // lists of their own (draft.ts eventIds)
    (next as { events: readonly GameEvent[] }).events = NOT_KEPT;
  }
  return copyState(next, hands, known, table, turn, out, scores, events);
}

/**
 * True when `a`, a state a caller holds, holds the same data as `b`, the library's own copy of it:
 * the same fields with the same values, the same lists in the same order. Parts the two share are
 * frozen, so the same object is the same data. Never throws (a part that cannot be read is not
 * the same), and reads no deeper than `b` goes.
 */
export function sameState(a: GameState, b: GameState, events: readonly GameEvent[]): boolean {
  try {
    return (
      a.format === b.format &&
      a.players === b.players &&
      a.deck === b.deck &&
      a.seed === b.seed &&
      a.rng === b.rng &&
      a.scoring === b.scoring &&
      a.round === b.round &&
      a.status === b.status &&
      a.discardCount === b.discardCount &&
      a.starter === b.starter &&
      a.winner === b.winner &&
      a.moveCount === b.moveCount &&
      sameTurn(a.turn, b.turn) &&
      sameHands(a.hands, b.hands) &&
      sameLists(a.known, b.known) &&
      sameTable(a.table, b.table) &&
      sameNumbers(a.out, b.out) &&
      sameNumbers(a.scores, b.scores) &&
      same(a.lastMove, b.lastMove) &&
      same(a.events, events) &&
      keyCount(a) === keyCount(b)
    );
  } catch {
    return false;
  }
}

/** The number of enumerable keys of an object (no array made). */
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

function sameTurn(a: Turn, b: Turn): boolean {
  return a === b || (a.seat === b.seat && a.area === b.area && a.number === b.number && keyCount(a) === 3);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameLists(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (!sameNumbers(a[i]!, b[i]!)) return false;
  return true;
}

function sameHands(a: readonly (readonly HeldCard[])[], b: readonly (readonly HeldCard[])[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (!Array.isArray(x) || x.length !== y.length) return false;
    // the library's cards are frozen objects, one per card and face: the same object, or the same data
    for (let j = 0; j < y.length; j++) if (x[j] !== y[j] && !same(x[j], y[j])) return false;
  }
  return true;
}

function sameTable(a: readonly TableSet[], b: readonly TableSet[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.seat !== y.seat || x.area !== y.area || x.value !== y.value || !sameNumbers(x.cards, y.cards)) return false;
    if (keyCount(x) !== 4) return false;
  }
  return true;
}

/** True when `a` holds the same data as `b` (read no deeper than `b` goes); may throw on a hostile `a`. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true; // a primitive, or a part the two copies share: frozen
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(a)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const key in y) {
    if (!Object.hasOwn(x, key) || !same(x[key], y[key])) return false;
    n++;
  }
  return keyCount(x) === n;
}
