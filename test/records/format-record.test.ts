/** formatRecord: the canonical text of a record reads back as the same record (docs/notation.md, records). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  formatRecord,
  isRecordError,
  legalMoves,
  parseRecord,
  recordOf,
  type Move,
} from '../../src/index.js';

const game = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  seed: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
  picks: fc.array(fc.nat(), { maxLength: 80 }),
  metadata: fc.option(
    fc.record({
      event: fc.string({ maxLength: 20 }),
      comments: fc.dictionary(fc.nat({ max: 79 }).map(String), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
    }),
    { nil: undefined },
  ),
});

function recordFrom({
  players,
  seed,
  picks,
  metadata,
}: {
  players: number;
  seed: string | number;
  picks: number[];
  metadata: { event: string; comments: Record<string, string> } | undefined;
}) {
  let s = createGame(players, seed);
  const moves: Move[] = [];
  for (const p of picks) {
    if (s.status === 'gameOver') break;
    const legal = legalMoves(s);
    const m = legal[p % legal.length]!;
    moves.push(m);
    s = apply(s, m);
  }
  return recordOf(s, moves, metadata);
}

describe('formatRecord', () => {
  it('reads back as the same record, is stable, and writes one move per line', () => {
    fc.assert(
      fc.property(game, (g) => {
        const record = recordFrom(g);
        const text = formatRecord(record);
        expect(parseRecord(text)).toEqual(parseRecord(record));
        expect(formatRecord(text)).toBe(text);
        expect(text.endsWith('}\n')).toBe(true);
        const moveLines = text.split('\n').filter((l) => l.startsWith('    {"type"'));
        expect(moveLines).toHaveLength(record.moves.length);
        expect(Object.keys(JSON.parse(text))).toEqual(
          Object.keys(record).sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)),
        );
      }),
    );
  });

  it('writes the fields in schema order, whatever order they came in', () => {
    const record = recordFrom({
      players: 3,
      seed: 'order',
      picks: [0, 1, 2],
      metadata: { event: 'club', comments: {} },
    });
    const shuffled = Object.fromEntries(Object.entries(record).reverse());
    expect(formatRecord(shuffled)).toBe(formatRecord(record));
    expect(
      formatRecord(JSON.stringify(shuffled)).startsWith(
        '{\n  "format": "dnup-record",\n  "version": 1,\n  "players": [',
      ),
    ).toBe(true);
  });

  it('refuses what is not a record with a RecordError, and leaves its input alone', () => {
    const record = recordFrom({ players: 2, seed: 1, picks: [0], metadata: undefined });
    const broken = { ...record, version: 9 };
    const copy = structuredClone(broken);
    let thrown: unknown;
    try {
      formatRecord(broken);
    } catch (e) {
      thrown = e;
    }
    expect(isRecordError(thrown)).toBe(true);
    expect(broken).toEqual(copy);
  });
});

const ORDER = ['format', 'version', 'players', 'seed', 'options', 'moves', 'metadata'];
