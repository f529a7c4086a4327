/**
 * A hand-tuned MUTABLE engine of the dnup rules (rules §3–§8) that honours the same contract
 * as the library's API, kept only as the benchmark's like-for-like yardstick (never shipped):
 * - `legalMoves()` returns move objects of the library's exact shapes, in its canonical order
 *   (src/core/legal-moves.ts), sharing frozen objects for single plays, adds, takes, rotate and
 *   nextRound exactly as the library does;
 * - `apply(move)` validates the move fully (shape, then rules, in the library's order) and throws
 *   a {@link ContractMoveError} with the library's code before touching anything;
 * - every move leaves its events, plain objects of the library's kinds, in a fresh `lastEvents`
 *   array; the discard pile's size, out order, scores, round, status, winner and turn are kept,
 *   and so is public knowledge (state.known: the cards each hand got from the table, in order).
 * Tuned honestly: typed arrays per card (face, active value, holder), per-seat hand buffers,
 * table slots indexed by seat and area plus a size → slot index, interned hand cards.
 * It deals exactly like the library (docs/randomness.md), so with the same seed and the same
 * move indices both engines play the same game; run.ts checks that before it times anything.
 */

import type {
  AddMove,
  AreaRef,
  DeckDefinition,
  GameEvent,
  GameStatus,
  HeldCard,
  Move,
  MoveErrorCode,
  NextRoundMove,
  PlayMove,
  RotateMove,
  TakeMove,
} from 'dnup';
import { dealOrder, sfc32Start } from './seeded-deal.js';

/** An illegal or malformed move; `code` is the library's MoveErrorCode for the same refusal. */
export class ContractMoveError extends Error {
  declare readonly code: MoveErrorCode;
  constructor(code: MoveErrorCode, message: string) {
    super(message);
    this.name = 'IllegalMoveError';
    this.code = code;
  }
}

const malformed = (why: string): ContractMoveError =>
  new ContractMoveError('MALFORMED_MOVE', `That is not a move: ${why} (rules §5 lists the actions).`);

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** Counts own enumerable keys and checks each is one of `a`, `b`, `c` (allocation-free Object.keys). */
function keysAre(x: object, count: number, a: string, b: string, c: string): boolean {
  let n = 0;
  for (const k in x) {
    if (k !== a && k !== b && k !== c) return false;
    n++;
  }
  return n === count;
}

function isAreaRef(x: unknown): boolean {
  return (
    isPlainObject(x) && keysAre(x, 2, 'seat', 'area', 'seat') && Number.isInteger(x.seat) && Number.isInteger(x.area)
  );
}

/** The shape check of src/core/moves.ts (same verdicts, no allocation on sound moves). */
function shapeError(move: unknown): ContractMoveError | undefined {
  if (!isPlainObject(move)) return malformed('expected an object');
  switch (move.type) {
    case 'play':
      if (!keysAre(move, 2, 'type', 'cards', 'type'))
        return malformed('a play move has exactly the fields "type" and "cards"');
      if (!Array.isArray(move.cards)) return malformed('"cards" must be an array of card ids');
      for (let i = 0; i < move.cards.length; i++)
        if (!Number.isInteger(move.cards[i])) return malformed('"cards" must be an array of card ids');
      return undefined;
    case 'add':
      if (!keysAre(move, 3, 'type', 'card', 'target'))
        return malformed('an add move has exactly the fields "type", "card" and "target"');
      if (!Number.isInteger(move.card)) return malformed('"card" must be a card id');
      if (!isAreaRef(move.target)) return malformed('"target" must be { seat, area } with integer seat and area');
      return undefined;
    case 'take':
      if (!keysAre(move, 2, 'type', 'target', 'type'))
        return malformed('a take move has exactly the fields "type" and "target"');
      if (!isAreaRef(move.target)) return malformed('"target" must be { seat, area } with integer seat and area');
      return undefined;
    case 'rotate':
    case 'nextRound':
      return keysAre(move, 1, 'type', 'type', 'type')
        ? undefined
        : malformed(`a ${move.type} move has only the field "type"`);
    default:
      return malformed('unknown type');
  }
}

const ROTATE: RotateMove = Object.freeze({ type: 'rotate' });
const NEXT_ROUND: NextRoundMove = Object.freeze({ type: 'nextRound' });
const NO_CARDS: readonly HeldCard[] = Object.freeze([]);

