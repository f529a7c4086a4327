/**
 * The rules core under hostile input: createGame, moves and their
 * checks, decks, card lookups and the error guards. Every call returns or throws a coded error of
 * this library, never hangs, never mutates its input; guards and checkMove never throw at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as dnup from '../../src/index.js';
import {
  apply,
  cardsInUse,
  checkMove,
  createGame,
  deckProblems,
  discardPile,
  inactiveValue,
  isArgumentError,
  isBotError,
  isDnupError,
  isGameSetupError,
  isHistoryError,
  isIllegalMoveError,
  isLegalMove,
  isLocaleError,
  isMove,
  isNotationError,
  isPlayerView,
  isPositionError,
  isRecordError,
  isStandardDeck,
  isViewError,
  locateCard,
  STANDARD_DECK,
  validatePosition,
  type DeckDefinition,
  type GameState,
} from '../../src/index.js';
import {
  deepFreeze,
  flipping,
  hostileMove,
  hostileStableMove,
  hostileValue,
  jsonCopy,
  mutate,
  mutation,
  named,
  neverThrows,
  property,
  reached,
  returnsOrCoded,
  runs,
  timeoutFor,
} from '../helpers/fuzz.js';
import { customDeck } from '../helpers/custom-decks.js';

/** Every function this package exports, and the fuzz file that covers it. */
const COVERED: Record<string, string> = {
  createGame: 'core',
  legalMoves: 'core, states',
  apply: 'core, states',
  checkMove: 'core, states',
  isLegalMove: 'core, states',
  isMove: 'core',
  locateCard: 'core, states',
  inactiveValue: 'core',
  discardPile: 'core, states',
  deckProblems: 'core',
  cardsInUse: 'core',
  isStandardDeck: 'core',
  isIllegalMoveError: 'core',
  isGameSetupError: 'core',
  isDnupError: 'core',
  isPositionError: 'core',
  isRecordError: 'core',
  isNotationError: 'core',
  isViewError: 'core',
  isBotError: 'core',
  isPlayerView: 'core',
  isArgumentError: 'core',
  ArgumentError: 'class',
  loadState: 'states (the gateway)',
  loadView: 'views (the gateway)',
  IllegalMoveError: 'class (constructed by the library)',
  GameSetupError: 'class',
  PositionError: 'class',
  RecordError: 'class',
  NotationError: 'class',
  ViewError: 'class',
  BotError: 'class',
  recordOf: 'records',
  parseRecord: 'records',
  formatRecord: 'records',
  recordProblems: 'records',
  replay: 'records',
  validatePosition: 'records, states',
  fromPosition: 'records, states',
  toPosition: 'position-text',
  formatPosition: 'position-text',
  parsePosition: 'position-text',
  perft: 'records',
  perftDivide: 'records',
  formatMove: 'notation',
  parseMove: 'notation',
  describeMove: 'notation',
  renderPosition: 'notation',
  playerView: 'views, states',
  legalMovesOfView: 'views',
  checkMoveOfView: 'views',
  determinize: 'views',
  seededRandom: 'views',
  legalMoveGroups: 'views',
  playsOfGroup: 'views',
  iterateLegalMoves: 'views',
  playGame: 'bots',
  randomBot: 'bots',
  greedyBot: 'bots',
  greedyMove: 'bots',
  greedyScores: 'bots',
  outlookOfState: 'bots',
  outlookOfView: 'bots',
  monteCarloBot: 'bots',
  ismctsBot: 'bots',
  expertBot: 'bots',
  Playout: 'bots',
  runArena: 'bots',
  wilsonInterval: 'bots',
  botByName: 'bots',
  HistoryError: 'class',
  LocaleError: 'class',
  isHistoryError: 'core',
  isLocaleError: 'core',
  isLocale: 'i18n-history',
  describeEvent: 'i18n-history',
  errorSentence: 'i18n-history',
  localizeError: 'i18n-history',
  history: 'i18n-history',
  moveFromSelection: 'ui',
  cardHints: 'ui',
  applySteps: 'ui',
  viewSteps: 'ui',
  publicSteps: 'ui',
  publicView: 'views',
  upcomingTurns: 'core',
  areasPerSeat: 'core',
  catalogueBot: 'bots',
  isBotId: 'bots',
};

it('every exported function has a fuzz property (add one here when the API grows)', () => {
  const functions = Object.entries(dnup)
    .filter(([, v]) => typeof v === 'function')
    .map(([k]) => k)
    .sort();
  expect(functions.filter((k) => !(k in COVERED))).toEqual([]);
});

