/** Move notation (docs/notation.md): canonical text, round trips, and three kinds of refusal. */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  formatMove,
  fromPosition,
  isArgumentError,
  isNotationError,
  legalMoves,
  parseMove,
  playerView,
  publicView,
  type GameState,
  type Move,
  type NotationErrorCode,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';

function refusal(state: GameState, text: string): { code: NotationErrorCode | 'none'; error: unknown } {
  try {
    parseMove(state, text);
  } catch (e) {
    if (isNotationError(e)) return { code: e.code, error: e };
    throw e;
  }
  return { code: 'none', error: undefined };
}

/** Duel position: Ben (seat 1) has a single 4 and three 6s; Ana holds a 4 and a 6, both addable. */
const duel = fromPosition({
  players: ['Ana', 'Ben'],
  hands: [
    [
      { id: 23, active: 4 },
      { id: 10, active: 6 },
    ],
    [{ id: 5, active: 7 }],
  ],
  table: [
    { seat: 1, area: 0, value: 4, cards: [15] },
    { seat: 1, area: 1, value: 6, cards: [17, 27, 33] },
  ],
  turn: { seat: 0, area: 0 },
});

describe('formatMove and parseMove (rules §5)', () => {
  it('§5: round-trip every legal move of random positions at 2–5 players, each text unique in its position', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 100 }), (script) => {
        const check = (state: GameState, moves: readonly Move[]): void => {
          deepFreeze(state);
          const texts = moves.map((m) => formatMove(state, m));
          expect(new Set(texts).size).toBe(texts.length);
          texts.forEach((text, i) => expect(parseMove(state, text)).toEqual(moves[i]));
        };
        const last = playScript(script, ({ before, moves }) => check(before, moves));
        check(last, legalMoves(last));
      }),
      { numRuns: scaled(40) },
    );
  });

  it('writes a move the same from a seat’s view and from the public view as from the state (rules §8)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 60 }), (script) => {
        playScript(script, ({ before, moves }) => {
          const watcher = publicView(before);
          const seat = playerView(before, (before.turn.seat + 1) % before.players.length);
          const mover = playerView(before, before.turn.seat);
          for (const m of moves.slice(0, 6)) {
            const text = formatMove(before, m);
            expect(formatMove(watcher, m)).toBe(text);
            expect(formatMove(seat, m)).toBe(text);
            // faces need the hand of the seat to play: its own view has it, the others name ids
            expect(formatMove(mover, m, { cards: 'faces' })).toBe(formatMove(before, m, { cards: 'faces' }));
            expect(formatMove(watcher, m, { cards: 'faces' })).toBe(text);
          }
        });
      }),
      { numRuns: scaled(10) },
    );
    expect(formatMove(publicView(createGame(3, 'x')), { type: 'add', card: 4, target: { seat: 1, area: 0 } })).toBe(
      'A 4>1',
    );
    expect(formatMove(publicView(createGame(2, 'x')), { type: 'add', card: 4, target: { seat: 0, area: 1 } })).toBe(
      'A 4>0.1',
    );
    expect(formatMove(publicView(createGame(2, 'x')), { type: 'nextRound' })).toBe('N');
    let error: unknown;
    try {
      formatMove({ ...publicView(createGame(2, 'x')), players: ['Ana'] }, { type: 'rotate' });
    } catch (e) {
      error = e;
    }
    expect(isArgumentError(error)).toBe(true);
  });

  it('writes each move kind canonically: ids ascending, the area only in the duel', () => {
    const three = createGame(3, 'n');
    expect(formatMove(three, { type: 'play', cards: [17, 3, 20] })).toBe('P 3,17,20');
    expect(formatMove(three, { type: 'add', card: 12, target: { seat: 1, area: 0 } })).toBe('A 12>1');
    expect(formatMove(three, { type: 'take', target: { seat: 2, area: 0 } })).toBe('T 2');
    expect(formatMove(three, { type: 'rotate' })).toBe('R');
    expect(formatMove(three, { type: 'nextRound' })).toBe('N');
    expect(formatMove(duel, { type: 'take', target: { seat: 1, area: 0 } })).toBe('T 1.0');
    expect(formatMove(duel, { type: 'add', card: 23, target: { seat: 1, area: 0 } })).toBe('A 23>1.0');
    expect(() => formatMove(three, { type: 'pass' } as unknown as Move)).toThrow(
      expect.objectContaining({ code: 'NOT_A_MOVE' }),
    );
  });

  it('reads forgiving input: any case and spacing, cards in any order, an area left out when only one fits', () => {
    expect(parseMove(duel, ' a 23 > 1 . 0 ')).toEqual({ type: 'add', card: 23, target: { seat: 1, area: 0 } });
    expect(parseMove(duel, 'A 23')).toEqual({ type: 'add', card: 23, target: { seat: 1, area: 0 } });
    expect(parseMove(duel, 'a10>1')).toEqual({ type: 'add', card: 10, target: { seat: 1, area: 1 } });
    expect(parseMove(duel, 't1.1')).toEqual({ type: 'take', target: { seat: 1, area: 1 } });
    expect(parseMove(duel, 'r')).toEqual({ type: 'rotate' });
    const state = createGame(4, 'order');
    const pair = legalMoves(state).find(
      (m): m is Extract<Move, { type: 'play' }> => m.type === 'play' && m.cards.length === 2,
    );
    if (pair) expect(parseMove(state, `p ${pair.cards[1]} ${pair.cards[0]}`)).toEqual(pair);
  });

  it.each(['', 'X', 'P', 'P a', 'P 3,', 'A', 'A >1', 'T', 'T x', 'R 3', 'NR', 'play 3', 'T 1.2.3'])(
    'UNREADABLE: %j is not notation',
    (text) => {
      expect(refusal(duel, text).code).toBe('UNREADABLE');
    },
  );

  it.each([
    ['P 15', 'NOT_YOUR_CARD'],
    ['P 23,10', 'MIXED_VALUES'],
    ['P 99', 'UNKNOWN_CARD'],
    ['A 10>1.0', 'VALUE_MISMATCH'],
    ['T 0.0', 'NOT_AN_OPPONENT_SET'],
    ['T 2.0', 'NO_SUCH_AREA'],
    ['N', 'ROUND_NOT_OVER'],
    ['A 5', 'NOT_YOUR_CARD'],
  ])('ILLEGAL: %s is read but refused by the rules with %s (rules §5)', (text, moveCode) => {
    const { code, error } = refusal(duel, text);
    expect(code).toBe('ILLEGAL');
    expect(error).toMatchObject({ details: { moveCode } });
    expect((error as Error).message).toMatch(/rules §/);
  });

  it('AMBIGUOUS: "T 1" in the duel when both of seat 1\'s areas hold a set lists both candidates', () => {
    const { code, error } = refusal(duel, 'T 1');
    expect(code).toBe('AMBIGUOUS');
    expect(error).toMatchObject({
      details: {
        candidates: [
          { type: 'take', target: { seat: 1, area: 0 } },
          { type: 'take', target: { seat: 1, area: 1 } },
        ],
      },
    });
  });

  it('AMBIGUOUS: "A 12" when card 12 fits two sets', () => {
    const state = fromPosition({
      players: 3,
      hands: [
        [
          { id: 12, active: 8 },
          { id: 4, active: 1 },
        ],
        [{ id: 5, active: 7 }],
        [{ id: 7, active: 9 }],
      ],
      table: [
        { seat: 1, area: 0, value: 8, cards: [6] },
        { seat: 2, area: 0, value: 8, cards: [19, 24, 29] },
      ],
      turn: { seat: 0 },
    });
    expect(refusal(state, 'A 12').code).toBe('AMBIGUOUS');
    expect(parseMove(state, 'A 12>2')).toEqual({ type: 'add', card: 12, target: { seat: 2, area: 0 } });
  });
});