// Deck tables and interned moves: fixed once the engine is built.
const CONSTANT_FIELDS = new Set([
  'face0',
  'face1',
  'held',
  'inUse',
  'inGame',
  'slotSeat',
  'slotArea',
  'areaRef',
  'singles',
  'adds',
  'takes',
]);

const SHARE = 0;
const COPY = 1;
const COPY_EACH = 2;
let fieldPlan: [key: string, how: number][] | null = null;

/** A field the copy plan copies: a typed array or an array. */
interface Copyable {
  slice(): unknown;
}

export class ContractGame {
  // declared, not defined: the constructor creates the fields in the order of the JavaScript
  // engine this was (and clone() copies them in that order), so V8 gives them the same shapes
  declare readonly n: number;
  declare readonly areas: number;
  declare readonly maxId: number;
  declare readonly face0: Int32Array;
  declare readonly face1: Int32Array;
  /** Which face of each card is up. */
  declare readonly face: Uint8Array;
  /** The value each card shows. */
  declare readonly active: Int32Array;
  /** The seat whose hand holds each card, or -1. */
  declare readonly holder: Int8Array;
  /** 1 while a card that came from the table stays in its hand. */
  declare readonly known: Uint8Array;
  declare readonly inGame: Uint8Array;
  /** Interned { id, active } per card and face. */
  declare readonly held: HeldCard[];
  declare readonly inUse: number[];
  declare star: number;
  declare readonly hands: Int32Array[];
  declare readonly handLen: Int32Array;
  declare readonly slots: number;
  /** Each set's ids, an array never changed once built. */
  declare readonly slotCards: (readonly number[] | null)[];
  /** 0: no set. */
  declare readonly slotSize: Int32Array;
  declare readonly slotValue: Int32Array;
  declare readonly slotSeat: Int32Array;
  declare readonly slotArea: Int32Array;
  declare readonly areaRef: AreaRef[];
  /** Size → slot holding a set of that size. */
  declare readonly bySize: Int32Array;
  declare readonly isOut: Uint8Array;
  declare readonly out: number[];
  declare readonly scores: number[];
  declare discardCount: number;
  declare readonly singles: (PlayMove | null)[];
  declare readonly adds: (AddMove | null)[];
  declare readonly takes: TakeMove[];
  declare readonly sortedValues: Int32Array;
  declare readonly sortedIds: Int32Array;
  declare lastEvents: GameEvent[];
  declare rng: number[];
  declare round: number;
  declare moveCount: number;
  declare winner: number | null;
  declare starter: number;
  declare status: GameStatus;
  declare seat: number;
  declare area: number;
  declare turnNumber: number;

