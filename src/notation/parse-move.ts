/**
 * Reading the move notation (docs/notation.md). Input is forgiving where it cannot mislead:
 * any letter case and spacing, play cards in any order, and an area left out when only one
 * fits; the result is always the move exactly as `legalMoves` lists it.
 *
 * Cost: linear in the text, and independent of how many legal moves the position has. The text
 * is read by a hand-written scanner (no regular expression that could backtrack), and the
 * handful of moves it may stand for (at most one per seat and area) are each judged by
 * `checkMove`, python-chess style, never by listing the legal moves: a hand of k cards showing
 * one value has 2^k − 1 plays.
 */
import { checkMove } from '../core/check-move.js';
import { addMove, NEXT_ROUND, ROTATE, singlePlay, takeMove } from '../core/interned-moves.js';
import type { AreaRef, Move } from '../core/moves.js';
import type { GameState } from '../core/state.js';
import { describeValue } from '../core/input.js';
import { withState } from '../core/trust.js';
import { formatMove } from './format-move.js';
import { NotationError } from './notation-error.js';
import { areasPerSeat } from '../core/players.js';

/**
 * The longest text `parseMove` reads, in UTF-16 code units: room for a play naming every card of
 * the largest deck (65,536 ids of up to 5 digits, with a comma and a space each); anything longer
 * is `UNREADABLE` without being scanned.
 */
export const MAX_MOVE_TEXT = 500_000;

/** A number in the notation has at most this many digits (card ids stop at 65535). */
const MAX_DIGITS = 6;
/** At most this many seats (rules §1: 2–5 players): an open target is tried on each. */
const MAX_SEATS = 5;

/** What a text says, possibly leaving the target area (or the whole target of an add) open. */
type Pattern =
  | { readonly type: 'play'; readonly cards: number[] }
  | { readonly type: 'add'; readonly card: number; readonly seat?: number; readonly area?: number }
  | { readonly type: 'take'; readonly seat: number; readonly area?: number }
  | { readonly type: 'rotate' }
  | { readonly type: 'nextRound' };

/** JavaScript's white space and line terminators: the characters `\s` and `trim` know. */
const SPACE = /^\s$/;

function isSpace(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return SPACE.test(ch);
}

/** A left-to-right reader over one text; every method moves forward, so reading is linear. */
class Scanner {
  i = 0;
  constructor(readonly t: string) {}

  /** Skips white space; true when there was some. */
  spaces(): boolean {
    const from = this.i;
    while (this.i < this.t.length && isSpace(this.t[this.i]!)) this.i++;
    return this.i > from;
  }

  /** Reads the character `ch` (either case), after optional spaces; true when it was there. */
  symbol(ch: string): boolean {
    const save = this.i;
    this.spaces();
    if (this.t[this.i]?.toUpperCase() === ch) {
      this.i++;
      return true;
    }
    this.i = save;
    return false;
  }

  /** Reads 1–6 digits, after optional spaces; undefined (and nothing read) when there are none or more. */
  number(): number | undefined {
    const save = this.i;
    this.spaces();
    const from = this.i;
    while (this.i < this.t.length && this.t.charCodeAt(this.i) >= 48 && this.t.charCodeAt(this.i) <= 57) this.i++;
    const digits = this.i - from;
    if (digits === 0 || digits > MAX_DIGITS) {
      this.i = save;
      return undefined;
    }
    return Number(this.t.slice(from, this.i));
  }

  /** True when only white space is left. */
  end(): boolean {
    this.spaces();
    return this.i === this.t.length;
  }
}

/** `P 3,17`: ids separated by a comma, white space, or both (one comma at most between two ids). */
function readPlay(s: Scanner): Pattern | undefined {
  const cards: number[] = [];
  let id = s.number();
  while (id !== undefined) {
    cards.push(id);
    const spaced = s.spaces();
    const comma = s.symbol(',');
    if (!spaced && !comma) break;
    id = s.number();
    if (id === undefined && comma) return undefined; // a comma must be followed by an id ('P 3,')
  }
  if (cards.length === 0 || !s.end()) return undefined;
  return { type: 'play', cards: cards.sort((a, b) => a - b) };
}

/** `seat` or `seat.area` after `>` or `T`; undefined when the text does not continue so. */
function readTarget(s: Scanner): { seat: number; area?: number } | undefined {
  const seat = s.number();
  if (seat === undefined) return undefined;
  if (!s.symbol('.')) return { seat };
  const area = s.number();
  return area === undefined ? undefined : { seat, area };
}

function read(text: string): Pattern | undefined {
  const s = new Scanner(text);
  s.spaces();
  const letter = text[s.i]?.toUpperCase();
  s.i++;
  switch (letter) {
    case 'R':
      return s.end() ? { type: 'rotate' } : undefined;
    case 'N':
      return s.end() ? { type: 'nextRound' } : undefined;
    case 'P':
      return readPlay(s);
    case 'A': {
      const card = s.number();
      if (card === undefined) return undefined;
      if (s.end()) return { type: 'add', card };
      if (!s.symbol('>')) return undefined;
      const target = readTarget(s);
      return target && s.end() ? { type: 'add', card, ...target } : undefined;
    }
    case 'T': {
      const target = readTarget(s);
      return target && s.end() ? { type: 'take', ...target } : undefined;
    }
    default:
      return undefined;
  }
}

