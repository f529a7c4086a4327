/**
 * Scenarios run in the fuzz sandbox (fuzz-sandbox.ts): each takes a structured-cloned input (a
 * damaged state, record or position description), calls the public API on it, and answers
 * `{ ok: true }` or `{ ok: false, message }`. Bundled, and run in a child process.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  apply,
  checkMove,
  checkMoveOfView,
  determinize,
  greedyBot,
  legalMovesOfView,
  loadState,
  loadView,
  isViewError,
  monteCarloBot,
  outlookOfView,
  seededRandom,
  type PlayerView,
  describeMove,
  discardPile,
  formatMove,
  fromPosition,
  isLegalMove,
  isMove,
  isPositionError,
  isRecordError,
  iterateLegalMoves,
  legalMoveGroups,
  legalMoves,
  locateCard,
  outlookOfState,
  parseMove,
  parseRecord,
  perft,
  playerView,
  recordProblems,
  renderPosition,
  replay,
  STANDARD_DECK,
  validatePosition,
  type GameState,
  type Move,
} from '../../src/index.js';
import { deepFreeze, jsonCopy, neverThrows, rejectsCoded, returnsOrCoded } from './fuzz.js';

/** A damaged state, a move that was legal before the damage, and the seat that was to play. */
interface DamagedInput {
  readonly state: GameState;
  readonly move: Move;
  readonly seat: number;
}

/** What a scenario answers. */
export type ScenarioResult = { ok: true } | { ok: false; message: string };

function fail(message: string): never {
  throw new Error(message);
}

/** validatePosition must answer a list for any input; true when that list is not empty. */
function rejectedByValidator(x: unknown): boolean {
  const problems = neverThrows('validatePosition(input)', () => validatePosition(x));
  if (!Array.isArray(problems)) fail(`validatePosition returned ${typeof problems}, not a list`);
  return problems.length > 0;
}

function validAfter(label: string, s: unknown): void {
  const problems = neverThrows(`validatePosition(${label})`, () => validatePosition(jsonCopy(s)));
  if (problems.length > 0)
    fail(`${label} is a state that validatePosition rejects: ${problems.map((p) => p.code).join(', ')}`);
}

