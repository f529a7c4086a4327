/**
 * The one-pass check of cards, table, turn and out (quick-invariants.ts) against the full checks
 * that word each problem (state-problems.ts): it passes every reachable state, and never passes
 * a state, changed in any of many ways, in which the full checks find a problem.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deckIndex } from '../../src/core/cards.js';
import { ProblemList } from '../../src/core/position-error.js';
import { cardsTableAndTurnHold } from '../../src/core/quick-invariants.js';
import { cardsTableAndTurnProblems, stateShape } from '../../src/core/state-problems.js';
import type { GameState } from '../../src/index.js';
import { jsonCopy, reached } from '../helpers/fuzz.js';

type Plain = Record<string, unknown> & {
  hands: { id: number; active: number }[][];
  table: { seat: number; area: number; value: number; cards: number[] }[];
  known: number[][];
  out: number[];
  turn: { seat: number; area: number; number: number };
};

/** Numbers worth trying anywhere: off the ends of seats, areas and ids, and around them. */
const NUMBERS = [-1, 0, 1, 2, 3, 4, 5, 6, 9, 12, 39, 40, 41, 44, 1000] as const;

/** The integer places of the fields the check reads, as [list or object, key]. */
function places(s: Plain): [Record<string | number, unknown>, string | number][] {
  const out: [Record<string | number, unknown>, string | number][] = [];
  s.hands.forEach((h) =>
    h.forEach((c) => {
      out.push([c, 'id'], [c, 'active']);
    }),
  );
  s.table.forEach((t) => {
    out.push([t, 'seat'], [t, 'area'], [t, 'value']);
    t.cards.forEach((_, i) => out.push([t.cards as unknown as Record<number, unknown>, i]));
  });
  s.known.forEach((k) => k.forEach((_, i) => out.push([k as unknown as Record<number, unknown>, i])));
  s.out.forEach((_, i) => out.push([s.out as unknown as Record<number, unknown>, i]));
  out.push([s.turn, 'seat'], [s.turn, 'area'], [s.turn, 'number'], [s, 'starter'], [s, 'discardCount']);
  return out;
}

/** The lists of each kind, which elements may be added to or taken from: cards held, numbers (card ids, seats), sets. */
function lists(s: Plain): unknown[][][] {
  return [s.hands, [...s.table.map((t) => t.cards), ...s.known, s.out], [s.table]];
}

/** One change to a plain copy of a state, chosen by `a`, `b` and `c`. */
function change(s: Plain, kind: number, a: number, b: number, c: number): void {
  const at = places(s);
  const all = lists(s)[c % 3]!;
  switch (kind) {
    case 0: {
      const [o, k] = at[a % at.length]!;
      o[k] = NUMBERS[b % NUMBERS.length]!;
      return;
    }
    case 1: {
      const [o, k] = at[a % at.length]!;
      o[k] = (o[k] as number) + (b % 2 === 0 ? 1 : -1);
      return;
    }
    case 2: {
      // an element copied into another list of the same kind (a card twice, a seat out twice…)
      const from = all[a % all.length]!;
      const to = all[b % all.length]!;
      if (from.length > 0) to.splice(c % (to.length + 1), 0, jsonCopy(from[c % from.length]));
      return;
    }
    case 3: {
      const from = all[a % all.length]!;
      if (from.length > 0) from.splice(b % from.length, 1);
      return;
    }
    case 4: {
      const list = all[a % all.length]!;
      if (list.length > 1) list.reverse();
      return;
    }
    default:
      s.status = (['playing', 'roundOver', 'gameOver'] as const)[b % 3];
  }
}

const problemsOf = (s: GameState): number => {
  const problems = new ProblemList();
  cardsTableAndTurnProblems(s, deckIndex(s.deck), problems);
  return problems.count;
};

describe('the one-pass check of cards, table, turn and out', () => {
  it('passes every state a game reaches', () => {
    fc.assert(
      fc.property(reached, ({ state }) => {
        const copy = jsonCopy(state);
        expect(problemsOf(copy)).toBe(0);
        expect(cardsTableAndTurnHold(copy, deckIndex(copy.deck))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('never passes a changed state in which the full checks find a problem', () => {
    const changes = fc.array(fc.tuple(fc.nat(5), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 });
    let caught = 0;
    fc.assert(
      fc.property(reached, changes, ({ state }, list) => {
        const s = jsonCopy(state) as unknown as Plain;
        for (const [kind, a, b, c] of list) change(s, kind, a, b, c);
        // the check reads fields of their types: states that are not are refused before it
        if (!stateShape(s, new ProblemList())) return;
        const changed = s as unknown as GameState;
        const full = problemsOf(changed);
        if (full > 0) caught++;
        if (cardsTableAndTurnHold(changed, deckIndex(changed.deck))) expect(full).toBe(0);
      }),
      { numRuns: 1000 },
    );
    // the changes must reach the full checks often enough to prove something
    expect(caught).toBeGreaterThan(300);
  });
});
