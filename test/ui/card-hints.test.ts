/** cardHints: which cards can do what, agreeing with legalMoves, linear on big custom decks. */
import { describe, expect, it } from 'vitest';
import {
  apply,
  cardHints,
  createGame,
  legalMoveGroups,
  legalMoves,
  moveFromSelection,
  playerView,
} from '../../src/index.js';
import { buildState, set } from '../helpers/positions.js';
import { bigState } from '../helpers/big-positions.js';
import { deepFreeze } from '../helpers/freeze.js';

describe('cardHints', () => {
  it('lists play sizes, add targets, takes and rotate for the seat to play', () => {
    const s = deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [21, 3],
            [19, 3],
            [9, 2],
          ],
          [[6, 1]],
          [[4, 1]],
        ],
        table: [set(1, 0, 3, [17]), set(2, 0, 2, [11, 13])],
        turn: { seat: 0, area: 0 },
      }),
    );
    const h = cardHints(s);
    expect(h).toMatchObject({ seat: 0, toPlay: true, rotate: true, nextRound: false });
    // 3s: a single 3 does not beat Ben's single 3 (size 1), a pair of 3s beats Cy's pair of 2s,
    // and so does Ben's 3 with one more
    expect(h.cards).toEqual([
      { card: 21, active: 3, playSizes: [2], addTo: [{ seat: 1, area: 0 }] },
      { card: 19, active: 3, playSizes: [2], addTo: [{ seat: 1, area: 0 }] },
      { card: 9, active: 2, playSizes: [], addTo: [{ seat: 2, area: 0 }] },
    ]);
    expect(h.sets).toEqual([
      { target: { seat: 1, area: 0 }, value: 3, size: 1, take: true, add: [21, 19] },
      { target: { seat: 2, area: 0 }, value: 2, size: 2, take: true, add: [9] },
    ]);
    expect(legalMoves(s).filter((m) => m.type === 'add')).toEqual([
      { type: 'add', card: 19, target: { seat: 1, area: 0 } },
      { type: 'add', card: 21, target: { seat: 1, area: 0 } },
      { type: 'add', card: 9, target: { seat: 2, area: 0 } },
    ]);
  });

  it('gives a seat not to play its cards with no hints, and any seat nextRound at a round end', () => {
    const s = createGame(3, 'hints');
    const other = (s.turn.seat + 1) % 3;
    const h = cardHints(playerView(s, other));
    expect(h).toMatchObject({ seat: other, toPlay: false, rotate: false, nextRound: false, cards: expect.any(Array) });
    expect(h.cards.length).toBe(s.hands[other]!.length);
    expect(h.cards.every((c) => c.playSizes.length === 0 && c.addTo.length === 0)).toBe(true);
    expect(cardHints(playerView(s, s.turn.seat))).toEqual(cardHints(s));
    const over = apply(buildState({ players: 2, hands: [[[13, 9]], [[7, 1]]], turn: { seat: 0, area: 0 } }), {
      type: 'play',
      cards: [13],
    });
    expect(over.status).toBe('roundOver');
    expect(cardHints(playerView(over, 1))).toMatchObject({
      toPlay: true,
      rotate: false,
      nextRound: true,
      sets: [{ take: false, add: [] }],
    });
  });

  it('stays linear on a hand of 20,000 cards of one value (2^20000 − 1 plays) and agrees with the groups', () => {
    const s = bigState(40_000, 'one');
    const h = cardHints(s);
    expect(h.cards.length).toBe(20_000);
    expect(h.cards[0]!.playSizes.length).toBe(20_000);
    expect(h.cards[0]!.playSizes).toBe(h.cards[19_999]!.playSizes); // one shared list per value
    const legalSizes = legalMoveGroups(s)
      .plays.filter((g) => g.legal)
      .map((g) => g.size);
    expect(h.cards[0]!.playSizes).toEqual(legalSizes);
  });
});

describe('hints and selections on a hand of 40 cards of one value (2^40 − 1 plays)', () => {
  it('never list the plays', () => {
    const k40 = bigState(80, 'one');
    const h = cardHints(k40);
    expect(h.cards[0]!.playSizes).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(moveFromSelection(k40, { cards: Array.from({ length: 40 }, (_, i) => 39 - i) })).toEqual({
      ok: true,
      move: { type: 'play', cards: Array.from({ length: 40 }, (_, i) => i) },
    });
    expect(moveFromSelection(k40, { cards: [7] })).toEqual({ ok: true, move: { type: 'play', cards: [7] } });
    expect(() => legalMoves(k40)).toThrow(expect.objectContaining({ code: 'BAD_ARGUMENT' }));
  });
});
