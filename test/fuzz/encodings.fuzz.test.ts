/**
 * dnup/encodings under hostile input: player counts, moves, indices, states and views (damaged,
 * of custom decks, or anything). Every call returns or throws a coded error of this library, and
 * leaves its (deep-frozen) input alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as encodings from '../../src/encodings.js';
import {
  actionCount,
  actionIndex,
  createEnvironment,
  createVectorEnvironment,
  infoStateKey,
  legalActionMask,
  moveOfAction,
  observationLayout,
  observationLength,
  observe,
} from '../../src/encodings.js';
import {
  isStandardDeck,
  loadState,
  loadView,
  playerView,
  type Bot,
  type Move,
  type MoveSource,
  type PlayerView,
} from '../../src/index.js';
import {
  deepFreeze,
  hostileMove,
  hostileValue,
  jsonCopy,
  mutate,
  mutation,
  property,
  reached,
  returnsOrCoded,
  runs,
  timeoutFor,
} from '../helpers/fuzz.js';

/** Every function dnup/encodings exports, and the property below that covers it. */
const COVERED: Record<string, string> = {
  actionCount: 'player counts',
  observationLength: 'player counts',
  actionIndex: 'moves and player counts',
  moveOfAction: 'sources and indices',
  legalActionMask: 'sources and indices',
  observe: 'views',
  infoStateKey: 'views',
  observationLayout: 'player counts',
  createEnvironment: 'environment options, seeds, actions and bot answers',
  createVectorEnvironment: 'environment options, seeds, actions and bot answers',
};

it('every function dnup/encodings exports has a fuzz property (add one here when it grows)', () => {
  const functions = Object.entries(encodings)
    .filter(([, v]) => typeof v === 'function')
    .map(([k]) => k);
  expect(functions.filter((k) => !(k in COVERED))).toEqual([]);
});

const playerCount = fc.oneof(fc.integer({ min: -1, max: 7 }), hostileValue);
const index = fc.oneof(fc.integer({ min: -2, max: 3000 }), hostileValue);

