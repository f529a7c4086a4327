/**
 * Views, grouped moves and bots under hostile input: seats, views,
 * damaged views, random sources, bot names and options, whole games and arenas with misbehaving
 * bots. Every call returns or throws a coded error; damaged views run in the sandbox process.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ismctsBot,
  expertBot,
  BOT_IDS,
  catalogueBot,
  isBotId,
  publicView,
  Playout,
  botByName,
  checkMoveOfView,
  determinize,
  greedyMove,
  greedyScores,
  isViewError,
  iterateLegalMoves,
  legalMoveGroups,
  legalMoves,
  legalMovesOfView,
  loadView,
  outlookOfState,
  outlookOfView,
  playerView,
  playGame,
  playsOfGroup,
  randomBot,
  seededRandom,
  validatePosition,
  wilsonInterval,
  type Bot,
  type GameState,
  type Move,
  type PlayerView,
} from '../../src/index.js';
import { runArena } from '../../src/arena.js';
import {
  attempt,
  deepFreeze,
  rejectsCoded,
  whatIsWrong,
  hostileMove,
  hostileValue,
  isLibraryError,
  jsonCopy,
  mutate,
  mutation,
  neverThrows,
  property,
  reached,
  returnsOrCoded,
  runs,
  timeoutFor,
  TrapError,
} from '../helpers/fuzz.js';
import { buildSandbox, inSandbox, stopSandbox } from '../helpers/fuzz-sandbox.js';

beforeAll(buildSandbox, 120_000);
afterAll(stopSandbox);

/** Small numbers stay small: budgets of bots and arenas cost time in proportion by design. */
const smallOrHostile = hostileValue.filter((x) => !(typeof x === 'number' && Number.isFinite(x) && x > 8));

