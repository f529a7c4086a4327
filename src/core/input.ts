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
export interface Reading {
  readonly maxDepth: number;
  readonly maxNodes: number;
  nodes: number;
  /** Keys from the top to the value being read: its path is only spelled out for a refusal. */
  readonly trail: (string | number)[];
  /** The arrays and objects being read, outermost first (at most `maxDepth`): a cycle returns to one. */
  readonly open: object[];
}

export function refuse(r: Reading, message: string): never {
  let path = '';
  for (const key of r.trail) path = join(path, key);
  throw new Refusal(path, message);
}

/**
 * A scalar read once: itself (−0 as 0), or a refusal at `key` below the current path. Inlined
 * for the elements of lists and fields, which are mostly numbers: no call and no path kept for them.
 */
function scalarOrRefuse(r: Reading, x: unknown, key: string | number): PlainValue {
  r.trail.push(key);
  const v = copyValue(r, x, 0, undefined); // refuses with the path (depth 0: a scalar has none)
  r.trail.pop();
  return v;
}

/**
 * A copy of `x`, read once. `like`: plain data the library holds (frozen, or never changed); a
 * part of `x` equal to the same part of `like` is returned as that part itself, not copied (a
 * view's standard deck is the library's own), the parts read before a difference being taken
 * from `like`, which they equal.
 */
export function copyValue(r: Reading, x: unknown, depth: number, like: unknown): PlainValue {
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
  const out = Array.isArray(x) ? copyList(r, x, depth, like) : copyRecord(r, x, depth, like);
  r.open.pop();
  return out;
}

function copyList(r: Reading, x: unknown[], depth: number, like: unknown): PlainValue {
  const length = x.length;
  if (length > r.maxNodes - r.nodes) refuse(r, `The value is too large: more than ${r.maxNodes} parts.`);
  const same = Array.isArray(like) && like.length === length ? (like as PlainValue[]) : undefined;
  let list: PlainValue[] | undefined = same === undefined ? new Array<PlainValue>(length) : undefined;
  // records like the model's (the cards of a deck): compared by name, without the full reader's steps
  const names = same === undefined || depth + 2 >= r.maxDepth ? undefined : fieldsOfEach(same);
  for (let i = 0; i < length; i++) {
    const v = x[i];
    let c: PlainValue;
    if (typeof v === 'number' && Number.isFinite(v) && r.nodes < r.maxNodes) {
      r.nodes++;
      c = v === 0 ? 0 : v;
    } else if (names !== undefined && names[i] !== null && isPlainObject(v) && r.nodes < r.maxNodes) {
      r.nodes++;
      const model = same![i] as Record<string, PlainValue>;
      const ahead = equalFields(r, v as Record<string, unknown>, names[i]!, depth + 1);
      if (ahead === ALL_EQUAL) c = model;
      else {
        r.trail.push(i);
        if (r.open.includes(v as object)) refuse(r, 'The value contains itself (a cycle), which JSON cannot hold.');
        r.open.push(v as object);
        c = recordFrom(r, v as object, depth + 1, model, ahead);
        r.open.pop();
        r.trail.pop();
      }
    } else if (typeof v === 'object' && v !== null) {
      r.trail.push(i);
      c = copyValue(r, v, depth + 1, same?.[i]);
      r.trail.pop();
    } else {
      // a hole reads as undefined: say which it is
      if (v === undefined && !(i in x)) {
        r.trail.push(i);
        refuse(r, 'This list has a hole here (a missing element).');
      }
      c = scalarOrRefuse(r, v, i);
    }
    if (list === undefined) {
      if (c === same![i]) continue;
      list = same!.slice(0, i); // the parts before were equal to `like`'s: its own, shared
      list.length = length;
    }
    list[i] = c;
  }
  return list ?? same!;
}

