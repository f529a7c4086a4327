/** Every refusal has a code from the closed union, a sentence naming the rule, and leaves the state alone. */
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  legalMoves as legalMovesOf,
  playerView,
  IllegalMoveError,
  GameSetupError,
  isDnupError,
  isGameSetupError,
  isIllegalMoveError,
  MOVE_ERROR_CODES,
  STANDARD_DECK,
  type MoveErrorCode,
  type GameState,
  type Move,
  DNUP_ERROR_NAMES,
  botByName,
  describeMove,
  fromPosition,
  history,
  parseMove,
  parseRecord,
  playsOfGroup,
} from '../../src/index.js';
import { add, buildState, play, set, take } from '../helpers/positions.js';
import { deepFreeze } from '../helpers/freeze.js';

const state = deepFreeze(
  buildState({
    players: 3,
    hands: [
      [
        [9, 2],
        [11, 2],
        [15, 4],
        [13, 9],
      ],
      [[6, 1]],
      [
        [4, 1],
        [5, 1],
      ],
    ],
    table: [set(1, 0, 8, [24]), set(2, 0, 3, [17, 18])],
    turn: { seat: 0, area: 0 },
  }),
);
const snapshot = JSON.stringify(state);

const cases: [MoveErrorCode, unknown][] = [
  ['MALFORMED_MOVE', null],
  ['MALFORMED_MOVE', 'rotate'],
  ['MALFORMED_MOVE', [1, 2]],
  ['MALFORMED_MOVE', { type: 'pass' }],
  ['MALFORMED_MOVE', { type: 'rotate', please: true }],
  ['MALFORMED_MOVE', { type: 'play', cards: '9' }],
  ['MALFORMED_MOVE', { type: 'play', cards: [9.5] }],
  // eslint-disable-next-line no-sparse-arrays
  ['MALFORMED_MOVE', { type: 'play', cards: [, 9] }],
  ['MALFORMED_MOVE', { type: 'add', card: 9 }],
  ['MALFORMED_MOVE', { type: 'take', target: { seat: 1 } }],
  ['MALFORMED_MOVE', { type: 'take', target: { seat: 1, area: 0, x: 1 } }],
  ['EMPTY_PLAY', play()],
  ['DUPLICATE_CARD', play(9, 9)],
  ['UNKNOWN_CARD', play(40)],
  ['UNKNOWN_CARD', play(1)], // card 1 is used only with 5 players
  ['NOT_YOUR_CARD', play(4)],
  ['NOT_YOUR_CARD', play(2)], // in the discard pile
  ['MIXED_VALUES', play(9, 15)],
  ['DOES_NOT_BEAT', play(15)],
  ['NO_SUCH_AREA', take(3)],
  ['NO_SUCH_AREA', take(1, 1)],
  ['NOT_AN_OPPONENT_SET', take(0)],
  ['VALUE_MISMATCH', add(9, 1)],
  ['NOT_YOUR_CARD', add(4, 1)],
  ['ROUND_NOT_OVER', { type: 'nextRound' }],
];

