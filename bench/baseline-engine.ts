/**
 * A hand-tuned MUTABLE engine of the same dnup rules (rules §3–§7, standard deck), kept only
 * as the benchmark's yardstick: it never ships in the package. Tuned honestly: typed arrays per
 * card, fixed-size buffers, moves encoded as integers in preallocated arrays, no allocation per
 * move. It deals exactly like the library (docs/randomness.md) and lists moves in the library's
 * canonical order, so with the same seed and the same move indices both engines play the same
 * game; run.ts checks that before it times anything.
 */

import type { DeckDefinition } from 'dnup';
import { dealOrder, sfc32Start } from './seeded-deal.js';

const PLAY = 0,
  ADD = 1,
  TAKE = 2,
  ROTATE = 3,
  NEXT = 4;
const MAX_MOVES = 4096;

export class BaselineGame {
  // declared, not defined: the constructor and start() create the fields in the same order as
  // the JavaScript engine this was, so V8 gives it the same object shapes and timings
  declare readonly n: number;
  declare readonly areas: number;
  declare readonly face0: Int8Array;
  declare readonly face1: Int8Array;
  declare readonly active: Int8Array;
  declare readonly inUse: number[];
  declare star: number;
  declare readonly hand: Int32Array[];
  declare readonly handLen: Int32Array;
  declare readonly setCards: Int32Array[];
  declare readonly setLen: Int32Array;
  declare readonly setValue: Int32Array;
  declare readonly bySize: Int32Array;
  declare readonly isOut: Uint8Array;
  declare outCount: number;
  declare readonly scores: Int32Array;
  declare discardCount: number;
  declare readonly moveKind: Int8Array;
  declare readonly moveA: Int32Array;
  declare readonly moveB: Int32Array;
  declare moveCount: number;
  declare readonly sorted: Int32Array;
  declare readonly groupIds: Int32Array;
  declare readonly groupStart: Int32Array;
  declare readonly groupValue: Int32Array;
  declare readonly pick: Int32Array;
  declare rng: number[];
  declare round: number;
  /** 0 playing, 1 roundOver, 2 gameOver. */
  declare status: number;
  declare winner: number;
  declare starter: number;
  declare seat: number;
  declare area: number;

  /** @param deck the library's STANDARD_DECK (plain data); @param players 2–5. Allocates once; `start` begins each game. */
  constructor(deck: DeckDefinition, players: number) {
    const n = players;
    this.n = n;
    this.areas = n === 2 ? 2 : 1;
    let maxId = 0;
    for (const c of deck.cards) maxId = Math.max(maxId, c.id);
    this.face0 = new Int8Array(maxId + 1);
    this.face1 = new Int8Array(maxId + 1);
    this.active = new Int8Array(maxId + 1);
    this.inUse = [];
    for (const c of deck.cards) {
      this.face0[c.id] = c.faces[0];
      this.face1[c.id] = c.faces[1];
      if (c.minPlayers <= n) this.inUse.push(c.id);
      if (c.star) this.star = c.id;
    }
    this.inUse.sort((a, b) => a - b);
    const cap = this.inUse.length;
    this.hand = Array.from({ length: n }, () => new Int32Array(cap));
    this.handLen = new Int32Array(n);
    const slots = n * this.areas;
    this.setCards = Array.from({ length: slots }, () => new Int32Array(cap));
    this.setLen = new Int32Array(slots);
    this.setValue = new Int32Array(slots);
    this.bySize = new Int32Array(cap + 2).fill(-1);
    this.isOut = new Uint8Array(n);
    this.outCount = 0;
    this.scores = new Int32Array(n);
    this.discardCount = 0;
    this.moveKind = new Int8Array(MAX_MOVES);
    this.moveA = new Int32Array(MAX_MOVES);
    this.moveB = new Int32Array(MAX_MOVES);
    this.moveCount = 0;
    // scratch for grouping the hand by value
    this.sorted = new Int32Array(cap);
    this.groupIds = new Int32Array(cap);
    this.groupStart = new Int32Array(64);
    this.groupValue = new Int32Array(64);
    this.pick = new Int32Array(cap + 1);
  }

