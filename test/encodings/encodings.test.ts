/**
 * dnup/encodings on random games: the legal-action mask and `legalMoves` in bijection, the action
 * index and `moveOfAction` inverse of each other, observations and information-state keys read
 * from the view only, and keys equal exactly when views are.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionCount,
  actionIndex,
  infoStateKey,
  legalActionMask,
  moveOfAction,
  observationLength,
  observe,
} from '../../src/encodings.js';
import {
  apply,
  createGame,
  determinize,
  isPositionError,
  legalMoves,
  loadState,
  loadView,
  playerView,
  seededRandom,
  type GameState,
  type Move,
  type PlayerView,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

/**
 * The mask of `source` checked against `moves`, its legal moves: one index per legal move, no two
 * moves on one index, exactly those ones in the mask, and `moveOfAction` gives each move back.
 * Plain checks, one `expect` per position: this runs on 10^5 positions.
 */
function bijectionProblem(source: GameState | PlayerView, moves: readonly Move[], players: number): string | undefined {
  const mask = legalActionMask(source);
  if (mask.length !== actionCount(players)) return `mask of ${mask.length} entries`;
  const seen = new Set<number>();
  for (const m of moves) {
    const i = actionIndex(m, players);
    if (seen.has(i)) return `two legal moves on index ${i}`;
    seen.add(i);
    if (mask[i] !== 1) return `legal ${JSON.stringify(m)} (index ${i}) not in the mask`;
    if (!isDeepStrictEqual(moveOfAction(source, i), m)) return `moveOfAction(${i}) is not ${JSON.stringify(m)}`;
  }
  let ones = 0;
  for (let i = 0; i < mask.length; i++) ones += mask[i]!;
  return ones === moves.length ? undefined : `${ones} ones in the mask for ${moves.length} legal moves`;
}

describe('the action space', () => {
  it('has a fixed size per player count', () => {
    expect([2, 3, 4, 5].map(actionCount)).toEqual([458, 695, 1640, 2717]);
  });

  it('maps every index to a move and back', () => {
    for (const players of [2, 3, 4, 5]) {
      const state = createGame(players, 'indices');
      for (let i = 0; i < actionCount(players); i++) expect(actionIndex(moveOfAction(state, i), players)).toBe(i);
    }
  });

  it('indexes a play by its card set, whatever the order of its cards', () => {
    expect(actionIndex({ type: 'play', cards: [10, 4] }, 3)).toBe(actionIndex({ type: 'play', cards: [4, 10] }, 3));
  });

  it('is in bijection with legalMoves on random positions at 2–5 players (states and views)', () => {
    let positions = 0;
    const started = performance.now();
    fc.assert(
      fc.property(gameScript({ maxMoves: 300 }), (script) => {
        playScript(script, ({ before, moves }) => {
          const n = before.players.length;
          expect(bijectionProblem(before, moves, n)).toBeUndefined();
          expect(bijectionProblem(playerView(before, before.turn.seat), moves, n)).toBeUndefined();
          positions++;
        });
      }),
      { numRuns: scaled(1200) },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`mask bijection: ${positions} positions (each as a state and as a view) in ${seconds.toFixed(1)} s`);
    expect(positions).toBeGreaterThanOrEqual(scaled(100_000));
  }, 180_000); // about 25 s at FUZZ_SCALE 1 on a loaded 2-core machine

  it('gives no legal action to a view whose seat is not to play, and only nextRound between rounds', () => {
    const state = createGame(4, 'masks');
    const other = playerView(state, (state.turn.seat + 1) % 4);
    expect(legalActionMask(other).every((x) => x === 0)).toBe(true);
  });

  it('checks in full a state or view it did not hand out, and refuses a broken one with a coded error', () => {
    const state = apply(createGame(3, 'copies'), legalMoves(createGame(3, 'copies'))[0]!);
    const view = playerView(state, state.turn.seat);
    const codeOf = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (e) {
        return (e as { code?: string }).code;
      }
    };
    // sound copies answer as the originals do
    for (const source of [state, view]) {
      const copy = JSON.parse(JSON.stringify(source)) as GameState | PlayerView;
      expect(legalActionMask(copy)).toEqual(legalActionMask(source));
      expect(moveOfAction(copy, 5)).toEqual(moveOfAction(source, 5));
    }
    // a view naming one player twice: its seat list says 4 players, its hand sizes and scores 3
    const twoNames = { ...JSON.parse(JSON.stringify(view)), players: [...view.players, view.players[2]] } as PlayerView;
    expect(codeOf(() => loadView(twoNames))).toBe('BAD_VIEW');
    expect(codeOf(() => moveOfAction(twoNames, 0))).toBe('BAD_VIEW');
    expect(codeOf(() => legalActionMask(twoNames))).toBe('BAD_VIEW');
    // a state whose hand holds one card twice
    const copy = JSON.parse(JSON.stringify(state)) as { hands: unknown[][] };
    copy.hands[0]!.push(copy.hands[0]![0]);
    for (const f of [
      () => moveOfAction(copy as unknown as GameState, 0),
      () => legalActionMask(copy as unknown as GameState),
    ]) {
      let error: unknown;
      try {
        f();
      } catch (e) {
        error = e;
      }
      expect(isPositionError(error) && error.problems.some((p) => p.code === 'DUPLICATE_CARD')).toBe(true);
    }
  });
});