describe('IllegalMoveError codes (rules §5)', () => {
  it.each(cases)('%s for %j', (code, move) => {
    const verdict = checkMove(state, move);
    expect(verdict).toMatchObject({ ok: false, code });
    if (verdict.ok) return;
    expect(verdict.message).toMatch(/rules §\d/);
    expect(verdict.rule).toMatch(/^§\d/);
    let thrown: unknown;
    try {
      apply(state, move as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(IllegalMoveError);
    expect(isIllegalMoveError(thrown) && thrown.code).toBe(code);
    expect((thrown as IllegalMoveError).message).toBe(verdict.message);
    expect(JSON.stringify(state)).toBe(snapshot);
  });

  it('NO_SET_THERE for an empty opponent area', () => {
    const s = buildState({ players: 3, hands: [[[21, 3]], [[6, 1]], [[2, 1]]], turn: { seat: 0, area: 0 } });
    expect(checkMove(s, take(1))).toMatchObject({ ok: false, code: 'NO_SET_THERE', rule: '§5 C' });
    expect(checkMove(s, add(21, 2))).toMatchObject({ ok: false, code: 'NO_SET_THERE', rule: '§5 B' });
  });

  it('NOT_YOUR_TURN for the view of a seat that is not to play (rules §4)', () => {
    const s = createGame(3, 'views');
    const other = (s.turn.seat + 1) % 3;
    expect(checkMove(playerView(s, other), { type: 'rotate' })).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_TURN',
      rule: '§4',
    });
    expect(legalMovesOf(playerView(s, other))).toEqual([]);
    expect(legalMovesOf(playerView(s, s.turn.seat))).toEqual(legalMovesOf(s));
    expect(checkMove(playerView(s, s.turn.seat), { type: 'rotate' })).toEqual({ ok: true });
  });

  it('covers every code of the closed union', () => {
    const covered = new Set(cases.map(([c]) => c));
    for (const c of ['GAME_OVER', 'ROUND_OVER', 'NO_SET_THERE', 'NOT_YOUR_TURN', 'INVALID_STATE'] as const)
      covered.add(c); // tested in rulings.test.ts, trust.test.ts and above
    expect([...covered].sort()).toEqual([...MOVE_ERROR_CODES].sort());
  });
});

describe('hostile input stays cheap to refuse', () => {
  // a hang guard, not a speed measurement: a quadratic duplicate check would run for minutes
  it('a play naming three hundred thousand cards is refused (rules §5 A)', { timeout: 20_000 }, () => {
    const many = { type: 'play' as const, cards: Array.from({ length: 300_000 }, (_, i) => 300_000 - i) };
    expect(checkMove(state, many)).toMatchObject({ ok: false, code: 'UNKNOWN_CARD' });
    const repeated = { type: 'play' as const, cards: [...many.cards, 300_000] };
    expect(checkMove(state, repeated)).toMatchObject({ ok: false, code: 'DUPLICATE_CARD' });
  });
});

describe('type guards work without instanceof (ESM and CommonJS copies)', () => {
  it('recognises plain objects shaped like our errors, and nothing else', () => {
    const foreign = { name: 'IllegalMoveError', code: 'DOES_NOT_BEAT', message: 'x' };
    expect(isIllegalMoveError(foreign)).toBe(true);
    expect(isDnupError(foreign)).toBe(true);
    expect(isIllegalMoveError({ name: 'IllegalMoveError', code: 'NOPE' })).toBe(false);
    expect(isIllegalMoveError(new Error('x'))).toBe(false);
    expect(isGameSetupError(new GameSetupError('BAD_SEED', 'x'))).toBe(true);
    expect(isDnupError(null)).toBe(false);
  });
});

