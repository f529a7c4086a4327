/**
 * No small input may cost exponential work, and no input may cost
 * more than about linear work in its size. No test here is timed: each either counts the work
 * (reads of an array through a counting proxy) or completes a case whose old cost was
 * exponential or far past the test timeout, which then is the guard.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  deckProblems,
  fromPosition,
  isArgumentError,
  isNotationError,
  isPositionError,
  iterateLegalMoves,
  legalMoveGroups,
  legalMoves,
  parseMove,
  playerView,
  validatePosition,
  type GameState,
  type Move,
} from '../../src/index.js';
import { MAX_MOVE_TEXT } from '../../src/notation/parse-move.js';
import { bigDeck, bigDescription, bigState } from '../helpers/big-positions.js';
import { thrown } from '../records/thrown.js';

/** An array that counts reads of its elements (by index, as every loop and array method does). */
function counting<T>(array: readonly T[]): { proxy: T[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(array as T[], {
    get(target, key, receiver) {
      if (typeof key === 'string' && key.length > 0 && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { proxy, reads: () => reads };
}

/** The play of every card of seat 0 in a {@link bigState} 'one' position: k cards showing 1. */
const playAll = (k: number): Move => ({ type: 'play', cards: Array.from({ length: k }, (_, i) => i) });

function notationCode(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isNotationError(e)) return e.code;
    throw e;
  }
  return 'none';
}

describe('a hand of k cards of one value (2^k − 1 plays) is never listed', () => {
  const k40 = bigState(80, 'one');

  it('parseMove reads R, single plays and the play of all 40 cards at k = 40 (it listed 2^40 − 1 plays; 1.9 s at k = 21)', () => {
    expect(parseMove(k40, 'R')).toEqual({ type: 'rotate' });
    expect(parseMove(k40, 'p 39')).toEqual({ type: 'play', cards: [39] });
    expect(parseMove(k40, `P ${Array.from({ length: 40 }, (_, i) => 39 - i).join(' ')}`)).toEqual(playAll(40));
    expect(notationCode(() => parseMove(k40, 'P 40'))).toBe('ILLEGAL');
    expect(notationCode(() => parseMove(k40, 'T 1'))).toBe('ILLEGAL');
  });

  it('parseMove gives back the shared move objects legalMoves lists (single plays, rotate)', () => {
    const small = bigState(8, 'one');
    const listed = legalMoves(small);
    expect(parseMove(small, 'P 2')).toBe(
      listed.find((m) => m.type === 'play' && m.cards.length === 1 && m.cards[0] === 2),
    );
    expect(parseMove(small, 'R')).toBe(listed.at(-1));
  });

  it('legalMoveGroups counts and iterateLegalMoves yields lazily at k = 40', () => {
    const { plays, others } = legalMoveGroups(k40);
    expect(plays.filter((g) => g.value === 1).reduce((n, g) => n + g.count, 0)).toBe(2 ** 40 - 1);
    expect(others).toEqual([{ type: 'rotate' }]);
    const first: Move[] = [];
    for (const m of iterateLegalMoves(k40)) if (first.push(m) === 3) break;
    expect(first).toEqual([
      { type: 'play', cards: [0] },
      { type: 'play', cards: [1] },
      { type: 'play', cards: [2] },
    ]);
  });
});

describe('legalMoveGroups and legalMoves on the largest decks', () => {
  it('legalMoveGroups on 65,536 cards, 32,768 of one value in hand: counts per size, symmetric, Infinity past 2^1024', () => {
    const state = bigState(65536, 'one');
    const groups = legalMoveGroups(state).plays.filter((g) => g.value === 1);
    const m = 32768;
    expect(groups).toHaveLength(m);
    expect(groups.map((g) => g.size)).toEqual(Array.from({ length: m }, (_, i) => i + 1));
    // exact up to the first count past 2^1024, then Infinity to the middle, then the mirror image
    let exact = 1n;
    for (let s = 1; s <= 200; s++) {
      exact = (exact * BigInt(m - s + 1)) / BigInt(s);
      expect(groups[s - 1]!.count, `C(${m}, ${s})`).toBe(Number(exact));
      expect(groups[m - s - 1]?.count ?? 1, `C(${m}, ${m - s})`).toBe(s === m ? 1 : Number(exact));
    }
    expect(groups[m / 2 - 1]!.count).toBe(Infinity);
    expect(groups[m - 1]!.count).toBe(1);
  });

  it('legalMoveGroups counts C(m, size) exactly (nearest double past 2^53, Infinity past 2^1024) for m up to 2,100 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2100 }), (m) => {
        const groups = legalMoveGroups(bigState(2 * m, 'one')).plays.filter((g) => g.value === 1);
        expect(groups).toHaveLength(m);
        let exact = 1n;
        for (let s = 1; s <= m; s++) {
          exact = (exact * BigInt(m - s + 1)) / BigInt(s);
          expect(groups[s - 1]!.count, `C(${m}, ${s})`).toBe(Number(exact));
        }
      }),
      { numRuns: scaled(25), examples: [[1], [2], [57], [1030], [1100], [2100]] },
    );
  });

  it('legalMoves on a 65,536-card deck sorts a hand of 32,768 cards in canonical order, whatever the order held', () => {
    const state = bigState(65536, 'pairs');
    const moves = legalMoves(state);
    expect(moves).toHaveLength(16384 * 3 + 1);
    expect(moves.slice(0, 4)).toEqual([
      { type: 'play', cards: [0] },
      { type: 'play', cards: [1] },
      { type: 'play', cards: [0, 1] },
      { type: 'play', cards: [2] },
    ]);
    const reversed: GameState = { ...state, hands: [state.hands[0]!.slice().reverse(), state.hands[1]!] };
    expect(legalMoves(reversed)).toEqual(moves);
    expect([...iterateLegalMoves(reversed)]).toEqual(moves);
  });
});

