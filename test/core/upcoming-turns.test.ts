/** upcomingTurns: the order of the turns to come (rules §6 duel, §7 clockwise, out seats passed over). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  areasPerSeat,
  createGame,
  isArgumentError,
  legalMoves,
  MAX_UPCOMING_TURNS,
  playerView,
  publicView,
  upcomingTurns,
  type GameState,
  type TurnOrderSource,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

const names = (n: number): string[] => ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'].slice(0, n);
const position = (n: number, seat: number, area: number, out: number[] = []): TurnOrderSource => ({
  players: names(n),
  status: 'playing',
  turn: { seat, area, number: 7 },
  out,
});

describe('upcomingTurns', () => {
  it('opens the duel with the ★ holder’s area 2 alone, then two turns a seat, area 1 then 2 (rules §6)', () => {
    const s = createGame(2, 'duel order');
    const star = s.starter;
    const other = 1 - star;
    expect(upcomingTurns(s, 5)).toEqual([
      { seat: star, area: 1, number: 1 },
      { seat: other, area: 0, number: 2 },
      { seat: other, area: 1, number: 3 },
      { seat: star, area: 0, number: 4 },
      { seat: star, area: 1, number: 5 },
    ]);
    expect(areasPerSeat(2)).toBe(2);
  });

  it('goes clockwise with 3 to 5 players and passes over the seats that are out (rules §7)', () => {
    expect(upcomingTurns(position(4, 2, 0, [3]), 4).map((t) => t.seat)).toEqual([2, 0, 1, 2]);
    expect(upcomingTurns(position(5, 4, 0, [0, 1]), 4).map((t) => t.seat)).toEqual([4, 2, 3, 4]);
    expect(upcomingTurns(position(3, 1, 0), 3)).toEqual([
      { seat: 1, area: 0, number: 7 },
      { seat: 2, area: 0, number: 8 },
      { seat: 0, area: 0, number: 9 },
    ]);
    for (const n of [3, 4, 5]) expect(areasPerSeat(n)).toBe(1);
  });

  it('reads a player view and the public view as the state, and lists nothing once the round is over', () => {
    const s = createGame(4, 'views agree');
    expect(upcomingTurns(playerView(s, 2), 6)).toEqual(upcomingTurns(s, 6));
    expect(upcomingTurns(publicView(s), 6)).toEqual(upcomingTurns(s, 6));
    expect(upcomingTurns({ ...position(3, 0, 0), status: 'roundOver' }, 3)).toEqual([]);
    expect(upcomingTurns(s, 0)).toEqual([]);
  });

  it('agrees with the turns apply passes while nobody goes out (2–5 players, property)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 150 }), (script) => {
        const states: GameState[] = [createGame(script.players, script.seed)];
        playScript(script, ({ after }) => void states.push(after));
        states.forEach((s, i) => {
          const predicted = upcomingTurns(s, 12);
          if (s.status !== 'playing') return expect(predicted).toEqual([]);
          // the turns actually played from here, while the round goes on and nobody else goes out
          const played = [s.turn];
          for (let j = i + 1; j < states.length && played.length < 12; j++) {
            const t = states[j]!;
            if (t.status !== 'playing' || t.round !== s.round || t.out.length !== s.out.length) break;
            played.push(t.turn);
          }
          expect(predicted.slice(0, played.length)).toEqual(played);
        });
      }),
      { numRuns: scaled(40) },
    );
  });

  it('refuses a count out of range or a position it cannot read, with a coded error', () => {
    const s = createGame(3, 'bad input');
    const bad: [unknown, unknown][] = [
      [s, -1],
      [s, MAX_UPCOMING_TURNS + 1],
      [s, 2.5],
      [s, Number.NaN],
      [null, 3],
      [{ ...position(3, 0, 0), turn: { seat: 3, area: 0, number: 1 } }, 3],
      [{ ...position(3, 0, 0), turn: { seat: 0, area: 1, number: 1 } }, 3],
      [{ ...position(3, 0, 0), out: [9] }, 3],
      [{ ...position(3, 0, 0), players: ['Ana'] }, 3],
    ];
    for (const [p, n] of bad) {
      let error: unknown;
      try {
        upcomingTurns(p as TurnOrderSource, n as number);
      } catch (e) {
        error = e;
      }
      expect(isArgumentError(error), JSON.stringify([p === s ? 'state' : p, n])).toBe(true);
    }
    expect(upcomingTurns(apply(s, legalMoves(s)[0]!), MAX_UPCOMING_TURNS)).toHaveLength(MAX_UPCOMING_TURNS);
  });
});

describe('upcomingTurns and what the library handed out', () => {
  it('refuses a state or player view changed in place since, as every other function does', () => {
    const state = createGame(3, 'changed');
    const view = playerView(state, 1);
    expect(upcomingTurns(state, 2)).toEqual(upcomingTurns(view, 2));
    (state.turn as { seat: number }).seat = (state.turn.seat + 1) % 3;
    expect(() => upcomingTurns(state, 2)).toThrow(expect.objectContaining({ code: 'CORRUPT_STATE' }));
    (view.turn as { seat: number }).seat = (view.turn.seat + 1) % 3;
    expect(() => upcomingTurns(view, 2)).toThrow(expect.objectContaining({ code: 'CORRUPT_VIEW' }));
  });
});
