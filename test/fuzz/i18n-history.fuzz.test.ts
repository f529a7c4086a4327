/**
 * Sentences in the players' languages and the undo/redo history under hostile input:
 * locales, stored error codes and params (they come back from a database or a message), events,
 * and histories driven by any sequence of plays, undos and redos. Every call returns text or a
 * history, or throws a coded error of this library.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  describeEvent,
  describeMove,
  errorSentence,
  history,
  isLocale,
  legalMoves,
  LOCALES,
  localizeError,
  renderPosition,
  replay,
  type GameHistory,
  type GameState,
  type Move,
} from '../../src/index.js';
import { CODES_OF_KIND } from '../helpers/error-codes.js';
import {
  attempt,
  hostileMove,
  hostileValue,
  neverThrows,
  property,
  reached,
  returnsOrCoded,
  runs,
  timeoutFor,
  whatIsWrong,
  isLibraryError,
} from '../helpers/fuzz.js';

const CODES: Record<string, readonly string[]> = CODES_OF_KIND;

const locale = fc.oneof(fc.constantFrom<unknown>(...LOCALES, undefined), hostileValue);
/** A real error kind and one of its codes. */
const kindAndCode = fc.constantFrom(
  ...Object.entries(CODES).flatMap(([kind, codes]) => codes.map((code) => [kind, code] as const)),
);
/** Params as a stored error might hold them: right names, any values. */
const params = fc.oneof(
  hostileValue,
  fc.dictionary(
    fc.constantFrom(
      'cards',
      'card',
      'value',
      'values',
      'size',
      'seat',
      'area',
      'action',
      'path',
      'rule',
      'name',
      'allowed',
      'count',
      'index',
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
);

/** True for `{ locale, viewer }` as describeMove reads it: a plain object of those keys, a locale or nothing, a seat or nothing. */
function tellingOptions(x: unknown, players: number): boolean {
  try {
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
    const o = x as Record<string, unknown>;
    // a field holding undefined is no field, as JSON leaves it out (the library reads options so)
    if (!Object.keys(o).every((k) => k === 'locale' || k === 'viewer' || o[k] === undefined)) return false;
    const viewer = o.viewer;
    return (
      (o.locale == null || isLocale(o.locale)) &&
      (viewer == null || (Number.isSafeInteger(viewer) && (viewer as number) >= 0 && (viewer as number) < players))
    );
  } catch {
    return false;
  }
}

describe('locales and sentences', () => {
  it(
    'isLocale answers a boolean for any value and never throws',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          const answer = neverThrows('isLocale(value)', () => isLocale(x));
          if (answer !== undefined && typeof answer !== 'boolean')
            throw new Error(`isLocale answered ${typeof answer}`);
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'describeMove and renderPosition in any locale give text or a LocaleError',
    () => {
      fc.assert(
        property(reached, fc.nat(), locale, ({ state }, choice, l) => {
          const moves = legalMoves(state);
          const m = moves[choice % Math.max(1, moves.length)] ?? { type: 'rotate' };
          const d = returnsOrCoded('describeMove(state, move, locale)', () => describeMove(state, m, l as never));
          if (d.ok && (typeof d.value !== 'string' || d.value === '')) throw new Error('describeMove gave no sentence');
          const r = returnsOrCoded('renderPosition(state, locale)', () => renderPosition(state, l as never));
          if (r.ok && typeof r.value !== 'string') throw new Error('renderPosition gave no text');
          if (!isLocale(l) && l !== undefined && r.ok)
            throw new Error(`an unknown locale ${String(typeof l)} was accepted`);
          // describeMove also takes { locale, viewer }: anything else is refused
          if (!isLocale(l) && l !== undefined && !tellingOptions(l, state.players.length) && d.ok)
            throw new Error(`an unknown locale ${String(typeof l)} was accepted`);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'errorSentence words any stored kind, code and params as text, or throws a coded error',
    () => {
      fc.assert(
        property(fc.oneof(kindAndCode, fc.tuple(hostileValue, hostileValue)), params, locale, ([kind, code], p, l) => {
          const out = returnsOrCoded('errorSentence(kind, code, params, locale)', () =>
            errorSentence(kind as never, code as never, p as never, l as never),
          );
          if (out.ok && (typeof out.value !== 'string' || out.value === ''))
            throw new Error('errorSentence gave no sentence');
        }),
        runs(200),
      );
    },
    timeoutFor(),
  );

  it(
    'localizeError words any error-like value, or throws a coded error; a real error in every locale',
    () => {
      const errorLike = fc.oneof(
        hostileValue,
        fc.record(
          {
            name: fc.oneof(fc.constantFrom(...Object.keys(CODES)), hostileValue),
            code: hostileValue,
            message: hostileValue,
            params,
            rule: hostileValue,
            problems: hostileValue,
          },
          { requiredKeys: [] },
        ),
        kindAndCode.chain(([name, code]) =>
          fc.record(
            {
              name: fc.constant(name),
              code: fc.constant(code),
              message: fc.string(),
              params,
              problems: fc.oneof(
                hostileValue,
                fc.array(fc.record({ code: fc.constant(code), path: hostileValue, rule: hostileValue }), {
                  maxLength: 3,
                }),
              ),
            },
            { requiredKeys: ['name', 'code', 'message'] },
          ),
        ),
      );
      fc.assert(
        property(errorLike, locale, reached, (e, l, { state }) => {
          returnsOrCoded('localizeError(value, locale)', () => localizeError(e as never, l as never));
          // a real refusal and a real damaged-state error, in every locale
          const refusal = attempt(() => apply(state, { type: 'take', target: { seat: 9, area: 0 } }));
          const damaged = attempt(() => legalMoves({ ...state, turn: null } as unknown as GameState));
          for (const [loc, real] of LOCALES.flatMap(
            (x) =>
              [
                [x, refusal],
                [x, damaged],
              ] as const,
          )) {
            if (!real.ok && isLibraryError(real.error)) {
              const text = returnsOrCoded(
                `localizeError(real error, ${loc})`,
                () => localizeError(real.error as never, loc),
                () => false,
              );
              if (text.ok && (typeof text.value !== 'string' || text.value === ''))
                throw new Error('localizeError gave no sentence for a real error');
            }
          }
        }),
        runs(150),
      );
    },
    timeoutFor(),
  );

  it(
    'describeEvent narrates every real event in every locale, and any other value as text or a coded error',
    () => {
      fc.assert(
        property(reached, hostileValue, hostileValue, locale, ({ state }, event, players, l) => {
          for (const e of state.events) {
            for (const loc of LOCALES) {
              const text = returnsOrCoded(
                `describeEvent(${e.type} event, players, ${loc})`,
                () => describeEvent(e as never, state.players, loc),
                () => false,
              );
              if (text.ok && (typeof text.value !== 'string' || text.value === ''))
                throw new Error(`no sentence for a ${e.type} event`);
            }
          }
          returnsOrCoded('describeEvent(value, value, locale)', () =>
            describeEvent(event as never, players as never, l as never),
          );
          returnsOrCoded('describeEvent(real event, value, locale)', () =>
            describeEvent(state.events[0] as never, players as never, l as never),
          );
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );
});

/** One step of a history session: a legal move (by index), a hostile move, an undo or a redo. */
const step = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => ({ kind: 'legal' as const, i })) },
  { weight: 1, arbitrary: hostileMove.map((m) => ({ kind: 'hostile' as const, m })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) },
);

describe('history', () => {
  it(
    'history refuses anything that is not a state with a coded error',
    () => {
      fc.assert(
        property(hostileValue, (x) => {
          const out = attempt(() => history(x as GameState));
          if (out.ok) throw new Error('history accepted a value that is no state');
          if (!isLibraryError(out.error)) throw new Error(`history(value) threw ${whatIsWrong(out.error)}`);
        }),
        runs(100),
      );
    },
    timeoutFor(),
  );

  it(
    'any sequence of plays (legal or not), undos and redos keeps states[i + 1] = apply(states[i], moves[i]) and throws only coded errors; its record replays',
    () => {
      fc.assert(
        property(reached, fc.boolean(), fc.array(step, { maxLength: 25 }), ({ state: reachedState }, fresh, steps) => {
          // from a new game (its record replays) or from a state in the middle of one
          const state = fresh ? createGame(reachedState.players.length, 'history') : reachedState;
          let h: GameHistory = history(state);
          for (const s of steps) {
            const move: unknown =
              s.kind === 'legal'
                ? legalMoves(h.state)[s.i % Math.max(1, legalMoves(h.state).length)]
                : s.kind === 'hostile'
                  ? s.m
                  : undefined;
            const out = returnsOrCoded(
              `history.${s.kind === 'undo' ? 'undo()' : s.kind === 'redo' ? 'redo()' : 'play(move)'}`,
              () => (s.kind === 'undo' ? h.undo() : s.kind === 'redo' ? h.redo() : h.play(move as Move)),
            );
            if (out.ok) h = out.value;
          }
          expect(h.states.length).toBe(h.moves.length + 1);
          expect(h.state).toBe(h.states[h.states.length - 1]);
          const rec = returnsOrCoded('history.record()', () => h.record());
          if (fresh && !rec.ok) throw new Error('history.record() refused a history that starts at a new game');
          if (rec.ok && fresh) {
            const r = replay(JSON.stringify(rec.value));
            expect(r.ok).toBe(true);
            expect(JSON.stringify(r.state)).toBe(JSON.stringify(h.state));
          }
        }),
        runs(80),
      );
    },
    timeoutFor(),
  );
});
