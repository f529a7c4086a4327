/**
 * Reading a game record handed in by someone: JSON text or an already parsed value, checked
 * field by field against the record format (docs/record.schema.json). Every problem is listed.
 * Legality of the moves is not judged here; that is `replay`'s job.
 */
import {
  STANDARD_DECK,
  type DeckDefinition,
  type Move,
  RECORD_VERSION,
  type GameRecord,
  isPositionError,
  type GameState,
} from '../core/index.js';
import {
  idsInUse,
  moveShapeError,
  describeValue,
  readInput,
  MAX_LISTED_PROBLEMS,
  setupProblems,
  isSeed,
} from '../core/internal.js';
import { isNotationError } from '../notation/notation-error.js';
import { parsePosition } from '../setup/position-text.js';
import { RecordError, type RecordErrorCode, type RecordProblem, type StartProblem } from './record-error.js';

const TOP_KEYS = ['format', 'version', 'players', 'seed', 'options', 'start', 'moves', 'metadata'];

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function describe(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'string') return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === 'object') return 'an object';
  return String(x);
}

/** The problems found so far. */
class Problems {
  readonly list: RecordProblem[] = [];
  count = 0;
  add(code: RecordErrorCode, path: string, message: string, start?: StartProblem): void {
    this.count++;
    if (this.list.length < MAX_LISTED_PROBLEMS)
      this.list.push(start ? { code, path, message, start } : { code, path, message });
  }
}

/**
 * The record's start position (docs/record.schema.json "start"): read as `dnup check` reads
 * position text, every problem of it listed as `BAD_START`; then its players, seed and deck must
 * be the record's (a record names one game). Undefined when there is none or it cannot be used.
 */
function checkStart(
  raw: unknown,
  players: readonly string[] | undefined,
  seed: unknown,
  deck: DeckDefinition | undefined,
  out: Problems,
): GameState | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') {
    out.add(
      'BAD_START',
      'start',
      `"start" must be a position text (dnup1 …, docs/notation.md §5), not ${describe(raw)}.`,
    );
    return undefined;
  }
  let state: GameState;
  try {
    state = parsePosition(raw);
  } catch (e) {
    if (isNotationError(e)) {
      const field = typeof e.params.path === 'string' ? e.params.path : '';
      out.add('BAD_START', 'start', `The start position cannot be read: ${e.message}`, {
        code: 'BAD_POSITION_TEXT',
        path: field,
      });
      return undefined;
    }
    if (!isPositionError(e)) throw e;
    for (const p of e.problems) {
      const sentence = /\brules §/.test(p.message) ? p.message : `${p.message.replace(/\.$/, '')} (rules ${p.rule}).`;
      out.add('BAD_START', 'start', `The start position breaks a rule at ${p.path || 'the top'}: ${sentence}`, {
        code: p.code,
        path: p.path,
        rule: p.rule,
      });
    }
    // the problems past those listed are counted
    out.count += Math.max(0, e.problemCount - e.problems.length);
    return undefined;
  }
  let agrees = true;
  const disagree = (path: string, message: string): void => {
    agrees = false;
    out.add('BAD_START', path, message);
  };
  if (players && (players.length !== state.players.length || players.some((name, i) => name !== state.players[i])))
    disagree(
      'players',
      `The record's players (${players.map(describeValue).join(', ')}) are not the start position's (${state.players.map(describeValue).join(', ')}): a record names the players of its start position, seat by seat (rules §1).`,
    );
  if (isSeed(seed) && String(seed) !== String(state.seed))
    disagree(
      'seed',
      `The record's seed ${describeValue(seed)} is not the start position's seed ${describeValue(state.seed)}: a record names the seed of its start position (rules §3).`,
    );
  if (deck && !sameCards(deck, state.deck))
    disagree(
      'options.deck',
      `The record's deck (${deck === STANDARD_DECK ? 'the standard deck' : 'its "options.deck"'}) is not the start position's deck: a record names the deck of its start position (rules §2).`,
    );
  return agrees ? state : undefined;
}

