/**
 * A player view from outside, read as {@link readInput} reads any value (each field once, into a
 * fresh copy of plain JSON data, within the same limits, refused with the same problem and path),
 * but faster for the usual shape of a view: a copy of one that {@link playerView} made, its fields
 * in that order. The general reader builds each record key by key, which V8 runs on its slowest
 * path for records of many shapes (a view holds about thirty records); here the cards held, the
 * sets, the turn and the lists of numbers and names are copied as literals of their one shape.
 * Any part not of that shape goes to the general reader: the value the field gave, so that nothing
 * is read twice.
 */
import { STANDARD_DECK } from '../core/index.js';
import {
  copyValue,
  INPUT_LIMITS,
  isPlainObject,
  readWith,
  refuse,
  type InputResult,
  type PlainValue,
  type Reading,
} from '../core/internal.js';

/** What the general reader may find in a view as the library's own: the standard deck. */
export const STANDARD_LIKE = { deck: STANDARD_DECK } as unknown as PlainValue;

/** The fields of a view in {@link playerView}'s order. */
export const VIEW_FIELDS = [
  'format',
  'seat',
  'players',
  'deck',
  'scoring',
  'round',
  'status',
  'hand',
  'handSizes',
  'known',
  'table',
  'discard',
  'discardCount',
  'starter',
  'turn',
  'out',
  'scores',
  'winner',
  'moveCount',
  'lastMove',
  'events',
] as const;

/** `readInput(input, {}, STANDARD_LIKE)`: the same copy (its fields in playerView's order) or the same problem. */
export function readViewInput(input: unknown): InputResult {
  return readWith({}, (r) => viewCopy(r, input));
}

function viewCopy(r: Reading, x: unknown): PlainValue {
  if (!keysAre(x, VIEW_FIELDS) || r.nodes >= r.maxNodes) return copyValue(r, x, 0, STANDARD_LIKE);
  r.nodes++;
  r.open.push(x);
  // each field read once and copied before the next is read, as the general reader does; a field
  // that holds undefined is left out, as JSON leaves it
  let v: unknown;
  let missing = false;
  const gone = (): undefined => {
    missing = true;
    return undefined;
  };
  const copy: Record<string, PlainValue | undefined> = {
    format: (v = x.format) === undefined ? gone() : scalar(r, v, 'format'),
    seat: (v = x.seat) === undefined ? gone() : scalar(r, v, 'seat'),
    players: (v = x.players) === undefined ? gone() : names(r, v, 'players'),
    deck: (v = x.deck) === undefined ? gone() : deckCopy(r, v),
    scoring: (v = x.scoring) === undefined ? gone() : scalar(r, v, 'scoring'),
    round: (v = x.round) === undefined ? gone() : scalar(r, v, 'round'),
    status: (v = x.status) === undefined ? gone() : scalar(r, v, 'status'),
    hand: (v = x.hand) === undefined ? gone() : heldCards(r, v, 'hand', 1),
    handSizes: (v = x.handSizes) === undefined ? gone() : numbers(r, v, 'handSizes', 1),
    known: (v = x.known) === undefined ? gone() : knownCards(r, v),
    table: (v = x.table) === undefined ? gone() : sets(r, v),
    discard: (v = x.discard) === undefined ? gone() : numbers(r, v, 'discard', 1),
    discardCount: (v = x.discardCount) === undefined ? gone() : scalar(r, v, 'discardCount'),
    starter: (v = x.starter) === undefined ? gone() : scalar(r, v, 'starter'),
    turn: (v = x.turn) === undefined ? gone() : turnCopy(r, v),
    out: (v = x.out) === undefined ? gone() : numbers(r, v, 'out', 1),
    scores: (v = x.scores) === undefined ? gone() : numbers(r, v, 'scores', 1),
    winner: (v = x.winner) === undefined ? gone() : scalar(r, v, 'winner'),
    moveCount: (v = x.moveCount) === undefined ? gone() : scalar(r, v, 'moveCount'),
    lastMove: (v = x.lastMove) === undefined ? gone() : part(r, v, 'lastMove', 1, undefined),
    events: (v = x.events) === undefined ? gone() : part(r, v, 'events', 1, undefined),
  };
  r.open.pop();
  if (missing) for (const key of VIEW_FIELDS) if (copy[key] === undefined) delete copy[key]; // only a hand-made object
  return copy as PlainValue;
}

/** The general reader's copy of `x`, the value of `key` (at `depth`) below the current path. */
function part(r: Reading, x: unknown, key: string | number, depth: number, like: unknown): PlainValue {
  r.trail.push(key);
  const c = copyValue(r, x, depth, like);
  r.trail.pop();
  return c;
}