function copyRecord(r: Reading, x: object, depth: number, like: unknown): PlainValue {
  if (!isPlainObject(x)) refuse(r, `A ${describeValue(x)} is not plain JSON data (an object or an array).`);
  const model =
    typeof like === 'object' && like !== null && !Array.isArray(like)
      ? (like as Record<string, PlainValue>)
      : undefined;
  // a copy of the library's data has the model's keys in its order: their values compared by name
  const ahead = model === undefined ? 0 : equalFields(r, x as Record<string, unknown>, fieldsOfModel(model), depth);
  if (ahead === ALL_EQUAL) return model!;
  return recordFrom(r, x, depth, model, ahead);
}

/**
 * The rest of {@link copyRecord} once {@link equalFields} has compared `x` with `model` (`ahead`:
 * 0 when nothing was read, `~i` when field `i` differs).
 */
function recordFrom(
  r: Reading,
  x: object,
  depth: number,
  model: Record<string, PlainValue> | undefined,
  ahead: number,
): PlainValue {
  // while every field read equals the model's, no copy is made: it is the model's
  let record: { [key: string]: PlainValue } | undefined = model === undefined ? {} : undefined;
  const keys = ahead === 0 ? Object.keys(x) : fieldsOfModel(model!).names;
  for (let i = ahead < 0 ? ~ahead : 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = ahead < 0 && i === ~ahead ? differing : (x as Record<string, unknown>)[key];
    if (v === undefined) {
      record ??= fieldsOf(model!, keys, i);
      continue; // JSON leaves out undefined fields
    }
    if (key === '__proto__') {
      r.trail.push(key);
      refuse(r, 'A field named "__proto__" is not accepted.');
    }
    let c: PlainValue;
    if (typeof v === 'number' && Number.isFinite(v) && r.nodes < r.maxNodes) {
      r.nodes++;
      c = v === 0 ? 0 : v;
    } else if (typeof v === 'object' && v !== null) {
      r.trail.push(key);
      c = copyValue(r, v, depth + 1, model !== undefined && Object.hasOwn(model, key) ? model[key] : undefined);
      r.trail.pop();
    } else c = scalarOrRefuse(r, v, key);
    if (record === undefined) {
      if (Object.hasOwn(model!, key) && model![key] === c) continue;
      record = fieldsOf(model!, keys, i);
    }
    record[key] = c;
  }
  return record ?? (keyCount(model!) === keys.length ? model! : fieldsOf(model!, keys, keys.length));
}

/** A model record's keys and their values (lists copied), in its order (models are the library's data, never changed). */
interface ModelFields {
  readonly names: readonly string[];
  readonly values: readonly PlainValue[];
}

/** The fields of each model record, listed once. */
const modelFields = new WeakMap<object, ModelFields>();

/** The fields of a model record, listed once. */
function fieldsOfModel(model: Record<string, PlainValue>): ModelFields {
  let fields = modelFields.get(model);
  if (fields === undefined) {
    const names = Object.keys(model);
    // a list of the model's is compared in a plain copy: V8 reads a frozen array by its slow path
    const values = names.map((k) => (Array.isArray(model[k]) ? (model[k] as PlainValue[]).slice() : model[k]!));
    fields = { names, values };
    modelFields.set(model, fields);
  }
  return fields;
}

/** The fields of each record of a model list (null for an element that is not a record), listed once. */
const listFields = new WeakMap<object, readonly (ModelFields | null)[]>();

function fieldsOfEach(list: readonly PlainValue[]): readonly (ModelFields | null)[] {
  let fields = listFields.get(list);
  if (fields === undefined) {
    fields = list.map((m) => (isRecord(m) ? fieldsOfModel(m) : null));
    listFields.set(list, fields);
  }
  return fields;
}

/** The value read by {@link equalFields} at the first field that differs from the model's. */
let differing: unknown;

/** {@link equalFields}: every field of the record equals the model's. */
const ALL_EQUAL = 1;