/** The same cards: ids, faces in order, player-count marks and star (deck names aside). */
function sameCards(a: DeckDefinition, b: DeckDefinition): boolean {
  if (a.cards.length !== b.cards.length) return false;
  return a.cards.every((c, i) => {
    const d = b.cards[i]!;
    return (
      c.id === d.id &&
      c.faces[0] === d.faces[0] &&
      c.faces[1] === d.faces[1] &&
      c.minPlayers === d.minPlayers &&
      (c.star === true) === (d.star === true)
    );
  });
}

/** The deck `options` asks for (undefined: the standard deck), or null when `options` is not an object. */
function optionsDeck(raw: unknown, out: Problems): unknown {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw)) {
    out.add('BAD_OPTIONS', 'options', `"options" must be an object such as { "deck": … }, not ${describe(raw)}.`);
    return null;
  }
  const extra = Object.keys(raw).filter((k) => k !== 'deck');
  if (extra.length > 0)
    out.add(
      'BAD_OPTIONS',
      'options',
      `Unknown game option ${extra.slice(0, 3).map(describeValue).join(', ')}; the only option is "deck".`,
    );
  return raw.deck;
}

function checkMoves(
  raw: unknown,
  inUse: ReadonlySet<number> | undefined,
  players: number | undefined,
  out: Problems,
): void {
  if (!Array.isArray(raw)) {
    out.add('BAD_MOVES', 'moves', `"moves" must be an array of moves, not ${describe(raw)}.`);
    return;
  }
  raw.forEach((move: unknown, i) => {
    const shape = moveShapeError(move);
    if (shape) {
      out.add('BAD_MOVE', `moves[${i}]`, `Move ${i}: ${shape.message}`);
      return;
    }
    const m = move as Move;
    const ids = m.type === 'play' ? m.cards : m.type === 'add' ? [m.card] : [];
    for (const id of ids) {
      if (inUse && !inUse.has(id)) {
        out.add(
          'UNKNOWN_CARD',
          `moves[${i}]`,
          `Move ${i} names card ${id}, which is not a card of this game's deck with ${players} players (rules §2, §3.1).`,
        );
      }
    }
  });
}

function checkMetadata(raw: unknown, out: Problems): void {
  if (raw === undefined) return;
  if (!isPlainObject(raw)) {
    out.add('BAD_METADATA', 'metadata', `"metadata" must be an object, not ${describe(raw)}.`);
    return;
  }
  for (const key of ['event', 'date']) {
    if (raw[key] !== undefined && typeof raw[key] !== 'string')
      out.add('BAD_METADATA', `metadata.${key}`, `"metadata.${key}" must be a string.`);
  }
  const comments = raw.comments;
  if (comments === undefined) return;
  if (!isPlainObject(comments)) {
    out.add(
      'BAD_METADATA',
      'metadata.comments',
      '"metadata.comments" must be an object mapping move indexes to comments.',
    );
    return;
  }
  for (const [key, text] of Object.entries(comments)) {
    if (!/^(0|[1-9]\d*)$/.test(key) || typeof text !== 'string') {
      out.add(
        'BAD_METADATA',
        `metadata.comments.${key}`,
        `Comment ${describeValue(key)} must be a string keyed by a move index (0, 1, 2…).`,
      );
    }
  }
}

/**
 * Every problem that keeps `input` from being a valid game record, or an empty list.
 * Does not judge the legality of the moves (see {@link replay}).
 *
 * @param input - JSON text, or an already parsed value.
 * @example
 * ```ts
 * recordProblems('{"format":"dnup-record"'); // [{ code: 'BAD_JSON', path: '', message: … }]
 * ```
 */
export function recordProblems(input: unknown): RecordProblem[] {
  return readRecord(input).problems;
}

/**
 * Reads `input` once (JSON text is parsed once) into a fresh plain copy and checks it: the record,
 * or every problem (the first {@link MAX_LISTED_PROBLEMS}, with `count` counting them all).
 */