/** A number that JSON holds, counted as read, or undefined. */
function plainNumber(r: Reading, x: unknown): number | undefined {
  if (typeof x !== 'number' || !Number.isFinite(x) || r.nodes >= r.maxNodes) return undefined;
  r.nodes++;
  return x === 0 ? 0 : x; // -0 reads as 0, as JSON would
}

/** A scalar field: a number, a short text, true, false or null; anything else to the general reader. */
function scalar(r: Reading, x: unknown, key: string): PlainValue {
  if (typeof x === 'number') {
    const n = plainNumber(r, x);
    if (n !== undefined) return n;
  } else if (
    ((typeof x === 'string' && x.length <= INPUT_LIMITS.stringLength) || typeof x === 'boolean' || x === null) &&
    r.nodes < r.maxNodes
  ) {
    r.nodes++;
    return x;
  }
  return part(r, x, key, 1, undefined);
}

/**
 * The length of the list `x` at `depth` when it may be read here: an array, within the limits
 * (else -1, and the general reader refuses it in its own words). Counts it and marks it open (a
 * cycle returns to it).
 */
function openList(r: Reading, x: unknown, depth: number): number {
  if (!Array.isArray(x) || depth + 1 >= r.maxDepth || r.nodes >= r.maxNodes || r.open.includes(x)) return -1;
  const n = x.length; // read once: a Proxy's trap counts it
  if (n > r.maxNodes - r.nodes - 1) return -1;
  r.nodes++;
  r.open.push(x);
  return n;
}

/** Element `i` of the list `x`, `e`, which is not of the usual shape: as the general reader reads it. */
function element(r: Reading, x: unknown[], i: number, e: unknown, depth: number): PlainValue {
  if (e === undefined && !(i in x)) {
    r.trail.push(i);
    refuse(r, 'This list has a hole here (a missing element).');
  }
  return part(r, e, i, typeof e === 'object' && e !== null ? depth : 0, undefined);
}

/**
 * A list of numbers, the value of `key` at `depth`. Each kind of list below has a loop of its own:
 * one loop calling a function for each element was slower.
 */
function numbers(r: Reading, x: unknown, key: string, depth: number): PlainValue {
  const n = openList(r, x, depth);
  if (n < 0) return part(r, x, key, depth, undefined);
  const xs = x as unknown[];
  r.trail.push(key);
  const list = new Array<PlainValue>(n);
  for (let i = 0; i < n; i++) {
    const e = xs[i];
    list[i] = plainNumber(r, e) ?? element(r, xs, i, e, depth + 1);
  }
  r.trail.pop();
  r.open.pop();
  return list;
}

/** The players' names: a list of texts. */
function names(r: Reading, x: unknown, key: string): PlainValue {
  const n = openList(r, x, 1);
  if (n < 0) return part(r, x, key, 1, undefined);
  const xs = x as unknown[];
  r.trail.push(key);
  const list = new Array<PlainValue>(n);
  for (let i = 0; i < n; i++) {
    const e = xs[i];
    if (typeof e === 'string' && e.length <= INPUT_LIMITS.stringLength && r.nodes < r.maxNodes) {
      r.nodes++;
      list[i] = e;
    } else list[i] = element(r, xs, i, e, 2);
  }
  r.trail.pop();
  r.open.pop();
  return list;
}

/**
 * True when `x` is a plain record whose keys are `names` in that order (no value read). An
 * enumerable field added to Object.prototype, which `for…in` lists after the own keys, makes the
 * answer false: the general reader then lists the own keys alone.
 */
function keysAre(x: unknown, names: readonly string[]): x is Record<string, unknown> {
  if (!isPlainObject(x)) return false;
  let n = 0;
  for (const key in x) if (n >= names.length || key !== names[n++]) return false;
  return n === names.length;
}

/** The keys, in `playerView`'s order, of the records copied here. */
const HELD = ['id', 'active'];
const SET = ['seat', 'area', 'value', 'cards'];
const TURN = ['seat', 'area', 'number'];
const DECK = ['name', 'cards'];
const CARD = ['id', 'faces', 'minPlayers'];
const STAR_CARD = ['id', 'faces', 'minPlayers', 'star'];

/**
 * A record not of the usual shape once its fields were read (`read`, in its order): the general
 * reader's copy of them, `x` marked open as the general reader would have marked it.
 */
