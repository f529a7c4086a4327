/**
 * States from outside: a state the library returned survives a JSON
 * round trip unchanged in behaviour; a JSON state damaged in one place is either valid, or
 * refused by every function with a coded error, never hanging, never crashing, never mutated.
 * Damaged cases run in a memory-limited sandbox worker (fuzz-sandbox.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  describeMove,
  formatMove,
  isPositionError,
  loadState,
  legalMoveGroups,
  legalMoves,
  playerView,
  renderPosition,
  validatePosition,
  type GameState,
  type Move,
} from '../../src/index.js';
import {
  damageState,
  deepFreeze,
  hostileValue,
  jsonCopy,
  MAYBE_POSSIBLE,
  mutation,
  NAMED_TAMPERINGS,
  property,
  reached,
  rejectsCoded,
  runs,
  timeoutFor,
  withContext,
  type Reached,
} from '../helpers/fuzz.js';
import { buildSandbox, inSandbox, stopSandbox } from '../helpers/fuzz-sandbox.js';
import type { ScenarioName } from '../helpers/fuzz-scenarios.js';

beforeAll(buildSandbox, 120_000);
afterAll(stopSandbox);

/** The first path where two JSON values differ, e.g. "deck.cards[0].faces[0]: 1 → 2". */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (JSON.stringify(x) !== JSON.stringify(y))
      return firstDifference(x, y, Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k);
  }
  return `${path}: same`;
}

/** A reached state and one of its legal moves (or rotate when there is none). */
function moveOf(r: Reached, choice: number): Move {
  const moves = legalMoves(r.state);
  return moves.length > 0 ? moves[choice % moves.length]! : { type: 'rotate' };
}

describe('a state the library returned, JSON round-tripped, works exactly as the original', () => {
  it(
    'same validity, legal moves, next states, views, groups, notation and picture',
    () => {
      fc.assert(
        property(reached, fc.nat(), ({ state }, choice) => {
          const copy = deepFreeze(jsonCopy(state));
          expect(validatePosition(copy)).toEqual([]);
          const moves = legalMoves(state);
          expect(legalMoves(copy)).toEqual(moves);
          for (const m of [...moves.slice(0, 3), moves[choice % Math.max(1, moves.length)]].filter(
            (x): x is Move => x !== undefined,
          )) {
            expect(apply(copy, m)).toEqual(apply(state, m));
            expect(formatMove(copy, m)).toBe(formatMove(state, m));
            expect(describeMove(copy, m)).toBe(describeMove(state, m));
          }
          for (let seat = 0; seat < state.players.length; seat++)
            expect(playerView(copy, seat)).toEqual(playerView(state, seat));
          expect(legalMoveGroups(copy)).toEqual(legalMoveGroups(state));
          expect(renderPosition(copy)).toBe(renderPosition(state));
        }),
        runs(25),
      );
    },
    timeoutFor(),
  );

  it(
    'a state that is edited after a move does not change the game (the library keeps no object of its caller)',
    () => {
      fc.assert(
        property(reached, fc.nat(), ({ state }, choice) => {
          if (legalMoves(state).length === 0) return; // game over: nothing to play
          const mine = jsonCopy(state) as GameState & { deck: { cards: { faces: number[] }[] } };
          const before = jsonCopy(mine);
          const move = moveOf({ state, moves: [] }, choice);
          const next = withContext('apply(JSON copy, move)', () => apply(mine, move));
          const snapshot = jsonCopy(next);
          // the caller edits what it handed over: every face of its deck copy, every hand
          for (const c of mine.deck.cards) c.faces.reverse();
          (mine.hands as unknown as unknown[][]).forEach((h) => h.reverse());
          const after = JSON.stringify(next);
          if (after !== JSON.stringify(snapshot))
            throw new Error(
              `the state apply returned changed when the caller later edited the state it passed in (${firstDifference(snapshot, next)})`,
            );
          expect(before).toEqual(jsonCopy(state));
        }),
        runs(25),
      );
    },
    timeoutFor(),
  );
});

