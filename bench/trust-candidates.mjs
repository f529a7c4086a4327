/**
 * `node --expose-gc bench/trust-candidates.mjs [--time 800] [--rounds 3]` — issue 26: ways for the
 * library to know that it made a state, measured side by side in one run (best of `rounds`
 * interleaved runs, each task timed by the process's CPU time). Each candidate marks a state-shaped object literal (the 20 fields of a
 * GameState, built the way draft.ts builds one) when it is made, and checks it twice, as
 * `legalMoves` then `apply` do. Three workloads:
 * - churn: a playout, every state dropped two moves later (what a bot or a UI loop does);
 * - kept: every state of 200,000 moves kept alive in a history, then dropped (what a server or
 *   an undo stack does: the collector walks whatever the mark costs it);
 * - bytes per kept state that the mark adds, with forced collections.
 * Before timing, each candidate is checked against the contract of issue 10: a JSON copy, a spread
 * copy, a structuredClone and a hand-built object are NOT marked; JSON.stringify, structuredClone
 * and assert.deepStrictEqual against a JSON copy see the marked state as the plain one.
 */
import assert from 'node:assert';
import { loadavg } from 'node:os';
import { bestCpuRates } from './reducer.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const TIME = Number(arg('--time', 800));
const ROUNDS = Number(arg('--rounds', 3));

// --- the candidates: mark(o) returns o, marked; has(x) for any value ---

/** The mark of 0.1: a WeakSet of every state made. */
function weakSet() {
  const made = new WeakSet();
  return { mark: (o) => (made.add(o), o), has: (x) => typeof x === 'object' && x !== null && made.has(x) };
}

/** A non-enumerable symbol property (spread, JSON and structuredClone skip it; Object.getOwnPropertySymbols sees it). */
function symbolBrand() {
  const BRAND = Symbol('dnup.issued');
  const desc = { value: true };
  return {
    mark: (o) => Object.defineProperty(o, BRAND, desc),
    has: (x) => typeof x === 'object' && x !== null && x[BRAND] === true,
  };
}

/**
 * A private field stamped on by a class whose base constructor returns its argument: the field
 * lives on the object, invisible to every reflection API, copied by nothing; `#mark in x` checks.
 */
function privateStamp() {
  class Returns {
    constructor(o) {
      // biome-ignore lint/correctness/noConstructorReturn: returning the argument is the point (see above)
      return o;
    }
  }
  class Stamp extends Returns {
    #made = true;
    static has(x) {
      return typeof x === 'object' && x !== null && #made in x;
    }
  }
  return { mark: (o) => new Stamp(o), has: Stamp.has };
}

/** The same private stamp, then Object.freeze (an in-place change then throws in strict code). */
function stampFrozen() {
  const p = privateStamp();
  return { mark: (o) => Object.freeze(p.mark(o)), has: p.has };
}

/**
 * Object.freeze alone, checked with Object.isFrozen: NOT sound (anyone can freeze a hand-built
 * object, which would then skip the checks); measured only to price freezing.
 */
function freezeOnly() {
  return {
    mark: (o) => Object.freeze(o),
    has: (x) => typeof x === 'object' && x !== null && Object.isFrozen(x),
    unsound: true,
  };
}

/**
 * The private field made with the object, not added after: the state is constructed by a class
 * whose field is the mark, with Reflect.construct and a `new.target` whose prototype is
 * Object.prototype, so the result is a plain object (same prototype, same keys) that V8 lays
 * out with the mark in place, no second allocation.
 */