  /** Starts a new game from `seed`, reusing every buffer. */
  start(seed: string | number): this {
    this.rng = sfc32Start(seed);
    this.round = 1;
    this.status = 0; // 0 playing, 1 roundOver, 2 gameOver
    this.winner = -1;
    this.scores.fill(0);
    this.deal();
    return this;
  }

  deal(): void {
    const { ids, faces } = dealOrder(this.rng, this.inUse);
    this.handLen.fill(0);
    for (let p = 0; p < ids.length; p++) {
      const id = ids[p]!;
      this.active[id] = faces[p] ? this.face1[id]! : this.face0[id]!;
      const s = p % this.n;
      this.hand[s]![this.handLen[s]!++] = id;
      if (id === this.star) this.starter = s;
    }
    this.setLen.fill(0);
    this.bySize.fill(-1);
    this.isOut.fill(0);
    this.outCount = 0;
    this.discardCount = 0;
    this.status = 0;
    this.seat = this.starter;
    this.area = this.n === 2 ? 1 : 0;
  }

  flip(id: number): void {
    this.active[id] = this.active[id] === this.face0[id] ? this.face1[id]! : this.face0[id]!;
  }

  mayArrive(size: number, value: number): boolean {
    const x = this.bySize[size]!;
    return x < 0 || value > this.setValue[x]!;
  }

  /** Fills the move buffer in canonical order; returns the count. */
  generate(): number {
    let m = 0;
    if (this.status === 2) return (this.moveCount = 0);
    if (this.status === 1) {
      this.moveKind[0] = NEXT;
      return (this.moveCount = 1);
    }
    const seat = this.seat;
    const hand = this.hand[seat]!;
    const len = this.handLen[seat]!;
    const active = this.active;
    // insertion sort of the hand by (value, id): hands are small
    const sorted = this.sorted;
    for (let i = 0; i < len; i++) {
      const id = hand[i]!;
      const v = active[id]!;
      let j = i - 1;
      while (j >= 0 && (active[sorted[j]!]! > v || (active[sorted[j]!] === v && sorted[j]! > id))) {
        sorted[j + 1] = sorted[j]!;
        j--;
      }
      sorted[j + 1] = id;
    }
    let groups = 0;
    let start = 0;
    while (start < len) {
      const v = active[sorted[start]!]!;
      let end = start + 1;
      while (end < len && active[sorted[end]!] === v) end++;
      this.groupStart[groups] = start;
      this.groupValue[groups] = v;
      groups++;
      const k = end - start;
      for (let size = 1; size <= k; size++) {
        if (!this.mayArrive(size, v)) continue;
        // combinations of `size` among sorted[start..end), lexicographic, as bit masks
        const pick = this.pick;
        for (let i = 0; i < size; i++) pick[i] = i;
        for (;;) {
          let mask = 0;
          for (let i = 0; i < size; i++) mask |= 1 << pick[i]!;
          this.moveKind[m] = PLAY;
          this.moveA[m] = start;
          this.moveB[m] = mask;
          m++;
          let i = size - 1;
          while (i >= 0 && pick[i] === k - size + i) i--;
          if (i < 0) break;
          pick[i]!++;
          for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
        }
      }
      start = end;
    }
    this.groupStart[groups] = len;
    const slots = this.n * this.areas;
    for (let slot = 0; slot < slots; slot++) {
      const size = this.setLen[slot]!;
      if (size === 0 || ((slot / this.areas) | 0) === seat) continue;
      const v = this.setValue[slot]!;
      if (!this.mayArrive(size + 1, v)) continue;
      // the hand sorted by value then id gives the adds of this target in id order
      for (let i = 0; i < len; i++) {
        if (active[sorted[i]!] === v) {
          this.moveKind[m] = ADD;
          this.moveA[m] = sorted[i]!;
          this.moveB[m] = slot;
          m++;
        }
      }
    }
    for (let slot = 0; slot < slots; slot++) {
      if (this.setLen[slot] === 0 || ((slot / this.areas) | 0) === seat) continue;
      this.moveKind[m] = TAKE;
      this.moveB[m] = slot;
      m++;
    }
    this.moveKind[m++] = ROTATE;
    return (this.moveCount = m);
  }

