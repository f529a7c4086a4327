/** Positions: validity as a list of every broken invariant, and set-up from a description (rules §1–§8). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apply,
  fromPosition,
  isPositionError,
  legalMoves,
  STANDARD_DECK,
  validatePosition,
  type GameState,
  type PositionDescription,
  type PositionProblemCode,
} from '../../src/index.js';
import { idsInUse } from '../../src/core/cards.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { thrown } from './thrown.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), 'utf8'));

type Mutable = {
  -readonly [K in Exclude<keyof GameState, 'hands' | 'table'>]: GameState[K] extends readonly (infer U)[]
    ? U[]
    : GameState[K];
} & {
  hands: { id: number; active: number }[][];
  table: { seat: number; area: number; value: number; cards: number[] }[];
};

/** Every state of a random game (JSON copies, so tampering never touches shared objects). */
function statesOf(script: Parameters<typeof playScript>[0]): GameState[] {
  const states: GameState[] = [];
  const last = playScript(script, ({ before }) => states.push(before));
  states.push(last);
  return states;
}

const facesOf = (id: number): readonly [number, number] => STANDARD_DECK.cards[id]!.faces;

/** One way to break a real state, and the code that must then be reported; null when it does not apply. */
type Tampering = (s: Mutable, r: number) => PositionProblemCode | null;

const TAMPERINGS: Record<string, Tampering> = {
  removeCard(s, r) {
    const seat = s.hands.findIndex((h) => h.length > 0);
    if (seat < 0) return null;
    s.hands[seat]!.splice(r % s.hands[seat]!.length, 1);
    return 'BAD_DISCARD_COUNT';
  },
  removeDiscard(s, r) {
    if (s.discardCount === 0) return null;
    s.discardCount -= 1 + (r % s.discardCount);
    return 'BAD_DISCARD_COUNT';
  },
  duplicateCard(s, r) {
    const from = s.hands.findIndex((h) => h.length > 0);
    if (from < 0) return null;
    const card = s.hands[from]![r % s.hands[from]!.length]!;
    s.hands[(from + 1) % s.hands.length]!.push({ ...card });
    return 'DUPLICATE_CARD';
  },
  cardTwiceOnTable(s, r) {
    if (s.table.length === 0 || s.discardCount === 0) return null;
    s.table[r % s.table.length]!.cards.push(s.table[r % s.table.length]!.cards[0]!);
    return 'DUPLICATE_CARD';
  },
  impossibleOrientation(s, r) {
    const seat = s.hands.findIndex((h) => h.length > 0);
    if (seat < 0) return null;
    s.hands[seat]![r % s.hands[seat]!.length]!.active = 11;
    return 'BAD_ORIENTATION';
  },
  cardNotInUse(s, r) {
    const unused = STANDARD_DECK.cards.filter((c) => c.minPlayers > s.players.length);
    if (unused.length === 0) return null;
    const card = unused[r % unused.length]!;
    s.hands[r % s.hands.length]!.push({ id: card.id, active: card.faces[0] });
    return 'CARD_NOT_IN_USE';
  },
  unknownCard(s, r) {
    s.hands[r % s.hands.length]!.push({ id: 40 + (r % 1000), active: 1 });
    return 'UNKNOWN_CARD';
  },
  mixedSet(s, r) {
    for (const t of s.table) {
      for (const h of s.hands) {
        const i = h.findIndex((c) => !facesOf(c.id).includes(t.value));
        if (i < 0) continue;
        const j = r % t.cards.length;
        const tableCard = t.cards[j]!;
        t.cards[j] = h[i]!.id;
        h[i] = { id: tableCard, active: t.value };
        return 'MIXED_SET';
      }
    }
    return null;
  },
  setValueChanged(s, r) {
    if (s.table.length === 0) return null;
    const t = s.table[r % s.table.length]!;
    t.value = t.value === 10 ? 1 : 11;
    return 'MIXED_SET';
  },
  sameSizeSets(s) {
    if (s.table.length < 2) return null;
    const [a, b] = [...s.table].sort((x, y) => x.cards.length - y.cards.length) as [
      Mutable['table'][0],
      Mutable['table'][0],
    ];
    s.discardCount += b.cards.splice(a.cards.length).length;
    return 'SAME_SIZE_SETS';
  },
  setInNoArea(s, r) {
    if (s.table.length === 0) return null;
    const t = s.table[r % s.table.length]!;
    if (r % 2 === 0) t.area = s.players.length === 2 ? 2 : 1;
    else t.seat = s.players.length;
    return 'NO_SUCH_AREA';
  },
  tableShuffled(s) {
    if (s.table.length < 2) return null;
    s.table.reverse();
    return 'TABLE_ORDER';
  },
  turnAtOutSeat(s, r) {
    if (s.status !== 'playing' || s.out.length === 0) return null;
    s.turn = { ...s.turn, seat: s.out[r % s.out.length]! };
    return 'TURN_AT_OUT_SEAT';
  },
  turnOffTable(s) {
    s.turn = { ...s.turn, seat: s.players.length };
    return 'BAD_TURN';
  },
  ownSetAtTurn(s) {
    if (s.status !== 'playing') return null;
    const other = s.table.find((t) => t.seat !== s.turn.seat);
    if (!other || s.table.some((t) => t.seat === s.turn.seat && t.area === s.turn.area)) return null;
    other.seat = s.turn.seat;
    other.area = s.turn.area;
    return 'OWN_SET_AT_TURN';
  },
  outWithCards(s) {
    const seat = s.hands.findIndex((h, i) => h.length > 0 && !s.out.includes(i));
    if (seat < 0) return null;
    s.out.push(seat);
    return 'OUT_WITH_CARDS';
  },
  emptyHandNotOut(s) {
    if (s.status !== 'playing') return null;
    const seat = s.hands.findIndex((h) => h.length > 0);
    s.discardCount += s.hands[seat]!.length;
    s.hands[seat] = [];
    return 'EMPTY_HAND_NOT_OUT';
  },
  extraScore(s, r) {
    s.scores[r % s.scores.length]! += 1 + (r % 2);
    return 'IMPOSSIBLE_SCORES';
  },
  negativeScore(s, r) {
    s.scores[r % s.scores.length] = -1;
    return 'IMPOSSIBLE_SCORES';
  },
  roundMisnumbered(s) {
    s.round += 1;
    return 'IMPOSSIBLE_SCORES';
  },
  statusFlipped(s) {
    if (s.status === 'gameOver') return null;
    s.status = s.status === 'playing' ? 'roundOver' : 'playing';
    return 'BAD_STATUS';
  },
  winnerTooEarly(s, r) {
    if (s.status === 'gameOver') return null;
    s.winner = r % s.players.length;
    return 'BAD_WINNER';
  },
  knownCardElsewhere(s, r) {
    // rules §5: a card publicly known in a hand must be in that hand
    const seat = s.hands.findIndex((h, i) => h.length > 0 && i !== r % s.players.length);
    if (seat < 0) return null;
    (s.known[r % s.players.length] as number[]).push(s.hands[seat]![0]!.id);
    return 'KNOWN_NOT_IN_HAND';
  },
  moveCountTooSmall(s) {
    if (s.turn.number < 3) return null;
    s.moveCount = 0;
    return 'BAD_MOVE_COUNT';
  },
};

