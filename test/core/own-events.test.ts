/**
 * `apply` hands out the events a move made without keeping a copy (src/core/own-events.ts): the
 * library makes them again from the state before when a check first needs them. So a change to
 * any event is still caught, and the events handed out share nothing changeable with what the
 * library keeps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, playerView, validatePosition, type GameState } from '../../src/index.js';
import { ownCopyOf } from '../../src/core/trust.js';
import { runs } from '../helpers/fuzz.js';

function reach(players: number, seed: number, choices: readonly number[]): GameState {
  let s = createGame(players, seed);
  for (const c of choices) {
    if (s.status === 'gameOver') break;
    const moves = legalMoves(s);
    s = apply(s, moves[c % moves.length]!);
  }
  return s;
}

/** Every object and array reachable from `root`. */
function reachable(root: unknown, into: Set<object> = new Set()): Set<object> {
  if (typeof root === 'object' && root !== null && !into.has(root)) {
    into.add(root);
    for (const v of Object.values(root)) reachable(v, into);
  }
  return into;
}

const game = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  seed: fc.nat(1000),
  choices: fc.array(fc.nat(), { maxLength: 120 }),
  where: fc.nat(),
  checkFirst: fc.boolean(),
});

describe('the events apply hands out', () => {
  it('share nothing changeable with the library copy or the state it keeps to make them again', () => {
    fc.assert(
      fc.property(game, ({ players, seed, choices }) => {
        const s = reach(players, seed, choices);
        const own = ownCopyOf(s);
        const kept = reachable(own.state);
        if (own.before !== null) reachable(own.before, kept);
        for (const o of reachable(s.events)) if (kept.has(o)) expect(Object.isFrozen(o)).toBe(true);
      }),
      runs(100),
    );
  });

  it('changed in place, before or after a first check, are caught; untouched, made again equal', () => {
    fc.assert(
      fc.property(game, ({ players, seed, choices, where, checkFirst }) => {
        const s = reach(players, seed, choices);
        if (checkFirst) expect(validatePosition(s)).toEqual([]); // the events made again here
        const places = [...reachable(s.events)].filter((o) => !Object.isFrozen(o));
        if (places.length === 0) return;
        const at = places[where % places.length]! as Record<string, unknown> | unknown[];
        if (Array.isArray(at)) {
          if (at.length === 0) at.push(1);
          else at.pop();
        } else {
          const key = Object.keys(at)[where % Object.keys(at).length]!;
          at[key] = typeof at[key] === 'number' ? (at[key] as number) + 1 : 'x';
        }
        expect(validatePosition(s).map((p) => p.code)).toContain('CORRUPT_STATE');
        expect(() => playerView(s, 0)).toThrow(expect.objectContaining({ code: 'CORRUPT_STATE' }));
      }),
      runs(200),
    );
  });

  it('made again, are the events handed out', () => {
    fc.assert(
      fc.property(game, ({ players, seed, choices }) => {
        const s = reach(players, seed, choices);
        expect(validatePosition(s)).toEqual([]);
        expect(JSON.stringify(ownCopyOf(s).events)).toBe(JSON.stringify(s.events));
        expect(ownCopyOf(s).before).toBe(null); // released once made
      }),
      runs(100),
    );
  });
});
