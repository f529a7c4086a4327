/**
 * The reader of a view's usual shape gives what the general reader gives (the same copy, or the
 * same problem at the same path), reads each field once, and shares nothing with its
 * input: on copies of real views, of views with a custom deck, and of views changed anywhere in
 * any hostile way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerView, STANDARD_DECK, type GameState } from '../../src/index.js';
import { readInput, type PlainValue } from '../../src/core/input.js';
import { readViewInput, STANDARD_LIKE } from '../../src/views/view-input.js';
import { deckScript, playDeckScript } from '../helpers/custom-decks.js';
import { gameScript, playScript } from '../helpers/random-games.js';
import { scaled } from '../helpers/scale.js';

type Json = Record<string, unknown> | unknown[];

/** A JSON copy of the view of seat `seat % players` of `state`. */
function viewCopy(state: GameState, seat: number): Json {
  return JSON.parse(JSON.stringify(playerView(state, seat % state.players.length))) as Json;
}

/** Every place in `x` where a value stands: its holder and key (the root's holder is a box). */
function places(x: Json): [Json, string | number][] {
  const box = { root: x };
  const out: [Json, string | number][] = [[box, 'root']];
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    if (Array.isArray(v))
      v.forEach((e, i) => {
        out.push([v, i]);
        walk(e);
      });
    else
      for (const [k, e] of Object.entries(v)) {
        out.push([v as Json, k]);
        walk(e);
      }
  };
  walk(x);
  return out;
}

/** Reads of getters and Proxy traps, counted per reading. */
interface Counter {
  reads: number;
}

/**
 * Hostile changes of the value at `holder[key]` (`root`: the whole view, for cycles). Each returns
 * false when it does not apply there.
 */
const CHANGES: readonly [string, (holder: Json, key: string | number, root: Json, count: Counter) => boolean][] = [
  ['NaN', (h, k) => set(h, k, Number.NaN)],
  ['-0', (h, k) => set(h, k, -0)],
  ['undefined', (h, k) => set(h, k, undefined)],
  ['a BigInt', (h, k) => set(h, k, 10n)],
  ['a function', (h, k) => set(h, k, () => 1)],
  ['a symbol', (h, k) => set(h, k, Symbol('s'))],
  ['a long text', (h, k) => set(h, k, 'x'.repeat(100_001))],
  ['a date', (h, k) => set(h, k, new Date(0))],
  ['a number', (h, k) => set(h, k, 7)],
  ['a text', (h, k) => set(h, k, 'standard')],
  ['null', (h, k) => set(h, k, null)],
  ['an empty record', (h, k) => set(h, k, {})],
  ['an empty list', (h, k) => set(h, k, [])],
  ['the view itself (a cycle)', (h, k, root) => set(h, k, root)],
  ['its own holder (a cycle)', (h, k) => set(h, k, h)],
  ['a list nested 40 deep', (h, k) => set(h, k, deep(40))],
  [
    'a getter',
    (h, k, _root, count) => {
      if (Array.isArray(h)) return false;
      const value = h[k as string];
      Object.defineProperty(h, k, {
        enumerable: true,
        configurable: true,
        get: () => {
          count.reads++;
          return value;
        },
      });
      return true;
    },
  ],
  [
    'a getter that throws',
    (h, k) => {
      Object.defineProperty(h, k, {
        enumerable: true,
        configurable: true,
        get: () => {
          throw new Error('no');
        },
      });
      return true;
    },
  ],
  [
    'a counting Proxy',
    (h, k, _root, count) => {
      const value = (h as Record<string | number, unknown>)[k];
      if (typeof value !== 'object' || value === null) return false;
      return set(
        h,
        k,
        new Proxy(value, {
          get: (t, p, rcv) => {
            count.reads++;
            return Reflect.get(t, p, rcv);
          },
        }),
      );
    },
  ],
  [
    'a hole',
    (h, k) => {
      const value = (h as Record<string | number, unknown>)[k];
      if (!Array.isArray(value) || value.length === 0) return false;
      delete value[0];
      return true;
    },
  ],
  [
    'an extra field',
    (h, k) => {
      const o = recordAt(h, k);
      if (o) o.zz = 1;
      return o !== undefined;
    },
  ],
  [
    'a field named "__proto__"',
    (h, k) => {
      const o = recordAt(h, k);
      if (o) Object.defineProperty(o, '__proto__', { value: 1, enumerable: true, configurable: true, writable: true });
      return o !== undefined;
    },
  ],
  [
    'its first field last',
    (h, k) => {
      const o = recordAt(h, k);
      const first = o && Object.keys(o)[0];
      if (!o || first === undefined) return false;
      const v = o[first];
      delete o[first];
      o[first] = v;
      return true;
    },
  ],
  [
    'its first field gone',
    (h, k) => {
      const o = recordAt(h, k);
      const first = o && Object.keys(o)[0];
      if (!o || first === undefined) return false;
      delete o[first];
      return true;
    },
  ],
];

