/** Reading game records: every problem listed with its own code, never a crash (rules §2, §3, §5). */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import { isRecordError, parseRecord, recordOf, recordProblems, type RecordErrorCode } from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { schemaErrors } from './record-schema.js';
import { thrown } from './thrown.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), 'utf8');
const schema = JSON.parse(readFileSync(new URL('../../docs/record.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
const legal = JSON.parse(fixture('legal-3p.json')) as Record<string, unknown>;

function codesOf(input: unknown): RecordErrorCode[] {
  return recordProblems(input).map((p) => p.code);
}

describe('parseRecord', () => {
  it('reads the fixture records, from text or from a parsed object, leaving the input unchanged', () => {
    for (const name of ['legal-3p.json', 'legal-duel.json', 'illegal-add.json']) {
      const text = fixture(name);
      const fromText = parseRecord(text);
      expect(fromText.format).toBe('dnup-record');
      const parsed = deepFreeze(JSON.parse(text));
      const record = parseRecord(parsed);
      expect(record).toEqual(parsed);
      expect(record).not.toBe(parsed); // a copy, read once: later edits of the input change nothing
      expect(parsed).toEqual(JSON.parse(text));
    }
  });

  it.each<[string, unknown, RecordErrorCode]>([
    ['truncated JSON', fixture('truncated.json'), 'BAD_JSON'],
    ['an array', '[1, 2]', 'NOT_AN_OBJECT'],
    ['null', null, 'NOT_AN_OBJECT'],
    ['a wrong format', { ...legal, format: 'pgn' }, 'WRONG_FORMAT'],
    ['a wrong version (§3: replays depend on the version)', fixture('wrong-version.json'), 'WRONG_VERSION'],
    ['an unknown field', { ...legal, winner: 0 }, 'UNKNOWN_FIELD'],
    ['one player (§2)', { ...legal, players: ['Ana'] }, 'BAD_PLAYERS'],
    ['six players (§2)', { ...legal, players: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'BAD_PLAYERS'],
    ['an empty name', { ...legal, players: ['Ana', '', 'Cy'] }, 'BAD_PLAYERS'],
    ['a fractional seed (§3)', { ...legal, seed: 1.5 }, 'BAD_SEED'],
    ['unknown options', { ...legal, options: { speed: 2 } }, 'BAD_OPTIONS'],
    [
      'a deck with two stars (§2)',
      {
        ...legal,
        options: {
          deck: {
            cards: [
              { id: 0, faces: [1, 2], minPlayers: 2, star: true },
              { id: 1, faces: [3, 4], minPlayers: 2, star: true },
              { id: 2, faces: [5, 6], minPlayers: 2 },
            ],
          },
        },
      },
      'BAD_DECK',
    ],
    ['moves that are not an array', { ...legal, moves: 'P 3' }, 'BAD_MOVES'],
    ['a move that is not an object (§5)', { ...legal, moves: ['rotate'] }, 'BAD_MOVE'],
    ['a move with an unknown type (§5)', { ...legal, moves: [{ type: 'pass' }] }, 'BAD_MOVE'],
    ['a move with an extra field (§5)', { ...legal, moves: [{ type: 'rotate', seat: 1 }] }, 'BAD_MOVE'],
    ['a card id not in the deck (§2)', { ...legal, moves: [{ type: 'play', cards: [99] }] }, 'UNKNOWN_CARD'],
    [
      'a card not in use with 3 players (§3.1)',
      { ...legal, moves: [{ type: 'add', card: 0, target: { seat: 1, area: 0 } }] },
      'UNKNOWN_CARD',
    ],
    ['bad metadata', { ...legal, metadata: { comments: { first: 'hi' } } }, 'BAD_METADATA'],
  ])('rejects %s with its own code', (_what, input, code) => {
    const caught = thrown(() => parseRecord(input));
    expect(isRecordError(caught)).toBe(true);
    if (!isRecordError(caught)) return;
    expect(caught.code).toBe(code);
    expect(caught.problems[0]!.message.length).toBeGreaterThan(10);
  });

  it('lists every problem, not just the first', () => {
    const text = fixture('unknown-card.json');
    const problems = recordProblems(text);
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['UNKNOWN_CARD', 'moves[2]'],
      ['UNKNOWN_CARD', 'moves[3]'],
      ['BAD_MOVE', 'moves[4]'],
    ]);
    expect(codesOf({ format: 'x', version: 0, players: 3, seed: null, moves: {} })).toEqual([
      'WRONG_FORMAT',
      'WRONG_VERSION',
      'BAD_PLAYERS',
      'BAD_SEED',
      'BAD_MOVES',
    ]);
  });

  it('never throws anything but a RecordError, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.jsonValue(), fc.string()), (input) => {
        try {
          parseRecord(input);
        } catch (e) {
          expect(isRecordError(e)).toBe(true);
        }
      }),
      { numRuns: scaled(300) },
    );
  });
});

describe('docs/record.schema.json', () => {
  it('accepts the fixture records and records of random games', () => {
    for (const name of ['legal-3p.json', 'legal-duel.json', 'illegal-add.json'])
      expect(schemaErrors(schema, JSON.parse(fixture(name)))).toEqual([]);
    fc.assert(
      fc.property(gameScript({ maxMoves: 60 }), (script) => {
        const moves: unknown[] = [];
        const final = playScript(script, ({ move }) => moves.push(move));
        const record = JSON.parse(JSON.stringify(recordOf(final, moves as never, { event: 'random' })));
        expect(schemaErrors(schema, record)).toEqual([]);
        expect(recordProblems(record)).toEqual([]);
      }),
      { numRuns: scaled(20) },
    );
  });

  it('rejects what parseRecord rejects for its shape', () => {
    const shapeBreaks: unknown[] = [
      { ...legal, format: 'pgn' },
      { ...legal, version: 2 },
      { ...legal, winner: 0 },
      { ...legal, players: ['Ana'] },
      { ...legal, seed: 1.5 },
      { ...legal, moves: ['rotate'] },
      { ...legal, moves: [{ type: 'rotate', seat: 1 }] },
      { ...legal, moves: [{ type: 'take', target: { seat: 1 } }] },
      { ...legal, metadata: { comments: { first: 'hi' } } },
      (({ moves: _m, ...rest }) => rest)(legal),
    ];
    for (const bad of shapeBreaks) {
      expect(recordProblems(bad).length, JSON.stringify(bad).slice(0, 80)).toBeGreaterThan(0);
      expect(schemaErrors(schema, bad).length, JSON.stringify(bad).slice(0, 80)).toBeGreaterThan(0);
    }
  });
});