describe('GameSetupError (rules §2, §3)', () => {
  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return isGameSetupError(e) ? e.code : `not a setup error: ${String(e)}`;
    }
    return 'no error';
  };
  it.each([1, 6, 2.5, [], ['a'], ['a', ''], ['a', 'b', 'c', 'd', 'e', 'f'], 'three'])(
    'BAD_PLAYERS for %j',
    (players) => {
      expect(codeOf(() => createGame(players as never, 1))).toBe('BAD_PLAYERS');
    },
  );
  it('BAD_OPTIONS for unknown options', () => {
    expect(codeOf(() => createGame(3, 1, { colour: 'red' } as never))).toBe('BAD_OPTIONS');
    expect(codeOf(() => createGame(3, 1, 'deck' as never))).toBe('BAD_OPTIONS');
  });
  it('BAD_DECK lists every problem of a custom deck', () => {
    const cards = STANDARD_DECK.cards.map((c) => ({ ...c }));
    cards[5] = { id: 4, faces: [3, 3], minPlayers: 7 };
    cards[6] = { ...cards[6]!, faces: [0, 2] as [number, number], star: true };
    let err: unknown;
    try {
      createGame(3, 1, { deck: { cards } });
    } catch (e) {
      err = e;
    }
    expect(isGameSetupError(err) && err.code).toBe('BAD_DECK');
    const problems = (err as GameSetupError).problems;
    expect(problems.join('\n')).toMatch(/repeats id 4/);
    expect(problems.join('\n')).toMatch(/both faces/);
    expect(problems.join('\n')).toMatch(/minPlayers 7/);
    expect(problems.join('\n')).toMatch(/whole numbers from 1 to 9007199254740991/);
    expect(problems.join('\n')).toMatch(/exactly one starred card; this one has 2/);
  });
  it('BAD_DECK for a face past Number.MAX_SAFE_INTEGER, which JSON would round to another value (rules §2)', () => {
    const cards = STANDARD_DECK.cards.map((c) => (c.id === 3 ? { ...c, faces: [2 ** 53, 2] as [number, number] } : c));
    expect(codeOf(() => createGame(3, 1, { deck: { cards } }))).toBe('BAD_DECK');
    const fine = STANDARD_DECK.cards.map((c) =>
      c.id === 3 ? { ...c, faces: [Number.MAX_SAFE_INTEGER, 2] as [number, number] } : c,
    );
    expect(createGame(3, 1, { deck: { cards: fine } }).deck.cards.find((c) => c.id === 3)!.faces[0]).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });
  it('BAD_DECK when the cards kept do not divide evenly or lose the star', () => {
    const uneven = { cards: STANDARD_DECK.cards.filter((c) => c.id !== 37) };
    expect(codeOf(() => createGame(2, 1, { deck: uneven }))).toBe('BAD_DECK');
    const noStar = { cards: STANDARD_DECK.cards.map((c) => (c.star ? { ...c, minPlayers: 5 } : c)) };
    expect(codeOf(() => createGame(3, 1, { deck: noStar }))).toBe('BAD_DECK');
  });
  it('accepts a valid custom deck and deals from it', () => {
    const deck = {
      name: 'tiny',
      cards: [
        { id: 10, faces: [1, 2] as const, minPlayers: 2, star: true },
        { id: 20, faces: [2, 3] as const, minPlayers: 2 },
        { id: 30, faces: [3, 1] as const, minPlayers: 2 },
        { id: 40, faces: [1, 3] as const, minPlayers: 2 },
      ],
    };
    const s = createGame(2, 'tiny', { deck });
    expect(
      s.hands
        .flat()
        .map((c) => c.id)
        .sort(),
    ).toEqual([10, 20, 30, 40]);
    expect(s.hands[s.starter]!.some((c) => c.id === 10)).toBe(true);
  });
});

