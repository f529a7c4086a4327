/**
 * Perft regression table (docs/perft.md): counts of legal move sequences from fixed positions.
 * A changed count means move generation changed which moves are legal (rules §5). Regenerate
 * deliberately with `npm run build && node scripts/regenerate-perft.mjs`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, parseMove, perft, perftDivide, type GameState } from '../../src/index.js';

interface PerftRow {
  players: number;
  seed: string;
  line: string[];
  counts: number[];
}

const table = (JSON.parse(readFileSync(new URL('../fixtures/records/perft.json', import.meta.url), 'utf8')) as { positions: PerftRow[] }).positions;

function positionOf(row: PerftRow): GameState {
  let state = createGame(row.players, row.seed);
  for (const text of row.line) state = apply(state, parseMove(state, text));
  return state;
}

describe('perft (rules §5)', () => {
  it('the table covers 2 to 5 players, openings and middle games', () => {
    expect(new Set(table.map((r) => r.players))).toEqual(new Set([2, 3, 4, 5]));
    expect(table.some((r) => r.line.length > 0)).toBe(true);
    for (const row of table) expect(row.counts.length).toBeGreaterThanOrEqual(4);
  });

  it.each(table.map((row) => [`${row.players} players, ${row.seed}, ${row.line.length === 0 ? 'opening' : `after ${row.line.length} moves`}`, row] as const))(
    '§5: %s keeps its move counts',
    (_name, row) => {
      const state = positionOf(row);
      expect(row.counts.map((_, i) => perft(state, i + 1))).toEqual(row.counts);
    },
  );

  it('perft 0 is 1, perft 1 is the number of legal moves, and divide adds up to perft', () => {
    const state = positionOf(table.find((r) => r.line.length > 0)!);
    expect(perft(state, 0)).toBe(1);
    expect(perft(state, 1)).toBe(legalMoves(state).length);
    const divided = perftDivide(state, 3);
    expect(Object.keys(divided)).toHaveLength(legalMoves(state).length);
    expect(Object.values(divided).reduce((a, b) => a + b, 0)).toBe(perft(state, 3));
    expect(() => perft(state, -1)).toThrow(expect.objectContaining({ name: 'ArgumentError', code: 'BAD_ARGUMENT' }));
    expect(() => perft(state, 7)).toThrow(expect.objectContaining({ code: 'BAD_ARGUMENT' })); // MAX_PERFT_DEPTH: would run for hours
  });

  it('§6: a finished game has no move sequences left', () => {
    let state = createGame(3, 'perft-end');
    for (let i = 0; i < 5000 && state.status !== 'gameOver'; i++) state = apply(state, legalMoves(state)[0]!);
    expect(state.status).toBe('gameOver');
    expect(perft(state, 1)).toBe(0);
    expect(perft(state, 2)).toBe(0);
  });
});
