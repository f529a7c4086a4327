/**
 * Shared, frozen move objects for the moves `legalMoves` lists: plays (of one card, and of several
 * within bounds), adds, takes, rotate and nextRound. Listing them allocates nothing, and `apply` recognises them by
 * identity, so it can skip the shape check and the defensive copy for them.
 */
import type { CardId } from './cards.js';
import type { AddMove, Move, NextRoundMove, PlayMove, RotateMove, TakeMove } from './move-shapes.js';
import { ReturnsItsArgument } from './private-mark.js';

/** Seats and areas fit in these bounds (rules §1: at most 5 seats, 2 areas each). */
const SEATS = 5;
const AREAS = 2;

const singles: (PlayMove | undefined)[] = [];
const takes: (TakeMove | undefined)[] = [];
const adds: (AddMove | undefined)[] = [];

/**
 * The mark of a shared move: a private field (as trust.ts marks states), which no copy carries and
 * no caller can forge. Recognised by the mark only: reading a foreign object's fields could run
 * its getters. Stamped before freezing.
 */
class Interned extends ReturnsItsArgument {
  #interned: undefined;
  // explicit: the default constructor of a derived class passes its arguments on as varargs, slower
  constructor(o: object) {
    super(o);
  }
  static has(x: object): boolean {
    return #interned in x;
  }
}

function intern<T extends Move>(move: T): T {
  // the result of `new` (the move itself) is used, so no bundler drops the call as pure
  return Object.freeze(new Interned(move) as unknown as T);
}

export const ROTATE: RotateMove = intern({ type: 'rotate' });
export const NEXT_ROUND: NextRoundMove = intern({ type: 'nextRound' });

/** `{ type: 'play', cards: [id] }`, shared. */
export function singlePlay(id: CardId): PlayMove {
  return (singles[id] ??= intern({ type: 'play', cards: Object.freeze([id]) }));
}

/**
 * Shared plays of two cards or more, in a trie by card id (ascending, as `legalMoves` lists them):
 * listing them allocates nothing and `apply` takes them without a copy. Bounded, since a custom
 * deck could hold millions of same-value subsets: only card ids below {@link TRIE_IDS}, and at
 * most {@link TRIE_NODES} nodes in all; past either, `multiPlay` makes a fresh (unshared) move.
 */
interface PlayNode {
  move: PlayMove | undefined;
  next: (PlayNode | undefined)[];
}
const TRIE_IDS = 128;
const TRIE_NODES = 1 << 16;
const roots: (PlayNode | undefined)[] = [];
let trieNodes = 0;
/** How many unshared plays {@link multiPlay} has made: unchanged over a listing, every move it made is shared. */
let freshPlays = 0;

/** The number of unshared plays made so far (see {@link multiPlay}). */
export function freshPlayCount(): number {
  return freshPlays;
}

/**
 * `{ type: 'play', cards }` for `size` ≥ 2 cards `ids[from + pick[i]]`, ascending: the shared move
 * when the trie holds it or has room for it, else a fresh one.
 */
export function multiPlay(ids: ArrayLike<CardId>, from: number, pick: readonly number[], size: number): PlayMove {
  let level: (PlayNode | undefined)[] = roots;
  let node: PlayNode | undefined;
  for (let i = 0; i < size; i++) {
    const id = ids[from + pick[i]!]!;
    if (id >= TRIE_IDS) return freshPlay(ids, from, pick, size);
    node = level[id];
    if (node === undefined) {
      if (trieNodes >= TRIE_NODES) return freshPlay(ids, from, pick, size);
      trieNodes++;
      node = level[id] = { move: undefined, next: [] };
    }
    level = node.next;
  }
  return (node!.move ??= intern({ type: 'play', cards: Object.freeze(cardsOf(ids, from, pick, size)) }));
}

function cardsOf(ids: ArrayLike<CardId>, from: number, pick: readonly number[], size: number): CardId[] {
  const cards = new Array<CardId>(size);
  for (let i = 0; i < size; i++) cards[i] = ids[from + pick[i]!]!;
  return cards;
}

function freshPlay(ids: ArrayLike<CardId>, from: number, pick: readonly number[], size: number): PlayMove {
  freshPlays++;
  return { type: 'play', cards: cardsOf(ids, from, pick, size) };
}

/** `{ type: 'take', target: { seat, area } }`, shared. */
export function takeMove(seat: number, area: number): TakeMove {
  return (takes[seat * AREAS + area] ??= intern({ type: 'take', target: Object.freeze({ seat, area }) }));
}

/** `{ type: 'add', card, target: { seat, area } }`, shared. */
export function addMove(card: CardId, seat: number, area: number): AddMove {
  const key = (card * SEATS + seat) * AREAS + area;
  return (adds[key] ??= intern({ type: 'add', card, target: Object.freeze({ seat, area }) }));
}

/** True only for the shared objects above (by their mark), whose shape is known to be sound. */
export function isInterned(move: unknown): move is Move {
  return typeof move === 'object' && move !== null && Interned.has(move);
}