describe('reads of the input grow linearly (counted, not timed)', () => {
  const k = 2048;
  const state = bigState(2 * k, 'one');

  it('checkMove and apply read a hand of n cards O(n) times for a play of all n', () => {
    const hand = counting(state.hands[0]!);
    const s: GameState = { ...state, hands: [hand.proxy, state.hands[1]!] };
    expect(checkMove(s, playAll(k))).toEqual({ ok: true });
    expect(hand.reads()).toBeLessThanOrEqual(4 * k);
    const after = apply(s, playAll(k));
    expect(after.table).toHaveLength(1);
    expect(hand.reads()).toBeLessThanOrEqual(12 * k);
  });

  it('apply on a play of all n publicly known cards of a hand drops them all from public knowledge (the Set path of a long play)', () => {
    const known = fromPosition({
      ...bigDescription(2 * k, 'one'),
      known: [Array.from({ length: k }, (_, i) => i), []],
    });
    const after = apply(known, playAll(k));
    expect(after.known[0]).toEqual([]);
    const some = apply(known, { type: 'play', cards: Array.from({ length: 20 }, (_, i) => 2 * i) });
    expect(some.known[0]).toEqual(Array.from({ length: k }, (_, i) => i).filter((id) => id >= 40 || id % 2 === 1));
  });

  it('playerView reads a hand of n known cards O(n) times', () => {
    const known = fromPosition({
      ...bigDescription(2 * k, 'one'),
      known: [[], Array.from({ length: k }, (_, i) => k + i)],
    });
    const hand = counting(known.hands[1]!);
    const view = playerView({ ...known, hands: [known.hands[0]!, hand.proxy] }, 0);
    expect(view.known[1]).toHaveLength(k);
    expect(hand.reads()).toBeLessThanOrEqual(4 * k);
  });

  it('validatePosition reads a hand of n known cards O(n) times', () => {
    const known = JSON.parse(
      JSON.stringify(
        fromPosition({ ...bigDescription(2 * k, 'one'), known: [Array.from({ length: k }, (_, i) => i), []] }),
      ),
    ) as GameState;
    const hand = counting(known.hands[0]!);
    expect(validatePosition({ ...known, hands: [hand.proxy, known.hands[1]] })).toEqual([]);
    expect(hand.reads()).toBeLessThanOrEqual(20 * k);
  });

  it('validatePosition reads a listed discard pile of n cards O(n) times (indexOf per card: n²/2)', () => {
    const d = bigDescription(2 * k, 'pairs');
    const discard = counting(d.hands[1]!.slice(k / 2).map((c) => c.id));
    expect(
      validatePosition({ ...d, hands: [d.hands[0], d.hands[1]!.slice(0, k / 2)], discard: discard.proxy }),
    ).toEqual([]);
    const dup = counting([...discard.proxy, ...discard.proxy]);
    let counted = 0;
    try {
      fromPosition({ ...d, hands: [d.hands[0], d.hands[1]!.slice(0, k / 2)], discard: dup.proxy });
    } catch (e) {
      if (isPositionError(e)) counted = e.problemCount;
    }
    expect(counted).toBe(k / 2); // every second listing of a card is a DUPLICATE_CARD
    expect(discard.reads()).toBeLessThanOrEqual(20 * (k / 2));
    expect(dup.reads()).toBeLessThanOrEqual(20 * k);
  });
});