function constructedStamp() {
  function Plain() {}
  Plain.prototype = Object.prototype;
  class Made {
    #made = true;
    constructor(fields) {
      // the fields in their documented order, as draft.ts writes them
      this.format = 1;
      this.players = fields[0];
      this.deck = fields[1];
      this.seed = fields[2];
      this.rng = fields[3];
      this.scoring = fields[4];
      this.round = fields[5];
      this.status = fields[6];
      this.hands = fields[7];
      this.known = fields[8];
      this.table = fields[9];
      this.discardCount = fields[10];
      this.starter = fields[11];
      this.turn = fields[12];
      this.out = fields[13];
      this.scores = fields[14];
      this.winner = fields[15];
      this.moveCount = fields[16];
      this.lastMove = fields[17];
      this.events = fields[18];
    }
    static has(x) {
      return typeof x === 'object' && x !== null && #made in x;
    }
  }
  const FIELDS = [
    'players',
    'deck',
    'seed',
    'rng',
    'scoring',
    'round',
    'status',
    'hands',
    'known',
    'table',
    'discardCount',
    'starter',
    'turn',
    'out',
    'scores',
    'winner',
    'moveCount',
    'lastMove',
    'events',
  ];
  const mark = (o) => Reflect.construct(Made, [FIELDS.map((k) => o[k])], Plain);
  const build = (prev, i) => {
    const seat = i % 4;
    const hands = prev.hands.slice();
    hands[seat] = prev.hands[seat].slice(1).concat(prev.hands[seat][0]);
    return Reflect.construct(
      Made,
      [
        [
          PLAYERS,
          DECK,
          1,
          prev.rng,
          'standard',
          1,
          'playing',
          hands,
          prev.known,
          prev.table,
          i,
          0,
          { seat: (seat + 1) % 4, area: 0, number: i + 1 },
          prev.out,
          prev.scores,
          null,
          i + 1,
          { type: 'rotate' },
          [{ type: 'turnStarted', seat: (seat + 1) % 4 }],
        ],
      ],
      Plain,
    );
  };
  return { mark, build, has: Made.has };
}

/** No mark at all: the floor (every check says no). */
function none() {
  return { mark: (o) => o, has: () => false, unsound: true };
}

const CANDIDATES = [
  ['none (floor, unsound)', none],
  ['WeakSet (0.1)', weakSet],
  ['symbol brand (defineProperty)', symbolBrand],
  ['private-field stamp', privateStamp],
  ['private stamp + freeze', stampFrozen],
  ['private field at construction', constructedStamp],
  ['freeze only (isFrozen, unsound)', freezeOnly],
];

// --- a state-shaped object, built as draft.ts builds the next state ---

const PLAYERS = ['a', 'b', 'c', 'd'];
const DECK = Object.freeze({ cards: Object.freeze([]) });
const hands0 = PLAYERS.map((_, s) => Array.from({ length: 11 }, (_, i) => ({ id: s * 11 + i, active: (i % 10) + 1 })));

function next(prev, i) {
  const hands = prev.hands.slice();
  const seat = i % 4;
  hands[seat] = prev.hands[seat].slice(1).concat(prev.hands[seat][0]); // a new hand array per move
  return {
    format: 1,
    players: PLAYERS,
    deck: DECK,
    seed: 1,
    rng: prev.rng,
    scoring: 'standard',
    round: 1,
    status: 'playing',
    hands,
    known: prev.known,
    table: prev.table,
    discardCount: i,
    starter: 0,
    turn: { seat: (seat + 1) % 4, area: 0, number: i + 1 },
    out: prev.out,
    scores: prev.scores,
    winner: null,
    moveCount: i + 1,
    lastMove: { type: 'rotate' },
    events: [{ type: 'turnStarted', seat: (seat + 1) % 4 }],
  };
}
const first = () => ({
  format: 1,
  players: PLAYERS,
  deck: DECK,
  seed: 1,
  rng: [1, 2, 3, 4],
  scoring: 'standard',
  round: 1,
  status: 'playing',
  hands: hands0,
  known: [[], [], [], []],
  table: [],
  discardCount: 0,
  starter: 0,
  turn: { seat: 0, area: 0, number: 1 },
  out: [],
  scores: [0, 0, 0, 0],
  winner: null,
  moveCount: 0,
  lastMove: null,
  events: [],
});