describe('player views', () => {
  it(
    'playerView returns a view or throws a ViewError for any seat; the view and its JSON copy agree',
    () => {
      fc.assert(
        property(
          reached,
          fc.oneof(fc.integer({ min: -1, max: 6 }), hostileValue),
          hostileMove,
          ({ state }, seat, m) => {
            const out = returnsOrCoded('playerView(state, seat)', () => playerView(state, seat as number), isViewError);
            if (!out.ok) return;
            const view = out.value;
            const copy = jsonCopy(view);
            expect(legalMovesOfView(copy)).toEqual(legalMovesOfView(view));
            const check = neverThrows('checkMoveOfView(view, value)', () => checkMoveOfView(view, m));
            if (check !== undefined && typeof check.ok !== 'boolean')
              throw new Error('checkMoveOfView answered no verdict');
          },
        ),
        runs(80),
      );
    },
    timeoutFor(),
  );

  it(
    'publicView returns the public view of any reached state, or a coded error for anything else',
    () => {
      fc.assert(
        property(reached, hostileValue, ({ state }, x) => {
          const out = returnsOrCoded('publicView(state)', () => publicView(state));
          if (!out.ok) throw new Error('publicView refused a state the rules reached');
          expect(jsonCopy(out.value)).toEqual(out.value);
          expect(out.value.hand).toEqual([]);
          returnsOrCoded('publicView(value)', () => publicView(x as never));
        }),
        runs(60),
      );
    },
    timeoutFor(),
  );

  it(
    'loadView: a JSON copy of a view loads to an equal view; anything else is refused with a ViewError',
    () => {
      fc.assert(
        property(reached, fc.integer({ min: 0, max: 4 }), hostileValue, ({ state }, seat, x) => {
          const view = playerView(state, seat % state.players.length);
          const loaded = loadView(deepFreeze(jsonCopy(view)));
          expect(JSON.stringify(loaded)).toBe(JSON.stringify(view));
          expect(legalMovesOfView(loaded)).toEqual(legalMovesOfView(view));
          rejectsCoded('loadView(value)', () => loadView(x), isViewError);
        }),
        runs(60),
      );
    },
    timeoutFor(),
  );

  it(
    'a view damaged at one path: every view function returns or throws a coded error',
    async () => {
      await fc.assert(
        fc.asyncProperty(reached, mutation, fc.nat(), async (r, m, choice) => {
          const view = playerView(r.state, r.state.turn.seat);
          const moves = legalMoves(r.state);
          const { value, what } = mutate(view, m);
          await inSandbox('view', {
            view: value,
            move: moves[choice % Math.max(1, moves.length)] ?? { type: 'rotate' },
          }).catch((e: Error) => {
            throw new Error(`after "${what}": ${e.message}`);
          });
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'view functions refuse anything that is not a view or state with a coded error',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          returnsOrCoded('legalMovesOfView(value)', () => legalMovesOfView(x as PlayerView));
          returnsOrCoded('legalMoveGroups(value)', () => legalMoveGroups(x as PlayerView));
          returnsOrCoded('iterateLegalMoves(value) (first 100)', () => [
            ...take(iterateLegalMoves(x as PlayerView), 100),
          ]);
          returnsOrCoded('playsOfGroup(value) (first 100)', () => [...take(playsOfGroup(x as never), 100)]);
          returnsOrCoded('determinize(value, rng)', () => determinize(x as PlayerView, seededRandom(1)));
          returnsOrCoded('outlookOfView(value)', () => outlookOfView(x as PlayerView));
          returnsOrCoded('outlookOfState(value)', () => outlookOfState(x as GameState));
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'determinize with any random source gives a valid state or a coded error',
    () => {
      const source = fc.oneof(
        fc
          .constantFrom(NaN, 1, -1, 1e9, 0.9999999999999999, -0, Infinity)
          .map((x) => Object.assign(() => x, { [fc.toStringMethod]: () => `() => ${x}` })),
        fc.constant(
          Object.assign(
            () => {
              throw new TrapError('rng');
            },
            { [fc.toStringMethod]: () => '() => { throw }' },
          ),
        ),
        hostileValue,
      );
      fc.assert(
        property(reached, source, ({ state }, rng) => {
          const view = playerView(state, state.turn.seat);
          const out = returnsOrCoded('determinize(view, source)', () => determinize(view, rng as () => number));
          if (out.ok) {
            const problems = validatePosition(jsonCopy(out.value));
            if (problems.length > 0)
              throw new Error(
                `determinize made a state validatePosition rejects: ${problems.map((p) => p.code).join(', ')}`,
              );
          }
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'seededRandom accepts a seed or throws a coded error; its numbers lie in [0, 1)',
    () => {
      fc.assert(
        property(hostileValue, (seed) => {
          const out = returnsOrCoded('seededRandom(value)', () => seededRandom(seed as string));
          if (!out.ok) return;
          for (let i = 0; i < 20; i++) {
            const x = out.value();
            if (!(x >= 0 && x < 1)) throw new Error(`seededRandom gave ${x}`);
          }
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );
});

function* take<T>(it: Iterable<T>, n: number): Generator<T> {
  if (n <= 0) return;
  let i = 0;
  for (const x of it) {
    yield x;
    if (++i >= n) return;
  }
}

describe('bots', () => {
  const options = fc.oneof(
    hostileValue,
    fc.record(
      {
        seed: hostileValue,
        playouts: smallOrHostile,
        candidates: smallOrHostile,
        noise: hostileValue,
        playoutCap: smallOrHostile,
        timeMs: smallOrHostile,
      },
      { requiredKeys: [] },
    ),
  );

  it(
    'botByName gives a bot or a BotError; a bot chooses one of the legal moves',
    () => {
      fc.assert(
        property(
          fc.oneof(fc.constantFrom('random', 'greedy', 'montecarlo', 'mc', 'expert'), hostileValue),
          options,
          reached,
          (name, o, { state }) => {
            const out = returnsOrCoded('botByName(name, options)', () => botByName(name as string, o as never));
            if (!out.ok || state.status === 'gameOver') return;
            const moves = legalMoves(state);
            const view = playerView(state, state.turn.seat);
            const chosen = returnsOrCoded('bot.chooseMove(view, moves)', () => out.value.chooseMove(view, moves));
            if (
              chosen.ok &&
              !(chosen.value instanceof Promise) &&
              !moves.some((m) => JSON.stringify(m) === JSON.stringify(chosen.value))
            ) {
              throw new Error(`the bot chose ${JSON.stringify(chosen.value)}, which is not a legal move`);
            }
          },
        ),
        runs(50),
      );
    },
    timeoutFor(),
  );

  it(
    'catalogueBot gives a bot or a BotError for any id and options; isBotId never throws',
    () => {
      fc.assert(
        property(fc.oneof(fc.constantFrom(...BOT_IDS), hostileValue), options, (id, o) => {
          const known = neverThrows('isBotId(value)', () => isBotId(id));
          const out = returnsOrCoded('catalogueBot(id, options)', () => catalogueBot(id as never, o as never));
          if (out.ok && !known) throw new Error(`catalogueBot made a bot of ${String(id)}, which is no catalogue id`);
        }),
        runs(60),
      );
    },
    timeoutFor(),
  );

  it(
    'bots and their building blocks given hostile views or move lists return or throw a coded error',
    () => {
      fc.assert(
        property(reached, hostileValue, hostileValue, ({ state }, view, moves) => {
          for (const bot of [
            randomBot(1),
            botByName('greedy', { seed: 1 }),
            botByName('montecarlo', { seed: 1, playouts: 3, playoutCap: 30 }),
            ismctsBot({ seed: 1, iterations: 5 }),
            expertBot({ seed: 1, iterations: 5 }),
          ]) {
            returnsOrCoded(`${bot.name}.chooseMove(value, value)`, () =>
              bot.chooseMove(view as PlayerView, moves as Move[]),
            );
            returnsOrCoded(`${bot.name}.chooseMove(real view, value)`, () =>
              bot.chooseMove(playerView(state, state.turn.seat), moves as Move[]),
            );
          }
          returnsOrCoded('greedyScores(outlook, value)', () => greedyScores(outlookOfState(state), moves as Move[]));
          returnsOrCoded('greedyMove(outlook, value, rng)', () =>
            greedyMove(outlookOfState(state), moves as Move[], seededRandom(1)),
          );
          returnsOrCoded('greedyMove(value, moves, value)', () =>
            greedyMove(view as never, legalMoves(state), moves as () => number),
          );
        }),
        runs(50),
      );
    },
    timeoutFor(),
  );

  it(
    'the search fast path (Playout) takes only states, legal moves and move indexes: anything else is a coded error',
    () => {
      fc.assert(
        property(reached, hostileValue, hostileMove, ({ state }, x, m) => {
          returnsOrCoded('new Playout(value)', () => new Playout(x as GameState));
          const p = new Playout(state);
          returnsOrCoded('playout.play(hostile move)', () => p.play(m as Move));
          returnsOrCoded('playout.legalMoveAt(value)', () => p.legalMoveAt(x as number));
          returnsOrCoded('playout.playLegalMoveAt(value)', () => p.playLegalMoveAt(x as number));
          const after = p.toState();
          expect(validatePosition(after)).toEqual([]);
        }),
        runs(50),
      );
    },
    timeoutFor(),
  );

  /** A bot that answers something hostile at its `when`-th move (and the first legal move before). */
  const misbehaving = fc
    .record({ when: fc.nat({ max: 30 }), answer: fc.oneof(hostileMove, fc.constant('throw'), fc.constant('reject')) })
    .map(({ when, answer }): Bot => {
      let n = 0;
      return {
        name: 'misbehaving',
        chooseMove: (_view, moves) => {
          if (n++ < when) return moves[0]!;
          if (answer === 'throw') throw new TrapError('the bot itself threw');
          if (answer === 'reject') return Promise.reject(new TrapError('the bot itself rejected'));
          return answer as Move;
        },
      };
    });

  it(
    "playGame with a misbehaving bot or hostile options resolves or rejects with a coded error (or the bot's own error)",
    async () => {
      const gameOptions = fc.record(
        {
          seed: fc.oneof(fc.string({ maxLength: 4 }), hostileValue),
          names: hostileValue,
          maxMoves: fc.constantFrom(undefined, 0, 1, 5, 50, NaN, -1, 1.5, 'x'),
          gameOptions: hostileValue,
        },
        { requiredKeys: ['seed'] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(misbehaving, fc.constant(randomBot(2))), { minLength: 0, maxLength: 6 }),
          gameOptions,
          async (bots, o) => {
            let error: unknown;
            try {
              await playGame(bots, o as never);
            } catch (e) {
              error = e;
            }
            if (error !== undefined && !isLibraryError(error) && !(error instanceof TrapError))
              throw new Error(`playGame rejected with ${whatIsWrong(error)}`);
          },
        ),
        runs(60),
      );
    },
    timeoutFor(),
  );

  it(
    "runArena with hostile options resolves or rejects with a BotError (or the bot factory's own error)",
    async () => {
      const makeBot = fc.constantFrom(
        (name: string, seed: string) => botByName(name, { seed }),
        () => {
          throw new TrapError('makeBot threw');
        },
        () => ({ name: 'nothing' }) as unknown as Bot,
        () => undefined as unknown as Bot,
      );
      const arena = fc.record(
        {
          players: fc.oneof(fc.integer({ min: 1, max: 6 }), hostileValue),
          games: fc.oneof(fc.integer({ min: -1, max: 2 }), smallOrHostile),
          lineup: fc.oneof(fc.array(fc.constantFrom('random', 'greedy', 'nobody'), { maxLength: 6 }), hostileValue),
          seed: hostileValue,
          makeBot,
          maxMoves: fc.constantFrom(undefined, 0, 10, NaN, -1),
        },
        { requiredKeys: ['players', 'games', 'lineup', 'makeBot'] },
      );
      await fc.assert(
        fc.asyncProperty(arena, async (o) => {
          let error: unknown;
          try {
            await runArena(o as never);
          } catch (e) {
            error = e;
          }
          if (error !== undefined && !isLibraryError(error) && !(error instanceof TrapError))
            throw new Error(`runArena rejected with ${whatIsWrong(error)}`);
        }),
        runs(60),
      );
    },
    timeoutFor(),
  );

  it(
    'wilsonInterval returns an interval inside [0, 1] for sound counts, and a coded error or an interval otherwise',
    () => {
      fc.assert(
        property(fc.oneof(fc.nat(1000), hostileValue), fc.oneof(fc.nat(1000), hostileValue), (w, n) => {
          const out = attempt(() => wilsonInterval(w as number, n as number));
          if (!out.ok) {
            if (!isLibraryError(out.error) && !(out.error instanceof TrapError))
              throw new Error(`wilsonInterval threw ${whatIsWrong(out.error)}`);
            return;
          }
          if (
            Number.isInteger(w) &&
            Number.isInteger(n) &&
            (n as number) > 0 &&
            (w as number) >= 0 &&
            (w as number) <= (n as number)
          ) {
            const [lo, hi] = out.value;
            if (!(lo >= 0 && lo <= hi && hi <= 1)) throw new Error(`wilsonInterval(${w}, ${n}) = [${lo}, ${hi}]`);
          }
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );
});
