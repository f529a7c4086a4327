/** One English sentence per move, and a text picture of a position (rules §5, §6, §8). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  describeMove,
  fromPosition,
  isIllegalMoveError,
  legalMoves,
  parseMove,
  renderPosition,
  type PositionDescription,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { thrown } from '../records/thrown.js';

const say = (position: PositionDescription, text: string): string => {
  const state = deepFreeze(fromPosition(position));
  return describeMove(state, parseMove(state, text));
};
const hand = (...cards: [number, number][]) => cards.map(([id, active]) => ({ id, active }));
const three = ['Ana', 'Ben', 'Cy'];

describe('describeMove', () => {
  it('§5 A: a play that beats a set says how its cards come back, rotated', () => {
    const position = {
      players: three,
      hands: [hand([4, 6], [10, 6], [17, 6], [34, 10]), hand([5, 7]), hand([6, 8])],
      table: [{ seat: 1, value: 4, cards: [15, 23, 25] }],
      turn: { seat: 0 },
    };
    expect(say(position, 'P 4,10,17')).toBe(
      "Ana plays three 6s, beating Ben's three 4s, which return to Ben's hand as 3, 7 and 9.",
    );
    expect(say(position, 'P 34')).toBe('Ana plays a 10.');
    // the sentence is public: it must not reveal the rotated faces (hidden information)
    expect(say(position, 'R')).toBe('Ana rotates their hand of 4 cards.');
  });

  it('§5 B worked example: the new pair of 5s beats the 3s, which come back as a 4 and a 6', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/records/position-worked-example.json', import.meta.url), 'utf8'),
    );
    expect(say(fixture, 'A 27>2')).toBe(
      "Ana adds a 5 to Cy's single 5, making two 5s, beating Ben's two 3s, which return to Ben's hand as 4 and 6.",
    );
  });

  it('§5 C worked example: three 2s taken join the hand as a 5, a 7 and a 9', () => {
    const position = {
      players: three,
      hands: [hand([4, 6]), hand([5, 7]), hand([6, 8])],
      table: [{ seat: 0, value: 2, cards: [9, 11, 13] }],
      turn: { seat: 2 },
    };
    expect(say(position, 'T 0')).toBe("Cy takes Ana's three 2s, which join their hand as 5, 7 and 9.");
  });

  it('§6: going out first, scoring, and winning the game at 4 tokens', () => {
    const position = {
      players: three,
      hands: [hand([34, 10]), hand([5, 7]), hand([6, 8])],
      turn: { seat: 0 },
      scores: [2, 1, 0],
    };
    expect(say(position, 'P 34')).toBe(
      'Ana plays a 10, and goes out first, gaining 2 tokens (4 in all) and winning the game.',
    );
  });

  it('§6: the second player out ends the round; a beaten set of a player who is out is discarded', () => {
    const base = {
      players: three,
      hands: [hand([34, 10], [4, 6]), hand(), hand([6, 8])],
      turn: { seat: 0 },
      out: [1],
      scores: [0, 2, 0],
    };
    expect(say({ ...base, table: [{ seat: 1, value: 5, cards: [27] }] }, 'P 4')).toBe(
      "Ana plays a 6, beating Ben's single 5, which is discarded since Ben is out.",
    );
    expect(say({ ...base, hands: [hand([34, 10]), hand(), hand([6, 8])] }, 'P 34')).toBe(
      'Ana plays a 10, and goes out second, gaining 1 token (1 in all), which ends the round.',
    );
  });

  it('§6 duel: beating your own set brings it back; emptying your hand wins the round and the game', () => {
    const duel = {
      players: ['Ana', 'Ben'],
      hands: [hand([23, 7]), hand([5, 7])],
      table: [{ seat: 0, area: 0, value: 3, cards: [15] }],
      turn: { seat: 0, area: 1 },
    };
    expect(say(duel, 'P 23')).toBe('Ana plays a 7, beating their own single 3, which returns to their hand as a 4.');
    expect(say({ ...duel, table: [], scores: [1, 0] }, 'P 23')).toBe(
      'Ana plays a 7, emptying their hand to win the round (2 of 2) and the game.',
    );
  });

  it('§8: dealing the next round names the ★ holder', () => {
    const position = {
      players: three,
      hands: [hand(), hand(), hand([6, 8])],
      turn: { seat: 1 },
      out: [0, 1],
      scores: [2, 1, 0],
      status: 'roundOver' as const,
    };
    expect(say(position, 'N')).toMatch(/^Round 2 is dealt and (Ana|Ben|Cy) holds the ★, so they start\.$/);
  });

  it('one sentence naming the mover for every legal move of random positions', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), (script) => {
        playScript(script, ({ before, moves }) => {
          for (const move of moves.slice(0, 12)) {
            const sentence = describeMove(before, move);
            const subject = move.type === 'nextRound' ? 'Round' : before.players[before.turn.seat]!;
            expect(sentence.startsWith(`${subject} `)).toBe(true);
            expect(sentence).toMatch(/^[^.]+\.$/);
            expect(sentence).not.toMatch(/undefined|NaN|\[object/);
          }
        });
      }),
      { numRuns: scaled(25) },
    );
  });

  it('throws the IllegalMoveError of apply for an illegal move', () => {
    const state = fromPosition({
      players: three,
      hands: [hand([4, 6]), hand([5, 7]), hand([6, 8])],
      turn: { seat: 0 },
    });
    const caught = thrown(() => describeMove(state, { type: 'play', cards: [5] }));
    expect(isIllegalMoveError(caught) && caught.code).toBe('NOT_YOUR_CARD');
  });
});

describe('renderPosition', () => {
  it('§8: shows status, scores, table, discard and hands with active/inactive values', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/records/position-worked-example.json', import.meta.url), 'utf8'),
    );
    expect(renderPosition(fromPosition(fixture))).toBe(
      [
        'Round 1 · turn 7 · Ana to play',
        'Scores (tokens, 4 to win): Ana 0 · Ben 0 · Cy 0',
        'Table:',
        '  Ben: two 3s [cards 15, 17]',
        '  Cy: one 5 [cards 9]',
        'Discard: 22 cards',
        'Hands:',
        '> Ana (2): 5/6#27 6/1#4',
        '  Ben (1): 7/4#23',
        '  Cy  (2): 2/7#11 10/7#37',
      ].join('\n'),
    );
  });

  it('names every player and every card of any reachable position', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), (script) => {
        const state = playScript(script);
        const text = renderPosition(state);
        for (const p of state.players) expect(text).toContain(p);
        for (const h of state.hands) for (const c of h) expect(text).toContain(`${c.active}/`);
        for (const t of state.table) expect(text).toContain(t.cards.join(', '));
        expect(text).not.toMatch(/undefined|NaN/);
        expect(legalMoves(state).length === 0).toBe(state.status === 'gameOver');
      }),
      { numRuns: scaled(30) },
    );
  });
});