describe('dnup/encodings under hostile input', () => {
  it(
    'actionCount and observationLength give a size for 2 to 5 players and BAD_ARGUMENT for anything else',
    () => {
      fc.assert(
        property(playerCount, (n) => {
          for (const [label, f] of [
            ['actionCount', actionCount],
            ['observationLength', observationLength],
            ['observationLayout', (k: number) => observationLayout(k).length],
          ] as const) {
            const out = returnsOrCoded(`${label}(n)`, () => f(n as number));
            expect(out.ok, label).toBe(n === 2 || n === 3 || n === 4 || n === 5);
          }
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'actionIndex maps a move to an index in range or throws a coded error',
    () => {
      fc.assert(
        property(hostileMove, playerCount, (m, n) => {
          const out = returnsOrCoded('actionIndex(move, n)', () => actionIndex(m as Move, n as number));
          if (out.ok) expect(out.value >= 0 && out.value < actionCount(n as number)).toBe(true);
        }),
        runs(300),
      );
    },
    timeoutFor(),
  );

  it(
    'moveOfAction and legalActionMask take any state or view, damaged or of another deck, and any index, and leave it alone',
    () => {
      fc.assert(
        property(reached, fc.nat(), fc.option(mutation), index, ({ state }, seatChoice, m, i) => {
          const seat = seatChoice % state.players.length;
          const source: unknown = seatChoice % 2 === 0 ? state : playerView(state, seat);
          const damaged = m === null ? jsonCopy(source) : mutate(jsonCopy(source), m).value;
          const standard = isStandardDeck(state.deck);
          deepFreeze(damaged); // a write to the input throws, and fails the property
          const mask = returnsOrCoded('legalActionMask(source)', () => legalActionMask(damaged as MoveSource));
          if (m === null) expect(mask.ok, 'an undamaged copy of a standard game').toBe(standard);
          const move = returnsOrCoded('moveOfAction(source, i)', () =>
            moveOfAction(damaged as MoveSource, i as number),
          );
          // a source from outside is checked in full, as loadState and loadView check it: a broken one
          // gets a coded error from both; a sound one (undamaged, or a damage the rules allow, such as
          // another name) the round trip on its own player count
          const checked = returnsOrCoded('the full check', () =>
            (damaged as { format?: unknown }).format === 'dnup-view' ? loadView(damaged) : loadState(damaged),
          );
          if (!checked.ok) {
            expect(mask.ok, 'legalActionMask of a source the full check refuses').toBe(false);
            expect(move.ok, 'moveOfAction of a source the full check refuses').toBe(false);
          } else if (move.ok)
            expect(actionIndex(move.value, checked.value.players.length)).toBe(Object.is(i, -0) ? 0 : i); // -0 names action 0 (toBe tells -0 from 0)
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'observe and infoStateKey take any view, damaged or of another deck, or anything, and leave it alone',
    () => {
      fc.assert(
        property(reached, fc.nat(), fc.option(mutation), hostileValue, ({ state }, seatChoice, m, junk) => {
          const view = playerView(state, seatChoice % state.players.length);
          const damaged = seatChoice % 7 === 0 ? junk : m === null ? jsonCopy(view) : mutate(jsonCopy(view), m).value;
          deepFreeze(damaged);
          const standard = isStandardDeck(state.deck);
          const x = returnsOrCoded('observe(view)', () => observe(damaged as PlayerView));
          const key = returnsOrCoded('infoStateKey(view)', () => infoStateKey(damaged as PlayerView));
          if (m === null && seatChoice % 7 !== 0) {
            expect(x.ok, 'an undamaged copy of a standard view').toBe(standard);
            expect(key.ok, 'an undamaged copy of a view').toBe(true);
          }
          if (x.ok) expect(x.value.length).toBe(observationLength(state.players.length));
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );
});

describe('the environments of dnup/encodings under hostile input', () => {
  it(
    'the environments take any options, seeds and actions, and bots answering anything, with a coded error at worst',
    () => {
      const option = fc.oneof(hostileValue, fc.constant(undefined));
      fc.assert(
        property(
          fc.record({
            players: fc.oneof(playerCount, fc.integer({ min: 2, max: 5 })),
            maxMoves: option,
            games: fc.oneof(option, fc.integer({ min: 1, max: 3 })),
          }),
          fc.oneof(hostileValue, fc.constant(null)),
          fc.oneof(hostileValue, fc.string({ maxLength: 6 })),
          fc.array(fc.oneof(index, hostileValue), { maxLength: 6 }),
          hostileMove,
          (o, opponent, seed, actions, answer) => {
            // the agent at seat 0; every other seat a hostile bot, or the given value in place of a bot
            const bot: Bot = { name: 'hostile', chooseMove: () => answer as Move };
            const opponents = (n: number) =>
              Array.from({ length: n }, (_, s) => (s === 0 ? null : opponent === null ? bot : opponent));
            const options = {
              ...o,
              opponents:
                typeof o.players === 'number' && o.players > 0 && o.players < 9 ? opponents(o.players) : o.players,
            };
            const env = returnsOrCoded('createEnvironment(options)', () => createEnvironment(options as never));
            if (env.ok) {
              const t = returnsOrCoded('reset(seed)', () => env.value.reset(seed as string));
              if (t.ok) for (const a of actions) returnsOrCoded('step(action)', () => env.value.step(a as number));
            }
            const venv = returnsOrCoded('createVectorEnvironment(options)', () =>
              createVectorEnvironment({ ...o, opponents: (_g: number) => options.opponents } as never),
            );
            if (venv.ok) {
              const games = venv.value.games;
              const seeds = Array.from({ length: games }, () => seed);
              if (returnsOrCoded('reset(seeds)', () => venv.value.reset(seeds as string[])).ok)
                returnsOrCoded('step(actions)', () => venv.value.step(actions as number[]));
            }
          },
        ),
        runs(150),
      );
    },
    timeoutFor(),
  );
});
