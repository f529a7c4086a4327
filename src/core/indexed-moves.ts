/**
 * The canonical list of legal moves (legal-moves.ts) read by index without being built: how
 * many moves there are, and the i-th of them, from the hand grouped by value and the table alone.
 * A random playout picks one index per move, so listing every move, sorting the hand, and judging
 * the chosen move again, is work it never reads. The order is exactly `legalMoves`' (a test
 * compares every index): plays by value, size, then card subsets in lexicographic order; adds by
 * target, then card; takes by target; rotate.
 */
import type { DeckIndex, HeldCard } from './cards.js';
import { ArgumentError } from './errors.js';
import { addMove, NEXT_ROUND, ROTATE, singlePlay, takeMove } from './interned-moves.js';
import { MAX_LISTED_MOVES, tooManyMoves } from './legal-moves.js';
import type { Move } from './moves.js';
import type { Draft } from './draft.js';
import { endAction } from './play-action.js';
import { playSet } from './actions/play-set.js';
import { addCard } from './actions/add-card.js';
import { takeSet } from './actions/take-set.js';
import { rotateHand } from './actions/rotate-hand.js';
import { playCounts } from './play-subsets.js';
import { valueSlots, type ValueSlots } from './value-slots.js';
import type { GameStatus, TableSet } from './state.js';
import { mayArrive } from './beaten-sets.js';

/**
 * The legal moves of one position, counted. A live draft's hand is read from its tally by value
 * and nothing of it is stored; any other hand is read as groups, one per value it shows, values
 * ascending: group g shows value `group[3g]`, holds `group[3g + 1]` cards (never sorted: the ids
 * of a value are gathered when a move of it is read) and has `group[3g + 2]` legal plays. The
 * move at an index is found by walking the values, then the table, again (see {@link locate}),
 * once per move played instead of once per move listed. The buffers are reused position after position.
 */
export interface MoveIndex {
  /** The number of legal moves. */
  count: number;
  /** Only `nextRound` (round over) or nothing (game over): no groups. */
  status: GameStatus;
  /** The seat to play. */
  seat: number;
  /** The groups of a hand counted without a tally (not read with one). */
  groups: number;
  /** One buffer for the three numbers of each group: V8 checks one array, not three. */
  group: Float64Array;
  /** The deck whose value slots `slots` are. */
  deck: DeckIndex | null;
  slots: ValueSlots | null;
  /** The ids of the cards showing value `idsOf`, ascending (NaN: none gathered since the index was built). */
  ids: Int32Array;
  idsOf: number;
  /**
   * The values of the table's sets of one and two cards, 0 when none (values are at least 1): the
   * sizes nearly every play has. A larger set is looked up on the table (at most one per size).
   */
  top1: number;
  top2: number;
  /** How many of the moves are plays, then adds: {@link locate} skips the walks an index is past. */
  plays: number;
  adds: number;
}

/** An empty index with buffers of its own. */
export function newMoveIndex(): MoveIndex {
  const size = 32;
  return {
    count: 0,
    status: 'playing',
    seat: 0,
    groups: 0,
    group: new Float64Array(3 * size),
    deck: null,
    slots: null,
    ids: new Int32Array(size),
    idsOf: NaN,
    top1: 0,
    top2: 0,
    plays: 0,
    adds: 0,
  };
}

/**
 * Counts the cards of `hand` per value slot of the deck (one counter per card, no sort), then
 * reads the slots back in ascending order into the groups of `x`, with each group's legal plays
 * (rules §5 A: a set may arrive when its value beats the set of its size, if any). Leaves the slots'
 * scratch all zero. Returns the number of plays.
 */
function groupHand(x: MoveIndex, index: DeckIndex, hand: readonly HeldCard[], table: readonly TableSet[]): number {
  if (x.deck !== index) {
    x.slots = valueSlots(index);
    x.deck = index;
  }
  const { firstFace, slotOf, byValue, value, counts, bits } = x.slots!;
  if (byValue !== null) {
    for (let i = 0; i < hand.length; i++) {
      const s = byValue[hand[i]!.active]!;
      if (counts[s]!++ === 0) bits[s >> 5]! |= 1 << (s & 31);
    }
  } else {
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i]!;
      const id = c.id;
      const s = slotOf[2 * id + (c.active === firstFace[id] ? 0 : 1)]!;
      if (counts[s]!++ === 0) bits[s >> 5]! |= 1 << (s & 31);
    }
  }
  if (3 * hand.length > x.group.length) x.group = new Float64Array(6 * hand.length);
  const group = x.group;
  let plays = 0;
  let g = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    if (word === 0) continue;
    bits[w] = 0;
    const base = w << 5;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const s = base + 31 - Math.clz32(low);
      const v = value[s]!;
      const m = counts[s]!;
      counts[s] = 0;
      const p = valuePlays(v, m, x.top1, x.top2, table);
      group[g] = v;
      group[g + 1] = m;
      group[g + 2] = p;
      plays += p;
      g += 3;
    }
  }
  x.groups = g / 3;
  return plays;
}