/** Players: counts, name lists with holes and hostile names, and anything. */
const players = fc.oneof(
  fc.integer({ min: -1, max: 7 }),
  fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), hostileValue), { minLength: 1, maxLength: 6 }),
  fc.sparseArray(fc.string({ minLength: 1, maxLength: 4 }), { minNumElements: 1, maxLength: 5, noTrailingHole: true }),
  hostileValue,
);
const seed = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), hostileValue);

/** A deck: standard or custom, damaged at one path; or anything; or a deck whose cards change between reads. */
const deck: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.constant(STANDARD_DECK),
        fc.constantFrom(2, 3, 4, 5).chain((n) => customDeck(n, { maxInUse: 20 })),
      ),
      mutation,
    )
    .map(([d, m]) => {
      const { value, what } = mutate(d, m);
      return named(
        value as object,
        `${d === STANDARD_DECK ? 'STANDARD_DECK' : `a custom deck of ${d.cards.length} cards`}, then ${what}`,
      );
    }),
  hostileValue,
  flipping({ name: 'flip' }, 'cards', [STANDARD_DECK.cards, [{ id: 0, faces: [1, 1], minPlayers: 9 }]]),
);
const options = fc.oneof(
  fc.constant(undefined),
  fc.record({ deck }),
  fc.record({ deck, extra: hostileValue }),
  hostileValue,
);

