/** Game records and replay with verdicts (rules §3: same seed and moves, same game). */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  isRecordError,
  legalMoves,
  recordOf,
  replay,
  STANDARD_DECK,
  type GameRecord,
  type GameState,
  type Move,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { thrown } from './thrown.js';

/** A script's game as a record, with the states before each move. */
function recordScript(script: Parameters<typeof playScript>[0]): {
  record: GameRecord;
  states: GameState[];
  final: GameState;
} {
  const moves: Move[] = [];
  const states: GameState[] = [];
  const final = playScript(script, ({ before, move }) => {
    states.push(before);
    moves.push(move);
  });
  return { record: recordOf(final, moves), states, final };
}

/** A well-formed move of a game of `players` (any legality): a card in use, a seat and area in range or just past it. */
function wellFormedMove(players: number): fc.Arbitrary<Move> {
  const ids = STANDARD_DECK.cards.filter((c) => c.minPlayers <= players).map((c) => c.id);
  const card = fc.constantFrom(...ids);
  const target = fc.record({ seat: fc.integer({ min: 0, max: players }), area: fc.integer({ min: 0, max: 2 }) });
  return fc.oneof(
    fc.uniqueArray(card, { minLength: 1, maxLength: 4 }).map((cards): Move => ({ type: 'play', cards })),
    fc.record({ card, target }).map(({ card: c, target: t }): Move => ({ type: 'add', card: c, target: t })),
    target.map((t): Move => ({ type: 'take', target: t })),
    fc.constant<Move>({ type: 'rotate' }),
    fc.constant<Move>({ type: 'nextRound' }),
  );
}

describe('replay (rules §3, §5)', () => {
  it('§3: a record made from any random game replays to an equal state, every move legal', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 150 }), (script) => {
        const { record, final } = recordScript(script);
        const result = replay(deepFreeze(JSON.parse(JSON.stringify(record))));
        expect(result.ok).toBe(true);
        expect(result.state).toEqual(final);
        expect(result.verdicts).toHaveLength(record.moves.length);
        expect(result.verdicts.every((v) => v.status === 'legal')).toBe(true);
      }),
      { numRuns: scaled(40) },
    );
  });

  it('§5: changing one move to another well-formed move replays legally or is flagged at exactly that index', () => {
    const arb = gameScript({ maxMoves: 80 }).chain((script) =>
      fc.tuple(fc.constant(script), fc.nat(), wellFormedMove(script.players)),
    );
    fc.assert(
      fc.property(arb, ([script, at, replacement]) => {
        const { record, states } = recordScript(script);
        const index = at % record.moves.length;
        const moves = record.moves.slice();
        moves[index] = replacement;
        const result = replay({ ...record, moves });
        const verdict = checkMove(states[index]!, replacement);
        if (verdict.ok) {
          expect(result.verdicts[index]!.status).toBe('legal');
          if (!result.ok) expect(result.error.index).toBeGreaterThan(index);
        } else {
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.error.index).toBe(index);
          expect(result.error.code).toBe(verdict.code);
          expect(result.error.rule).toBe(verdict.rule);
          expect(result.state).toEqual(states[index]);
          expect(result.verdicts.slice(index + 1).every((v) => v.status === 'unreached')).toBe(true);
        }
      }),
      { numRuns: scaled(150) },
    );
  });

  it('§5 B: reports the first illegal move with its index, round, turn, seat, notation, code and rule', () => {
    let state = createGame(['Ana', 'Ben', 'Cy'], 'dispute');
    const moves: Move[] = [];
    for (let i = 0; i < 3; i++) {
      const m = legalMoves(state)[0]!;
      moves.push(m);
      state = apply(state, m);
    }
    const seat = state.turn.seat;
    const foreign = state.hands[(seat + 1) % 3]![0]!.id;
    const record = recordOf(state, [...moves, { type: 'play', cards: [foreign] }, { type: 'rotate' }]);
    const result = replay(record);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      status: 'illegal',
      index: 3,
      round: 1,
      turn: 4,
      seat,
      text: `P ${foreign}`,
      code: 'NOT_YOUR_CARD',
      rule: '§5 A',
    });
    expect(result.error.message).toMatch(/rules §5/);
    expect(result.state).toEqual(state);
    expect(result.verdicts.map((v) => v.status)).toEqual(['legal', 'legal', 'legal', 'illegal', 'unreached']);
  });

  it('§8: a move after the end of the game is flagged GAME_OVER, with no seat to play', () => {
    const script = { players: 3, seed: 'to the end', choices: Array.from({ length: 600 }, (_, i) => i * 7 + 1) };
    const { record, final } = recordScript(script);
    expect(final.status).toBe('gameOver');
    const result = replay({ ...record, moves: [...record.moves, { type: 'rotate' }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ index: record.moves.length, seat: null, code: 'GAME_OVER' });
  });

  it('§2: replays a game played with a custom deck, kept in the record options', () => {
    const deck = {
      name: 'tiny',
      cards: [
        { id: 0, faces: [1, 2] as [number, number], minPlayers: 2, star: true },
        { id: 1, faces: [3, 4] as [number, number], minPlayers: 2 },
        { id: 2, faces: [5, 6] as [number, number], minPlayers: 2 },
        { id: 3, faces: [7, 8] as [number, number], minPlayers: 2 },
      ],
    };
    let state = createGame(['Ana', 'Ben'], 3, { deck });
    const moves: Move[] = [];
    while (state.status !== 'gameOver' && moves.length < 200) {
      const m = legalMoves(state)[0]!;
      moves.push(m);
      state = apply(state, m);
    }
    const record = recordOf(state, moves);
    expect(record.options?.deck).toEqual(deck);
    expect(replay(JSON.stringify(record)).state).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('follows the game move by move through onMove, with the states around each legal move', () => {
    const { record, states } = recordScript({ players: 4, seed: 'watch', choices: [3, 1, 4, 1, 5, 9, 2, 6] });
    const seen: number[] = [];
    replay(record, {
      onMove: (before, move, after, verdict) => {
        expect(before).toEqual(states[verdict.index]);
        expect(after).toEqual(apply(before, move));
        seen.push(verdict.index);
      },
    });
    expect(seen).toEqual(record.moves.map((_, i) => i));
  });

  it('throws a RecordError, not a crash, for a record that is not a record', () => {
    for (const bad of [
      '{"format":',
      '[]',
      JSON.stringify({ format: 'dnup-record', version: 9, players: ['a', 'b'], seed: 1, moves: [] }),
    ]) {
      const caught = thrown(() => replay(bad));
      expect(isRecordError(caught)).toBe(true);
    }
  });
});