/**
 * The plays of the hand from a live draft's tally of it by value (`tally[at + value]`, `tally[at]`
 * the values present: see `Draft.tally`), without a pass over the hand and without storing
 * groups: {@link locate} reads the tally again, in the same ascending order.
 */
function countTally(tally: Int32Array, at: number, top1: number, top2: number, table: readonly TableSet[]): number {
  let plays = 0;
  for (let present = tally[at]!; present !== 0; ) {
    const low = present & -present;
    present ^= low;
    const v = 31 - Math.clz32(low); // ascending
    plays += valuePlays(v, tally[at + v]!, top1, top2, table);
  }
  return plays;
}

/**
 * The legal plays of the `m` cards showing `v` (rules §5 A): singles beat `top1`, pairs `top2`,
 * larger sets the set of their size on the table. The count and {@link locate} both use it, so
 * they walk the same numbers.
 */
function valuePlays(v: number, m: number, top1: number, top2: number, table: readonly TableSet[]): number {
  const singles = v > top1 ? m : 0;
  if (m === 1) return singles;
  if (m === 2) return singles + (v > top2 ? 1 : 0);
  return singles + largerPlays(v, m, top2, table);
}

/**
 * The plays of two cards or more of the `m` (at least 2) showing `v`: those of each size whose set
 * may arrive (rules §5 A), a pair's read in `top2`, larger ones on the table.
 */
function largerPlays(v: number, m: number, top2: number, table: readonly TableSet[]): number {
  const c = m <= SMALL ? SMALL_COUNTS[m]! : playCounts(m);
  let p = v > top2 ? c[1]! : 0;
  for (let size = 3; size <= m; size++) if (mayArrive(table, size, v)) p += c[size - 1]!;
  return p;
}

/**
 * Counts the legal moves of the seat to play on draft `d` into `x` (from the live draft's tally
 * when it keeps one, else from the hand). Throws the `BAD_ARGUMENT` error of
 * `legalMoves` past {@link MAX_LISTED_MOVES} moves, so that every index is exact and the two
 * agree on when to refuse.
 */
export function indexMoves(x: MoveIndex, d: Draft): void {
  // the draft's fields read here, not passed: two arguments for V8 to check, not eight
  const status = d.status;
  const seat = d.turn.seat;
  x.status = status;
  x.seat = seat;
  if (status !== 'playing') {
    x.count = status === 'roundOver' ? 1 : 0;
    return;
  }
  const table = d.table;
  const tally = d.tally;
  // one pass over the table: the sets of one and two cards, read once (nearly every play has one
  // or two cards, and a buffer of the table by size cost more to fill and clear than it saved),
  // the takes, and the adds when the tally gives each target value's count
  const at = seat * d.tallyWidth;
  let top1 = 0;
  let top2 = 0;
  let adds = 0;
  let takes = 0;
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    const size = y.cards.length;
    if (size === 1) top1 = y.value;
    else if (size === 2) top2 = y.value;
    if (y.seat === seat) continue;
    takes++;
    // a set's value is one of the deck's: below the tally's width
    if (tally !== null && mayArrive(table, size + 1, y.value)) adds += tally[at + y.value]!;
  }
  x.top1 = top1;
  x.top2 = top2;
  x.idsOf = NaN;
  let plays: number;
  if (tally !== null) plays = countTally(tally, at, top1, top2, table);
  else {
    plays = groupHand(x, d.index, d.hands[seat]!, table);
    for (let t = 0; t < table.length; t++) {
      const y = table[t]!;
      if (y.seat !== seat && mayArrive(table, y.cards.length + 1, y.value)) adds += cardsOfValue(x, y.value);
    }
  }
  // once, after the plays: counting lists nothing, so the check can wait
  if (plays > MAX_LISTED_MOVES) throw tooManyMoves();
  x.plays = plays;
  x.adds = adds;
  x.count = plays + adds + takes + 1; // rotate
}