function readRecord(
  r: Reading,
  x: object,
  read: Record<string, unknown>,
  key: number | string,
  depth: number,
  like?: unknown,
): PlainValue {
  r.open.push(x);
  const c = part(r, read, key, depth, like);
  r.open.pop();
  return c;
}

/** A card held, `{ id, active }`, element `i` at `depth`. */
function heldCard(r: Reading, x: unknown, i: number, depth: number): PlainValue {
  if (!keysAre(x, HELD) || depth >= r.maxDepth || r.nodes >= r.maxNodes || r.open.includes(x))
    return part(r, x, i, depth, undefined);
  const id = x.id;
  const active = x.active;
  if (typeof id === 'number' && typeof active === 'number' && r.nodes + 3 <= r.maxNodes) {
    const before = r.nodes;
    const a = plainNumber(r, id);
    const b = plainNumber(r, active);
    if (a !== undefined && b !== undefined) {
      r.nodes++;
      return { id: a, active: b };
    }
    r.nodes = before; // counted again by the general reader
  }
  return readRecord(r, x, { id, active }, i, depth);
}

/** A list of cards held, the value of `key` at `depth`. */
function heldCards(r: Reading, x: unknown, key: string | number, depth: number): PlainValue {
  const n = openList(r, x, depth);
  if (n < 0) return part(r, x, key, depth, undefined);
  const xs = x as unknown[];
  r.trail.push(key);
  const list = new Array<PlainValue>(n);
  for (let i = 0; i < n; i++) {
    const e = xs[i];
    list[i] = typeof e === 'object' && e !== null ? heldCard(r, e, i, depth + 1) : element(r, xs, i, e, depth + 1);
  }
  r.trail.pop();
  r.open.pop();
  return list;
}

/** Each seat's known cards: a list of lists of cards held. */
function knownCards(r: Reading, x: unknown): PlainValue {
  const n = openList(r, x, 1);
  if (n < 0) return part(r, x, 'known', 1, undefined);
  const xs = x as unknown[];
  r.trail.push('known');
  const list = new Array<PlainValue>(n);
  for (let i = 0; i < n; i++) {
    const e = xs[i];
    list[i] = Array.isArray(e) ? heldCards(r, e, i, 2) : element(r, xs, i, e, 2);
  }
  r.trail.pop();
  r.open.pop();
  return list;
}

/** The sets on the table: `{ seat, area, value, cards }` each. */
function sets(r: Reading, x: unknown): PlainValue {
  const n = openList(r, x, 1);
  if (n < 0) return part(r, x, 'table', 1, undefined);
  const xs = x as unknown[];
  r.trail.push('table');
  const list = new Array<PlainValue>(n);
  for (let i = 0; i < n; i++) {
    const e = xs[i];
    list[i] = typeof e === 'object' && e !== null ? tableSet(r, e, i) : element(r, xs, i, e, 2);
  }
  r.trail.pop();
  r.open.pop();
  return list;
}

/** A set, element `i` of the table (depth 2). */
function tableSet(r: Reading, x: unknown, i: number): PlainValue {
  if (!keysAre(x, SET) || r.nodes >= r.maxNodes || r.open.includes(x)) return part(r, x, i, 2, undefined);
  const seat = x.seat;
  const area = x.area;
  const value = x.value;
  const cards = x.cards;
  if (
    typeof seat === 'number' &&
    typeof area === 'number' &&
    typeof value === 'number' &&
    Array.isArray(cards) &&
    r.nodes + 4 <= r.maxNodes
  ) {
    const before = r.nodes;
    const s = plainNumber(r, seat);
    const a = plainNumber(r, area);
    const v = plainNumber(r, value);
    if (s !== undefined && a !== undefined && v !== undefined) {
      r.nodes++;
      r.open.push(x);
      r.trail.push(i);
      const c = numbers(r, cards, 'cards', 3);
      r.trail.pop();
      r.open.pop();
      return { seat: s, area: a, value: v, cards: c };
    }
    r.nodes = before; // counted again by the general reader
  }
  return readRecord(r, x, { seat, area, value, cards }, i, 2);
}

/** The turn: `{ seat, area, number }`. */
function turnCopy(r: Reading, x: unknown): PlainValue {
  if (!keysAre(x, TURN) || r.nodes >= r.maxNodes || r.open.includes(x)) return part(r, x, 'turn', 1, undefined);
  const seat = x.seat;
  const area = x.area;
  const number = x.number;
  if (typeof seat === 'number' && typeof area === 'number' && typeof number === 'number' && r.nodes + 4 <= r.maxNodes) {
    const before = r.nodes;
    const s = plainNumber(r, seat);
    const a = plainNumber(r, area);
    const n = plainNumber(r, number);
    if (s !== undefined && a !== undefined && n !== undefined) {
      r.nodes++;
      return { seat: s, area: a, number: n };
    }
    r.nodes = before;
  }
  return readRecord(r, x, { seat, area, number }, 'turn', 1);
}