// --- the contract, checked for every candidate ---

function contract(c) {
  let s = c.mark(first());
  for (let i = 0; i < 5; i++) s = step(c, s, i);
  assert.equal(Object.getPrototypeOf(s), Object.prototype);
  if (c.unsound) return 'not checked';
  const json = JSON.parse(JSON.stringify(s));
  assert.ok(c.has(s), 'a marked state is known');
  for (const [what, copy] of [
    ['JSON copy', json],
    ['spread copy', { ...s }],
    ['structuredClone', structuredClone(s)],
    ['hand-built', { ...json }],
    ['Object.assign', Object.assign({}, s)],
  ]) {
    assert.ok(!c.has(copy), `${what} must not be trusted`);
  }
  assert.equal(JSON.stringify(s), JSON.stringify(json));
  assert.deepStrictEqual(s, json);
  assert.deepStrictEqual(structuredClone(s), json);
  assert.deepStrictEqual(Object.keys(s), Object.keys(json));
  // a frozen hand-built object is not trusted either
  assert.ok(!c.has(Object.freeze({ ...json })), 'a frozen hand-built object must not be trusted');
  return 'holds';
}

// --- the workloads ---

/** A 2,000-move playout: mark each state, check it twice, drop it two moves later. */
const step = (c, s, i) => (c.build ? c.build(s, i) : c.mark(next(s, i)));

function churn(c) {
  let s = c.mark(first());
  let ok = 0;
  for (let i = 0; i < 2000; i++) {
    if (c.has(s)) ok++; // legalMoves
    if (c.has(s)) ok++; // apply
    s = step(c, s, i);
  }
  return ok;
}

/** 20,000 moves, every state kept in a history until the end (then all dropped). */
function kept(c) {
  const history = [];
  let s = c.mark(first());
  for (let i = 0; i < 20_000; i++) {
    if (!c.has(s) && !c.unsound) throw new Error('lost');
    s = step(c, s, i);
    history.push(s);
  }
  return history.length;
}

function bytesPerState(make) {
  const run = (c) => {
    globalThis.gc();
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    const history = [];
    let s = c.mark(first());
    for (let i = 0; i < 100_000; i++) {
      s = step(c, s, i);
      history.push(s);
    }
    globalThis.gc();
    globalThis.gc();
    const bytes = (process.memoryUsage().heapUsed - before) / history.length;
    if (history.length === 0) throw new Error('unreachable');
    return bytes;
  };
  run(make());
  const plain = run(none());
  return run(make()) - plain;
}

const made = CANDIDATES.map(([name, make]) => [name, make()]);
const load = loadavg();
const verdicts = made.map(([, c]) => contract(c));
const tasks = made.flatMap(([name, c]) => [
  [`churn ${name}`, () => churn(c)],
  [`kept ${name}`, () => kept(c)],
]);
const best = await bestCpuRates(tasks, TIME, ROUNDS); // by the process's CPU time: steadier on a loaded machine
const bytes = CANDIDATES.map(([, make]) => bytesPerState(make));
const fmt = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(
  `Marks of a state the library made (issue 26), best of ${ROUNDS} interleaved runs, by CPU time; load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} after`,
);
const head = [
  'candidate',
  'contract',
  'churn ns/state',
  'mark+2 checks ns',
  'kept ns/state',
  'kept extra ns',
  'bytes added/state',
];
const floorChurn = 1e9 / (best[0] * 2000);
const floorKept = 1e9 / (best[1] * 20_000);
const rows = made.map(([name], i) => {
  const churnNs = 1e9 / (best[2 * i] * 2000);
  const keptNs = 1e9 / (best[2 * i + 1] * 20_000);
  return [
    name,
    verdicts[i],
    fmt(churnNs, 1),
    fmt(churnNs - floorChurn, 1),
    fmt(keptNs, 1),
    fmt(keptNs - floorKept, 1),
    fmt(bytes[i], 1),
  ];
});
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