/** How many cards of the hand show `value`, from the groups (a hand counted without a tally). */
function cardsOfValue(x: MoveIndex, value: number): number {
  const group = x.group;
  for (let g = 0; g < x.groups; g++) {
    if (group[3 * g] === value) return group[3 * g + 1]!;
    if (group[3 * g]! > value) return 0;
  }
  return 0;
}

/** Runs of up to this many cards take their counts from {@link SMALL_COUNTS}. */
const SMALL = 8;
/** `SMALL_COUNTS[m][s − 1]` = C(m, s). */
const SMALL_COUNTS: readonly (readonly number[])[] = Array.from({ length: SMALL + 1 }, (_, m) =>
  m === 0 ? [] : playCounts(m),
);

/** C(n, k), exact while it is at most `MAX_LISTED_MOVES` (every partial product stays below 2^53). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Groups up to this size are gathered by insertion; longer ones sorted (a custom deck's hand may hold 32,768 cards of one value). */
const INSERTION_MAX = 32;

/** The ids of the `m` cards of `hand` showing `value`, ascending, in `x.ids` (gathered once per value and position). */
function groupIds(x: MoveIndex, hand: readonly HeldCard[], value: number, m: number): Int32Array {
  if (x.idsOf === value) return x.ids;
  if (m > x.ids.length) x.ids = new Int32Array(2 * m);
  const ids = x.ids;
  let k = 0;
  for (let i = 0; k < m; i++) {
    const c = hand[i]!;
    if (c.active !== value) continue;
    const id = c.id;
    let j = k++;
    if (m <= INSERTION_MAX) for (; j > 0 && ids[j - 1]! > id; j--) ids[j] = ids[j - 1]!;
    ids[j] = id;
  }
  if (m > INSERTION_MAX) ids.subarray(0, m).sort();
  x.idsOf = value;
  return ids;
}

/** What {@link locate} found: a play, an add, a take or rotate, and where. */
const PLAY = 0;
const ADD = 1;
const TAKE = 2;
const ROTATE_MOVE = 3;

/** The move {@link locate} found (one scratch: moves are located one at a time). */
const found = { kind: PLAY, value: 0, m: 0, size: 0, offset: 0, target: 0 };

/**
 * Finds move `i` of the index on draft `d`, the position it was built from, walking the hand's
 * values (its tally, else the groups) and the table in the order of `legalMoves`: the plays of
 * the `m` cards showing `value` of size `size` (rules §5 A, the sizes that may arrive, read in
 * as the count read them), then the adds to each set (§5 B), the takes (§5 C), rotate (§5 D).
 * `offset`: the move's place among those of its kind and place.
 */
function locate(x: MoveIndex, d: Draft, i: number): typeof found {
  const table = d.table;
  const tally = d.tally;
  const at = x.seat * d.tallyWidth;
  const seat = x.seat;
  let rest = i;
  // a take or rotate (often, at random) walks neither the values nor the adds
  if (rest < x.plays) {
    if (tally !== null) {
      // the values in the order and with the counts the count read: the draft has not changed since
      for (let present = tally[at]!; ; ) {
        const low = present & -present;
        present ^= low;
        const v = 31 - Math.clz32(low);
        const m = tally[at + v]!;
        const p = valuePlays(v, m, x.top1, x.top2, table);
        if (rest >= p) rest -= p;
        else return playAt(x, table, v, m, rest);
      }
    }
    const group = x.group;
    for (let g = 0; ; g += 3) {
      const p = group[g + 2]!;
      if (rest >= p) rest -= p;
      else return playAt(x, table, group[g]!, group[g + 1]!, rest);
    }
  }
  rest -= x.plays;
  if (rest >= x.adds) return takeAt(table, seat, rest - x.adds);
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat === seat || !mayArrive(table, y.cards.length + 1, y.value)) continue;
    const m = tally === null ? cardsOfValue(x, y.value) : tally[at + y.value]!;
    if (rest < m) return set(ADD, y.value, m, 0, rest, t);
    rest -= m;
  }
  return takeAt(table, seat, rest);
}

/** The play `rest` of the `m` cards showing `value`: by size, the sizes that may arrive. */
function playAt(x: MoveIndex, table: readonly TableSet[], value: number, m: number, rest: number): typeof found {
  for (let size = 1; ; size++) {
    if (!(size === 1 ? value > x.top1 : size === 2 ? value > x.top2 : mayArrive(table, size, value))) continue;
    const c = choose(m, size);
    if (rest < c) return set(PLAY, value, m, size, rest, 0);
    rest -= c;
  }
}

