/**
 * The cards, table, turn and out invariants of a state (rules §1–§7), answered yes or no in one
 * pass with no list, set or text made: the path of a sound state. When it says no,
 * state-problems.ts checks again in full and words each problem; so it must never say yes where
 * the full checks find one (test/core/quick-invariants.test.ts holds it to that).
 */
import { inUseIds, type DeckIndex } from './cards.js';
import { areasPerSeat } from './players.js';
import type { GameState } from './state.js';

/** Marks by card id, one stamp per use: no clearing between states. */
let marks = new Int32Array(64);
let stamp = 0;

/** A fresh stamp for {@link marks}, cleared when the stamps run out. */
function nextStamp(size: number): number {
  if (marks.length < size) marks = new Int32Array(Math.max(size, 2 * marks.length));
  if (stamp >= 0x7ffffff0) {
    marks.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

/**
 * True when the full checks of cards, table, turn and out (state-problems.ts `checkCards`,
 * `checkTable`, `checkTurnAndOut`) find nothing in `s`, whose fields have their types.
 */
export function cardsTableAndTurnHold(s: GameState, index: DeckIndex): boolean {
  const n = s.players.length;
  if (n > 30) return false; // seats as bits below
  const { faces, minPlayers } = index;
  const placed = nextStamp(faces.length);
  let count = 0;
  // every card in use at most once, showing one of its faces (rules §1–§3)
  for (let seat = 0; seat < n; seat++) {
    const hand = s.hands[seat]!;
    for (let i = 0; i < hand.length; i++) {
      const { id, active } = hand[i]!;
      const f = faces[id];
      if (f === undefined || minPlayers[id]! > n || (active !== f[0] && active !== f[1]) || marks[id] === placed)
        return false;
      marks[id] = placed;
      count++;
    }
  }
  // sets in real areas, ordered by seat then area (so one per area), one per size, of one value (§1, §5)
  const areas = areasPerSeat(n);
  const table = s.table;
  for (let i = 0; i < table.length; i++) {
    const t = table[i]!;
    if (t.seat < 0 || t.seat >= n || t.area < 0 || t.area >= areas) return false;
    const prev = table[i - 1];
    if (prev !== undefined && (prev.seat > t.seat || (prev.seat === t.seat && prev.area >= t.area))) return false;
    const size = t.cards.length;
    if (size === 0) return false;
    for (let j = 0; j < i; j++) if (table[j]!.cards.length === size) return false;
    for (let k = 0; k < size; k++) {
      const id = t.cards[k]!;
      const f = faces[id];
      if (f === undefined || minPlayers[id]! > n || marks[id] === placed || (f[0] !== t.value && f[1] !== t.value))
        return false;
      marks[id] = placed;
      count++;
    }
  }
  // the discard pile holds the cards in use that are nowhere else (§3.1, §4.1)
  const inUse = inUseIds(index, n);
  if (s.discardCount !== inUse.length - count) return false;
  return turnAndOutHold(s, n, areas, faces.length);
}

/** Whose turn, who is out, the known cards, and whether the status fits them (§4–§7). */
function turnAndOutHold(s: GameState, n: number, areas: number, size: number): boolean {
  if (s.starter < 0 || s.starter >= n) return false;
  const { seat, area, number } = s.turn;
  if (seat < 0 || seat >= n || area < 0 || area >= areas || number < 1) return false;
  // each publicly known card listed once, and in its holder's hand (§5)
  for (let k = 0; k < n; k++) {
    const ids = s.known[k]!;
    if (ids.length === 0) continue;
    const inHand = nextStamp(size);
    const listed = nextStamp(size);
    for (const c of s.hands[k]!) marks[c.id] = inHand;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (marks[id] !== inHand) return false; // not in the hand, listed twice, or no card at all
      marks[id] = listed;
    }
  }
  let out = 0;
  for (const o of s.out) {
    if (o < 0 || o >= n || (out & (1 << o)) !== 0 || s.hands[o]!.length > 0) return false;
    out |= 1 << o;
  }
  const playing = s.status === 'playing';
  if (playing) {
    if ((out & (1 << seat)) !== 0) return false;
    for (let i = 0; i < n; i++) if (s.hands[i]!.length === 0 && (out & (1 << i)) === 0) return false;
    for (const t of s.table) if (t.seat === seat && t.area === area) return false;
  }
  const outs = s.out.length;
  if (n === 2) return outs === (playing ? 0 : 1);
  if (playing) return outs === 0 || outs === 1;
  return s.status === 'roundOver' ? outs === 2 : outs === 1 || outs === 2;
}
