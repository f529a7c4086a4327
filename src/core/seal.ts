/**
 * The seal of a player view the library made: what its content was, kept where no caller can
 * reach it, so that a view changed in place afterwards is told from the one the library made.
 * (States are kept otherwise: the library holds its own copy of each, own-copy.ts.)
 *
 * A view is small and read rarely, so it is checked whole: the seal holds its frozen parts (names,
 * deck) by identity and one hash of everything else. The hash is a keyed polynomial over the
 * view's numbers, mixed and cut to 30 bits. Its keys are drawn when the library loads and are
 * never handed out, so a caller cannot aim a change at an unchanged hash; a change is missed only
 * by chance, about one time in 2^30.
 */
import type { HeldCard } from './cards.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import type { TableSet } from './state.js';

/**
 * The keys of every hash, drawn when the library loads (Math.random: not a seeded stream, and
 * never in a state or a record): a caller cannot aim a change at an unchanged hash.
 */
const KEY = (Math.random() * 0x100000000) | 0;
/** An odd multiplier, also drawn at load. */
const MUL = (Math.random() * 0x100000000) | 1;

/** Murmur3's finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A second key, for values that are not 32-bit integers. */
const ODD = (Math.random() * 0x100000000) | 0;

/**
 * A field's value as a 32-bit number for the hash: itself when it is a 32-bit integer (every field
 * of a state the library made), else a keyed mix of what it is, so that `null`, `'1'`, `1.5` or
 * `2 ** 32 + 1` put where a number was never hash as that number.
 */
function num(x: unknown): number {
  return ((x as number) | 0) === x ? (x as number) : oddValue(x);
}

function oddValue(x: unknown): number {
  if (typeof x === 'number') {
    if (Number.isNaN(x)) return fmix(ODD ^ 1);
    const hi = Math.floor(x / 0x100000000);
    const lo = x - hi * 0x100000000;
    return fmix(fmix(ODD ^ (hi | 0)) + (lo >>> 0)) + fmix(ODD + Math.floor((lo % 1) * 0x100000000));
  }
  if (typeof x === 'string') {
    let h = ODD ^ 2;
    for (let i = 0; i < x.length && i < 64; i++) h = fmix(h + x.charCodeAt(i));
    return fmix(h + x.length);
  }
  return fmix(ODD ^ (x === null ? 3 : x === undefined ? 4 : x === true ? 5 : x === false ? 6 : 7));
}

/** One more value into a running hash (a keyed polynomial: one multiply and one add each). */
const step = (h: number, x: unknown): number => (Math.imul(h, MUL) + num(x)) | 0;

/** Odd keys that spread the fields of one item apart before it enters the hash, also drawn at load. */
const KA = (Math.random() * 0x100000000) | 1;
const KB = (Math.random() * 0x100000000) | 1;

/**
 * Two or three fields as one value (`three(a, b, c)`), so that an item costs one step of the
 * running hash: the fields' own multiplies do not wait for each other or for the hash.
 */
const three = (a: unknown, b: unknown, c: unknown): number =>
  (Math.imul(num(a), KA) + Math.imul(num(b), KB) + num(c)) | 0;

/** A running hash as a small integer (30 bits: stored without boxing), every bit mixed. */
const small = (h: number): number => fmix(h) & 0x3fffffff;

/** The keyed mix of the numbers `i`, `a` and `b` (a list's item and its place). */
function item(i: unknown, a: unknown, b: unknown): number {
  return small(step(step(step(KEY, i), a), b));
}

/** The hash of a hand (or any list of cards with their faces up): ids, faces and order. */
function hashCards(cards: readonly HeldCard[]): number {
  if (!Array.isArray(cards)) return small(num(cards));
  let h = step(KEY, cards.length);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    h = (Math.imul(h, MUL) + Math.imul(num(c.id), KA) + num(c.active)) | 0;
  }
  return small(h);
}

/** The hash of a list of numbers (card ids, seats, scores). */
function hashNumbers(list: readonly number[]): number {
  if (!Array.isArray(list)) return small(num(list));
  let h = step(KEY ^ 0x5bd1e995, list.length);
  for (let i = 0; i < list.length; i++) h = step(h, list[i]!);
  return small(h);
}

/** The hash of the table: each set's owner, area, value and cards, in order. */
function hashTable(table: readonly TableSet[]): number {
  if (!Array.isArray(table)) return small(num(table));
  let h = step(KEY ^ 0x27d4eb2f, table.length);
  for (let i = 0; i < table.length; i++) {
    const t = table[i]!;
    const cards = t.cards;
    h = step(step(h, three(t.seat, t.area, t.value)), cards.length);
    for (let j = 0; j < cards.length; j++) h = step(h, cards[j]!);
  }
  return small(h);
}

/**
 * {@link hashNumbers} for a move's cards, which are often frozen lists: V8 reads a frozen array
 * through a slow path, and at a site that also sees plain arrays it slows them all down.
 */
function hashMoveCards(list: readonly number[]): number {
  let h = step(KEY ^ 0x5bd1e995, list.length);
  for (let i = 0; i < list.length; i++) h = step(h, list[i]!);
  return small(h);
}

