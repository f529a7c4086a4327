/**
 * `apply` after `legalMoves` on the same state plays a listed move without judging it again
 * (src/core/listed-moves.ts): only a move of that very list, by identity, is spared the check.
 * Any other move, shared or not, legal or not, gets the same verdict as from a state nobody listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  isDnupError,
  legalMoves,
  loadState,
  type GameState,
  type Move,
} from '../../src/index.js';
import { runs } from '../helpers/fuzz.js';

/** A game after `choices` (moves picked by index), or earlier if it ends. */
function reach(players: number, seed: number, choices: readonly number[]): GameState {
  let s = createGame(players, seed);
  for (const c of choices) {
    if (s.status === 'gameOver') break;
    const moves = legalMoves(s);
    s = apply(s, moves[c % moves.length]!);
  }
  return s;
}

/** What `apply` gives: the next state's JSON, or the code of its error. */
function applied(s: GameState, m: Move): string {
  try {
    return JSON.stringify(apply(s, m));
  } catch (e) {
    expect(isDnupError(e)).toBe(true);
    return `error ${(e as { code: string }).code}`;
  }
}

describe('apply after legalMoves on the same state', () => {
  it('judges every move it did not list there as if nothing were listed, even a changed list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(1000),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.nat(),
        fc.boolean(),
        (players, seed, choices, elsewhere, pick, tamper) => {
          const s = reach(players, seed, choices);
          const listed = legalMoves(s);
          // a shared move of another position, legal here or not
          const other = legalMoves(reach(players, seed + 1, elsewhere));
          const m = other[pick % Math.max(1, other.length)];
          if (m === undefined) return;
          if (tamper) listed.push(m); // the list handed out is the caller's, not the one kept
          const fresh = loadState(JSON.parse(JSON.stringify(s))); // nothing listed from it
          const verdict = checkMove(s, m);
          const got = applied(s, m);
          expect(got).toBe(applied(fresh, m));
          expect(got.startsWith('error ')).toBe(!verdict.ok);
          if (!verdict.ok) expect(got).toBe(`error ${verdict.code}`);
        },
      ),
      runs(200),
    );
  });

  it('plays each listed move as a state nobody listed from would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(1000),
        fc.array(fc.nat(), { maxLength: 80 }),
        (players, seed, choices) => {
          const s = reach(players, seed, choices);
          const fresh = loadState(JSON.parse(JSON.stringify(s)));
          for (const m of legalMoves(s)) expect(applied(s, m)).toBe(applied(fresh, m));
        },
      ),
      runs(100),
    );
  });
});
