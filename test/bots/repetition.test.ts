/**
 * A search bot back in a position it chose a move in before chooses among the moves it has not
 * played there yet: two strong bots in a duel could otherwise pass one card back and forth until
 * an arena's move cap (found with `expert` at 1,000 iterations: 2 of 40 duels).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  expertBot,
  ismctsBot,
  legalMoves,
  monteCarloBot,
  playerView,
  type Bot,
  type GameState,
} from '../../src/index.js';
import { moveKey, RepetitionGuard } from '../../src/bots/repetition.js';
import { randomPosition } from '../helpers/turn-positions.js';

/** A playing position with at least two legal moves, and its mover's view. */
function position(players: number, seed: number, depth: number) {
  const s = randomPosition(players, seed, depth);
  return { s, view: playerView(s, s.turn.seat), moves: legalMoves(s) };
}

describe('RepetitionGuard', () => {
  it('leaves out, in a position seen before, the moves chosen there, until none is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(10_000), fc.nat(120), (n, seed, depth) => {
        const { s, view, moves } = position(n, seed, depth);
        fc.pre(s.status === 'playing' && moves.length >= 2);
        const guard = new RepetitionGuard();
        expect(guard.fresh(view, moves)).toEqual(moves); // never here before
        const tried = new Set<string>();
        for (let k = 0; k < moves.length; k++) {
          const offered = guard.fresh(view, moves);
          expect(offered.length).toBe(moves.length - k);
          for (const m of offered) expect(tried.has(moveKey(m))).toBe(false);
          guard.chose(view, offered[0]!);
          tried.add(moveKey(offered[0]!));
        }
        expect(guard.fresh(view, moves)).toEqual(moves); // all tried: all offered again
        // the same position in a copied view (JSON) is the same position
        expect(guard.fresh(JSON.parse(JSON.stringify(view)), moves)).toEqual(moves);
      }),
      { numRuns: 60 },
    );
  });

  it('forgets at a new round and at a new game, and tells other positions apart', () => {
    let s: GameState = createGame(3, 'guard');
    const guard = new RepetitionGuard();
    const first = playerView(s, s.turn.seat);
    const moves = legalMoves(s);
    guard.chose(first, moves[0]!);
    expect(guard.fresh(first, moves)).not.toContainEqual(moves[0]);
    // another position of the same game: nothing left out
    s = apply(s, moves[0]!);
    expect(guard.fresh(playerView(s, s.turn.seat), legalMoves(s))).toEqual(legalMoves(s));
    // the first position again as a new game's (its move count is lower than the last seen)
    expect(guard.fresh(first, moves)).toEqual(moves);
    // a later round clears what was seen
    guard.chose(first, moves[0]!);
    const later = { ...first, round: first.round + 1 };
    guard.fresh(later, moves);
    expect(guard.fresh(first, moves)).toEqual(moves);
  });
});

/** Plays a duel between two bots; the number of moves, stopped at `cap`. */
async function duel(bots: readonly Bot[], seed: string, cap: number): Promise<{ moves: number; over: boolean }> {
  let s = createGame(2, seed);
  let moves = 0;
  while (s.status !== 'gameOver' && moves < cap) {
    s = apply(s, await bots[s.turn.seat]!.chooseMove(playerView(s, s.turn.seat), legalMoves(s)));
    moves++;
  }
  return { moves, over: s.status === 'gameOver' };
}

describe('search bots in a position they were in before', () => {
  it('two experts at 1,000 iterations finish the duels that passed one card back and forth', async () => {
    // seeds of the arena run that found it (duel-loop, games 32 and 34, seats not rotated)
    for (const g of [32, 34]) {
      const bots = [0, 1].map((e) => expertBot({ iterations: 1000, seed: `duel-loop/${g}/${e}` }));
      const r = await duel(bots, `duel-loop/${g}`, 400);
      expect(r.over, `duel-loop/${g} after ${r.moves} moves`).toBe(true);
    }
  }, 120_000);

  it('montecarlo, ismcts and expert never choose a move again in a position while another is untried', async () => {
    const makers: ((seed: string) => Bot)[] = [
      (seed) => monteCarloBot({ playouts: 40, seed }),
      (seed) => ismctsBot({ iterations: 40, seed }),
      (seed) => expertBot({ iterations: 40, seed }),
    ];
    for (const make of makers)
      for (const players of [2, 3]) {
        const bot = make(`repeat/${players}`);
        const { s, view, moves } = position(players, 7, 30);
        if (s.status !== 'playing' || moves.length < 2) continue;
        const chosen = new Set<string>();
        for (let k = 0; k < moves.length; k++) {
          const m = await bot.chooseMove(view, moves);
          expect(chosen.has(moveKey(m)), `${bot.name} at ${players} players, call ${k}`).toBe(false);
          chosen.add(moveKey(m));
        }
        expect(chosen.size).toBe(moves.length);
      }
  }, 60_000);
});
