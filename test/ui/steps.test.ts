/** applySteps, viewSteps and publicSteps: one position per event, the last the move's result. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  applySteps,
  createGame,
  isArgumentError,
  legalMoves,
  playerView,
  publicSteps,
  publicView,
  viewSteps,
  type GameState,
  type PublicView,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';
import { buildState, set } from '../helpers/positions.js';
import { deepFreeze } from '../helpers/freeze.js';

describe('applySteps', () => {
  it('shows a set played, the set it beats going home rotated, and the next turn with its discard', () => {
    // Ana plays a pair of 3s over Cy's pair of 2s; Ben's own single 8 is discarded as his turn starts
    const s = deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [21, 3],
            [19, 3],
            [9, 2],
          ],
          [[6, 1]],
          [[4, 1]],
        ],
        table: [set(1, 0, 8, [24]), set(2, 0, 2, [11, 13])],
        turn: { seat: 0, area: 0 },
      }),
    );
    const steps = applySteps(s, { type: 'play', cards: [19, 21] });
    expect(steps.map((x) => x.event.type)).toEqual(['setPlayed', 'setBeaten', 'setDiscarded', 'turnStarted']);
    const [played, beaten, discarded, turn] = steps.map((x) => x.state) as GameState[];
    expect(played!.hands[0]).toEqual([{ id: 9, active: 2 }]);
    expect(played!.table.map((t) => [t.seat, t.cards.length])).toEqual([
      [0, 2],
      [1, 1],
      [2, 2],
    ]); // both pairs on show
    expect(beaten!.table.map((t) => t.seat)).toEqual([0, 1]);
    expect(beaten!.hands[2]).toEqual([
      { id: 4, active: 1 },
      { id: 11, active: 7 },
      { id: 13, active: 9 },
    ]);
    expect(discarded!.table.map((t) => t.seat)).toEqual([0]);
    expect(discarded!.discardCount).toBe(s.discardCount + 1);
    expect(discarded!.turn).toEqual(s.turn);
    expect(turn).toBe(steps.at(-1)!.state);
    expect(turn).toEqual(apply(s, { type: 'play', cards: [19, 21] }));
    expect(steps.map((x) => x.state.events.length)).toEqual([1, 2, 3, 4]);
    expect(steps.every((x) => x.state.moveCount === s.moveCount + 1)).toBe(true);
  });

  it('deals a new round in one step and starts its first turn in the next; the last step can be played on', () => {
    const over = apply(buildState({ players: 2, hands: [[[13, 9]], [[7, 1]]], turn: { seat: 0, area: 0 } }), {
      type: 'play',
      cards: [13],
    });
    const steps = applySteps(over, { type: 'nextRound' });
    expect(steps.map((x) => x.event.type)).toEqual(['roundDealt', 'turnStarted']);
    expect(steps[0]!.state).toMatchObject({ round: 2, status: 'playing', table: [], turn: over.turn });
    const last = steps[1]!.state;
    expect(() => apply(last, legalMoves(last)[0]!)).not.toThrow();
  });

  it('throws what apply throws for an illegal move', () => {
    const s = createGame(3, 'steps');
    expect(() => applySteps(s, { type: 'take', target: { seat: 9, area: 0 } })).toThrow(
      expect.objectContaining({ code: 'NO_SUCH_AREA' }),
    );
  });
});

describe('viewSteps', () => {
  it('gives every seat its own steps, hiding other hands, and ends at the after view', () => {
    let s = createGame(4, 'view steps');
    for (let i = 0; i < 12; i++) {
      const move = legalMoves(s)[i % 3]!;
      const next = apply(s, move);
      for (let seat = 0; seat < 4; seat++) {
        const steps = viewSteps(playerView(s, seat), playerView(next, seat));
        expect(steps.map((x) => x.event)).toEqual(playerView(next, seat).events);
        expect(steps.at(-1)!.view).toEqual(playerView(next, seat));
        for (const step of steps) expect(step.view.handSizes[seat]).toBe(step.view.hand.length);
      }
      s = next;
    }
  });

  it('refuses views of two seats or not one move apart, with a coded error', () => {
    const s = createGame(3, 'apart');
    const a = apply(s, legalMoves(s)[0]!);
    const b = apply(a, legalMoves(a)[0]!);
    for (const [x, y] of [
      [playerView(s, 0), playerView(a, 1)],
      [playerView(s, 0), playerView(b, 0)],
      [playerView(a, 0), playerView(s, 0)],
    ] as const) {
      let error: unknown;
      try {
        viewSteps(x, y);
      } catch (e) {
        error = e;
      }
      expect(isArgumentError(error)).toBe(true);
    }
  });
});

describe('publicSteps', () => {
  /** What the public sees of a seat's step: everything but that seat's hand. */
  const publicPart = ({ seat: _s, hand: _h, events: _e, ...rest }: { seat: unknown; hand: unknown; events: unknown }) =>
    rest;

  it('folds every move as viewSteps does, less the hand, and ends at the after view (2–5 players, property)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), (script) => {
        playScript(script, ({ before, after }) => {
          const steps = publicSteps(publicView(before), publicView(after));
          expect(steps.map((x) => x.event)).toEqual(publicView(after).events);
          expect(steps.at(-1)!.view).toEqual(publicView(after));
          const seatSteps = viewSteps(playerView(before, 0), playerView(after, 0));
          steps.forEach((step, i) => {
            expect(step.view.seat).toBeNull();
            expect(step.view.hand).toEqual([]);
            expect(publicPart(step.view)).toEqual(publicPart(seatSteps[i]!.view));
          });
        });
      }),
      { numRuns: scaled(15) },
    );
  });

  it('refuses seat views, views not one move apart, and events that do not lead there, with a coded error', () => {
    const s = createGame(3, 'public apart');
    const a = apply(s, legalMoves(s)[0]!);
    const b = apply(a, legalMoves(a)[0]!);
    const forged = { ...publicView(a), events: [{ type: 'setPlayed', seat: 7, area: 0, value: 1, cards: [999] }] };
    for (const [x, y] of [
      [playerView(s, 0), playerView(a, 0)],
      [publicView(s), publicView(b)],
      [publicView(a), publicView(s)],
      [publicView(s), forged],
      [publicView(s), { ...publicView(a), handSizes: [1, 2, 3] }],
      [null, publicView(a)],
    ] as const) {
      let error: unknown;
      try {
        publicSteps(x as PublicView, y as PublicView);
      } catch (e) {
        error = e;
      }
      expect(isArgumentError(error)).toBe(true);
    }
  });
});