/** The record at `holder[key]`, if a record stands there. */
function recordAt(h: Json, k: string | number): Record<string, unknown> | undefined {
  const value = (h as Record<string | number, unknown>)[k];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function set(h: Json, k: string | number, v: unknown): boolean {
  (h as Record<string | number, unknown>)[k] = v;
  return true;
}

function deep(n: number): unknown {
  let x: unknown = 1;
  for (let i = 0; i < n; i++) x = [x];
  return x;
}

/** A view's copy changed by `change` at place `at` (the same change on a fresh copy each call). */
function changed(view: Json, at: number, change: number, count: Counter): { value: unknown; applies: boolean } {
  const copy = structuredClone(view);
  const all = places(copy);
  const [holder, key] = all[at % all.length]!;
  const [, how] = CHANGES[change % CHANGES.length]!;
  // the root's box is the test's own: a getter there would be read by the test, not the reader
  const applies =
    (holder !== all[0]![0] || !/getter/.test(CHANGES[change % CHANGES.length]![0])) && how(holder, key, copy, count);
  return { value: holder === all[0]![0] ? (holder as { root: unknown }).root : copy, applies };
}

/** The two readers agree on `make()`'s value: the same copy (the deck the library's own when either's is), or the same problem; no more reads. */
function agree(make: (count: Counter) => unknown): void {
  const fast: Counter = { reads: 0 };
  const general: Counter = { reads: 0 };
  const a = readViewInput(make(fast));
  const b = readInput(make(general), {}, STANDARD_LIKE);
  expect(a.ok).toBe(b.ok);
  if (a.ok && b.ok) {
    expect(a.value).toStrictEqual(b.value);
    const deckOf = (v: PlainValue): unknown => (v as { deck?: unknown } | null)?.deck;
    if (typeof a.value === 'object' && a.value !== null && !Array.isArray(a.value))
      expect(deckOf(a.value) === STANDARD_DECK).toBe(deckOf(b.value) === STANDARD_DECK);
  } else expect(a).toEqual(b);
  // a list's length aside (the general reader may read it twice), every field is read once by both
  expect(fast.reads).toBeLessThanOrEqual(general.reads);
  expect(general.reads - fast.reads).toBeLessThanOrEqual(1);
}

/** True when `a` and `b` share an array or object (the standard deck, the library's own, aside). */
function shares(a: unknown, b: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (x: unknown, into: (y: unknown) => void): void => {
    if (typeof x !== 'object' || x === null || x === STANDARD_DECK) return;
    into(x);
    for (const v of Object.values(x)) walk(v, into);
  };
  walk(b, (x) => seen.add(x));
  let shared = false;
  walk(a, (x) => {
    if (seen.has(x)) shared = true;
  });
  return shared;
}

describe('readViewInput', () => {
  it('copies a view as the general reader does, the standard deck as the library’s own, sharing nothing', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 200 }), fc.nat(), (script, seat) => {
        const view = viewCopy(playScript(script), seat);
        agree(() => structuredClone(view));
        const read = readViewInput(view);
        expect(read.ok && (read.value as { deck: unknown }).deck).toBe(STANDARD_DECK);
        expect(read.ok && shares(read.value, view)).toBe(false);
      }),
      { numRuns: scaled(100) },
    );
  });

  it('copies a view with a custom deck as the general reader does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((players) => deckScript({ players, maxMoves: 60 })),
        fc.nat(),
        (script, seat) => {
          const view = viewCopy(playDeckScript(script), seat);
          agree(() => structuredClone(view));
          const read = readViewInput(view);
          expect(read.ok && shares(read.value, view)).toBe(false);
        },
      ),
      { numRuns: scaled(60) },
    );
  });

  it('gives the general reader’s copy or problem, with as many reads, for a view changed anywhere in any hostile way', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 120 }), fc.nat(), fc.nat(), fc.nat(), (script, seat, at, change) => {
        const view = viewCopy(playScript(script), seat);
        const first = changed(view, at, change, { reads: 0 });
        fc.pre(first.applies);
        agree((count) => changed(view, at, change, count).value);
      }),
      { numRuns: scaled(2000) },
    );
  });

  it('reads a deck that differs from the standard one only in its faces, or only from its last card', () => {
    const view = viewCopy(playScript({ players: 4, seed: 'deck', choices: [1, 2, 3] }), 0) as {
      deck: { cards: { faces: number[] }[] };
    };
    for (const j of [0, 17, 39]) {
      const faces = structuredClone(view);
      faces.deck.cards[j]!.faces = [9, 9];
      agree(() => structuredClone(faces));
      const read = readViewInput(faces);
      const cards = read.ok ? (read.value as typeof view).deck.cards : [];
      // the cards before the one that differs are the library's own, as the general reader shares them
      expect(cards.slice(0, j).every((c, i) => (c as unknown) === STANDARD_DECK.cards[i])).toBe(true);
      expect(cards[j]).toEqual({ ...STANDARD_DECK.cards[j], faces: [9, 9] });
    }
  });
});