  /** @param deck a deck definition (the library's STANDARD_DECK); @param players 2–5. Allocates once; `start` begins each game. */
  constructor(deck: DeckDefinition, players: number);
  /** A copy of `from` (see {@link ContractGame.clone}). */
  constructor(deck: null, players: 0, from: ContractGame);
  constructor(deck: DeckDefinition | null, players: number, from?: ContractGame) {
    if (from) {
      const source = from as unknown as Record<string, unknown>;
      const target = this as unknown as Record<string, unknown>;
      // the copy plan (which fields to share, copy, or copy deeply) is worked out once
      fieldPlan ??= Object.keys(source).map((key): [string, number] => {
        const value = source[key];
        if (CONSTANT_FIELDS.has(key)) return [key, SHARE];
        if (ArrayBuffer.isView(value)) return [key, COPY];
        if (Array.isArray(value)) return [key, value.some((x) => ArrayBuffer.isView(x)) ? COPY_EACH : COPY];
        return [key, SHARE];
      });
      for (let i = 0; i < fieldPlan.length; i++) {
        const [key, how] = fieldPlan[i]!;
        const value = source[key];
        if (how === SHARE) target[key] = value;
        else if (how === COPY) target[key] = (value as Copyable).slice();
        else target[key] = (value as Copyable[]).map((x) => x.slice());
      }
      return;
    }
    const n = players;
    const areas = n === 2 ? 2 : 1;
    this.n = n;
    this.areas = areas;
    let maxId = 0;
    for (const c of deck!.cards) maxId = Math.max(maxId, c.id);
    this.maxId = maxId;
    this.face0 = new Int32Array(maxId + 1);
    this.face1 = new Int32Array(maxId + 1);
    this.face = new Uint8Array(maxId + 1); // which face is up
    this.active = new Int32Array(maxId + 1); // its value
    this.holder = new Int8Array(maxId + 1).fill(-1); // seat whose hand holds the card, or -1
    this.known = new Uint8Array(maxId + 1); // 1 while a card that came from the table stays in its hand
    this.inGame = new Uint8Array(maxId + 1);
    this.held = new Array<HeldCard>(2 * (maxId + 1)); // interned { id, active } per card and face
    this.inUse = [];
    for (const c of deck!.cards) {
      this.face0[c.id] = c.faces[0];
      this.face1[c.id] = c.faces[1];
      this.held[2 * c.id] = Object.freeze({ id: c.id, active: c.faces[0] });
      this.held[2 * c.id + 1] = Object.freeze({ id: c.id, active: c.faces[1] });
      if (c.minPlayers <= n) {
        this.inUse.push(c.id);
        this.inGame[c.id] = 1;
      }
      if (c.star) this.star = c.id;
    }
    this.inUse.sort((a, b) => a - b);
    const cap = this.inUse.length;
    this.hands = Array.from({ length: n }, () => new Int32Array(cap));
    this.handLen = new Int32Array(n);
    const slots = n * areas;
    this.slots = slots;
    this.slotCards = new Array<readonly number[] | null>(slots).fill(null); // each set's ids, an array never changed once built
    this.slotSize = new Int32Array(slots); // 0: no set
    this.slotValue = new Int32Array(slots);
    this.slotSeat = new Int32Array(slots);
    this.slotArea = new Int32Array(slots);
    this.areaRef = [];
    for (let s = 0; s < slots; s++) {
      this.slotSeat[s] = (s / areas) | 0;
      this.slotArea[s] = s % areas;
      this.areaRef.push(Object.freeze({ seat: this.slotSeat[s]!, area: this.slotArea[s]! }));
    }
    this.bySize = new Int32Array(cap + 2).fill(-1); // size → slot holding a set of that size
    this.isOut = new Uint8Array(n);
    this.out = [];
    this.scores = new Array<number>(n).fill(0);
    this.discardCount = 0;
    // interned moves, as in src/core/interned-moves.ts, built up front so lookups never miss
    this.singles = new Array<PlayMove | null>(maxId + 1).fill(null);
    this.adds = new Array<AddMove | null>((maxId + 1) * slots).fill(null);
    this.takes = [];
    for (let s = 0; s < slots; s++) this.takes.push(Object.freeze({ type: 'take', target: this.areaRef[s]! }));
    for (const id of this.inUse) {
      this.singles[id] = Object.freeze({ type: 'play', cards: Object.freeze([id]) });
      for (let s = 0; s < slots; s++)
        this.adds[id * slots + s] = Object.freeze({ type: 'add', card: id, target: this.areaRef[s]! });
    }
    // scratch for sorting the hand by (value, id)
    this.sortedValues = new Int32Array(cap);
    this.sortedIds = new Int32Array(cap);
    this.lastEvents = [];
  }

  /**
   * A copy of this game that shares nothing that play changes: what a naive immutable wrapper
   * ("clone the state, then mutate the clone") does before every move. The deck tables and the
   * interned moves, which play never changes, stay shared.
   */
  clone(): ContractGame {
    // through the constructor, field by field in the original's order: the copy gets the same
    // hidden class, so the engine's own code stays as fast for originals as before
    return new ContractGame(null, 0, this);
  }

  /** Starts a new game from `seed`, reusing every buffer. */
  start(seed: string | number): this {
    this.rng = sfc32Start(seed);
    this.round = 1;
    this.moveCount = 0;
    this.winner = null;
    this.scores.fill(0);
    this.deal();
    return this;
  }

