/**
 * The position text under hostile input: parsePosition on arbitrary strings, on valid
 * texts damaged by one edit and on huge texts returns a state or throws a NotationError or a
 * PositionError, never anything else and never hangs; formatPosition and toPosition take any value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPosition,
  fromPosition,
  isNotationError,
  isPositionError,
  MAX_POSITION_TEXT,
  parsePosition,
  toPosition,
  validatePosition,
  type GameState,
} from '../../src/index.js';
import { bounded, hostileValue, property, reached, returnsOrCoded, runs, timeoutFor } from '../helpers/fuzz.js';

const coded = (e: unknown): boolean => isNotationError(e) || isPositionError(e);

/** One edit of a valid text: a character replaced, removed, doubled, or a piece of the text's own alphabet inserted. */
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'remove', 'double', 'insert', 'swapFields'),
  piece: fc.oneof(
    fc.constantFrom(
      ' ',
      ',',
      ';',
      ':',
      '/',
      '#',
      '!',
      '-',
      '.',
      '%',
      '%00',
      '"',
      '0',
      '9',
      '10',
      '99999999999999999',
      'x',
      'deck:',
      'dnup2',
      '\u00a0',
      '\ud800',
      '1/5',
      '5/1#3',
    ),
    fc.string({ unit: 'binary', maxLength: 4 }),
  ),
});

function damaged(text: string, e: { at: number; kind: string; piece: string }): string {
  const i = e.at % (text.length + 1);
  switch (e.kind) {
    case 'replace':
      return text.slice(0, i) + e.piece + text.slice(i + 1);
    case 'remove':
      return text.slice(0, i) + text.slice(i + e.piece.length + 1);
    case 'double':
      return text.slice(0, i) + text.slice(i, i + 8) + text.slice(i);
    case 'swapFields': {
      const f = text.split(' ');
      const a = e.at % f.length;
      const b = (a + 1 + (e.piece.length % (f.length - 1))) % f.length;
      [f[a], f[b]] = [f[b]!, f[a]!];
      return f.join(' ');
    }
    default:
      return text.slice(0, i) + e.piece + text.slice(i);
  }
}

describe('parsePosition', () => {
  it(
    'on any string returns a state or throws a NotationError or PositionError',
    () => {
      fc.assert(
        property(
          fc.oneof(
            fc.string({ maxLength: 60 }),
            fc.string({ unit: 'binary', maxLength: 60 }),
            fc.string({ maxLength: 60 }).map((s) => `dnup1 ${s}`),
          ),
          (text) => {
            returnsOrCoded(`parsePosition(${JSON.stringify(text)})`, () => parsePosition(text), coded);
          },
        ),
        runs(300),
      );
    },
    timeoutFor(),
  );

  it(
    'on a valid text damaged by one edit returns a valid state or throws a coded error naming the problem',
    () => {
      fc.assert(
        property(reached, fc.array(edit, { minLength: 1, maxLength: 3 }), ({ state }, edits) => {
          const text = edits.reduce(damaged, formatPosition(state));
          const out = returnsOrCoded(
            `parsePosition(${JSON.stringify(text.slice(0, 200))}…)`,
            () => parsePosition(text),
            coded,
          );
          if (out.ok) {
            expect(validatePosition(toPosition(out.value))).toEqual([]);
            // what it reads, it writes canonically, and reads that back to the same state
            expect(parsePosition(formatPosition(out.value))).toEqual(out.value);
          } else if (isNotationError(out.error)) {
            expect(out.error.code).toBe('BAD_POSITION_TEXT');
            expect(out.error.message.length).toBeLessThan(1000);
          }
        }),
        runs(300),
      );
    },
    timeoutFor(),
  );

  it(
    'on the short form of a reached position (any optional fields left out, then damaged) returns a valid state or a coded error',
    () => {
      fc.assert(
        property(
          reached,
          fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
          fc.array(edit, { maxLength: 2 }),
          ({ state }, keep, edits) => {
            const fields = formatPosition(state).split(' ');
            // after the table: status … seed (and the deck); the turn (index 6) always stays, its number may go
            const tail = fields
              .slice(4)
              .map((f, i) => (i === 2 && !keep[9] ? f.replace(/#\d+$/, '') : f))
              .filter((f, i) => i === 2 || f.startsWith('deck') || keep[i]);
            const short = [...fields.slice(0, 4), ...tail].join(' ');
            const text = edits.reduce(damaged, short);
            const out = returnsOrCoded(
              `parsePosition(${JSON.stringify(text.slice(0, 200))}…)`,
              () => parsePosition(text),
              coded,
            );
            if (out.ok) {
              expect(validatePosition(toPosition(out.value))).toEqual([]);
              expect(parsePosition(formatPosition(out.value))).toEqual(out.value);
              // undamaged, the hands and the table come through as written
              if (edits.length === 0)
                expect({ hands: out.value.hands, table: out.value.table }).toEqual({
                  hands: state.hands,
                  table: state.table,
                });
            } else if (edits.length === 0) {
              // a short form of a real position always follows the grammar; its defaults may break a rule
              expect(isPositionError(out.error), String(out.error)).toBe(true);
            } else if (isNotationError(out.error)) {
              expect(out.error.code).toBe('BAD_POSITION_TEXT');
              expect(out.error.message.length).toBeLessThan(1000);
            }
          },
        ),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'refuses any non-text with a NotationError',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          const out = returnsOrCoded('parsePosition(value)', () => parsePosition(x as string), isNotationError);
          if (typeof x !== 'string') expect(out.ok).toBe(false);
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'huge texts are refused or read in bounded time (the case runs under the watchdog)',
    () => {
      const tooLong = `dnup1 ${'a'.repeat(MAX_POSITION_TEXT)}`;
      const refusal = returnsOrCoded('parsePosition(too long)', () => parsePosition(tooLong), isNotationError);
      expect(refusal.ok).toBe(false);
      fc.assert(
        fc.property(reached, fc.constantFrom(',', ';', '%', ' ', '1', '1/5,', 'x'), ({ state }, filler) => {
          const text = formatPosition(state);
          const cut = text.indexOf(' ', 10);
          const big = text.slice(0, cut) + filler.repeat(Math.floor(1_000_000 / filler.length)) + text.slice(cut);
          bounded(() => returnsOrCoded('parsePosition(big)', () => parsePosition(big), coded));
        }),
        { ...runs(3), endOnFailure: true },
      );
    },
    timeoutFor(),
  );
});

describe('formatPosition and toPosition', () => {
  it(
    'on anything that is not a state throw a coded error; on a state, read back to it',
    () => {
      fc.assert(
        property(
          fc.oneof(
            hostileValue,
            reached.map((r) => r.state),
          ),
          (x) => {
            const f = returnsOrCoded('formatPosition(value)', () => formatPosition(x as GameState));
            const t = returnsOrCoded('toPosition(value)', () => toPosition(x as GameState));
            if (f.ok) expect(formatPosition(parsePosition(f.value))).toBe(f.value);
            if (t.ok) expect(fromPosition(t.value)).toEqual(x);
          },
        ),
        runs(150),
      );
    },
    timeoutFor(),
  );
});