/** The JSON text of `x` when it says exactly the same (no BigInt, NaN, hole or undefined lost on the way). */
function asJsonText(x: unknown): string | undefined {
  try {
    const text = JSON.stringify(x);
    return isDeepStrictEqual(JSON.parse(text), x) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Objects reachable from `x` (own enumerable values), for the no-sharing check. */
function objectsOf(x: unknown): Set<object> {
  const seen = new Set<object>();
  const stack = [x];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    for (const w of Object.values(v)) stack.push(w);
  }
  return seen;
}

const SCENARIOS = {
  /** validatePosition answers a list, and rejects a state that no game can reach (used for tamperings that always make one). */
  'damaged.validatePosition'({ state }: DamagedInput): void {
    const s = deepFreeze(state);
    if (!rejectedByValidator(s)) fail('validatePosition accepts this impossible state');
  },
  /** A state validatePosition rejects is refused by apply; one it accepts plays to a valid state. */
  'damaged.apply'({ state, move }: DamagedInput): void {
    const s = deepFreeze(state);
    if (rejectedByValidator(s)) rejectsCoded('apply(damaged state, move)', () => apply(s, move));
    else {
      const out = returnsOrCoded('apply(accepted state, move)', () => apply(s, move));
      if (out.ok) validAfter('the state apply returned', out.value);
    }
  },
  /** … is refused by legalMoves; one it accepts gives well-formed moves. */
  'damaged.legalMoves'({ state }: DamagedInput): void {
    const s = deepFreeze(state);
    if (rejectedByValidator(s)) rejectsCoded('legalMoves(damaged state)', () => legalMoves(s));
    else {
      const out = returnsOrCoded('legalMoves(accepted state)', () => legalMoves(s));
      if (out.ok && !out.value.every((m) => isMove(m))) fail('legalMoves returned something that is not a move');
    }
  },
  /** … is refused by playerView. */
  'damaged.playerView'({ state, seat }: DamagedInput): void {
    const s = deepFreeze(state);
    if (rejectedByValidator(s)) rejectsCoded(`playerView(damaged state, ${seat})`, () => playerView(s, seat));
    else returnsOrCoded(`playerView(accepted state, ${seat})`, () => playerView(s, seat));
  },
  /** checkMove and isLegalMove never throw, and never call a move legal in a rejected state. */
  'damaged.checkMove'({ state, move }: DamagedInput): void {
    const s = deepFreeze(state);
    const rejected = rejectedByValidator(s);
    const check = neverThrows('checkMove(damaged state, move)', () => checkMove(s, move));
    if (typeof check !== 'object' || check === null || typeof check.ok !== 'boolean')
      fail(`checkMove answered ${String(check)}`);
    if (!check.ok && (typeof check.code !== 'string' || typeof check.message !== 'string'))
      fail('checkMove said no without a code and a message');
    if (rejected && check.ok) fail('checkMove calls the move legal in a state that validatePosition rejects');
    const legal = neverThrows('isLegalMove(damaged state, move)', () => isLegalMove(s, move));
    if (legal !== check.ok) fail(`isLegalMove says ${String(legal)} but checkMove says ok: ${check.ok}`);
  },
  /** fromPosition throws a PositionError exactly when validatePosition lists problems. */
  'damaged.fromPosition'({ state }: DamagedInput): void {
    const s = deepFreeze(state);
    if (rejectedByValidator(s)) rejectsCoded('fromPosition(damaged state)', () => fromPosition(s), isPositionError);
    else {
      const out = returnsOrCoded(
        'fromPosition(accepted state)',
        () => fromPosition(s),
        () => false,
      );
      if (out.ok) validAfter('fromPosition(accepted state)', out.value);
    }
  },
  /** loadState, the gateway, refuses exactly what validatePosition lists; what it accepts is the library's own copy. */
  'damaged.loadState'({ state }: DamagedInput): void {
    const s = deepFreeze(state);
    if (rejectedByValidator(s)) {
      rejectsCoded('loadState(damaged state)', () => loadState(s), isPositionError);
      const text = asJsonText(s);
      if (text !== undefined)
        rejectsCoded('loadState(JSON text of the damaged state)', () => loadState(text), isPositionError);
      return;
    }
    const out = returnsOrCoded(
      'loadState(accepted state)',
      () => loadState(s),
      () => false,
    );
    if (!out.ok) return;
    validAfter('loadState(accepted state)', out.value);
    const mine = objectsOf(s);
    for (const o of objectsOf(out.value))
      if (mine.has(o)) fail(`loadState's state shares an object with its input: ${JSON.stringify(o)?.slice(0, 80)}`);
  },
  /** Every other function taking a state returns or throws a coded error. */
  'damaged.others'({ state, move, seat }: DamagedInput): void {
    const s = deepFreeze(state);
    rejectedByValidator(s);
    returnsOrCoded('formatMove(damaged state, move)', () => formatMove(s, move));
    returnsOrCoded('describeMove(damaged state, move)', () => describeMove(s, move));
    returnsOrCoded('parseMove(damaged state, "R")', () => parseMove(s, 'R'));
    returnsOrCoded('renderPosition(damaged state)', () => renderPosition(s));
    returnsOrCoded('legalMoveGroups(damaged state)', () => legalMoveGroups(s));
    returnsOrCoded('iterateLegalMoves(damaged state) (first 200)', () => {
      let i = 0;
      for (const m of iterateLegalMoves(s)) if (++i >= 200 || !m) break;
    });
    returnsOrCoded('locateCard(damaged state, 0)', () => locateCard(s, 0));
    returnsOrCoded('discardPile(damaged state)', () => discardPile(s));
    returnsOrCoded('perft(damaged state, 1)', () => perft(s, 1));
    returnsOrCoded('outlookOfState(damaged state)', () => outlookOfState(s));
    returnsOrCoded(`playerView(damaged state, ${seat + 1})`, () => playerView(s, seat + 1));
  },
  /** A player view damaged at one path (a bot author's or a client's copy): every view function returns or throws a coded error. */
  view({ view, move }: { view: PlayerView; move: Move }): void {
    const v = deepFreeze(view);
    const loaded = returnsOrCoded('loadView(damaged view)', () => loadView(v), isViewError);
    if (loaded.ok)
      returnsOrCoded(
        'legalMovesOfView(loadView(damaged view))',
        () => legalMovesOfView(loaded.value),
        () => false,
      );
    returnsOrCoded('legalMovesOfView(damaged view)', () => legalMovesOfView(v));
    const check = neverThrows('checkMoveOfView(damaged view, move)', () => checkMoveOfView(v, move));
    if (check !== undefined && typeof check.ok !== 'boolean') fail('checkMoveOfView answered no verdict');
    returnsOrCoded('legalMoveGroups(damaged view)', () => legalMoveGroups(v));
    const d = returnsOrCoded('determinize(damaged view, rng)', () => determinize(v, seededRandom(1)));
    if (d.ok) validAfter('determinize(damaged view, rng)', d.value);
    returnsOrCoded('outlookOfView(damaged view)', () => outlookOfView(v));
    const moves = [move];
    returnsOrCoded('greedyBot().chooseMove(damaged view, [move])', () =>
      greedyBot(1).chooseMove(v, [move, { type: 'rotate' }]),
    );
    returnsOrCoded('monteCarloBot().chooseMove(damaged view, moves)', () =>
      monteCarloBot({ seed: 1, playouts: 4, playoutCap: 40 }).chooseMove(v, [...moves, { type: 'rotate' }]),
    );
  },
  /** Records: one problem list; parseRecord refuses exactly what it lists; replay throws only RecordErrors. */
  record(input: unknown): void {
    const x = deepFreeze(input);
    const problems = neverThrows('recordProblems(input)', () => recordProblems(x));
    if (!Array.isArray(problems)) fail('recordProblems did not return a list');
    if (problems.length > 0) rejectsCoded('parseRecord(input with problems)', () => parseRecord(x), isRecordError);
    else
      returnsOrCoded(
        'parseRecord(input without problems)',
        () => parseRecord(x),
        () => false,
      );
    const out = returnsOrCoded('replay(input)', () => replay(x), isRecordError);
    if (out.ok) {
      if (problems.length > 0) fail(`replay accepted a record that recordProblems rejects (${problems[0]!.code})`);
      const moves = out.value.record.moves.length;
      if (out.value.verdicts.length !== moves)
        fail(`replay gave ${out.value.verdicts.length} verdicts for ${moves} moves`);
      validAfter('the state replay reached', out.value.state);
    } else if (problems.length === 0) fail('replay refused a record that recordProblems accepts');
  },
  /** Position descriptions: fromPosition refuses exactly what validatePosition lists; what it accepts plays, and shares nothing with the description. */
  description(input: unknown): void {
    const d = deepFreeze(input);
    const rejected = rejectedByValidator(d);
    if (rejected) {
      rejectsCoded('fromPosition(description with problems)', () => fromPosition(d), isPositionError);
      return;
    }
    const out = returnsOrCoded(
      'fromPosition(accepted description)',
      () => fromPosition(d),
      () => false,
    );
    if (!out.ok) return;
    const s = out.value;
    validAfter('fromPosition(accepted description)', s);
    const moves = returnsOrCoded(
      'legalMoves(fromPosition(description))',
      () => legalMoves(s),
      () => false,
    );
    if (moves.ok && moves.value.length > 0)
      returnsOrCoded(
        'apply(fromPosition(description), first move)',
        () => apply(s, moves.value[0]!),
        () => false,
      );
    returnsOrCoded(
      'playerView(fromPosition(description), 0)',
      () => playerView(s, 0),
      () => false,
    );
    const mine = objectsOf(d);
    const standard = objectsOf(STANDARD_DECK);
    for (const o of objectsOf(s)) {
      if (mine.has(o) && !standard.has(o))
        fail(`fromPosition's state shares an object with the description: ${JSON.stringify(o)?.slice(0, 80)}`);
    }
  },
} satisfies Record<string, (input: never) => void>;

/** The scenario names. */
export type ScenarioName = keyof typeof SCENARIOS;

if (process.env.DNUP_FUZZ_SANDBOX === '1' && process.send) {
  process.on('message', ({ name, input }: { name: ScenarioName; input: unknown }) => {
    let answer: ScenarioResult;
    try {
      (SCENARIOS[name] as (x: unknown) => void)(input);
      answer = { ok: true };
    } catch (e) {
      answer = { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    process.send!(answer);
  });
  process.send({ ready: true });
}