  /** docs/randomness.md §4: Fisher–Yates, one draw per card for its face, round-robin deal. */
  deal(): void {
    const { ids, faces } = dealOrder(this.rng, this.inUse);
    this.handLen.fill(0);
    this.holder.fill(-1);
    this.known.fill(0);
    for (let p = 0; p < ids.length; p++) {
      const id = ids[p]!;
      const face = faces[p]!;
      this.face[id] = face;
      this.active[id] = face ? this.face1[id]! : this.face0[id]!;
      const s = p % this.n;
      this.hands[s]![this.handLen[s]!++] = id;
      this.holder[id] = s;
      if (id === this.star) this.starter = s;
    }
    this.slotCards.fill(null);
    this.slotSize.fill(0);
    this.bySize.fill(-1);
    this.isOut.fill(0);
    this.out.length = 0;
    this.discardCount = 0;
    this.status = 'playing';
    this.seat = this.starter;
    this.area = this.n === 2 ? 1 : 0;
    this.turnNumber = 1;
    this.lastEvents = [
      { type: 'roundDealt', round: this.round, starter: this.starter },
      { type: 'turnStarted', seat: this.seat, area: this.area, number: 1 },
    ];
  }

  /** The hand of `seat` as interned { id, active } cards, in the library's order. */
  handOf(seat: number): HeldCard[] {
    const hand = this.hands[seat]!;
    const out = new Array<HeldCard>(this.handLen[seat]!);
    for (let i = 0; i < out.length; i++) out[i] = this.held[2 * hand[i]! + this.face[hand[i]!]!]!;
    return out;
  }

  /**
   * The publicly known cards of `seat`'s hand in the order they arrived (the library's
   * state.known): hands keep arrival order, so it is the hand filtered by the flag.
   */
  knownOf(seat: number): number[] {
    const hand = this.hands[seat]!;
    const out: number[] = [];
    for (let i = 0; i < this.handLen[seat]!; i++) if (this.known[hand[i]!] === 1) out.push(hand[i]!);
    return out;
  }

  mayArrive(size: number, value: number): boolean {
    const x = this.bySize[size]!;
    return x < 0 || value > this.slotValue[x]!;
  }

  /** Every legal move of the seat to play, in the library's canonical order. */
  legalMoves(): Move[] {
    if (this.status === 'gameOver') return [];
    if (this.status === 'roundOver') return [NEXT_ROUND];
    const seat = this.seat;
    const hand = this.hands[seat]!;
    const n = this.handLen[seat]!;
    const active = this.active;
    const values = this.sortedValues;
    const ids = this.sortedIds;
    for (let i = 0; i < n; i++) {
      const id = hand[i]!;
      const v = active[id]!;
      let j = i - 1;
      while (j >= 0 && (values[j]! > v || (values[j] === v && ids[j]! > id))) {
        values[j + 1] = values[j]!;
        ids[j + 1] = ids[j]!;
        j--;
      }
      values[j + 1] = v;
      ids[j + 1] = id;
    }
    const out: Move[] = [];
    for (let start = 0; start < n; ) {
      const value = values[start]!;
      let end = start + 1;
      while (end < n && values[end] === value) end++;
      const m = end - start;
      if (this.mayArrive(1, value)) for (let i = start; i < end; i++) out.push(this.singles[ids[i]!]!);
      for (let size = 2; size <= m; size++) if (this.mayArrive(size, value)) pushCombinations(out, ids, start, m, size);
      start = end;
    }
    const slots = this.slots;
    for (let slot = 0; slot < slots; slot++) {
      const size = this.slotSize[slot]!;
      if (size === 0 || this.slotSeat[slot] === seat) continue;
      const v = this.slotValue[slot]!;
      if (!this.mayArrive(size + 1, v)) continue;
      for (let i = 0; i < n; i++) if (values[i] === v) out.push(this.adds[ids[i]! * slots + slot]!);
    }
    for (let slot = 0; slot < slots; slot++) {
      if (this.slotSize[slot] !== 0 && this.slotSeat[slot] !== seat) out.push(this.takes[slot]!);
    }
    out.push(ROTATE);
    return out;
  }

  /** True only for this engine's own frozen moves (by identity), whose shape is sound. */
  isInterned(move: unknown): move is Move {
    if (move === ROTATE || move === NEXT_ROUND) return true;
    if (typeof move !== 'object' || move === null) return false;
    // read as a move, each field checked before use
    const m = move as Move;
    switch (m.type) {
      case 'play': {
        const cards = m.cards;
        return (
          Array.isArray(cards) && cards.length === 1 && Number.isInteger(cards[0]) && this.singles[cards[0]!] === move
        );
      }
      case 'take':
      case 'add': {
        const slot = this.slotOf(m.target);
        if (slot < 0) return false;
        if (m.type === 'take') return this.takes[slot] === move;
        return (
          Number.isInteger(m.card) &&
          m.card >= 0 &&
          m.card <= this.maxId &&
          this.adds[m.card * this.slots + slot] === move
        );
      }
      default:
        return false;
    }
  }

