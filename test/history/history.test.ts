/** The optional history helper: undo, redo, moves and states so far, record — over the pure reducer. */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import { apply, createGame, history, isHistoryError, legalMoves, replay, type GameHistory } from '../../src/index.js';

function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isHistoryError(e) ? e.code : 'other';
  }
  return undefined;
}

describe('history', () => {
  it('undo and redo walk the same states as the reducer, and a new play forgets the undone moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.string(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.nat(40),
        (players, seed, picks, back) => {
          let h: GameHistory = history(createGame(players, seed));
          let s = h.state;
          for (const pick of picks) {
            const moves = legalMoves(h.state);
            if (moves.length === 0) break;
            const move = moves[pick % moves.length]!;
            s = apply(s, move);
            h = h.play(move);
          }
          expect(h.state).toEqual(s);
          expect(h.states.length).toBe(h.moves.length + 1);
          const played = h.moves.length;
          const undo = Math.min(back, played);
          const start = h;
          for (let i = 0; i < undo; i++) h = h.undo();
          expect(h.state).toBe(start.states[played - undo]);
          expect(h.undone.length).toBe(undo);
          expect(start.moves.length).toBe(played); // the old history is unchanged
          for (let i = 0; i < undo; i++) h = h.redo();
          expect(h.state).toEqual(start.state);
          expect(h.moves).toEqual(start.moves);
          if (undo > 0) {
            const again = start.undo();
            const other = again.play(legalMoves(again.state)[0]!);
            expect(other.canRedo).toBe(false);
          }
        },
      ),
      { numRuns: scaled(40) },
    );
  });

  it('refuses to undo at the start or redo with nothing undone, with coded errors', () => {
    const h = history(createGame(3, 'h'));
    expect(h.canUndo).toBe(false);
    expect(thrownCode(() => h.undo())).toBe('NOTHING_TO_UNDO');
    expect(thrownCode(() => h.redo())).toBe('NOTHING_TO_REDO');
    const next = h.play(legalMoves(h.state)[0]!);
    expect(next.canUndo).toBe(true);
    expect(thrownCode(() => next.redo())).toBe('NOTHING_TO_REDO');
  });

  it('an illegal move leaves the history as it was (the reducer judges it)', () => {
    const h = history(createGame(3, 'h'));
    expect(() => h.play({ type: 'nextRound' })).toThrow(/rules §8/);
    expect(h.moves).toEqual([]);
  });

  it('record() replays to the current state; a history started mid-game has no record', () => {
    let h = history(createGame(['Ana', 'Ben'], 'rec'));
    for (let i = 0; i < 12; i++) h = h.play(legalMoves(h.state)[0]!);
    const result = replay(h.record({ event: 'test' }));
    expect(result.ok).toBe(true);
    expect(result.state).toEqual(h.state);
    expect(thrownCode(() => history(h.state).record())).toBe('NOT_FROM_START');
  });
});
