/**
 * readInput: every value from outside is read once into a fresh copy of plain JSON data; parts
 * equal to the library's own data (`like`) are that data itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInput, type PlainValue } from '../../src/core/input.js';

/** True when `a` and `b` share no array or object (the copy is its own). */
function sharesNothing(a: unknown, b: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (x: unknown): void => {
    if (typeof x === 'object' && x !== null) {
      seen.add(x);
      for (const v of Object.values(x)) walk(v);
    }
  };
  walk(b);
  let shared = false;
  const check = (x: unknown): void => {
    if (typeof x === 'object' && x !== null) {
      if (seen.has(x)) shared = true;
      for (const v of Object.values(x)) check(v);
    }
  };
  check(a);
  return !shared;
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

/** JSON's reading of a value: −0 becomes 0, undefined fields go. */
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

/** Whether a field named "__proto__" stands anywhere in `x` (readInput refuses those: tested below). */
const hasProtoField = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && (Object.hasOwn(x, '__proto__') || Object.values(x).some(hasProtoField));

/** JSON data readInput takes: any JSON value without a "__proto__" field. */
const jsonData = fc.jsonValue({ maxDepth: 5 }).filter((x) => !hasProtoField(asJson(x)));

describe('readInput', () => {
  it('copies JSON data exactly, sharing nothing with the input', () => {
    fc.assert(
      fc.property(jsonData, (x) => {
        const read = readInput(x);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(read.value).toStrictEqual(asJson(x));
        expect(sharesNothing(read.value, x)).toBe(true);
      }),
    );
  });

  it("returns the library's own data for a part equal to it, and a copy that leaves it unchanged for any other", () => {
    fc.assert(
      fc.property(jsonData, jsonData, (x, other) => {
        const own = deepFreeze(asJson(x)) as PlainValue;
        // the same data: the library's own object itself (for an array or object)
        const same = readInput(asJson(x), {}, own);
        expect(same.ok && same.value).toStrictEqual(own);
        if (typeof own === 'object' && own !== null) expect(same.ok && same.value).toBe(own);
        // other data: a copy of it, equal to it
        const read = readInput(other, {}, own);
        expect(read.ok).toBe(true);
        if (read.ok) expect(read.value).toStrictEqual(asJson(other));
        // a field that matches inside a record that does not: that field is the library's own
        const wrapped = readInput({ deck: asJson(x), extra: 1 }, {}, { deck: own } as PlainValue);
        expect(wrapped.ok && (wrapped.value as { deck: unknown }).deck).toStrictEqual(own);
        if (typeof own === 'object' && own !== null)
          expect(wrapped.ok && (wrapped.value as { deck: unknown }).deck).toBe(own);
      }),
    );
  });

  it('refuses a field named "__proto__" at any depth, where JSON.parse made it an own field', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 2 }), (inside, value) => {
        const x = JSON.parse(`{"a":[${JSON.stringify(inside)},{"__proto__":${JSON.stringify(value)}}]}`) as unknown;
        const read = readInput(x);
        expect(read.ok).toBe(false);
        if (!read.ok) expect(read.problem.message).toMatch(/"__proto__" is not accepted/);
      }),
    );
  });

  it("a list that differs from the library's after its first elements holds them and the rest in order", () => {
    const own = deepFreeze([{ id: 1 }, { id: 2 }, { id: 3 }]) as PlainValue;
    const read = readInput([{ id: 1 }, { id: 2 }, { id: 4 }], {}, own);
    expect(read.ok && read.value).toStrictEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    const fewer = readInput({ id: 1 }, {}, { id: 1, name: 'a' } as PlainValue);
    expect(fewer.ok && fewer.value).toStrictEqual({ id: 1 });
    const skipped = readInput({ id: 1, name: undefined }, {}, { id: 1, name: 'a' } as PlainValue);
    expect(skipped.ok && skipped.value).toStrictEqual({ id: 1 });
  });

  it('reads each field once, getters included', () => {
    let reads = 0;
    const tricky = {
      get cards() {
        reads++;
        return reads === 1 ? [1, 2, 3] : [9];
      },
    };
    const read = readInput(tricky, {}, { cards: [1, 2, 3] } as PlainValue);
    expect(reads).toBe(1);
    expect(read.ok && read.value).toStrictEqual({ cards: [1, 2, 3] });
  });

  it("refuses a record that lists other keys when read than when compared with the library's", () => {
    let listings = 0;
    const target = { id: 1, name: 'a' };
    // a Proxy that lists the model's keys the first time, and others after
    const shifty = new Proxy(target, {
      ownKeys: () => (++listings === 1 ? ['id', 'name'] : ['id', 'other']),
      getOwnPropertyDescriptor: (_t, key) => ({ value: 1, enumerable: true, configurable: true, writable: true, key }),
    });
    const read = readInput(shifty, {}, { id: 1, name: 'a' } as PlainValue);
    expect(read).toMatchObject({ ok: false, problem: { message: /fields changed while it was read/ } });
    expect(listings).toBe(2);
  });

  it('refuses what JSON cannot hold, naming where', () => {
    const hole = [1, 2, 3];
    delete hole[1];
    expect(readInput({ cards: hole })).toEqual({
      ok: false,
      problem: { path: 'cards[1]', message: 'This list has a hole here (a missing element).' },
    });
    expect(readInput({ a: [1, Number.NaN] })).toMatchObject({ ok: false, problem: { path: 'a[1]' } });
    expect(readInput({ a: [1, undefined] })).toMatchObject({ ok: false, problem: { path: 'a[1]' } });
    expect(readInput({ a: { b: 10n } })).toMatchObject({ ok: false, problem: { path: 'a.b' } });
    expect(readInput([0, -0])).toEqual({ ok: true, value: [0, 0] });
    expect(Object.is((readInput([-0]) as { value: number[] }).value[0], 0)).toBe(true);
    expect(readInput([1, 2, 3, 4], { nodes: 4 })).toMatchObject({ ok: false, problem: { path: '' } });
    expect(
      readInput(
        [
          [1, 2],
          [3, 4],
        ],
        { nodes: 5 },
      ),
    ).toMatchObject({ ok: false, problem: { path: '[1]' } });
    expect(readInput({ a: 1, b: 2, c: 3 }, { nodes: 3 })).toMatchObject({ ok: false, problem: { path: 'c' } });
  });
});