  removeFromHand(seat: number, id: number): void {
    const hand = this.hand[seat]!;
    const last = --this.handLen[seat]!;
    for (let i = 0; i <= last; i++) {
      if (hand[i] === id) {
        hand[i] = hand[last]!;
        return;
      }
    }
  }

  clearSlot(slot: number): void {
    this.bySize[this.setLen[slot]!] = -1;
    this.setLen[slot] = 0;
  }

  discardSlot(slot: number): void {
    this.discardCount += this.setLen[slot]!;
    this.clearSlot(slot);
  }

  beat(slot: number): void {
    const owner = (slot / this.areas) | 0;
    if (this.isOut[owner]) return this.discardSlot(slot);
    const cards = this.setCards[slot]!;
    const size = this.setLen[slot]!;
    const hand = this.hand[owner]!;
    for (let i = 0; i < size; i++) {
      const id = cards[i]!;
      this.flip(id);
      hand[this.handLen[owner]!++] = id;
    }
    this.clearSlot(slot);
  }

  /** Applies move `i` of the last `generate()`. */
  play(i: number): void {
    const kind = this.moveKind[i];
    if (kind === NEXT) {
      this.round++;
      this.deal();
      return;
    }
    const seat = this.seat;
    if (kind === PLAY) {
      const start = this.moveA[i]!;
      const mask = this.moveB[i]!;
      const slot = seat * this.areas + this.area;
      const cards = this.setCards[slot]!;
      let size = 0;
      for (let b = mask, j = 0; b !== 0; b >>>= 1, j++) {
        if (b & 1) {
          const id = this.sorted[start + j]!;
          cards[size++] = id;
          this.removeFromHand(seat, id);
        }
      }
      const value = this.active[cards[0]!]!;
      const beaten = this.bySize[size]!;
      if (beaten >= 0) this.beat(beaten);
      this.setLen[slot] = size;
      this.setValue[slot] = value;
      this.bySize[size] = slot;
    } else if (kind === ADD) {
      const id = this.moveA[i]!;
      const slot = this.moveB[i]!;
      this.removeFromHand(seat, id);
      const size = this.setLen[slot]! + 1;
      this.bySize[size - 1] = -1;
      this.setCards[slot]![size - 1] = id;
      this.setLen[slot] = size;
      const beaten = this.bySize[size]!;
      if (beaten >= 0) this.beat(beaten);
      this.bySize[size] = slot;
    } else if (kind === TAKE) {
      const slot = this.moveB[i]!;
      const cards = this.setCards[slot]!;
      const size = this.setLen[slot]!;
      const hand = this.hand[seat]!;
      for (let j = 0; j < size; j++) {
        this.flip(cards[j]!);
        hand[this.handLen[seat]!++] = cards[j]!;
      }
      this.clearSlot(slot);
    } else {
      const hand = this.hand[seat]!;
      for (let j = this.handLen[seat]! - 1; j >= 0; j--) this.flip(hand[j]!);
    }
    if (!this.settle()) this.passTurn();
  }

  settle(): boolean {
    const seat = this.seat;
    if (this.handLen[seat]! > 0) return false;
    this.isOut[seat] = 1;
    const place = ++this.outCount;
    if (this.n === 2) {
      this.scores[seat]!++;
      this.status = this.scores[seat]! >= 2 ? 2 : 1;
      if (this.status === 2) this.winner = seat;
      return true;
    }
    this.scores[seat]! += place === 1 ? 2 : 1;
    if (this.scores[seat]! >= 4) {
      this.status = 2;
      this.winner = seat;
      return true;
    }
    if (place >= 2) {
      this.status = 1;
      return true;
    }
    return false;
  }

  passTurn(): void {
    if (this.n === 2) {
      const nextSeat = this.area === 0 ? this.seat : 1 - this.seat;
      const nextArea = this.area === 0 ? 1 : 0;
      const slot = nextSeat * 2 + nextArea;
      if (this.setLen[slot]! > 0) this.discardSlot(slot);
      this.seat = nextSeat;
      this.area = nextArea;
      return;
    }
    let s = this.seat;
    do {
      s = (s + 1) % this.n;
      if (this.setLen[s]! > 0) this.discardSlot(s);
    } while (this.isOut[s]);
    this.seat = s;
  }
}
