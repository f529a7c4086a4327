/**
 * Notation under hostile input: parseMove on random text, formatMove,
 * describeMove and renderPosition on any value. A parsed move is legal or the text is refused with
 * a NotationError; nothing else is thrown. One property bounds the cost by input SIZE: inputs far
 * larger than a quadratic algorithm can finish within the case limit, trivial for a linear one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMove,
  describeMove,
  formatMove,
  isNotationError,
  legalMoves,
  parseMove,
  playerView,
  publicView,
  renderPosition,
  validatePosition,
  type GameState,
  type Move,
} from '../../src/index.js';
import {
  bounded,
  descriptionOf,
  hostileMove,
  hostileStableMove,
  hostileValue,
  property,
  reached,
  returnsOrCoded,
  runs,
  timeoutFor,
} from '../helpers/fuzz.js';

/** Text near the notation: its letters, numbers, separators and junk. */
const notationText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc
    .array(
      fc.constantFrom(
        'P',
        'A',
        'T',
        'R',
        'N',
        'p',
        'r',
        '1',
        '2',
        '3',
        '17',
        '0',
        '-1',
        '99999999999999999999',
        '1e3',
        '0x1',
        '@',
        '+',
        ',',
        '.',
        ':',
        ' ',
        '  ',
        '\t',
        '\n',
        '\u00a0',
        '★',
        'x',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

describe('parseMove', () => {
  it(
    'on any text returns a legal move, or throws a NotationError',
    () => {
      fc.assert(
        property(reached, notationText, ({ state }, text) => {
          const out = returnsOrCoded(
            `parseMove(state, ${JSON.stringify(text)})`,
            () => parseMove(state, text),
            isNotationError,
          );
          if (out.ok && !checkMove(state, out.value).ok)
            throw new Error(`parseMove read ${JSON.stringify(text)} as an illegal move ${JSON.stringify(out.value)}`);
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'reads back what formatMove writes, for every legal move',
    () => {
      fc.assert(
        property(reached, fc.nat(), ({ state }, choice) => {
          const moves = legalMoves(state);
          if (moves.length === 0) return;
          const m = moves[choice % moves.length]!;
          expect(parseMove(state, formatMove(state, m))).toEqual(m);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'refuses any non-text with a NotationError (BigInt, cycles, proxies…)',
    () => {
      fc.assert(
        property(reached, hostileValue, ({ state }, x) => {
          returnsOrCoded('parseMove(state, value)', () => parseMove(state, x as string), isNotationError);
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );
});

describe('formatMove, describeMove, renderPosition', () => {
  it(
    'on any move return text or throw a coded error',
    () => {
      fc.assert(
        property(reached, hostileMove, ({ state }, m) => {
          const f = returnsOrCoded('formatMove(state, value)', () => formatMove(state, m as Move));
          if (f.ok && typeof f.value !== 'string') throw new Error('formatMove returned no text');
          const d = returnsOrCoded('describeMove(state, value)', () => describeMove(state, m as Move));
          if (d.ok && typeof d.value !== 'string') throw new Error('describeMove returned no text');
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'on anything that is not a state throw a coded error',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          returnsOrCoded('renderPosition(value)', () => renderPosition(x as GameState));
          returnsOrCoded('formatMove(value, rotate)', () => formatMove(x as GameState, { type: 'rotate' }));
          returnsOrCoded('describeMove(value, rotate)', () => describeMove(x as GameState, { type: 'rotate' }));
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'from a view: the same text as from the state; a damaged view gives text or a coded error',
    () => {
      fc.assert(
        // a move that reads the same every time: two calls must see one move to write one text
        property(reached, hostileStableMove, hostileValue, fc.boolean(), ({ state }, m, x, faces) => {
          const options = { cards: faces ? 'faces' : 'ids' } as const;
          const text = returnsOrCoded('formatMove(state, value)', () => formatMove(state, m as Move));
          const seen = returnsOrCoded('formatMove(publicView, value)', () => formatMove(publicView(state), m as Move));
          if (text.ok !== seen.ok || (text.ok && seen.ok && text.value !== seen.value))
            throw new Error('formatMove wrote another text from the public view');
          const seat = playerView(state, state.turn.seat);
          for (const damaged of [
            { ...publicView(state), players: x },
            { ...seat, seat: x },
            { ...seat, hand: x },
          ])
            returnsOrCoded('formatMove(damaged view, move)', () => formatMove(damaged as never, m as Move, options));
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );
});

describe('bounded cost by input size (the cases run under the watchdog, FUZZ_CASE_MS)', () => {
  // A quadratic pass over 400,000 characters takes minutes; a linear one, milliseconds.
  const BIG = 400_000;

  it(
    'parseMove on a few hundred KB of notation with long whitespace runs (every shape, for a random position)',
    () => {
      const heads = ['P 1', 'A 3 @2', 'T 1', 'R', 'N', 'P', ''];
      const fillers = [' ', '\t', ' 1', ',', '\u00a0', '1'];
      const tails = ['x', '', '@', ' 2', '!'];
      fc.assert(
        fc.property(reached, ({ state }) => {
          for (const head of heads) {
            for (const filler of fillers) {
              for (const tail of tails) {
                const text = head + filler.repeat(Math.floor(BIG / filler.length)) + tail;
                const label = `parseMove(state, ${JSON.stringify(head)} + ${JSON.stringify(filler)} × ${BIG} + ${JSON.stringify(tail)})`;
                try {
                  bounded(() => returnsOrCoded(label, () => parseMove(state, text), isNotationError));
                } catch (e) {
                  throw new Error(`${label}: ${(e as Error).message}`);
                }
              }
            }
          }
        }),
        // the text is the point, not the position: no shrinking (each step would cost the case limit)
        { ...runs(2), endOnFailure: true },
      );
    },
    timeoutFor(),
  );

  it(
    'validatePosition on a description whose discard list repeats cards 200,000 times',
    () => {
      fc.assert(
        fc.property(reached, fc.nat(), ({ state }, k) => {
          const d = descriptionOf(state);
          const pile = d.discard!.length > 0 ? d.discard! : [0];
          const discard = Array.from({ length: 200_000 }, (_, i) => pile[(i + k) % pile.length]!);
          const problems = bounded(() => validatePosition({ ...d, discard }));
          expect(problems.length).toBeGreaterThan(0);
        }),
        runs(4),
      );
    },
    timeoutFor(),
  );
});
