/** publicView: what anyone watching may know (rules §8), and that it is data of its own. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  legalMoves,
  loadView,
  playerView,
  publicView,
  type GameState,
  type PlayerView,
  type PublicView,
} from '../../src/index.js';
import { deepFreeze } from '../helpers/freeze.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

/** A seat's view as the public sees it: no seat, no hand, no rotated hand's cards. */
function withoutSeat(v: PlayerView): Record<string, unknown> {
  return {
    ...v,
    seat: null,
    hand: [],
    events: v.events.map((e) => (e.type === 'handRotated' ? { ...e, cards: null } : e)),
  };
}

function hiddenCards(state: GameState, seat: number) {
  return state.hands[seat]!.filter((c) => !state.known[seat]!.includes(c.id));
}

describe('publicView (rules §8)', () => {
  it('is every seat’s view less its hand, and shows no card a hand hides (2–5 players, property)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 100 }), (script) => {
        playScript(script, ({ after }) => {
          deepFreeze(after);
          const view = publicView(after);
          for (let seat = 0; seat < after.players.length; seat++)
            expect(view).toEqual(withoutSeat(playerView(after, seat)));
          const text = JSON.stringify(view);
          expect(JSON.parse(text)).toEqual(view);
          expect(text).not.toMatch(/"seed"|"rng"/);
          for (let seat = 0; seat < after.players.length; seat++)
            for (const c of hiddenCards(after, seat)) expect(text).not.toContain(`{"id":${c.id},"active"`);
        });
      }),
      { numRuns: scaled(20) },
    );
  });

  it('hides the cards of a rotated hand from everyone (rules §5 D)', () => {
    const s = createGame(3, 'rotate in public');
    const after = apply(s, { type: 'rotate' });
    const event = publicView(after).events.find((e) => e.type === 'handRotated');
    expect(event).toEqual({ type: 'handRotated', seat: s.turn.seat, size: s.hands[s.turn.seat]!.length, cards: null });
  });

  it('shares no list or record with the state: changing it changes no game', () => {
    let s = createGame(4, 'aliasing');
    for (let i = 0; i < 8; i++) s = apply(s, legalMoves(s)[i % 2]!);
    const before = JSON.stringify(s);
    const expected = JSON.stringify(publicView(s));
    const view = publicView(s) as unknown as Record<string, unknown[]> & { turn: { seat: number } };
    for (const key of ['handSizes', 'known', 'table', 'discard', 'out', 'scores', 'events'])
      if (view[key]!.length > 0) view[key]!.length = 0;
    view.turn.seat = 3;
    expect(JSON.stringify(s)).toBe(before);
    expect(JSON.stringify(publicView(s))).toBe(expected);
    expect(legalMoves(s).length).toBeGreaterThan(0);
  });

  it('is no seat’s view: loadView refuses it, so no bot or move check takes it for a seat', () => {
    const view: PublicView = publicView(createGame(2, 'no seat'));
    expect(view.seat).toBeNull();
    expect(view.hand).toEqual([]);
    expect(() => loadView(view)).toThrow(expect.objectContaining({ code: 'BAD_VIEW' }));
  });

  it('checks a state from outside in full first', () => {
    const s = JSON.parse(JSON.stringify(createGame(3, 'outside')));
    expect(publicView(s)).toEqual(publicView(createGame(3, 'outside')));
    expect(() => publicView({ ...s, scores: [9, 9, 9] })).toThrow(expect.objectContaining({ name: 'PositionError' }));
  });
});
