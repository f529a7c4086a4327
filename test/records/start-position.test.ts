/** Game records that start from a position (the record's "start", like PGN's FEN tag; rules §3). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  formatPosition,
  formatRecord,
  isRecordError,
  parsePosition,
  parseRecord,
  recordProblems,
  replay,
  type DeckDefinition,
  type GameState,
  type Move,
  type RecordError,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';
import { schemaErrors } from './record-schema.js';
import { thrown } from './thrown.js';

const schema = JSON.parse(readFileSync(new URL('../../docs/record.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** The rulebook's example of rules §5, in the short form: Ana may add her 5 (card 9) to Cy's single 5. */
const START = 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0';
const ADD: Move = { type: 'add', card: 9, target: { seat: 2, area: 0 } };

function record(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 'dnup-record',
    version: 1,
    players: ['Ana', 'Ben', 'Cy'],
    seed: 'position',
    start: START,
    moves: [ADD, { type: 'rotate' }, { type: 'play', cards: [6] }],
    ...fields,
  };
}

function recordError(input: unknown): RecordError {
  const e = thrown(() => replay(input));
  if (!isRecordError(e)) throw new Error(`expected a RecordError, got ${String(e)}`);
  return e;
}

describe('a record with a start position', () => {
  it('replays its moves from the position to the end, as apply plays them from parsePosition', () => {
    const result = replay(record());
    expect(result.ok).toBe(true);
    let expected: GameState = parsePosition(START);
    expect(result.initial).toEqual(expected);
    for (const m of record().moves as Move[]) expected = apply(expected, m);
    expect(result.state).toEqual(expected);
    expect(result.state.scores).toEqual([0, 0, 2]); // Cy went out with the 8
    expect(result.verdicts.map((v) => v.status)).toEqual(['legal', 'legal', 'legal']);
    expect(result.verdicts[0]).toMatchObject({ index: 0, round: 1, turn: 1, seat: 0, text: 'A 9>2' });
  });

  it('stops at the first illegal move after the start, with its index, seat, code and rule', () => {
    const moves = [ADD, { type: 'rotate' }, { type: 'play', cards: [5] }, { type: 'rotate' }]; // card 5 is Ben's
    const result = replay(record({ moves }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ index: 2, turn: 3, seat: 2, code: 'NOT_YOUR_CARD', rule: '§5 A' });
    expect(result.error.message).toMatch(/rules §5 A/);
    expect(result.verdicts.map((v) => v.status)).toEqual(['legal', 'legal', 'illegal', 'unreached']);
    expect(result.state.turn).toMatchObject({ seat: 2, number: 3 });
  });

  it('a record without one starts from createGame(players, seed) as before', () => {
    const { start: _, ...plain } = record({ moves: [] });
    const result = replay(plain);
    expect(result.ok).toBe(true);
    expect(result.initial.hands[0]).toHaveLength(10);
    expect(result.initial.seed).toBe('position');
  });

  it('§3: any position a game reaches, as a start with the moves after it, replays to the same position', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), fc.nat(), (script, cut) => {
        const states: GameState[] = [];
        const moves: Move[] = [];
        const final = playScript(script, ({ before, move }) => {
          states.push(before);
          moves.push(move);
        });
        const at = cut % states.length;
        const start = formatPosition(states[at]!);
        const result = replay({
          format: 'dnup-record',
          version: 1,
          players: final.players,
          seed: final.seed,
          start,
          moves: moves.slice(at),
        });
        expect(result.ok).toBe(true);
        expect(formatPosition(result.state)).toBe(formatPosition(final));
        expect(result.state.moveCount).toBe(final.moveCount);
      }),
      { numRuns: scaled(30) },
    );
  });

  it('formatRecord writes it after the options, as given, and reads back the same record', () => {
    const text = formatRecord(record());
    expect(text).toMatch(/"seed": "position",\n {2}"start": "dnup1 Ana,Ben,Cy [^"]+ t0",\n {2}"moves": \[/);
    expect(parseRecord(text)).toEqual(parseRecord(record()));
    expect((parseRecord(text) as { start?: string }).start).toBe(START);
  });

  it('docs/record.schema.json accepts it, and refuses a start that is not a position text', () => {
    expect(schemaErrors(schema, record())).toEqual([]);
    for (const start of [42, { players: ['Ana'] }, 'not a position']) {
      expect(schemaErrors(schema, record({ start })).length, String(start)).toBeGreaterThan(0);
      expect(recordProblems(record({ start })).map((p) => p.code)).toContain('BAD_START');
    }
  });
});