describe('apply keeps nothing of the caller (rules §8: states are immutable)', () => {
  it('a move object changed after apply does not change the new state', () => {
    const s = buildState({
      players: 3,
      hands: [
        [
          [9, 2],
          [11, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      turn: { seat: 0, area: 0 },
    });
    const move = { type: 'play' as const, cards: [9, 11] };
    const next = apply(s, move);
    move.cards.push(4);
    expect(next.lastMove).toEqual({ type: 'play', cards: [9, 11] });
    expect(next.table[0]!.cards).toEqual([9, 11]);
  });
  it('a move whose getters change between reads is read once, then judged and played as that copy', () => {
    const s = buildState({
      players: 3,
      hands: [
        [
          [9, 2],
          [11, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      turn: { seat: 0, area: 0 },
    });
    let reads = 0;
    const tricky = {
      type: 'play',
      get cards() {
        return reads++ < 1 ? [9] : [4];
      },
    };
    const next = apply(s, tricky as never);
    expect(reads).toBe(1);
    expect(next.table).toEqual([{ seat: 0, area: 0, value: 2, cards: [9] }]);
    reads = 0;
    expect(checkMove(s, tricky)).toEqual({ ok: true });
    expect(reads).toBe(1);
  });
});

describe('shared move objects from legalMoves', () => {
  it('are frozen, so no caller can change what later calls list', () => {
    const s = createGame(4, 'frozen moves');
    const moves = legalMovesOf(s);
    const single = moves.find((m) => m.type === 'play' && m.cards.length === 1)!;
    expect(Object.isFrozen(single)).toBe(true);
    expect(() => {
      (single as unknown as { cards: number[] }).cards.push(99);
    }).toThrow(TypeError);
    expect(legalMovesOf(s)).toEqual(moves);
  });
  it('a look-alike object built by the caller is still checked and copied', () => {
    const s = createGame(4, 'frozen moves');
    const single = legalMovesOf(s).find((m) => m.type === 'play' && m.cards.length === 1)!;
    const lookAlike = { type: 'play' as const, cards: [...(single as unknown as { cards: number[] }).cards] };
    const next = apply(s, lookAlike);
    expect(next.lastMove).toEqual(lookAlike);
    expect(next.lastMove).not.toBe(lookAlike);
    expect(apply(s, single).lastMove).toBe(single);
  });
});

describe('shared plays of several cards', () => {
  /** A state whose seat to play can play several cards at once, and its first such play. */
  const withMultiPlay = (): { s: GameState; multi: Move } => {
    for (let seed = 0; ; seed++) {
      const s = createGame(2, seed);
      const multi = legalMovesOf(s).find((m) => m.type === 'play' && m.cards.length > 1);
      if (multi) return { s, multi };
    }
  };
  it('are listed as one frozen object per play, the same at every call, and played without a copy', () => {
    const { s, multi } = withMultiPlay();
    expect(Object.isFrozen(multi)).toBe(true);
    expect(Object.isFrozen((multi as unknown as { cards: number[] }).cards)).toBe(true);
    expect(legalMovesOf(s).find((m) => m.type === 'play' && m.cards.length > 1)).toBe(multi);
    expect(legalMovesOf(createGame(2, 'elsewhere')).concat(legalMovesOf(s))).toContain(multi);
    expect(apply(s, multi).lastMove).toBe(multi);
    const copy = JSON.parse(JSON.stringify(multi)) as Move;
    expect(apply(s, copy).lastMove).not.toBe(copy);
    expect(apply(s, copy)).toEqual(apply(s, multi));
  });
  it('are fresh objects past the bound on card ids, so a custom deck cannot grow the shared table', () => {
    // 24 cards, ids 1000-1023, faces 1 or 2 up: every hand holds several cards of one value
    const deck = {
      name: 'wide',
      cards: Array.from({ length: 24 }, (_, i) => ({
        id: 1000 + i,
        faces: [1 + (i % 2), 3 + (i % 3)] as [number, number],
        minPlayers: 2,
        ...(i === 0 ? { star: true } : {}),
      })),
    };
    const s = createGame(2, 'wide', { deck });
    const multi = legalMovesOf(s).filter((m) => m.type === 'play' && m.cards.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const m of multi.slice(0, 50)) expect(Object.isFrozen(m)).toBe(false);
    expect(apply(s, multi[0]!).lastMove).toEqual(multi[0]);
  });
});

describe('isDnupError recognises every error class the package throws', () => {
  /** The error a call throws, or a failure naming the call. */
  const thrown = (what: string, f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      return e;
    }
    throw new Error(`${what} did not throw`);
  };
  const game = createGame(3, 1);
  const errors = [
    thrown('apply', () => apply(game, { type: 'take', target: { seat: 2, area: 1 } })),
    thrown('createGame', () => createGame(1 as never, 1)),
    thrown('playsOfGroup', () => playsOfGroup(null as never).next()),
    thrown('fromPosition', () => fromPosition({} as never)),
    thrown('parseRecord', () => parseRecord('{')),
    thrown('parseMove', () => parseMove(game, '???')),
    thrown('playerView', () => playerView(game, 9)),
    thrown('botByName', () => botByName('nobody' as never)),
    thrown('history', () => history(game).undo()),
    thrown('describeMove', () => describeMove(game, { type: 'rotate' }, 'xx' as never)),
  ];

  it('recognises one error of each class, and the classes are exactly DNUP_ERROR_NAMES', () => {
    for (const e of errors) expect(isDnupError(e), `not recognised: ${String(e)}`).toBe(true);
    expect(new Set(errors.map((e) => (e as Error).name))).toEqual(new Set(DNUP_ERROR_NAMES));
  });
});
