/**
 * Perft regression table (docs/perft.md): counts of legal move sequences from fixed positions.
 * A changed count means move generation changed which moves are legal (rules §5). Regenerate
 * deliberately with `npm run build && node scripts/regenerate-perft.mjs`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  formatPosition,
  legalMoves,
  parseMove,
  parsePosition,
  perft,
  perftDivide,
  type GameState,
  type Move,
} from '../../src/index.js';

interface PerftRow {
  players: number;
  seed: string;
  line: string[];
  counts: number[];
}

/** A named position (docs/perft.md "Named positions"): its text, where it comes from, its counts. */
interface NamedRow {
  name: string;
  source: string;
  position: string;
  counts: number[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/records/perft.json', import.meta.url), 'utf8')) as {
  positions: PerftRow[];
  named: NamedRow[];
};
const table = fixture.positions;
const named = fixture.named;

/**
 * The legal moves found without `legalMoves`: every non-empty subset of the hand as a play, every
 * card on every set as an add, every set as a take, rotate and nextRound, each judged by
 * `checkMove` (rules §5). Slow (2^n subsets) but independent of the move generator.
 */
function bruteMoves(state: GameState): Move[] {
  const candidates: Move[] = [{ type: 'rotate' }, { type: 'nextRound' }];
  if (state.status === 'playing') {
    const hand = state.hands[state.turn.seat]!.map((c) => c.id).sort((a, b) => a - b);
    if (hand.length > 16) throw new Error(`bruteMoves: a hand of ${hand.length} cards is too big to try every subset`);
    for (let mask = 1; mask < 1 << hand.length; mask++)
      candidates.push({ type: 'play', cards: hand.filter((_, i) => mask & (1 << i)) });
    for (const set of state.table) {
      const target = { seat: set.seat, area: set.area };
      candidates.push({ type: 'take', target });
      for (const card of hand) candidates.push({ type: 'add', card, target });
    }
  }
  return candidates.filter((m) => checkMove(state, m).ok);
}

/** perft counted with {@link bruteMoves}. */
function brutePerft(state: GameState, depth: number): number {
  if (depth === 0) return 1;
  const moves = bruteMoves(state);
  if (depth === 1) return moves.length;
  return moves.reduce((n, m) => n + brutePerft(apply(state, m), depth - 1), 0);
}

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

  it.each(
    table.map(
      (row) =>
        [
          `${row.players} players, ${row.seed}, ${row.line.length === 0 ? 'opening' : `after ${row.line.length} moves`}`,
          row,
        ] as const,
    ),
  )('§5: %s keeps its move counts', (_name, row) => {
    const state = positionOf(row);
    expect(row.counts.map((_, i) => perft(state, i + 1))).toEqual(row.counts);
  });

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

describe('perft on named positions (docs/perft.md: worked examples, rulings, past bugs)', () => {
  it('come from the rules reference, its rulings and past bugs, and are written in position text', () => {
    const kinds = new Set(named.map((r) => r.name.split('-')[0]));
    expect(kinds).toEqual(new Set(['worked', 'ruling', 'bug']));
    for (const row of named) {
      expect(row.position.startsWith('dnup1 '), row.name).toBe(true);
      expect(row.source.length, row.name).toBeGreaterThan(20);
      expect(row.counts.length, row.name).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(named.map((r) => r.name)).size).toBe(named.length);
  });

  it.each(named.map((row) => [row.name, row] as const))(
    '%s keeps its move counts, and its text reads back to itself',
    (_name, row) => {
      const state = parsePosition(row.position);
      expect(formatPosition(state)).toBe(row.position);
      expect(row.counts.map((_, i) => perft(state, i + 1))).toEqual(row.counts);
    },
  );

  it.each(named.map((row) => [row.name, row] as const))(
    '%s: depths 1 and 2 agree with counting every subset, add, take and rotate through checkMove',
    (_name, row) => {
      const state = parsePosition(row.position);
      expect(brutePerft(state, 1)).toBe(row.counts[0]);
      expect(brutePerft(state, 2)).toBe(row.counts[1]);
      // and divide splits depth 2 by first move, adding up to it
      const divided = perftDivide(state, 2);
      expect(Object.keys(divided)).toHaveLength(row.counts[0]!);
      expect(Object.values(divided).reduce((a, b) => a + b, 0)).toBe(row.counts[1]);
    },
  );

  it('the positions of past bugs keep their counts: no play mixes 3 and 2^32 + 3; 2^12 − 1 plays of twelve 1s', () => {
    const wrap = parsePosition(named.find((r) => r.name.startsWith('bug-faces-past-2^31'))!.position);
    const plays = legalMoves(wrap).filter((m) => m.type === 'play');
    // only 2^32 + 3 and the two 2^31 + 3 beat the single 2^31; the two 2^31 + 3 also pair up
    expect(plays).toEqual([
      { type: 'play', cards: [3] },
      { type: 'play', cards: [4] },
      { type: 'play', cards: [3, 4] },
      { type: 'play', cards: [2] },
    ]);
    const ones = parsePosition(named.find((r) => r.name.startsWith('bug-2^k-1'))!.position);
    expect(legalMoves(ones).filter((m) => m.type === 'play')).toHaveLength(2 ** 12 - 1);
  });
});