const SCENARIOS: [ScenarioName, number][] = [
  ['damaged.apply', 60],
  ['damaged.legalMoves', 40],
  ['damaged.playerView', 40],
  ['damaged.checkMove', 40],
  ['damaged.fromPosition', 30],
  ['damaged.loadState', 40],
  ['damaged.others', 30],
];

describe('a state damaged at a random path is valid, or refused with a coded error by every function', () => {
  it.each(SCENARIOS)(
    '%s',
    async (scenario, base) => {
      await fc.assert(
        // no vm watchdog here: the sandbox has its own
        fc.asyncProperty(reached, mutation, fc.nat(), async (r, m, choice) => {
          const { state, what } = damageState(r.state, { mutation: m });
          await inSandbox(scenario, { state, move: moveOf(r, choice), seat: r.state.turn.seat }).catch((e: Error) => {
            throw new Error(`after "${what}": ${e.message}`);
          });
        }),
        runs(base),
      );
    },
    timeoutFor(),
  );
});

describe.each(Object.keys(NAMED_TAMPERINGS))('a state with the tampering "%s"', (named) => {
  const scenarios: [ScenarioName, number][] = MAYBE_POSSIBLE.has(named)
    ? SCENARIOS
    : [['damaged.validatePosition', 2], ...SCENARIOS];
  it.each(scenarios)(
    '%s',
    async (scenario) => {
      await fc.assert(
        fc.asyncProperty(reached, fc.nat(), async (r, choice) => {
          const { state } = damageState(r.state, { named });
          if (scenario === 'damaged.validatePosition' && JSON.stringify(state) === JSON.stringify(r.state)) return; // the tampering changed nothing here
          await inSandbox(scenario, { state, move: moveOf(r, choice), seat: r.state.turn.seat });
        }),
        // the tampering is the point, not the game: little time to shrink the game
        runs(2, 8_000),
      );
    },
    timeoutFor(),
  );
});

describe('loadState, the gateway for outside states', () => {
  it(
    'a JSON copy or the JSON text of a state the library returned loads to an equal state that plays the same',
    () => {
      fc.assert(
        property(reached, fc.nat(), fc.boolean(), ({ state }, choice, asText) => {
          const input = asText ? JSON.stringify(state) : deepFreeze(jsonCopy(state));
          const loaded = loadState(input);
          expect(JSON.stringify(loaded)).toBe(JSON.stringify(state));
          const moves = legalMoves(state);
          expect(legalMoves(loaded)).toEqual(moves);
          if (moves.length > 0)
            expect(apply(loaded, moves[choice % moves.length]!)).toEqual(apply(state, moves[choice % moves.length]!));
        }),
        runs(40),
      );
    },
    timeoutFor(),
  );

  it(
    'refuses any other value with a PositionError',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          rejectsCoded('loadState(value)', () => loadState(x), isPositionError);
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );
});

describe('things that are not states', () => {
  it(
    'apply, legalMoves and playerView refuse any other value with a coded error',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          rejectsCoded('apply(value, rotate)', () => apply(x as GameState, { type: 'rotate' }));
          rejectsCoded('legalMoves(value)', () => legalMoves(x as GameState));
          rejectsCoded('playerView(value, 0)', () => playerView(x as GameState, 0));
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'a player view given to apply is refused with a coded error (use the state)',
    () => {
      fc.assert(
        property(reached, fc.nat(), (r, choice) => {
          const view = deepFreeze(playerView(r.state, r.state.turn.seat));
          rejectsCoded('apply(playerView(state, seat), move)', () =>
            apply(view as unknown as GameState, moveOf(r, choice)),
          );
          rejectsCoded('apply(JSON copy of a view, move)', () =>
            apply(jsonCopy(view) as unknown as GameState, moveOf(r, choice)),
          );
        }),
        runs(30),
      );
    },
    timeoutFor(),
  );
});