  /** The slot of an area ref, or -1 when it is not an area of this game. */
  slotOf(t: unknown): number {
    if (typeof t !== 'object' || t === null) return -1;
    // read as an area ref, both fields checked below
    const { seat, area } = t as AreaRef;
    if (
      !Number.isInteger(seat) ||
      !Number.isInteger(area) ||
      seat < 0 ||
      seat >= this.n ||
      area < 0 ||
      area >= this.areas
    )
      return -1;
    return seat * this.areas + area;
  }

  /** Validates `move` and plays it in place; throws a {@link ContractMoveError} and changes nothing when it is illegal. */
  apply(move: unknown): void {
    if (!this.isInterned(move)) {
      const shape = shapeError(move);
      if (shape) throw shape;
    }
    // sound in shape from here on
    const sound = move as Move;
    const type = sound.type;
    if (this.status === 'gameOver')
      throw new ContractMoveError('GAME_OVER', 'The game is over: no move can be played (rules §6).');
    if (this.status === 'roundOver') {
      if (type !== 'nextRound')
        throw new ContractMoveError(
          'ROUND_OVER',
          'The round is over: the only move is to deal the next round (rules §8).',
        );
      this.round++;
      this.moveCount++;
      this.deal();
      return;
    }
    const events: GameEvent[] = [];
    switch (type) {
      case 'play': {
        // a private copy unless shared: the set and its event keep the array
        const cards =
          sound.cards.length === 1 && this.singles[sound.cards[0]!] === sound ? sound.cards : sound.cards.slice();
        this.checkPlay(cards);
        this.play(cards, events);
        break;
      }
      case 'add': {
        const card = sound.card;
        const error = this.cardError(card, 'B');
        if (error) throw error;
        const slot = this.targetSlot(sound.target, 'B');
        this.checkAdd(card, slot);
        this.add(card, slot, events);
        break;
      }
      case 'take':
        this.take(this.targetSlot(sound.target, 'C'), events);
        break;
      case 'rotate':
        this.rotate(events);
        break;
      default:
        throw new ContractMoveError(
          'ROUND_NOT_OVER',
          'The next round is dealt only once this round is over (rules §8).',
        );
    }
    if (!this.settle(events)) this.passTurn(events);
    this.moveCount++;
    this.lastEvents = events;
  }

  cardError(id: number, action: string): ContractMoveError | undefined {
    if (id < 0 || id > this.maxId || this.inGame[id] === 0)
      return new ContractMoveError('UNKNOWN_CARD', `There is no card ${id} in this game's deck (rules §2).`);
    if (this.holder[id] !== this.seat)
      return new ContractMoveError('NOT_YOUR_CARD', `Card ${id} is not in your hand (rules §5 ${action}).`);
    return undefined;
  }

  checkPlay(ids: readonly number[]): void {
    const k = ids.length;
    if (k === 0) throw new ContractMoveError('EMPTY_PLAY', 'A set has at least one card (rules §5 A).');
    for (let i = 1; i < k; i++) {
      for (let j = 0; j < i; j++)
        if (ids[i] === ids[j])
          throw new ContractMoveError('DUPLICATE_CARD', `Card ${ids[i]} is named twice (rules §5 A).`);
    }
    let value = 0;
    for (let i = 0; i < k; i++) {
      const id = ids[i]!;
      const error = this.cardError(id, 'A');
      if (error) throw error;
      if (i === 0) value = this.active[id]!;
      else if (this.active[id] !== value)
        throw new ContractMoveError('MIXED_VALUES', 'The cards of a set must all show the same value (rules §5 A).');
    }
    if (!this.mayArrive(k, value))
      throw new ContractMoveError(
        'DOES_NOT_BEAT',
        `A set of ${k} showing ${value} must beat the set of ${k} on the table (rules §5 A).`,
      );
  }

