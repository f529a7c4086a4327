/**
 * Fuzz: hostile input to the UI kit (fast-check prints the seed of a failure): moveFromSelection never
 * throws and answers every value with a coded verdict; cardHints, applySteps, viewSteps, publicSteps and the
 * viewer's sentences throw only the library's own coded errors, and change nothing they are given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  applySteps,
  cardHints,
  createGame,
  describeEvent,
  describeMove,
  isDnupError,
  legalMoves,
  MOVE_ERROR_CODES,
  moveFromSelection,
  playerView,
  publicSteps,
  publicView,
  SELECTION_ERROR_CODES,
  viewSteps,
  type Selection,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';

const state = deepFreeze(createGame(3, 'hostile'));
const view = deepFreeze(playerView(state, state.turn.seat));
const next = apply(state, legalMoves(state)[0]!);
const CODES: readonly string[] = [...MOVE_ERROR_CODES, ...SELECTION_ERROR_CODES];

/** Runs `f`; anything thrown must be one of the library's coded errors. */
function codedOrNothing(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(isDnupError(e), String(e)).toBe(true);
  }
}

/** Selections near the real shape, and anything at all. */
const selection = fc.oneof(
  fc.record(
    {
      cards: fc.array(fc.oneof(fc.integer({ min: -2, max: 45 }), fc.anything())),
      target: fc.record({ seat: fc.integer({ min: -1, max: 6 }), area: fc.integer({ min: -1, max: 2 }) }),
      action: fc.constantFrom('play', 'add', 'take', 'rotate', 'nextRound', 'x'),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('the UI kit under hostile input', () => {
  it('moveFromSelection answers anything with a verdict, never an exception', () => {
    fc.assert(
      fc.property(selection, fc.boolean(), (s, useView) => {
        const v = moveFromSelection(useView ? view : state, s as Selection);
        if (v.ok) expect(legalMoves(state).map((m) => JSON.stringify(m))).toContain(JSON.stringify(v.move));
        else {
          expect(CODES).toContain(v.code);
          expect(v.message).toMatch(/\(rules §\d/);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('moveFromSelection of a source that is no position gets INVALID_STATE, and a Proxy that throws is read safely', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const v = moveFromSelection(junk as never, { cards: [1] });
        expect(v).toMatchObject({ ok: false });
      }),
      { numRuns: 200 },
    );
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(moveFromSelection(state, trap as Selection)).toMatchObject({ ok: false, code: 'MALFORMED_SELECTION' });
    expect(moveFromSelection(trap as never, { cards: [1] })).toMatchObject({ ok: false, code: 'INVALID_STATE' });
  });

  it("cardHints, applySteps, viewSteps and the viewer's sentences throw only coded errors", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        codedOrNothing(() => cardHints(a as never));
        codedOrNothing(() => applySteps(state, a as never));
        codedOrNothing(() => applySteps(a as never, { type: 'rotate' }));
        codedOrNothing(() => viewSteps(a as never, b as never));
        codedOrNothing(() => viewSteps(view, a as never));
        codedOrNothing(() => publicSteps(a as never, b as never));
        codedOrNothing(() => publicSteps(publicView(state), a as never));
        codedOrNothing(() => publicSteps(publicView(state), { ...publicView(next), events: a } as never));
        const key = typeof b === 'string' ? b : 'extra'; // String(b) itself may throw (a hostile toString)
        codedOrNothing(() => publicSteps(publicView(state), { ...publicView(next), [key]: a } as never));
        codedOrNothing(() => describeEvent(next.events[0]!, state.players, a as never));
        codedOrNothing(() => describeEvent(next.events[0]!, a as never));
        codedOrNothing(() => describeMove(state, legalMoves(state)[0]!, a as never));
      }),
      { numRuns: 150 },
    );
  });

  it('a JSON copy of a view is checked and gives the same hints and steps', () => {
    const copy = JSON.parse(JSON.stringify(view));
    expect(cardHints(copy)).toEqual(cardHints(view));
    const after = JSON.parse(JSON.stringify(playerView(next, view.seat)));
    expect(viewSteps(copy, after).map((s) => s.event)).toEqual(playerView(next, view.seat).events);
    const forged = { ...after, discardCount: after.discardCount + 1 };
    codedOrNothing(() => viewSteps(copy, forged));
    expect(() => viewSteps(copy, forged)).toThrow();
  });
});
