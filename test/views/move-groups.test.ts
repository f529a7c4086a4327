import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  fromPosition,
  iterateLegalMoves,
  legalMoveGroups,
  legalMoves,
  playerView,
  playsOfGroup,
  type DeckDefinition,
  type GameState,
} from '../../src/index.js';
import { gameScript } from '../helpers/random-games.js';
import { knownStates } from './harness.js';

/** A custom two-player deck: 26 cards, the first 20 showing 1 on one face (rules §2 allows any values). */
function manyOnes(): DeckDefinition {
  const cards = Array.from({ length: 26 }, (_, id) => ({
    id,
    faces: (id < 20 ? [1, 2 + (id % 9)] : [3 + (id % 5), 9 + id]) as [number, number],
    minPlayers: 2,
    ...(id === 0 ? { star: true } : {}),
  }));
  return { name: 'many ones', cards };
}

/** Seat 0 holds the twenty 1s; seat 1 the other cards, but those given for its set on the table. */
function bigHand(table: { seat: number; area: number; value: number; cards: number[] }[] = []): GameState {
  const deck = manyOnes();
  const onTable = new Set(table.flatMap((t) => t.cards));
  return fromPosition({
    players: 2,
    deck,
    hands: [
      deck.cards.slice(0, 20).map((c) => ({ id: c.id, active: 1 })),
      deck.cards
        .slice(20)
        .filter((c) => !onTable.has(c.id))
        .map((c) => ({ id: c.id, active: c.faces[0] })),
    ],
    table,
    turn: { seat: 0, area: 0 },
  });
}

describe('grouped and lazy legal moves (rules §5 A: one play per subset)', () => {
  it('expand to exactly legalMoves, in canonical order, on states and views (property)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 100 }), (script) => {
        for (const { state } of knownStates(script)) {
          const moves = legalMoves(state);
          expect([...iterateLegalMoves(state)]).toEqual(moves);
          expect([...iterateLegalMoves(playerView(state, state.turn.seat))]).toEqual(moves);
          const { plays, others } = legalMoveGroups(state);
          const playCount = plays.filter((g) => g.legal).reduce((n, g) => n + g.count, 0);
          expect(playCount + others.length).toBe(moves.length);
        }
      }),
      { numRuns: scaled(30) },
    );
  });

  it('describe 2^20 − 1 plays of twenty 1s in 20 groups, and yield the first ones lazily', () => {
    const state = bigHand();
    const { plays } = legalMoveGroups(state);
    const ones = plays.filter((g) => g.value === 1);
    expect(ones).toHaveLength(20);
    expect(ones.reduce((n, g) => n + g.count, 0)).toBe(2 ** 20 - 1);
    expect(ones[9]!.count).toBe(184756);
    const first: unknown[] = [];
    for (const m of iterateLegalMoves(state)) {
      first.push(m);
      if (first.length === 3) break;
    }
    expect(first).toEqual([
      { type: 'play', cards: [0] },
      { type: 'play', cards: [1] },
      { type: 'play', cards: [2] },
    ]);
  });

  it('yield the subsets of a group in lexicographic order across the lazy batches (C(20, 2) = 190 pairs, C(20, 3) = 1,140 triples)', () => {
    const { plays } = legalMoveGroups(bigHand());
    for (const size of [2, 3]) {
      const group = plays.find((g) => g.value === 1 && g.size === size)!;
      const expected: number[][] = [];
      const ids = group.cards;
      // independent enumeration: nested loops over ascending indexes
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          if (size === 2) expected.push([ids[i]!, ids[j]!]);
          else for (let k = j + 1; k < ids.length; k++) expected.push([ids[i]!, ids[j]!, ids[k]!]);
        }
      }
      const got = [...playsOfGroup(group)].map((m) => (m.type === 'play' ? [...m.cards] : []));
      expect(got).toEqual(expected);
      expect(got).toHaveLength(group.count);
    }
  });

  it('mark a size that does not beat the table as not legal (rules §5 A worked example)', () => {
    const state = bigHand([{ seat: 1, area: 0, value: 3, cards: [25] }]); // card 25 shows 3
    const single = legalMoveGroups(state).plays.find((g) => g.value === 1 && g.size === 1)!;
    expect(single.legal).toBe(false);
    expect(legalMoveGroups(state).plays.find((g) => g.value === 1 && g.size === 2)!.legal).toBe(true);
  });
});