  /** The slot of an opponent's set at `target`, or throws the library's refusal. */
  targetSlot(target: AreaRef, action: string): number {
    const slot = this.slotOf(target);
    if (slot < 0)
      throw new ContractMoveError(
        'NO_SUCH_AREA',
        `There is no play area ${target.area} at seat ${target.seat} in this game (rules §1).`,
      );
    if (this.slotSeat[slot] === this.seat)
      throw new ContractMoveError(
        'NOT_AN_OPPONENT_SET',
        `Action ${action} works only on an opponent's set (rules §5 ${action}).`,
      );
    if (this.slotSize[slot] === 0)
      throw new ContractMoveError('NO_SET_THERE', `There is no set in that play area (rules §5 ${action}).`);
    return slot;
  }

  checkAdd(id: number, slot: number): void {
    const value = this.slotValue[slot]!;
    if (this.active[id] !== value)
      throw new ContractMoveError('VALUE_MISMATCH', `An added card must show the set's value ${value} (rules §5 B).`);
    if (!this.mayArrive(this.slotSize[slot]! + 1, value))
      throw new ContractMoveError(
        'DOES_NOT_BEAT',
        'Adding must beat the set of the new size on the table (rules §5 B).',
      );
  }

  /** Drops the cards no longer held by `seat` from its hand, keeping the order. */
  compactHand(seat: number): void {
    const hand = this.hands[seat]!;
    const len = this.handLen[seat]!;
    let k = 0;
    for (let i = 0; i < len; i++) {
      const id = hand[i]!;
      if (this.holder[id] === seat) hand[k++] = id;
    }
    this.handLen[seat] = k;
  }

  /** Appends a table set's cards to `seat`'s hand, rotated; returns them as interned hand cards. */
  toHand(seat: number, cards: readonly number[]): HeldCard[] {
    const hand = this.hands[seat]!;
    let len = this.handLen[seat]!;
    const returned = new Array<HeldCard>(cards.length);
    for (let i = 0; i < cards.length; i++) {
      const id = cards[i]!;
      const face = this.face[id]! ^ 1;
      this.face[id] = face;
      this.active[id] = face ? this.face1[id]! : this.face0[id]!;
      this.holder[id] = seat;
      this.known[id] = 1;
      hand[len++] = id;
      returned[i] = this.held[2 * id + face]!;
    }
    this.handLen[seat] = len;
    return returned;
  }

  clearSlot(slot: number): void {
    this.bySize[this.slotSize[slot]!] = -1;
    this.slotSize[slot] = 0;
    this.slotCards[slot] = null;
  }

  /** A set beaten by `by` leaves the table: home rotated, or discarded when its owner is out. */
  beat(slot: number, by: number, events: GameEvent[]): void {
    const seat = this.slotSeat[slot]!;
    const cards = this.slotCards[slot]!;
    const value = this.slotValue[slot]!;
    this.clearSlot(slot);
    if (this.isOut[seat]) {
      this.discardCount += cards.length;
      events.push({
        type: 'setBeaten',
        seat,
        area: this.slotArea[slot]!,
        value,
        cards,
        by,
        fate: 'discarded',
        returned: NO_CARDS,
      });
    } else {
      const returned = this.toHand(seat, cards);
      events.push({
        type: 'setBeaten',
        seat,
        area: this.slotArea[slot]!,
        value,
        cards,
        by,
        fate: 'returned',
        returned,
      });
    }
  }

  play(cards: readonly number[], events: GameEvent[]): void {
    const seat = this.seat;
    const area = this.area;
    const slot = seat * this.areas + area;
    const value = this.active[cards[0]!]!;
    for (let i = 0; i < cards.length; i++) {
      this.holder[cards[i]!] = -1;
      this.known[cards[i]!] = 0;
    }
    this.compactHand(seat);
    events.push({ type: 'setPlayed', seat, area, value, cards });
    const size = cards.length;
    const beaten = this.bySize[size]!;
    if (beaten >= 0) this.beat(beaten, seat, events);
    this.slotCards[slot] = cards;
    this.slotSize[slot] = size;
    this.slotValue[slot] = value;
    this.bySize[size] = slot;
  }

