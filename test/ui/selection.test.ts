/** moveFromSelection: what a selection means, with checkMove's codes, and when it could mean two moves. */
import { describe, expect, it } from 'vitest';
import { checkMove, errorSentence, LOCALES, moveFromSelection, playerView, type Selection } from '../../src/index.js';
import { buildState, set } from '../helpers/positions.js';
import { deepFreeze } from '../helpers/freeze.js';

// seat 0 holds 21 (shows 3) and 9 (shows 2); Ben has a pair of 3s: 21 can be played alone or added to it
const ambiguous = () =>
  deepFreeze(
    buildState({
      players: 3,
      hands: [
        [
          [21, 3],
          [9, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      table: [set(1, 0, 3, [17, 18])],
      turn: { seat: 0, area: 0 },
    }),
  );
// two sets 21 can join (sizes 1 and 3, both showing 3), and a single 3 on the table stops the play of 21 alone
const twoTargets = () =>
  deepFreeze(
    buildState({
      players: 3,
      hands: [
        [
          [21, 3],
          [9, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      table: [set(1, 0, 3, [17]), set(2, 0, 3, [18, 19, 20])],
      turn: { seat: 0, area: 0 },
    }),
  );

describe('moveFromSelection', () => {
  it('reads cards alone as a play (ascending), a target alone as a take, a card and a target as an add', () => {
    const s = ambiguous();
    expect(moveFromSelection(s, { cards: [9] })).toEqual({ ok: true, move: { type: 'play', cards: [9] } });
    expect(moveFromSelection(s, { target: { seat: 1, area: 0 } })).toEqual({
      ok: true,
      move: { type: 'take', target: { seat: 1, area: 0 } },
    });
    expect(moveFromSelection(s, { cards: [21], target: { seat: 1, area: 0 } })).toEqual({
      ok: true,
      move: { type: 'add', card: 21, target: { seat: 1, area: 0 } },
    });
    expect(moveFromSelection(s, { action: 'rotate' })).toEqual({ ok: true, move: { type: 'rotate' } });
    const pair = buildState({
      players: 3,
      hands: [
        [
          [21, 3],
          [17, 3],
          [9, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      turn: { seat: 0, area: 0 },
    });
    expect(moveFromSelection(pair, { cards: [21, 17] })).toEqual({ ok: true, move: { type: 'play', cards: [17, 21] } });
  });

  it('says when one card can be played or added, and that the action tells them apart', () => {
    const v = moveFromSelection(ambiguous(), { cards: [21] });
    expect(v).toMatchObject({
      ok: false,
      kind: 'SelectionError',
      code: 'AMBIGUOUS_SELECTION',
      params: { card: 21, count: 2, distinguish: 'action' },
    });
    if (v.ok) throw new Error('unreachable');
    expect(v.params.candidates).toEqual([
      { type: 'play', cards: [21] },
      { type: 'add', card: 21, target: { seat: 1, area: 0 } },
    ]);
    expect(v.message).toBe('Card 21 can be played or added to a set: choose which (rules §5).');
    for (const c of v.params.candidates!) expect(checkMove(ambiguous(), c)).toEqual({ ok: true });
    expect(moveFromSelection(ambiguous(), { cards: [21], action: 'play' })).toEqual({
      ok: true,
      move: { type: 'play', cards: [21] },
    });
    expect(moveFromSelection(ambiguous(), { cards: [21], action: 'add' })).toEqual({
      ok: true,
      move: { type: 'add', card: 21, target: { seat: 1, area: 0 } },
    });
  });

  it('says when one card can go to two sets, and that the target tells them apart', () => {
    const v = moveFromSelection(twoTargets(), { cards: [21] });
    expect(v).toMatchObject({ ok: false, code: 'AMBIGUOUS_SELECTION', params: { distinguish: 'target', count: 2 } });
    expect(moveFromSelection(twoTargets(), { cards: [21], target: { seat: 2, area: 0 } })).toMatchObject({
      ok: true,
      move: { type: 'add', card: 21 },
    });
    expect(moveFromSelection(twoTargets(), { action: 'take' })).toMatchObject({
      ok: false,
      code: 'AMBIGUOUS_SELECTION',
      params: { distinguish: 'target', action: 'C' },
    });
  });

  it('refuses with exactly the code, sentence and rule of checkMove', () => {
    const s = twoTargets();
    const cases: [Selection, unknown][] = [
      [{ cards: [9, 21] }, { type: 'play', cards: [9, 21] }],
      [{ cards: [30] }, { type: 'play', cards: [30] }],
      [
        { cards: [9], target: { seat: 1, area: 0 } },
        { type: 'add', card: 9, target: { seat: 1, area: 0 } },
      ],
      [{ target: { seat: 0, area: 0 } }, { type: 'take', target: { seat: 0, area: 0 } }],
      [{ target: { seat: 4, area: 0 } }, { type: 'take', target: { seat: 4, area: 0 } }],
      [
        { cards: [], action: 'play' },
        { type: 'play', cards: [] },
      ],
      [{ action: 'nextRound' }, { type: 'nextRound' }],
    ];
    for (const [selection, move] of cases) {
      const v = moveFromSelection(s, selection);
      const c = checkMove(s, move);
      expect(c.ok).toBe(false);
      expect(v).toEqual({ ...c, kind: 'IllegalMoveError' });
    }
    // a view of a seat not to play, and a position the rules cannot reach
    expect(moveFromSelection(playerView(s, 1), { cards: [6] })).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    expect(moveFromSelection({ ...s, table: 'x' } as never, { cards: [9] })).toMatchObject({
      ok: false,
      code: 'INVALID_STATE',
    });
  });

  it('gives unreadable or inconsistent selections a coded verdict, never an exception', () => {
    const s = ambiguous();
    const bad: unknown[] = [
      null,
      7,
      'P 9',
      [],
      { cards: 'x' },
      { cards: [1.5] },
      { target: { seat: 1 } },
      { action: 'jump' },
      { extra: 1 },
      { cards: [1n] },
    ];
    for (const x of bad)
      expect(moveFromSelection(s, x as Selection)).toMatchObject({
        ok: false,
        kind: 'SelectionError',
        code: 'MALFORMED_SELECTION',
        rule: '§5',
      });
    const cyclic: Record<string, unknown> = {};
    cyclic.cards = cyclic;
    expect(moveFromSelection(s, cyclic as Selection)).toMatchObject({ ok: false, code: 'MALFORMED_SELECTION' });
    expect(moveFromSelection(s, { cards: [9, 21], target: { seat: 1, area: 0 } })).toMatchObject({
      code: 'MALFORMED_SELECTION',
      rule: '§5 B',
      params: { count: 2 },
    });
    expect(moveFromSelection(s, { cards: [9], action: 'rotate' })).toMatchObject({
      code: 'MALFORMED_SELECTION',
      rule: '§5 D',
    });
    expect(moveFromSelection(s, { cards: [9], action: 'take' })).toMatchObject({
      code: 'MALFORMED_SELECTION',
      rule: '§5 C',
    });
    expect(moveFromSelection(s, { cards: [9], target: { seat: 1, area: 0 }, action: 'play' })).toMatchObject({
      code: 'MALFORMED_SELECTION',
      rule: '§5 A',
    });
    expect(moveFromSelection(s, {})).toMatchObject({ code: 'EMPTY_SELECTION' });
    const lonely = buildState({ players: 3, hands: [[[21, 3]], [[6, 1]], [[4, 1]]], turn: { seat: 0, area: 0 } });
    expect(moveFromSelection(lonely, { action: 'take' })).toMatchObject({ code: 'NO_TARGET', rule: '§5 C' });
    expect(moveFromSelection(lonely, { cards: [21], action: 'add' })).toMatchObject({
      code: 'NO_TARGET',
      rule: '§5 B',
    });
  });

  it('words every refusal in every locale from its kind, code and params', () => {
    const v = moveFromSelection(ambiguous(), { cards: [21] });
    if (v.ok) throw new Error('unreachable');
    const sentences = LOCALES.map((l) => errorSentence(v.kind, v.code, v.params, l));
    expect(sentences[0]).toBe(v.message);
    expect(new Set(sentences).size).toBe(3);
    expect(sentences[1]).toMatch(/^La carte 21 peut être jouée ou ajoutée/);
    expect(sentences[2]).toMatch(/^Kaart 21 kan gespeeld/);
  });

  it('never changes its inputs', () => {
    const sel = deepFreeze({ cards: [21] as number[] });
    expect(() => moveFromSelection(ambiguous(), sel)).not.toThrow();
  });
});