/**
 * Whether `x` (a plain record) holds the model's fields in its order, with the same values:
 * scalars, and lists of numbers. {@link ALL_EQUAL} when it does; 0 when its keys differ (no
 * value read); else `~i` for the first field `i` whose value differs, read once and left in
 * {@link differing} (a list found different is read again by the full reader). The keys are
 * listed by `for…in`, which allocates nothing: with the prototype checked, it lists exactly
 * `Object.keys` when it lists the model's; and a field read by the key `for…in` gives is read
 * through its enumeration cache (read by a name from a list, a field of records of many shapes
 * takes V8's slowest path).
 */
function equalFields(r: Reading, x: Record<string, unknown>, model: ModelFields, depth: number): number {
  const names = model.names;
  let n = 0;
  for (const key in x) if (n >= names.length || key !== names[n++]) return 0;
  if (n !== names.length) return 0;
  n = 0;
  for (const key in x) {
    // listed again: only a Proxy lists other keys the second time
    if (key !== names[n]) refuse(r, 'The value could not be read: its fields changed while it was read.');
    const v = x[key];
    const m = model.values[n]!;
    if (v === m && (typeof m !== 'object' || m === null) && r.nodes < r.maxNodes) {
      r.nodes++;
      n++;
      continue;
    }
    if (Array.isArray(m) && depth + 1 < r.maxDepth && sameNumbers(r, v, m)) {
      n++;
      continue;
    }
    differing = v;
    return ~n;
  }
  if (n !== names.length) refuse(r, 'The value could not be read: its fields changed while it was read.');
  return ALL_EQUAL;
}

/** True when `v` is a list of the numbers of `m` (counted as read); reads `v`'s elements once. */
function sameNumbers(r: Reading, v: unknown, m: readonly PlainValue[]): boolean {
  if (!Array.isArray(v) || v.length !== m.length || r.nodes + m.length + 1 > r.maxNodes) return false;
  for (let j = 0; j < m.length; j++) if (typeof m[j] !== 'number' || v[j] !== m[j]) return false;
  r.nodes += m.length + 1;
  return true;
}

/** A new record of the fields `keys[0…end − 1]` of `model` (read from the input, found equal to the model's). */
function fieldsOf(
  model: Record<string, PlainValue>,
  keys: readonly string[],
  end: number,
): { [key: string]: PlainValue } {
  const record: { [key: string]: PlainValue } = {};
  for (let j = 0; j < end; j++) record[keys[j]!] = model[keys[j]!]!;
  return record;
}

/** The number of enumerable own keys of a plain object, without a list made. */
function keyCount(o: object): number {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k)) n++;
  return n;
}

/**
 * A fresh plain-data copy of `input`, read once, or the first problem that keeps it from being
 * JSON data within {@link INPUT_LIMITS}. Never throws.
 */
export function readInput(
  input: unknown,
  limits: { depth?: number; nodes?: number } = {},
  like?: PlainValue,
): InputResult {
  return readWith(limits, (r) => copyValue(r, input, 0, like));
}

/**
 * Runs `read` on a new reading within `limits` (the default {@link INPUT_LIMITS}): its value, or
 * the refusal it threw, or the failure of a getter or Proxy trap, as a problem. Never throws. For
 * readers of a known shape built on this one (view-input.ts).
 */
export function readWith(limits: { depth?: number; nodes?: number }, read: (r: Reading) => PlainValue): InputResult {
  const r: Reading = {
    maxDepth: limits.depth ?? INPUT_LIMITS.depth,
    maxNodes: limits.nodes ?? INPUT_LIMITS.nodes,
    nodes: 0,
    trail: [],
    open: [],
  };
  try {
    return { ok: true, value: read(r) };
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

/** True for an object whose prototype is Object's or none (not an array): what JSON reads as a record. */
export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
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
    for (let i = 0; i < a.length; i++) {
      const x = a[i];
      // numbers, most of a view: compared here, not in a call
      if (x !== b[i] && (typeof x !== 'object' || !samePlainData(x, b[i]))) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  // own keys listed by for…in, which makes no list
  let n = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    if (!Object.hasOwn(b, k) || !samePlainData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
    n++;
  }
  return n === keyCount(b);
}
