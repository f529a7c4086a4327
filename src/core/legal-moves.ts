/**
 * Legal move generation (RULES.md §5), in canonical order:
 * 1. plays, by value ascending, then set size ascending, then card ids in lexicographic order
 *    (each move's `cards` ascending);
 * 2. adds, by target (seat, then area), then card id;
 * 3. takes, by target (seat, then area);
 * 4. rotate.
 * When the round is over the only move is `nextRound`; when the game is over there is none.
 */
import type { CardId, HeldCard } from './cards.js';
import { mayArrive } from './beaten-sets.js';
import type { Move } from './moves.js';
import type { MovePosition } from './position.js';

const ROTATE: Move = Object.freeze({ type: 'rotate' });
const NEXT_ROUND: Move = Object.freeze({ type: 'nextRound' });

function byValueThenId(a: HeldCard, b: HeldCard): number {
  return a.active - b.active || a.id - b.id;
}

/** Appends every `size`-card subset of `ids`, in lexicographic order, as a play move. */
function pushCombinations(out: Move[], ids: readonly CardId[], size: number): void {
  const m = ids.length;
  if (size === 1) {
    for (let i = 0; i < m; i++) out.push({ type: 'play', cards: [ids[i]!] });
    return;
  }
  if (size === m) {
    out.push({ type: 'play', cards: ids.slice() });
    return;
  }
  const pick = Array.from({ length: size }, (_, i) => i);
  for (;;) {
    const cards = new Array<CardId>(size);
    for (let i = 0; i < size; i++) cards[i] = ids[pick[i]!]!;
    out.push({ type: 'play', cards });
    let i = size - 1;
    while (i >= 0 && pick[i] === m - size + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/** Calls `visit(value, ids)` for each group of hand cards showing one value, values ascending, ids ascending. */
export function forEachValueGroup(hand: readonly HeldCard[], visit: (value: number, ids: CardId[]) => void): void {
  const sorted = hand.slice().sort(byValueThenId);
  let start = 0;
  while (start < sorted.length) {
    const value = sorted[start]!.active;
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.active === value) end++;
    const ids = new Array<CardId>(end - start);
    for (let i = start; i < end; i++) ids[i - start] = sorted[i]!.id;
    visit(value, ids);
    start = end;
  }
}

/** The legal moves of the seat to play, in canonical order. */
export function movesOf(p: MovePosition): Move[] {
  if (p.status === 'gameOver') return [];
  if (p.status === 'roundOver') return [NEXT_ROUND];
  const out: Move[] = [];
  const { hand, table } = p;
  const seat = p.turn.seat;
  forEachValueGroup(hand, (value, ids) => {
    for (let size = 1; size <= ids.length; size++) {
      if (mayArrive(table, size, value)) pushCombinations(out, ids, size);
    }
  });
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat === seat || !mayArrive(table, y.cards.length + 1, y.value)) continue;
    const target = { seat: y.seat, area: y.area };
    const first = out.length;
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i]!;
      if (c.active === y.value) out.push({ type: 'add', card: c.id, target });
    }
    // hand order is arbitrary: sort this target's adds by card id (usually zero or one move)
    if (out.length - first > 1) {
      const adds = out.splice(first).sort((a, b) => (a as { card: number }).card - (b as { card: number }).card);
      for (const a of adds) out.push(a);
    }
  }
  for (let t = 0; t < table.length; t++) {
    const y = table[t]!;
    if (y.seat !== seat) out.push({ type: 'take', target: { seat: y.seat, area: y.area } });
  }
  out.push(ROTATE);
  return out;
}