const applied: Record<string, number> = Object.fromEntries(Object.keys(TAMPERINGS).map((k) => [k, 0]));

describe('validatePosition (rules §1–§8)', () => {
  it('finds no problem in any state of a random game, and leaves it untouched', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 120 }), (script) => {
        for (const state of statesOf(script)) expect(validatePosition(deepFreeze(state))).toEqual([]);
      }),
      { numRuns: scaled(25) },
    );
  });

  it('detects every tampering of a real state (fuzz)', () => {
    const names = Object.keys(TAMPERINGS);
    const arb = fc.record({
      script: gameScript({ maxMoves: 100 }),
      at: fc.nat(),
      kind: fc.integer({ min: 0, max: names.length - 1 }),
      r: fc.nat({ max: 10_000 }),
    });
    fc.assert(
      fc.property(arb, ({ script, at, kind, r }) => {
        const states = statesOf(script);
        const name = names[kind]!;
        // the first state from `at` on (cyclically) where this tampering applies
        let copy: Mutable | undefined;
        let expected: PositionProblemCode | null = null;
        for (let i = 0; i < states.length && expected === null; i++) {
          copy = JSON.parse(JSON.stringify(states[(at + i) % states.length])) as Mutable;
          expected = TAMPERINGS[name]!(copy, r);
        }
        if (expected === null || copy === undefined) return;
        applied[name]!++;
        const codes = validatePosition(copy).map((p) => p.code);
        expect(codes, `${name} must be reported as ${expected}`).toContain(expected);
      }),
      // never fewer: afterAll checks that every kind of tampering was drawn and applied
      { numRuns: scaled(600, 600) },
    );
  });

  afterAll(() => {
    // every kind of tampering was really tried, not skipped as inapplicable
    for (const [name, count] of Object.entries(applied)) expect(count, name).toBeGreaterThan(0);
  });

  it('§2–§7: reports every problem of a hand-written position, with paths and rule sections', () => {
    const problems = validatePosition(fixture('position-broken.json'));
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['CARD_NOT_IN_USE', 'hands[0][0]'],
      ['BAD_ORIENTATION', 'hands[0][1]'],
      ['DUPLICATE_CARD', 'table[0].cards[0]'],
      ['NO_SUCH_AREA', 'table[1]'],
      ['SAME_SIZE_SETS', 'table[1]'],
      ['TURN_AT_OUT_SEAT', 'turn'],
      ['IMPOSSIBLE_SCORES', 'scores[2]'],
    ]);
    for (const p of problems) expect(p.rule).toMatch(/^§\d/);
  });

  it('reports a broken shape instead of crashing, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.record({ format: fc.constant(1), players: fc.jsonValue(), hands: fc.jsonValue() })),
        (input) => {
          const problems = validatePosition(input);
          expect(problems.length).toBeGreaterThan(0);
          for (const p of problems) expect(typeof p.message).toBe('string');
        },
      ),
      { numRuns: scaled(300) },
    );
  });
});