function readRecord(input: unknown): {
  record?: GameRecord;
  start?: GameState;
  problems: RecordProblem[];
  count: number;
} {
  const out = new Problems();
  const fail = () => ({ problems: out.list, count: out.count });
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      out.add(
        'BAD_JSON',
        '',
        `This is not JSON (${describeValue((e as Error).message)}); a game record is a JSON object.`,
      );
      return fail();
    }
  }
  const read = readInput(raw);
  if (!read.ok) {
    out.add('UNREADABLE', read.problem.path, `This record cannot be read: ${read.problem.message}`);
    return fail();
  }
  const value = read.value;
  if (!isPlainObject(value)) {
    out.add('NOT_AN_OBJECT', '', `A game record is a JSON object, not ${describe(value)}.`);
    return fail();
  }
  if (value.format !== 'dnup-record') {
    out.add(
      'WRONG_FORMAT',
      'format',
      `"format" must be "dnup-record", not ${describe(value.format)}: this is not a dnup game record.`,
    );
  }
  if (value.version !== RECORD_VERSION) {
    out.add(
      'WRONG_VERSION',
      'version',
      `This library reads game records of version ${RECORD_VERSION}, not ${describe(value.version)}.`,
    );
  }
  const extra = Object.keys(value).filter((k) => !TOP_KEYS.includes(k));
  for (const k of extra)
    out.add('UNKNOWN_FIELD', k, `A game record has no field ${describeValue(k)} (free-form facts go in "metadata").`);
  // players, seed and deck: the same check as createGame and every state
  const optionProblems = new Problems();
  const deckRaw = optionsDeck(value.options, optionProblems);
  const setup = setupProblems(value.players, value.seed, deckRaw ?? undefined);
  for (const p of setup.filter((x) => x.code !== 'BAD_DECK')) out.add(p.code, p.path, p.message);
  for (const p of optionProblems.list) out.add(p.code, p.path, p.message);
  for (const p of setup.filter((x) => x.code === 'BAD_DECK')) out.add(p.code, 'options.deck', p.message);
  const players = setup.some((p) => p.code === 'BAD_PLAYERS') ? undefined : (value.players as string[]);
  const deck =
    deckRaw === null || setup.some((p) => p.code === 'BAD_DECK')
      ? undefined
      : ((deckRaw ?? STANDARD_DECK) as DeckDefinition);
  const inUse = deck && players ? new Set(idsInUse(deck, players.length)) : undefined;
  const seed = setup.some((p) => p.code === 'BAD_SEED') ? undefined : value.seed;
  const start = checkStart(value.start, players, seed, deck, out);
  checkMoves(value.moves, inUse, players?.length, out);
  checkMetadata(value.metadata, out);
  if (out.count > 0) return fail();
  return { record: value as unknown as GameRecord, ...(start ? { start } : {}), problems: [], count: 0 };
}

/**
 * A checked record and the state it starts from: its start position, or a new game dealt from
 * its seed (internal: what `replay` reads, so the record and its position are read once).
 */
export function readRecordStart(input: unknown): { record: GameRecord; start?: GameState } {
  const { record, start, problems, count } = readRecord(input);
  if (!record) throw new RecordError(problems, count);
  return start ? { record, start } : { record };
}

/**
 * Reads and fully validates a game record.
 *
 * @param input - the record's JSON text, or an already parsed value.
 * @returns the record, typed: always a fresh plain copy, read once (later changes to `input` change nothing).
 * @throws {@link RecordError} listing every problem, with codes such as `BAD_JSON`,
 * `WRONG_VERSION`, `BAD_PLAYERS`, `BAD_MOVE` or `UNKNOWN_CARD`.
 *
 * @example
 * ```ts
 * const record = parseRecord(fs.readFileSync('game.json', 'utf8'));
 * const result = replay(record);
 * ```
 */
export function parseRecord(input: unknown): GameRecord {
  const { record, problems, count } = readRecord(input);
  if (!record) throw new RecordError(problems, count);
  return record;
}