describe('a start position that cannot be used is a RecordError BAD_START (rules §3)', () => {
  it('lists every problem of the position, each with the position problem code, its path and rule', () => {
    // card 17 (3·6) in Ana's hand and in Ben's set, and a third set of one card beside Cy's
    const broken = 'dnup1 Ana,Ben,Cy 5/2,1/6,3/6;7/1;8/1 1:3/4,3/6;2:5/6;0:7/8 t0';
    const e = recordError(record({ start: broken }));
    expect(e.code).toBe('BAD_START');
    expect(e.problems.every((p) => p.code === 'BAD_START' && p.path === 'start')).toBe(true);
    const codes = e.problems.map((p) => p.start?.code);
    expect(codes).toContain('DUPLICATE_CARD');
    expect(codes).toContain('SAME_SIZE_SETS');
    const same = e.problems.find((p) => p.start?.code === 'SAME_SIZE_SETS')!;
    expect(same.start).toMatchObject({ path: 'table[2]', rule: '§5' });
    expect(same.message).toMatch(/^The start position breaks a rule at table\[2\]: .*\(rules §5\)\.$/);
    expect(e.problemCount).toBe(e.problems.length);
  });

  it('a text off the grammar is one BAD_START naming the field, with BAD_POSITION_TEXT', () => {
    const e = recordError(record({ start: 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 - t0 bogus' }));
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]).toMatchObject({ code: 'BAD_START', path: 'start', start: { code: 'BAD_POSITION_TEXT' } });
    expect(e.problems[0]!.message).toMatch(/^The start position cannot be read: /);
    const e2 = recordError(record({ start: 'dnup2 Ana,Ben 5/2;7/1 - t0' }));
    expect(e2.problems[0]!.start?.code).toBe('BAD_POSITION_TEXT');
  });

  it('a start that is not text is BAD_START; other problems of the record are listed beside it', () => {
    const e = recordError(record({ start: ['dnup1'], moves: 'none' }));
    expect(e.problems.map((p) => [p.code, p.path])).toEqual([
      ['BAD_START', 'start'],
      ['BAD_MOVES', 'moves'],
    ]);
  });

  it('its players, seed and deck must be the record’s: each disagreement at its field', () => {
    const names = recordError(record({ players: ['Ana', 'Cy', 'Ben'] }));
    expect(names.problems.map((p) => [p.code, p.path])).toEqual([['BAD_START', 'players']]);
    expect(names.problems[0]!.message).toMatch(/seat by seat \(rules §1\)/);
    const seed = recordError(record({ seed: 7 }));
    expect(seed.problems.map((p) => [p.code, p.path])).toEqual([['BAD_START', 'seed']]);
    const count = recordError(record({ players: ['Ana', 'Ben'] }));
    expect(count.problems.map((p) => p.path)).toContain('players');
    // a deck of the same cards is the same deck, whatever its name
    const deck: DeckDefinition = {
      name: 'house',
      cards: [
        { id: 0, faces: [1, 5], minPlayers: 2, star: true },
        { id: 1, faces: [2, 6], minPlayers: 2 },
        { id: 2, faces: [3, 7], minPlayers: 2 },
        { id: 3, faces: [4, 8], minPlayers: 2 },
      ],
    };
    const duelStart = 'dnup1 Ana,Ben 5/1,6/2;7/3,4/8 - t1.1 "d" deck"other":0=1/5+2*,1=2/6+2,2=3/7+2,3=4/8+2';
    const duel = { players: ['Ana', 'Ben'], seed: 'd', start: duelStart, moves: [] };
    expect(replay(record({ ...duel, options: { deck } })).ok).toBe(true);
    const standard = recordError(record(duel));
    expect(standard.problems.map((p) => [p.code, p.path])).toEqual([['BAD_START', 'options.deck']]);
    const other = {
      ...deck,
      cards: deck.cards.map((c) => (c.id === 3 ? { ...c, faces: [8, 4] as [number, number] } : c)),
    };
    expect(recordError(record({ ...duel, options: { deck: other } })).problems[0]!.path).toBe('options.deck');
  });

  it('a number seed and its decimal text are the same seed (rules §3)', () => {
    const start = START.replace(/ t0$/, ' t0 "42"');
    expect(replay(record({ seed: 42, start })).ok).toBe(true);
    expect(replay(record({ seed: '42', start: START.replace(/ t0$/, ' t0 42') })).ok).toBe(true);
  });
});