/** The hash of a move (the last move of a state), or null. */
function hashMove(move: Move | null): number {
  if (move === null) return 1;
  switch (move.type) {
    case 'play':
      return small(step(step(KEY, 11), hashMoveCards(move.cards)));
    case 'add':
      return small(step(step(step(step(KEY, 12), move.card), move.target.seat), move.target.area));
    case 'take':
      return small(step(step(step(KEY, 13), move.target.seat), move.target.area));
    case 'rotate':
      return 14;
    case 'nextRound':
      return 15;
    default:
      return small(step(step(KEY, 16), (move as { type: unknown }).type));
  }
}

/** One event into a running hash: its type and every field it has (views' rotations too). */
function stepEvent(h: number, e: GameEvent): number {
  const x = e as GameEvent & { readonly size?: number; readonly cards: unknown };
  switch (e.type) {
    case 'roundDealt':
      return step(h, three(1, e.round, e.starter));
    case 'setDiscarded':
    case 'setPlayed':
      return step(step(step(h, e.type === 'setPlayed' ? 2 : 3), three(e.seat, e.area, e.value)), hashNumbers(e.cards));
    case 'cardAdded':
      return step(step(step(h, three(4, e.target.seat, e.target.area)), three(e.seat, e.card, e.value)), e.size);
    case 'setBeaten': {
      const fate = e.fate === 'returned' ? 5 : e.fate === 'discarded' ? 6 : 7;
      const where = step(step(step(h, fate), three(e.seat, e.area, e.value)), e.by);
      return step(step(where, hashNumbers(e.cards)), hashCards(e.returned));
    }
    case 'setTaken':
      return step(step(step(h, three(8, e.from.seat, e.from.area)), three(e.seat, e.value, 0)), hashCards(e.cards));
    case 'handRotated': {
      const cards = x.cards as readonly HeldCard[] | null;
      return step(step(h, three(9, e.seat, x.size)), cards === null ? null : hashCards(cards));
    }
    case 'playerOut':
      return step(h, three(10, e.seat, e.place));
    case 'tokensGained':
      return step(step(h, three(11, e.seat, e.tokens)), e.total);
    case 'roundWon':
      return step(h, three(12, e.seat, e.total));
    case 'roundEnded':
      return step(h, three(13, e.round, 0));
    case 'gameWon':
      return step(h, three(14, e.seat, 0));
    case 'turnStarted':
      return step(step(h, three(15, e.seat, e.area)), e.number);
    default:
      return step(step(h, 16), (e as { type: unknown }).type);
  }
}

/** The hash of a list of events, in order. */
function hashEvents(events: readonly GameEvent[]): number {
  if (!Array.isArray(events)) return small(num(events));
  let h = step(KEY ^ 0x165667b1, events.length);
  for (let i = 0; i < events.length; i++) h = stepEvent(h, events[i]!);
  return small(h);
}

/** What a player view was when the library made it: its frozen parts by identity, the rest hashed. */
export interface ViewSeal {
  readonly players: unknown;
  readonly deck: unknown;
  readonly hash: number;
}

const STATUS_CODE: Readonly<Record<string, number>> = { playing: 1, roundOver: 2, gameOver: 3 };

/** Every field of a view that is not frozen, as one hash (a view is small: it is checked whole). */
function hashView(v: Record<string, unknown>): number {
  const turn = v.turn as { seat: number; area: number; number: number };
  const known = v.known as readonly (readonly HeldCard[])[];
  let k = step(KEY, known.length);
  for (let i = 0; i < known.length; i++) k = step(k, hashCards(known[i]!));
  const fields: unknown[] = [
    v.format === 'dnup-view' ? 1 : 0,
    v.seat,
    v.scoring === 'tokens' ? 1 : v.scoring === 'rounds' ? 2 : v.scoring === undefined ? 3 : 0,
    v.round,
    STATUS_CODE[v.status as string] ?? 0,
    hashCards(v.hand as readonly HeldCard[]),
    hashNumbers(v.handSizes as readonly number[]),
    small(k),
    hashTable(v.table as readonly TableSet[]),
    hashNumbers(v.discard as readonly number[]),
    v.discardCount,
    v.starter,
    item(num(turn.seat), num(turn.area), num(turn.number)),
    hashNumbers(v.out as readonly number[]),
    hashNumbers(v.scores as readonly number[]),
    v.winner,
    v.moveCount,
    v.lastMove === undefined ? 2 : hashMove(v.lastMove as Move | null),
    hashEvents(v.events as readonly GameEvent[]),
  ];
  let h = step(KEY, fields.length);
  for (let i = 0; i < fields.length; i++) h = step(h, fields[i]!);
  return small(h);
}

/** The seal of a player view. */
export function sealView(v: object): ViewSeal {
  const r = v as Record<string, unknown>;
  return { players: r.players, deck: r.deck, hash: hashView(r) };
}

/** True when a view is as sealed. Never throws. */
export function viewIntact(v: object, x: ViewSeal): boolean {
  try {
    const r = v as Record<string, unknown>;
    return r.players === x.players && r.deck === x.deck && hashView(r) === x.hash;
  } catch {
    return false;
  }
}
