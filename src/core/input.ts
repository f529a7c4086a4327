/**
 * Reading values handed in from outside (a caller, a file, a network message): each is read
 * exactly once into a fresh copy of plain JSON data, bounded in depth and size, so that the
 * checks that follow see one consistent value that nobody else can change. Getters run once,
 * Proxies that throw, cycles, BigInts, functions, symbols, holes and non-finite numbers become
 * a problem with a path instead of an exception.
 */

/** Plain JSON data, as the reader returns it. */
export type PlainValue = null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };

/** Bounds on what one value from outside may hold (the README's "Limits"). */
export const INPUT_LIMITS = {
  /** Nesting depth of arrays and objects. A game state is 4 deep, a record 5. */
  depth: 32,
  /** Arrays, objects and scalars in one value, all together. */
  nodes: 2_000_000,
  /** Characters in one string (names, seeds, notation). */
  stringLength: 100_000,
} as const;

/** What went wrong reading a value: where, and a sentence. */
interface InputProblem {
  /** JSON path of the offending part, e.g. `players[0]` (empty for the value itself). */
  readonly path: string;
  readonly message: string;
}

/** The copy, or the first problem found. */
export type InputResult =
  | { readonly ok: true; readonly value: PlainValue }
  | { readonly ok: false; readonly problem: InputProblem };

class Refusal {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}
}

const join = (path: string, key: string | number): string =>
  typeof key === 'number'
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? path
        ? `${path}.${key}`
        : key
      : `${path}[${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}]`;

/** One reading: its bounds, the nodes read so far, and the way down to the value being read. */
interface Reading {
  readonly maxDepth: number;
  readonly maxNodes: number;
  nodes: number;
  /** Keys from the top to the value being read: its path is only spelled out for a refusal. */
  readonly trail: (string | number)[];
  /** The arrays and objects being read, outermost first (at most `maxDepth`): a cycle returns to one. */
  readonly open: object[];
}

function refuse(r: Reading, message: string): never {
  let path = '';
  for (const key of r.trail) path = join(path, key);
  throw new Refusal(path, message);
}

function copyValue(r: Reading, x: unknown, depth: number): PlainValue {
  if (++r.nodes > r.maxNodes) refuse(r, `The value is too large: more than ${r.maxNodes} parts.`);
  switch (typeof x) {
    case 'string':
      if (x.length > INPUT_LIMITS.stringLength)
        refuse(r, `A text is too long: ${x.length} characters, more than ${INPUT_LIMITS.stringLength}.`);
      return x;
    case 'boolean':
      return x;
    case 'number':
      if (!Number.isFinite(x)) refuse(r, `${String(x)} is not a number JSON can hold.`);
      return x === 0 ? 0 : x; // -0 reads as 0, as JSON would
    case 'object':
      break;
    default:
      refuse(r, `A ${typeof x === 'bigint' ? 'BigInt' : typeof x} (${describeValue(x)}) is not JSON data.`);
  }
  if (x === null) return null;
  if (depth >= r.maxDepth) refuse(r, `The value is nested too deeply: more than ${r.maxDepth} levels.`);
  if (r.open.includes(x)) refuse(r, 'The value contains itself (a cycle), which JSON cannot hold.');
  r.open.push(x);
  let out: PlainValue;
  if (Array.isArray(x)) {
    const length = x.length;
    if (length > r.maxNodes - r.nodes) refuse(r, `The value is too large: more than ${r.maxNodes} parts.`);
    const list = new Array<PlainValue>(length);
    for (let i = 0; i < length; i++) {
      r.trail.push(i);
      if (!(i in x)) refuse(r, 'This list has a hole here (a missing element).');
      list[i] = copyValue(r, x[i], depth + 1);
      r.trail.pop();
    }
    out = list;
  } else {
    const proto = Object.getPrototypeOf(x) as unknown;
    if (proto !== Object.prototype && proto !== null)
      refuse(r, `A ${describeValue(x)} is not plain JSON data (an object or an array).`);
    const record: { [key: string]: PlainValue } = {};
    const keys = Object.keys(x);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const v = (x as Record<string, unknown>)[key];
      if (v === undefined) continue; // JSON leaves out undefined fields
      r.trail.push(key);
      if (key === '__proto__') refuse(r, 'A field named "__proto__" is not accepted.');
      record[key] = copyValue(r, v, depth + 1);
      r.trail.pop();
    }
    out = record;
  }
  r.open.pop();
  return out;
}

/**
 * A fresh plain-data copy of `input`, read once, or the first problem that keeps it from being
 * JSON data within {@link INPUT_LIMITS}. Never throws.
 */
export function readInput(input: unknown, limits: { depth?: number; nodes?: number } = {}): InputResult {
  const r: Reading = {
    maxDepth: limits.depth ?? INPUT_LIMITS.depth,
    maxNodes: limits.nodes ?? INPUT_LIMITS.nodes,
    nodes: 0,
    trail: [],
    open: [],
  };
  try {
    return { ok: true, value: copyValue(r, input, 0) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, problem: { path: e.path, message: e.message } };
    // a getter or a Proxy trap threw while reading
    return {
      ok: false,
      problem: { path: '', message: 'The value could not be read: reading one of its fields failed.' },
    };
  }
}

/**
 * A short text for any value, for messages: never throws (BigInt, cycles, Proxies, huge or deep
 * values included) and never longer than about 60 characters.
 */
export function describeValue(x: unknown): string {
  try {
    switch (typeof x) {
      case 'string':
        return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
      case 'number':
        return Object.is(x, -0) ? '-0' : String(x);
      case 'bigint':
        return `${x.toString().slice(0, 40)}n`;
      case 'boolean':
      case 'undefined':
        return String(x);
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
      default:
        if (x === null) return 'null';
        if (Array.isArray(x)) return `an array of ${x.length}`;
        return Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null
          ? 'an object'
          : `a ${(x as object).constructor?.name ?? 'object'}`;
    }
  } catch {
    return 'a value that cannot be read';
  }
}

/** True for a non-array, non-null object (of plain data, once read). */
export function isRecord(x: unknown): x is { [key: string]: PlainValue } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Deep equality of two values of plain data, whatever the order of their keys. */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys)
    if (!Object.hasOwn(b, k) || !samePlainData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  return true;
}