/** A card of the standard deck, its fields where V8 reads them fast (the deck's own lists are frozen: read slowly). */
interface StandardCard {
  readonly card: PlainValue;
  readonly id: number;
  readonly face0: number;
  readonly face1: number;
  readonly minPlayers: number;
  /** true for the ★ card, undefined for the others (which have no such field). */
  readonly star: true | undefined;
}

let standardCards: readonly StandardCard[] | undefined;

/** The standard deck's cards, read once. */
function standard(): readonly StandardCard[] {
  standardCards ??= STANDARD_DECK.cards.map((c) => ({
    card: c as unknown as PlainValue,
    id: c.id,
    face0: c.faces[0],
    face1: c.faces[1],
    minPlayers: c.minPlayers ?? 2,
    star: c.star === true ? true : undefined,
  }));
  return standardCards;
}

/**
 * The deck: a copy of the standard deck is the library's own deck (as the general reader returns
 * it, given the standard deck as the library's data), card by card; anything else goes to the
 * general reader from the first part that differs, with the values read so far.
 */
function deckCopy(r: Reading, x: unknown): PlainValue {
  const model = standard();
  if (!keysAre(x, DECK) || r.nodes + 2 > r.maxNodes || r.open.includes(x)) return part(r, x, 'deck', 1, STANDARD_DECK);
  const name = x.name;
  const cards = x.cards;
  if (name !== 'standard' || !Array.isArray(cards) || cards.length !== model.length || r.open.includes(cards))
    return readRecord(r, x, { name, cards }, 'deck', 1, STANDARD_DECK);
  r.nodes += 3; // the deck, its name, its list of cards
  r.open.push(x, cards);
  r.trail.push('deck', 'cards');
  let list: PlainValue[] | undefined;
  for (let j = 0; j < model.length; j++) {
    const e = cards[j];
    const m = model[j]!;
    const c = typeof e === 'object' && e !== null ? deckCard(r, e, j, m) : element(r, cards, j, e, 3);
    if (list === undefined) {
      if (c === m.card) continue;
      list = (STANDARD_DECK.cards as unknown as PlainValue[]).slice(0, j); // the cards before: equal, the library's own
      list.length = model.length;
    }
    list[j] = c;
  }
  r.trail.pop();
  r.trail.pop();
  r.open.pop();
  r.open.pop();
  return list === undefined ? (STANDARD_DECK as unknown as PlainValue) : { name: 'standard', cards: list };
}

/** Card `j` of a deck (depth 3): the standard card itself when `x` holds its data, else a copy. */
function deckCard(r: Reading, x: object, j: number, m: StandardCard): PlainValue {
  const usual = keysAre(x, m.star === undefined ? CARD : STAR_CARD);
  if (!usual || r.nodes + 7 > r.maxNodes || r.open.includes(x)) return part(r, x, j, 3, m.card);
  const o = x as Record<string, unknown>;
  const id = o.id;
  const faces = o.faces;
  const minPlayers = o.minPlayers;
  const star = m.star === undefined ? undefined : o.star;
  if (id !== m.id || minPlayers !== m.minPlayers || star !== m.star || !Array.isArray(faces) || faces.length !== 2) {
    const read = m.star === undefined ? { id, faces, minPlayers } : { id, faces, minPlayers, star };
    return readRecord(r, x, read, j, 3, m.card);
  }
  const face0 = faces[0];
  const face1 = faces[1];
  if (face0 === m.face0 && face1 === m.face1) {
    r.nodes += m.star === undefined ? 6 : 7; // the card, its fields, its faces and the list of them
    return m.card;
  }
  // the faces differ: the card copied, its faces as read
  r.open.push(x, faces);
  r.trail.push(j, 'faces');
  r.nodes += m.star === undefined ? 4 : 5; // the card, its id, players, star and list of faces
  const f0 = plainNumber(r, face0) ?? element(r, faces, 0, face0, 5);
  const f1 = plainNumber(r, face1) ?? element(r, faces, 1, face1, 5);
  r.trail.pop();
  r.trail.pop();
  r.open.pop();
  r.open.pop();
  const copy: Record<string, PlainValue> = { id: m.id, faces: [f0, f1], minPlayers: m.minPlayers };
  if (m.star !== undefined) copy.star = true;
  return copy;
}