  add(id: number, slot: number, events: GameEvent[]): void {
    const seat = this.seat;
    this.holder[id] = -1;
    this.known[id] = 0;
    this.compactHand(seat);
    const size = this.slotSize[slot]! + 1;
    const value = this.slotValue[slot]!;
    const cards = this.slotCards[slot]!.concat(id);
    events.push({ type: 'cardAdded', seat, card: id, target: this.areaRef[slot]!, value, size });
    this.bySize[size - 1] = -1;
    this.slotCards[slot] = cards;
    this.slotSize[slot] = size;
    const beaten = this.bySize[size]!;
    if (beaten >= 0) this.beat(beaten, seat, events);
    this.bySize[size] = slot;
  }

  take(slot: number, events: GameEvent[]): void {
    const seat = this.seat;
    const cards = this.slotCards[slot]!;
    const value = this.slotValue[slot]!;
    this.clearSlot(slot);
    const taken = this.toHand(seat, cards);
    events.push({ type: 'setTaken', seat, from: this.areaRef[slot]!, value, cards: taken });
  }

  rotate(events: GameEvent[]): void {
    const seat = this.seat;
    const hand = this.hands[seat]!;
    const len = this.handLen[seat]!;
    const cards = new Array<HeldCard>(len);
    for (let i = 0; i < len; i++) {
      const id = hand[i]!;
      const face = this.face[id]! ^ 1;
      this.face[id] = face;
      this.active[id] = face ? this.face1[id]! : this.face0[id]!;
      cards[i] = this.held[2 * id + face]!;
    }
    events.push({ type: 'handRotated', seat, cards });
  }

  /** rules §6: the mover goes out on an empty hand and scores; true when play of the round stops. */
  settle(events: GameEvent[]): boolean {
    const seat = this.seat;
    if (this.handLen[seat]! > 0) return false;
    this.isOut[seat] = 1;
    this.out.push(seat);
    const place = this.out.length;
    events.push({ type: 'playerOut', seat, place });
    if (this.n === 2) {
      const total = ++this.scores[seat]!;
      events.push({ type: 'roundWon', seat, total });
      this.endRound(events);
      if (total >= 2) this.winGame(seat, events);
      return true;
    }
    const tokens = place === 1 ? 2 : 1;
    const total = (this.scores[seat]! += tokens);
    events.push({ type: 'tokensGained', seat, tokens, total });
    if (total >= 4) {
      this.endRound(events);
      this.winGame(seat, events);
      return true;
    }
    if (place >= 2) {
      this.endRound(events);
      return true;
    }
    return false;
  }

  endRound(events: GameEvent[]): void {
    this.status = 'roundOver';
    events.push({ type: 'roundEnded', round: this.round });
  }

  winGame(seat: number, events: GameEvent[]): void {
    this.status = 'gameOver';
    this.winner = seat;
    events.push({ type: 'gameWon', seat });
  }

  /** rules §4.1: the set in the area whose turn begins goes to the discard pile. */
  discardAt(slot: number, events: GameEvent[]): void {
    const size = this.slotSize[slot]!;
    if (size === 0) return;
    const cards = this.slotCards[slot]!;
    this.discardCount += size;
    events.push({
      type: 'setDiscarded',
      seat: this.slotSeat[slot]!,
      area: this.slotArea[slot]!,
      value: this.slotValue[slot]!,
      cards,
    });
    this.clearSlot(slot);
  }

  /** rules §7: the next turn, with the discard steps on the way. */
  passTurn(events: GameEvent[]): void {
    if (this.n === 2) {
      if (this.area === 0) this.area = 1;
      else {
        this.seat = 1 - this.seat;
        this.area = 0;
      }
      this.discardAt(this.seat * 2 + this.area, events);
    } else {
      let s = this.seat;
      do {
        s = (s + 1) % this.n;
        this.discardAt(s, events);
      } while (this.isOut[s]);
      this.seat = s;
    }
    const number = ++this.turnNumber;
    events.push({ type: 'turnStarted', seat: this.seat, area: this.area, number });
  }
}

/** Appends every `size`-card subset of ids[from, from + m), in lexicographic order, as a fresh play move. */
function pushCombinations(out: Move[], ids: Int32Array, from: number, m: number, size: number): void {
  const pick = new Int32Array(size);
  for (let i = 0; i < size; i++) pick[i] = i;
  for (;;) {
    const cards = new Array<number>(size);
    for (let i = 0; i < size; i++) cards[i] = ids[from + pick[i]!]!;
    out.push({ type: 'play', cards });
    let i = size - 1;
    while (i >= 0 && pick[i] === m - size + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  }
}