describe('fromPosition (rules §4, §5)', () => {
  it('§5 worked example: sets up the table of the rulebook and plays on from it', () => {
    const state = fromPosition(fixture('position-worked-example.json'));
    expect(state.discardCount).toBe(30 - 8);
    const after = apply(state, { type: 'add', card: 27, target: { seat: 2, area: 0 } });
    expect(after.hands[1]).toEqual(
      expect.arrayContaining([
        { id: 15, active: 4 },
        { id: 17, active: 6 },
      ]),
    );
  });

  it('a description of any real position plays exactly like the position itself', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 100 }), fc.nat(), (script, at) => {
        const states = statesOf(script);
        const real = states[at % states.length]!;
        const description: PositionDescription = {
          players: real.players,
          hands: real.hands,
          table: real.table,
          turn: real.turn,
          out: real.out,
          scores: real.scores,
          round: real.round,
          status: real.status,
        };
        const state = fromPosition(deepFreeze(JSON.parse(JSON.stringify(description))));
        const moves = legalMoves(state);
        expect(moves).toEqual(legalMoves(real));
        expect(state.discardCount).toBe(real.discardCount);
        const move = moves.find((m) => m.type !== 'nextRound');
        if (!move) return;
        const [a, b] = [apply(state, move), apply(real, move)];
        expect([a.hands, a.table, a.out, a.scores, a.status, a.turn.seat]).toEqual([
          b.hands,
          b.table,
          b.out,
          b.scores,
          b.status,
          b.turn.seat,
        ]);
      }),
      { numRuns: scaled(60) },
    );
  });

  it('throws a PositionError listing every problem', () => {
    const caught = thrown(() => fromPosition(fixture('position-broken.json')));
    expect(isPositionError(caught)).toBe(true);
    if (!isPositionError(caught)) return;
    expect(caught.code).toBe('CARD_NOT_IN_USE');
    expect(caught.problems).toHaveLength(7);
  });

  it('fills in defaults: round from the scores, discard from the cards placed nowhere else', () => {
    const state = fromPosition({
      players: ['Ana', 'Ben'],
      hands: [[{ id: 17, active: 3 }], [{ id: 9, active: 5 }]],
      table: [{ seat: 1, area: 0, value: 3, cards: [15] }],
      turn: { seat: 0, area: 1 },
      scores: [1, 0],
    });
    expect(state.round).toBe(2);
    expect(state.scoring).toBe('rounds');
    expect(state.discardCount).toBe(26 - 3);
    // a single 3 cannot beat Ben's single 3, but adding it makes a pair (rules §5 A, B)
    expect(legalMoves(state).map((m) => m.type)).toEqual(['add', 'take', 'rotate']);
  });

  it('takes a listed discard pile only when it holds exactly the cards placed nowhere else (rules §3)', () => {
    const base = {
      players: ['Ana', 'Ben'],
      hands: [[{ id: 17, active: 3 }], [{ id: 9, active: 5 }]],
      table: [{ seat: 1, area: 0, value: 3, cards: [15] }],
      turn: { seat: 0, area: 1 },
    };
    const rest = idsInUse(STANDARD_DECK, 2).filter((id) => ![17, 9, 15].includes(id));
    expect(fromPosition({ ...base, discard: rest }).discardCount).toBe(rest.length);
    const problems = (discard: number[]) => validatePosition({ ...base, discard }).map((p) => [p.code, p.path]);
    expect(problems(rest.slice(1))).toEqual([['MISSING_CARD', 'discard']]);
    expect(problems([...rest, 17])).toEqual([['DUPLICATE_CARD', `discard[${rest.length}]`]]);
    expect(problems([...rest, rest[0]!])).toEqual([['DUPLICATE_CARD', `discard[${rest.length}]`]]);
  });
});