describe('parseMove reads any text in linear time', () => {
  const state = bigState(2 * 2048, 'one');

  it("'P 1' + 499,990 spaces + 'x' is UNREADABLE (a backtracking regex took 1.7 s at 48,000 spaces, quadratically more here)", () => {
    expect(notationCode(() => parseMove(state, `P 1${' '.repeat(MAX_MOVE_TEXT - 10)}x`))).toBe('UNREADABLE');
    expect(notationCode(() => parseMove(state, `P 1${', 2'.repeat(100_000)},`))).toBe('UNREADABLE');
    expect(notationCode(() => parseMove(state, `A 1${' '.repeat(200_000)}>${' '.repeat(200_000)}1 .x`))).toBe(
      'UNREADABLE',
    );
  });

  it('a play naming 2,048 cards in any order is read, and a text past MAX_MOVE_TEXT is refused unread with a short message', () => {
    const ids = Array.from({ length: 2048 }, (_, i) => i).reverse();
    expect(parseMove(state, `p ${ids.join(' , ')}`)).toEqual(playAll(2048));
    let message = '';
    try {
      parseMove(state, 'R'.padEnd(MAX_MOVE_TEXT + 1, ' '));
    } catch (e) {
      if (isNotationError(e)) message = `${e.code}: ${e.message}`;
    }
    expect(message).toMatch(/^UNREADABLE: .*too long/);
    expect(notationCode(() => parseMove(state, `R${' '.repeat(MAX_MOVE_TEXT - 1)}`))).toBe('none');
  });

  it('quotes at most 40 characters of an unreadable text in its message', () => {
    for (const text of ['x'.repeat(100_000), `P 1${' '.repeat(10_000)}x`]) {
      try {
        parseMove(state, text);
      } catch (e) {
        expect(isNotationError(e) && e.message.length).toBeLessThan(200);
      }
    }
  });
});

describe('the largest deck (rules §2)', () => {
  it('a deck listing more than 65,536 cards is refused with one sentence, not one problem per card', () => {
    const card = { id: 1, faces: [1, 2], minPlayers: 2 };
    expect(deckProblems({ cards: Array.from({ length: 70_000 }, () => card) })).toEqual([
      {
        code: 'TOO_MANY_CARDS',
        path: 'cards',
        message: expect.stringMatching(/at most 65536 cards \(ids 0 to 65535\), not 70000/),
      },
    ]);
    expect(deckProblems({ cards: Array.from({ length: 1_000_000 }, () => card) })).toHaveLength(1);
    expect(deckProblems(bigDeck(65536, 'pairs'), 2)).toEqual([]);
  });
});

describe('legalMoves refuses to list more moves than memory holds', () => {
  it('throws a coded ArgumentError past 1,000,000 moves (it ran out of memory at k = 40), and lists 2^19 − 1 plays at k = 19', () => {
    for (const k of [20, 40, 2000]) {
      const e = thrown(() => legalMoves(bigState(2 * k, 'one')));
      expect(isArgumentError(e) && e.code, `k = ${k}`).toBe('BAD_ARGUMENT');
      expect((e as Error).message).toMatch(/more than 1,000,000 legal moves.*legalMoveGroups/);
    }
    // 4,096 values held 8 times each: 255 plays per value, 1,044,480 in all
    const cards = Array.from({ length: 65536 }, (_, id) => ({
      id,
      faces: (id < 32768 ? [1 + (id % 4096), 1e6 + id] : [1e7 + id, 2e7 + id]) as [number, number],
      minPlayers: 2,
      ...(id === 0 ? { star: true } : {}),
    }));
    const wide = fromPosition({
      players: 2,
      deck: { cards },
      hands: [
        cards.slice(0, 32768).map((c) => ({ id: c.id, active: c.faces[0] })),
        cards.slice(32768).map((c) => ({ id: c.id, active: c.faces[0] })),
      ],
      turn: { seat: 0, area: 1 },
    });
    expect(isArgumentError(thrown(() => legalMoves(wide)))).toBe(true);
    expect(legalMoveGroups(wide).plays.reduce((n, g) => n + g.count, 0)).toBe(4096 * 255);
    expect(legalMoves(bigState(38, 'one'))).toHaveLength(2 ** 19 - 1 + 1);
  });
});
