/** The worked examples of rules §5, each on a hand-built position. */
import { describe, expect, it } from 'vitest';
import { apply, checkMove, legalMoves } from '../../src/index.js';
import { add, buildState, play, set, take } from '../helpers/positions.js';
import { deepFreeze } from '../helpers/freeze.js';

describe('rules §5 worked example 1: a single 7 and three 6s on the table', () => {
  const state = deepFreeze(
    buildState({
      players: 3,
      hands: [
        [
          [18, 3],
          [24, 8],
          [13, 2],
          [14, 2],
          [27, 5],
          [29, 5],
          [30, 5],
          [7, 9],
          [20, 9],
          [25, 9],
        ],
        [[6, 1]],
        [[2, 1]],
      ],
      table: [set(1, 0, 7, [5]), set(2, 0, 6, [4, 10, 17])],
      turn: { seat: 0, area: 0 },
    }),
  );
  const plays = legalMoves(state)
    .filter((m) => m.type === 'play')
    .map((m) => (m.type === 'play' ? m.cards.join(',') : ''));

  it('a single card only above 7', () => {
    expect(plays.filter((p) => !p.includes(','))).toEqual(['24', '7', '20', '25']);
    expect(checkMove(state, play(18))).toMatchObject({ ok: false, code: 'DOES_NOT_BEAT', rule: '§5 A' });
  });
  it('three cards only above 6', () => {
    expect(plays).toContain('7,20,25');
    expect(plays).not.toContain('27,29,30');
    expect(checkMove(state, play(27, 29, 30))).toMatchObject({ ok: false, code: 'DOES_NOT_BEAT' });
  });
  it('two cards of any value', () => {
    expect(plays).toEqual(expect.arrayContaining(['13,14', '27,29', '27,30', '29,30', '7,20', '7,25', '20,25']));
  });
});

describe('rules §5 worked example 2: adds are judged by the size they make', () => {
  it('a 3 may not join a single 3 while two 5s are on the table', () => {
    const state = deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [15, 3],
            [3, 1],
          ],
          [[6, 1]],
          [[2, 1]],
        ],
        table: [set(1, 0, 5, [27, 29]), set(2, 0, 3, [17])],
        turn: { seat: 0, area: 0 },
      }),
    );
    expect(checkMove(state, add(15, 2))).toMatchObject({ ok: false, code: 'DOES_NOT_BEAT', rule: '§5 B' });
    expect(legalMoves(state).some((m) => m.type === 'add')).toBe(false);
  });

  it('a 5 added to a single 5 beats two 3s, which return rotated as a 4 and a 6', () => {
    const state = deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [27, 5],
            [3, 1],
          ],
          [[6, 1]],
          [[2, 1]],
        ],
        table: [set(2, 0, 5, [9]), set(1, 0, 3, [15, 17])],
        turn: { seat: 0, area: 0 },
      }),
    );
    const next = apply(state, add(27, 2));
    expect(next.table).toEqual([set(2, 0, 5, [9, 27])]);
    expect(next.hands[1]).toEqual([
      { id: 6, active: 1 },
      { id: 15, active: 4 },
      { id: 17, active: 6 },
    ]);
    expect(next.events[1]).toMatchObject({
      type: 'setBeaten',
      seat: 1,
      by: 0,
      fate: 'returned',
      returned: [
        { id: 15, active: 4 },
        { id: 17, active: 6 },
      ],
    });
  });
});

describe('rules §5 worked example 3: taking three 2s', () => {
  it('they join the hand as a 5, a 7 and a 9', () => {
    const state = deepFreeze(
      buildState({
        players: 3,
        hands: [[[3, 1]], [[6, 1]], [[2, 1]]],
        table: [set(1, 0, 2, [9, 11, 13])],
        turn: { seat: 0, area: 0 },
      }),
    );
    const next = apply(state, take(1));
    expect(next.hands[0]).toEqual([
      { id: 3, active: 1 },
      { id: 9, active: 5 },
      { id: 11, active: 7 },
      { id: 13, active: 9 },
    ]);
    expect(next.table).toEqual([]);
    expect(next.events[0]).toMatchObject({ type: 'setTaken', seat: 0, from: { seat: 1, area: 0 } });
  });
});