/** The take `rest` (§5 C, by target), or rotate past them. */
function takeAt(table: readonly TableSet[], seat: number, rest: number): typeof found {
  for (let t = 0; t < table.length; t++) {
    if (table[t]!.seat === seat) continue;
    if (rest === 0) return set(TAKE, 0, 0, 0, 0, t);
    rest--;
  }
  return set(ROTATE_MOVE, 0, 0, 0, 0, 0);
}

function set(kind: number, value: number, m: number, size: number, offset: number, target: number): typeof found {
  // read once: V8 loaded the module's binding and checked its map again at every store
  const f = found;
  f.kind = kind;
  f.value = value;
  f.m = m;
  f.size = size;
  f.offset = offset;
  f.target = target;
  return f;
}

/** The cards of the play `offset` of `size` cards among the `m` showing `value`: subsets in lexicographic order. */
function playCards(
  x: MoveIndex,
  hand: readonly HeldCard[],
  value: number,
  m: number,
  size: number,
  offset: number,
): number[] {
  const ids = groupIds(x, hand, value, m);
  const cards = new Array<number>(size);
  if (size === m) {
    // every card of the value, the one subset: most plays of several cards (both cards of a pair)
    for (let j = 0; j < m; j++) cards[j] = ids[j]!;
    return cards;
  }
  let rest = offset;
  let at = 0;
  for (let j = 0; j < size; j++, at++) {
    for (;;) {
      const after = choose(m - at - 1, size - j - 1); // subsets that take card `at` here
      if (rest < after) break;
      rest -= after;
      at++;
    }
    cards[j] = ids[at]!;
  }
  return cards;
}

/**
 * The move at `i` of the index, the one `legalMoves` lists at `i`, on draft `d`, the position it
 * was built from; the caller checks that `i` is an integer from 0 to `count − 1`. Interned moves
 * are shared; a play of several cards is new.
 */
export function indexedMove(x: MoveIndex, d: Draft, i: number): Move {
  if (x.status === 'roundOver') return NEXT_ROUND;
  const hand = d.hands[x.seat]!;
  const table = d.table;
  const f = locate(x, d, i);
  switch (f.kind) {
    case PLAY:
      return f.size === 1
        ? singlePlay(groupIds(x, hand, f.value, f.m)[f.offset]!)
        : { type: 'play', cards: playCards(x, hand, f.value, f.m, f.size, f.offset) };
    case ADD: {
      const y = table[f.target]!;
      return addMove(groupIds(x, hand, f.value, f.m)[f.offset]!, y.seat, y.area);
    }
    case TAKE: {
      const y = table[f.target]!;
      return takeMove(y.seat, y.area);
    }
    default:
      return ROTATE;
  }
}

/**
 * Plays move `i` of the index, a position that is playing, on the live draft it was built from,
 * with the rule functions `playAction` dispatches to, chosen by the kind {@link locate} found
 * instead of by the move's type (one map per call site). Returns the move played.
 */
export function playIndexed(d: Draft, x: MoveIndex, i: number): Move {
  const hand = d.hands[x.seat]!;
  const table = d.table;
  const f = locate(x, d, i);
  let move: Move;
  switch (f.kind) {
    case PLAY: {
      if (f.size === 1) {
        // a fresh card list for the table, not the shared move's: V8 reads frozen arrays through a slow generic load
        const id = groupIds(x, hand, f.value, f.m)[f.offset]!;
        playSet(d, [id]);
        move = singlePlay(id);
        break;
      }
      const cards = playCards(x, hand, f.value, f.m, f.size, f.offset);
      playSet(d, cards);
      move = { type: 'play', cards };
      break;
    }
    case ADD: {
      const y = table[f.target]!;
      const add = addMove(groupIds(x, hand, f.value, f.m)[f.offset]!, y.seat, y.area);
      addCard(d, add);
      move = add;
      break;
    }
    case TAKE: {
      const y = table[f.target]!;
      const take = takeMove(y.seat, y.area);
      takeSet(d, take);
      move = take;
      break;
    }
    default:
      rotateHand(d);
      move = ROTATE;
  }
  endAction(d);
  return move;
}

/** The `BAD_ARGUMENT` error for an index that is not one of the `count` legal moves. */
export function moveIndexError(index: unknown, count: number): ArgumentError {
  return new ArgumentError(
    'BAD_ARGUMENT',
    count === 0
      ? 'The game is over: there is no legal move to choose (rules §6).'
      : `A move index is a whole number from 0 to ${count - 1} here (there are ${count} legal moves, in the order legalMoves lists them, rules §5), not ${typeof index === 'number' ? String(index) : typeof index}.`,
  );
}
