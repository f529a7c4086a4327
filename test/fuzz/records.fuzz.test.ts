/**
 * Records, positions and perft under hostile input: damaged real
 * records (objects and JSON text) and position descriptions. One problem list decides; the
 * functions that refuse throw only their own coded errors, never hang and never crash.
 * Damaged cases run in the memory-limited sandbox process.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatRecord,
  fromPosition,
  isPositionError,
  isRecordError,
  legalMoves,
  perft,
  perftDivide,
  recordOf,
  recordProblems,
  parseRecord,
  replay,
  validatePosition,
  type GameState,
  type Move,
} from '../../src/index.js';
import {
  descriptionOf,
  hostileValue,
  mutate,
  mutation,
  neverThrows,
  property,
  reached,
  recordOfReached,
  returnsOrCoded,
  runs,
  timeoutFor,
} from '../helpers/fuzz.js';
import { buildSandbox, inSandbox, stopSandbox } from '../helpers/fuzz-sandbox.js';

beforeAll(buildSandbox, 120_000);
afterAll(stopSandbox);

/** Fails with the damage in the message. */
async function sandboxed(name: Parameters<typeof inSandbox>[0], input: unknown, what: string): Promise<void> {
  await inSandbox(name, input).catch((e: Error) => {
    throw new Error(`after "${what}": ${e.message}`);
  });
}

/** Damage to JSON text: cut it, overwrite a stretch, or splice in something. */
const textDamage = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('overwrite' as const), at: fc.nat(), text: fc.string({ minLength: 1, maxLength: 6 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.constantFrom(
      '[',
      '{',
      ']',
      '}',
      ',',
      '"',
      '1e999',
      '-0',
      '123456789012345678901234567890',
      '\u0000',
      'null',
      '[[[[[[[[',
      ' '.repeat(1000),
    ),
  }),
);

type TextDamage = { kind: 'truncate' | 'overwrite' | 'insert'; at: number; text?: string };

function damageText(text: string, d: TextDamage): { text: string; what: string } {
  const at = d.at % (text.length + 1);
  switch (d.kind) {
    case 'truncate':
      return { text: text.slice(0, at), what: `cut after ${at} characters` };
    case 'overwrite':
      return {
        text: text.slice(0, at) + d.text! + text.slice(at + d.text!.length),
        what: `${JSON.stringify(d.text)} written at ${at}`,
      };
    case 'insert':
      return {
        text: text.slice(0, at) + d.text! + text.slice(at),
        what: `${JSON.stringify(d.text!.slice(0, 20))} inserted at ${at}`,
      };
  }
}

describe('game records', () => {
  it(
    'a record of a real game replays to the same state, from the object and from its JSON text',
    () => {
      fc.assert(
        property(reached, (r) => {
          const record = recordOfReached(r);
          expect(recordProblems(record)).toEqual([]);
          const fromText = replay(JSON.stringify(record));
          expect(fromText.ok).toBe(true);
          expect(JSON.stringify(fromText.state)).toBe(JSON.stringify(r.state));
        }),
        runs(30),
      );
    },
    timeoutFor(),
  );

  it(
    'a record damaged at one path: parseRecord refuses exactly what recordProblems lists, replay throws only RecordErrors',
    async () => {
      await fc.assert(
        fc.asyncProperty(reached, mutation, async (r, m) => {
          const { value, what } = mutate(recordOfReached(r), m);
          await sandboxed('record', value, what);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'a record whose moves array has a hole is refused by parseRecord (a RecordError), not by replay with another error',
    async () => {
      await fc.assert(
        fc.asyncProperty(reached, fc.nat(), async (r, i) => {
          const record = JSON.parse(JSON.stringify(recordOfReached(r))) as { moves: Move[] };
          if (record.moves.length === 0) return;
          const k = i % record.moves.length;
          delete record.moves[k];
          await sandboxed('record', record, `delete moves[${k}]`);
          if (recordProblems(record).length === 0)
            throw new Error(`recordProblems accepts a moves array with a hole at ${k}`);
        }),
        runs(20),
      );
    },
    timeoutFor(),
  );

  it(
    'the JSON text of a record, damaged: the same answers as for objects',
    async () => {
      await fc.assert(
        fc.asyncProperty(reached, textDamage, async (r, d) => {
          const { text, what } = damageText(JSON.stringify(recordOfReached(r)), d);
          await sandboxed('record', text, what);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'any value at all: recordProblems never throws, parseRecord, replay and formatRecord throw only RecordErrors',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          const problems = neverThrows('recordProblems(value)', () => recordProblems(x));
          if (problems !== undefined && (!Array.isArray(problems) || problems.length === 0))
            throw new Error('recordProblems accepted a value that is no record');
          returnsOrCoded('parseRecord(value)', () => parseRecord(x), isRecordError);
          returnsOrCoded('replay(value)', () => replay(x), isRecordError);
          returnsOrCoded('formatRecord(value)', () => formatRecord(x), isRecordError);
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'recordOf returns or throws a coded error for any state, moves and metadata',
    () => {
      fc.assert(
        property(
          fc.oneof(
            reached.map((r) => r.state as unknown),
            hostileValue,
          ),
          hostileValue,
          hostileValue,
          (s, moves, metadata) => {
            returnsOrCoded('recordOf(state, moves, metadata)', () =>
              recordOf(s as GameState, moves as Move[], metadata as never),
            );
          },
        ),
        runs(150),
      );
    },
    timeoutFor(),
  );
});

describe('position descriptions', () => {
  it(
    'the description of a reached state is accepted and gives the same legal moves',
    () => {
      fc.assert(
        property(reached, ({ state }) => {
          const d = descriptionOf(state);
          expect(validatePosition(d)).toEqual([]);
          expect(legalMoves(fromPosition(d))).toEqual(legalMoves(state));
        }),
        runs(40),
      );
    },
    timeoutFor(),
  );

  it(
    'a description damaged at one path: fromPosition refuses exactly what validatePosition lists; what it accepts plays and shares nothing with the description',
    async () => {
      await fc.assert(
        fc.asyncProperty(reached, mutation, async (r, m) => {
          const { value, what } = mutate(descriptionOf(r.state), m);
          await sandboxed('description', value, what);
        }),
        runs(120),
      );
    },
    timeoutFor(),
  );

  it(
    'any value at all: validatePosition never throws, fromPosition throws only PositionErrors',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          const problems = neverThrows('validatePosition(value)', () => validatePosition(x));
          if (problems !== undefined && (!Array.isArray(problems) || problems.length === 0))
            throw new Error('validatePosition accepted a value that is no position');
          returnsOrCoded('fromPosition(value)', () => fromPosition(x), isPositionError);
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );
});

describe('perft', () => {
  it(
    'perft and perftDivide return or throw a coded error for any depth (small depths only: the cost is exponential by design)',
    () => {
      const depth = hostileValue.filter((d) => !(Number.isInteger(d) && (d as number) > 2));
      fc.assert(
        property(reached, depth, ({ state }, d) => {
          returnsOrCoded('perft(state, depth)', () => perft(state, d as number));
          returnsOrCoded('perftDivide(state, depth)', () => perftDivide(state, d as number));
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'perft refuses anything that is not a state with a coded error',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          returnsOrCoded('perft(value, 1)', () => perft(x as GameState, 1));
          returnsOrCoded('perftDivide(value, 1)', () => perftDivide(x as GameState, 1));
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );
});