describe('observations and information-state keys', () => {
  it('have fixed lengths per player count', () => {
    expect([2, 3, 4, 5].map(observationLength)).toEqual([381, 441, 674, 911]);
  });

  it('depend on the view only: every determinization of a view observes the same and has its key', () => {
    fc.assert(
      fc.property(
        gameScript({ maxMoves: 120 }),
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        (script, seatChoice, samples) => {
          const state = playScript(script);
          const seat = seatChoice % state.players.length;
          const view = playerView(state, seat);
          const x = observe(view);
          expect(x.length).toBe(observationLength(state.players.length));
          const key = infoStateKey(view);
          for (let k = 0; k < samples; k++) {
            const sample = playerView(determinize(view, seededRandom(`${script.seed}/${k}`)), seat);
            expect(observe(sample)).toEqual(x);
            expect(infoStateKey(sample)).toBe(key);
          }
        },
      ),
      { numRuns: scaled(200) },
    );
  });

  it('are equal exactly when the views are equal (the order of the own hand aside)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 200 }), (script) => {
        const views: PlayerView[] = [];
        playScript(script, ({ before }) => {
          for (let seat = 0; seat < before.players.length; seat++) views.push(playerView(before, seat));
        });
        // the view as data (own hand sorted), independently of infoStateKey: text ↔ key one to one
        const keyOfView = new Map<string, string>();
        const viewOfKey = new Map<string, string>();
        for (const v of views) {
          const text = JSON.stringify({ ...v, hand: v.hand.slice().sort((a, b) => a.id - b.id) });
          const key = infoStateKey(v);
          expect(keyOfView.get(text) ?? key, 'one view, two keys').toBe(key);
          expect(viewOfKey.get(key) ?? text, 'two views, one key').toBe(text);
          keyOfView.set(text, key);
          viewOfKey.set(key, text);
        }
      }),
      { numRuns: scaled(100) },
    );
  });

  it('tell apart views that differ only in the cards known in another hand', () => {
    // play until some hand holds known cards, then forget them: the same position but for `known`
    let state = createGame(3, 'known');
    for (let i = 0; i < 500 && state.known.every((k) => k.length === 0); i++) {
      const moves = legalMoves(state);
      if (moves.length === 0) break;
      state = apply(state, moves.find((m) => m.type === 'take') ?? moves[0]!);
    }
    const holder = state.known.findIndex((k) => k.length > 0);
    expect(holder).toBeGreaterThanOrEqual(0);
    const forgotten = loadState({ ...state, known: state.known.map(() => []) });
    const seat = (holder + 1) % 3;
    const [a, b] = [playerView(state, seat), playerView(forgotten, seat)];
    expect({ ...a, known: [] }).toEqual({ ...b, known: [] });
    expect(infoStateKey(a)).not.toBe(infoStateKey(b));
    expect(observe(a)).not.toEqual(observe(b));
  });

  it('ignore the order of the own hand, which carries nothing (rules §3)', () => {
    const view = playerView(createGame(4, 'order'), 2);
    const reversed = { ...view, hand: view.hand.slice().reverse() } as PlayerView;
    expect(infoStateKey(reversed)).toBe(infoStateKey(view));
    expect(observe(reversed)).toEqual(observe(view));
  });
});