describe('createGame', () => {
  it(
    'returns a valid state, or throws a GameSetupError; never mutates its arguments',
    () => {
      fc.assert(
        property(players, seed, options, (p, s, o) => {
          deepFreeze(p);
          deepFreeze(o);
          const out = returnsOrCoded(
            'createGame(players, seed, options)',
            () => createGame(p as never, s as never, o as never),
            isGameSetupError,
          );
          if (out.ok) {
            const problems = validatePosition(jsonCopy(out.value));
            if (problems.length > 0)
              throw new Error(
                `createGame returned a state that validatePosition rejects: ${problems.map((x) => `${x.code} at ${x.path}`).join(', ')}`,
              );
          }
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'reads its deck once: a deck that changes after the call does not change the game',
    () => {
      fc.assert(
        property(
          fc.constantFrom(2, 3, 4, 5).chain((n) => fc.tuple(fc.constant(n), customDeck(n, { maxInUse: 20 }))),
          ([n, d]) => {
            const mine = jsonCopy(d) as unknown as { cards: { id?: number; faces: number[]; minPlayers: number }[] };
            const state = createGame(n, 'x', { deck: mine as unknown as DeckDefinition });
            const before = JSON.stringify(state);
            for (const c of mine.cards) c.faces.reverse();
            mine.cards.push({ faces: [1, 1], minPlayers: 2 });
            if (JSON.stringify(state) !== before)
              throw new Error('the state changed when the caller edited the deck it passed to createGame');
            expect(validatePosition(jsonCopy(state))).toEqual([]);
          },
        ),
        runs(40),
      );
    },
    timeoutFor(),
  );
});

describe('moves', () => {
  it(
    'isMove never throws and answers a boolean',
    () => {
      fc.assert(
        property(hostileMove, (m) => {
          const answer = neverThrows('isMove(value)', () => isMove(m));
          if (answer !== undefined) expect(typeof answer).toBe('boolean'); // undefined: the value's own trap threw
        }),
        runs(400),
      );
    },
    timeoutFor(),
  );

  it(
    'checkMove and isLegalMove never throw on any move, and agree; a legal verdict means apply plays it',
    () => {
      fc.assert(
        property(reached, hostileStableMove, ({ state }, m) => {
          deepFreeze(m);
          const check = neverThrows('checkMove(state, value)', () => checkMove(state, m));
          if (typeof check?.ok !== 'boolean') throw new Error(`checkMove answered ${String(check)}`);
          if (
            !check.ok &&
            !(typeof check.code === 'string' && typeof check.message === 'string' && check.message !== '')
          )
            throw new Error('checkMove said no without a code and a message');
          const legal = neverThrows('isLegalMove(state, value)', () => isLegalMove(state, m));
          if (legal !== check.ok) throw new Error(`isLegalMove says ${String(legal)}, checkMove says ok: ${check.ok}`);
          const played = returnsOrCoded('apply(state, value)', () => apply(state, m as never), isIllegalMoveError);
          if (played.ok !== check.ok)
            throw new Error(`checkMove says ok: ${check.ok}, but apply ${played.ok ? 'played it' : 'refused it'}`);
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'a move whose fields change between reads is judged on one reading (no TypeError)',
    () => {
      const moves = fc.oneof(
        flipping({ type: 'rotate' }, 'type', ['rotate', 10n]),
        flipping({ type: 'play' }, 'cards', [[0], undefined]),
        flipping({ type: 'add', card: 0 }, 'target', [{ seat: 1, area: 0 }, 'x']),
        flipping({ type: 'take' }, 'target', [{ seat: 1, area: 0 }, null]),
      );
      fc.assert(
        property(reached, moves, ({ state }, m) => {
          neverThrows('checkMove(state, flipping move)', () => checkMove(state, m));
          returnsOrCoded('apply(state, flipping move)', () => apply(state, m as never), isIllegalMoveError);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );
});

describe('decks and cards', () => {
  it(
    'deckProblems never throws; createGame accepts exactly the decks it finds no problem with',
    () => {
      fc.assert(
        property(deck, fc.constantFrom(2, 3, 4, 5), (d, n) => {
          deepFreeze(d);
          const problems = neverThrows('deckProblems(deck, n)', () => deckProblems(d, n));
          if (problems === undefined) return; // the caller's own trap threw
          if (
            !Array.isArray(problems) ||
            !problems.every(
              (p) =>
                /^[A-Z_]+$/.test(p.code) &&
                typeof p.path === 'string' &&
                typeof p.message === 'string' &&
                p.message.length > 0,
            )
          )
            throw new Error('deckProblems did not answer a list of typed problems');
          returnsOrCoded(
            'createGame(n, "s", { deck })',
            () => createGame(n, 's', { deck: d as DeckDefinition }),
            isGameSetupError,
          );
          // agreement on one reading: each call reads its input once, so a deck whose getters
          // change between reads may be judged differently by two calls; a JSON snapshot cannot
          let snapshot: unknown;
          try {
            snapshot = JSON.parse(JSON.stringify(d) ?? 'null');
          } catch {
            return; // not JSON data at all: both calls refuse it, as checked above
          }
          const listed = deckProblems(snapshot, n);
          const out = returnsOrCoded(
            'createGame(n, "s", { deck: snapshot })',
            () => createGame(n, 's', { deck: snapshot as DeckDefinition }),
            isGameSetupError,
          );
          if (out.ok !== (listed.length === 0))
            throw new Error(
              `deckProblems lists ${listed.length} problems but createGame ${out.ok ? 'accepted' : 'refused'} the deck`,
            );
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'cardsInUse and isStandardDeck return or throw a coded error on any deck',
    () => {
      fc.assert(
        property(deck, hostileValue, (d, n) => {
          returnsOrCoded('cardsInUse(deck, players)', () => cardsInUse(d as DeckDefinition, n as number));
          returnsOrCoded('isStandardDeck(deck)', () => isStandardDeck(d as DeckDefinition));
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'locateCard, inactiveValue and discardPile return or throw a coded error for any id, card or state',
    () => {
      fc.assert(
        property(reached, hostileValue, hostileValue, ({ state }, id, card) => {
          returnsOrCoded('locateCard(state, value)', () => locateCard(state, id as number));
          returnsOrCoded('inactiveValue(state, value)', () => inactiveValue(state, card as never));
          returnsOrCoded('discardPile(value)', () => discardPile(id as GameState));
          returnsOrCoded('locateCard(value, 0)', () => locateCard(card as GameState, 0));
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );
});

describe('turn order', () => {
  it(
    'upcomingTurns lists turns or throws an ArgumentError for any position and count; areasPerSeat never throws',
    () => {
      fc.assert(
        property(
          fc.oneof(
            reached.map((r) => r.state as unknown),
            hostileValue,
          ),
          fc.oneof(fc.integer({ min: -2, max: 70 }), hostileValue),
          (position, count) => {
            const out = returnsOrCoded(
              'upcomingTurns(value, count)',
              () => dnup.upcomingTurns(position as never, count as never),
              isArgumentError,
            );
            if (out.ok && out.value.length > dnup.MAX_UPCOMING_TURNS) throw new Error('upcomingTurns listed too many');
            const areas = neverThrows('areasPerSeat(value)', () => dnup.areasPerSeat(count as never));
            if (areas !== 1 && areas !== 2) throw new Error(`areasPerSeat answered ${String(areas)}`);
          },
        ),
        runs(200),
      );
    },
    timeoutFor(),
  );
});

describe('guards', () => {
  const guards = {
    isHistoryError,
    isLocaleError,
    isArgumentError,
    isDnupError,
    isGameSetupError,
    isIllegalMoveError,
    isPositionError,
    isRecordError,
    isNotationError,
    isViewError,
    isBotError,
    isPlayerView,
    isMove,
  };
  it(
    'every guard answers a boolean for any value and never throws',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          for (const [name, guard] of Object.entries(guards)) {
            const answer = neverThrows(`${name}(value)`, () => (guard as (v: unknown) => unknown)(x));
            if (typeof answer !== 'boolean' && answer !== undefined)
              throw new Error(`${name} answered ${typeof answer}`);
          }
        }),
        runs(300),
      );
    },
    timeoutFor(),
  );
});