/** The explicit moves a pattern may stand for, whether legal or not: at most one per seat and area. */
function completions(state: GameState, p: Pattern): Move[] {
  if (p.type === 'play') return [{ type: 'play', cards: p.cards }];
  if (p.type === 'rotate') return [ROTATE];
  if (p.type === 'nextRound') return [NEXT_ROUND];
  const n = Math.min(state.players.length, MAX_SEATS);
  const areaCount = areasPerSeat(n);
  const seats = p.seat !== undefined ? [p.seat] : Array.from({ length: n }, (_, i) => i);
  // 3–5 players: an area left out is area 0; the duel may leave it out only when one area fits
  const areas = p.area !== undefined ? [p.area] : Array.from({ length: areaCount }, (_, i) => i);
  const targets: AreaRef[] = seats.flatMap((seat) => areas.map((area) => ({ seat, area })));
  return targets.map((target) => (p.type === 'add' ? { type: 'add', card: p.card, target } : { type: 'take', target }));
}

/** A legal move as `legalMoves` lists it: the shared object where it lists one. */
function canonical(m: Move): Move {
  switch (m.type) {
    case 'play':
      return m.cards.length === 1 ? singlePlay(m.cards[0]!) : m;
    case 'add':
      return addMove(m.card, m.target.seat, m.target.area);
    case 'take':
      return takeMove(m.target.seat, m.target.area);
    default:
      return m;
  }
}

/**
 * Reads a move in the notation of docs/notation.md and checks it against the position.
 *
 * Costs time linear in the text, whatever the position: it never lists the legal moves.
 *
 * @param state - the position the move is played in.
 * @param text - e.g. `P 3,17`, `a 12 > 1`, `T 1.0`, `R`, `N`; `A 12` and (in the duel) `T 1` may
 * leave the target open when exactly one legal move fits. At most {@link MAX_MOVE_TEXT} characters.
 * @returns the legal move, exactly as {@link legalMoves} lists it.
 * @throws {@link NotationError} `UNREADABLE` when the text is not notation at all (or not a string,
 * or longer than {@link MAX_MOVE_TEXT}), `ILLEGAL` (with the core's `moveCode` and `rule`) when it
 * names a move that is not legal here, `AMBIGUOUS` (with `candidates`) when it fits several legal moves.
 *
 * @example
 * ```ts
 * const move = parseMove(state, 'P 3,17'); // { type: 'play', cards: [3, 17] }
 * state = apply(state, move);
 * ```
 */
export function parseMove(state: GameState, text: string): Move {
  if (typeof text !== 'string')
    throw new NotationError(
      'UNREADABLE',
      `${describeValue(text)} is not a move in dnup notation: a move is written as text (P 3,17 · A 12>1 · T 1 · R · N; see docs/notation.md).`,
      describeValue(text),
    );
  if (text.length > MAX_MOVE_TEXT) {
    throw new NotationError(
      'UNREADABLE',
      `A text of ${text.length} characters is too long to be a move (at most ${MAX_MOVE_TEXT}; see docs/notation.md).`,
      text,
    );
  }
  return withState(state, (s) => parseIn(s, text));
}

function parseIn(state: GameState, text: string): Move {
  const pattern = read(text);
  if (!pattern) {
    throw new NotationError(
      'UNREADABLE',
      `${describeValue(text)} is not a move in dnup notation (P 3,17 · A 12>1 · T 1 · R · N; see docs/notation.md).`,
      text,
      {},
      { input: describeValue(text) },
    );
  }
  const options = completions(state, pattern);
  const verdicts = options.map((o) => checkMove(state, o));
  const fits = options.filter((_, i) => verdicts[i]!.ok).map(canonical);
  if (fits.length === 1) return fits[0]!;
  if (fits.length > 1) {
    const texts = fits.map((m) => formatMove(state, m)).join(', ');
    throw new NotationError(
      'AMBIGUOUS',
      `${describeValue(text)} fits ${fits.length} legal moves (${texts}); say which.`,
      text,
      { candidates: fits },
      { input: describeValue(text), count: fits.length },
    );
  }
  // no legal move fits: explain with the completion aimed at a set, if any, else the first
  const pick =
    verdicts.find((v) => !v.ok && v.code !== 'NO_SET_THERE' && v.code !== 'NOT_AN_OPPONENT_SET') ?? verdicts[0]!;
  if (pick.ok) throw new Error('unreachable: a legal completion is a legal move');
  throw new NotationError(
    'ILLEGAL',
    `${describeValue(text)} is not legal here: ${pick.message}`,
    text,
    { moveCode: pick.code, rule: pick.rule },
    { ...pick.params, input: describeValue(text), rule: pick.rule },
  );
}
