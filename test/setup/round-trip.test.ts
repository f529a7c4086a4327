/**
 * The setup layer's two ways back: for every state reached by random games at 2–5
 * players (round and game ends included, custom decks too), `fromPosition(toPosition(s))` is `s`
 * and `parsePosition(formatPosition(s))` is `s` without its history; a canonical text reads back
 * to itself. fast-check prints the seed and the shrunk game of any failure.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  formatPosition,
  fromPosition,
  parsePosition,
  toPosition,
  validatePosition,
  type GameState,
} from '../../src/index.js';
import { gameScript, playFrom, playScript } from '../helpers/random-games.js';
import { deckScript, playDeckScript } from '../helpers/custom-decks.js';

/** Every state of a game: the first, and the one after each move. */
function statesOf(play: (visit: (step: { after: GameState }) => void) => GameState, first: GameState): GameState[] {
  const states = [first];
  play(({ after }) => states.push(after));
  return states;
}

/** The state a position text stands for: the same, without its history. */
const withoutHistory = (s: GameState): GameState => ({ ...s, lastMove: null, events: [] }) as GameState;

function checkRoundTrips(s: GameState): void {
  const description = toPosition(s);
  expect(validatePosition(description)).toEqual([]);
  expect(fromPosition(description)).toEqual(s);
  // a fresh copy: editing it changes nothing in the state
  expect(JSON.parse(JSON.stringify(description))).toEqual(description);
  const text = formatPosition(s);
  expect(text).not.toMatch(/[\n\r]/);
  const back = parsePosition(text);
  expect(back).toEqual(withoutHistory(s));
  expect(formatPosition(back)).toBe(text);
}

describe('round trips of reached states', () => {
  it('standard deck, 2–5 players: toPosition/fromPosition exactly, position text without history', () => {
    const ends = { roundOver: 0, gameOver: 0 };
    fc.assert(
      fc.property(gameScript({ maxMoves: 400 }), (script) => {
        const start = createGame(script.players, script.seed);
        for (const s of statesOf((visit) => playScript(script, visit), start)) {
          if (s.status !== 'playing') ends[s.status]++;
          checkRoundTrips(s);
        }
      }),
      // never scaled down: with fewer games it may meet no game's end (seen at FUZZ_SCALE 0.2)
      { numRuns: scaled(25, 25) },
    );
    // the property must have met the ends of rounds and games, not only play in progress
    expect(ends.roundOver).toBeGreaterThan(0);
    expect(ends.gameOver).toBeGreaterThan(0);
  });

  it('custom decks: the deck is written out and read back', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(2, 3, 4, 5)
          .chain((players) => deckScript({ players, maxMoves: 40, maxInUse: 24, maxHandSize: 6 })),
        (script) => {
          let first: GameState | undefined;
          playDeckScript(script, ({ before, after }) => {
            if (!first) {
              first = before;
              checkRoundTrips(before);
            }
            checkRoundTrips(after);
          });
          if (first) expect(formatPosition(first)).toMatch(/ deck("[^"]*")?:\S+$/);
        },
      ),
      { numRuns: scaled(30) },
    );
  });

  it('any names and seeds: escaped so that the text stays one line of fields', () => {
    const name = fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).filter((x) => x.trim() !== '');
    const seed = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.maxSafeInteger(), fc.integer());
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 2, maxLength: 5 }),
        seed,
        fc.array(fc.nat(), { maxLength: 20 }),
        (names, sd, choices) => {
          const end = playFrom(createGame(names, sd), choices);
          checkRoundTrips(createGame(names, sd));
          checkRoundTrips(end);
          expect(formatPosition(end).split(' ')).toHaveLength(13);
        },
      ),
      { numRuns: scaled(100) },
    );
  });
});
