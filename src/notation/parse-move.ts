/**
 * Reading the move notation (docs/notation.md). Input is forgiving where it cannot mislead:
 * any letter case and spacing, play cards in any order, an area left out when only one fits,
 * and a card named by its faces (`7|3`) when those faces name one card of the hand; the result
 * is always the move exactly as `legalMoves` lists it.
 *
 * Cost: linear in the text, and independent of how many legal moves the position has. The text
 * is read by a hand-written scanner (no regular expression that could backtrack), and the
 * handful of moves it may stand for (at most one per seat and area) are each judged by
 * `checkMove`, python-chess style, never by listing the legal moves: a hand of k cards showing
 * one value has 2^k − 1 plays.
 */
import {
  checkMove,
  type MoveCheck,
  type MoveErrorCode,
  type AreaRef,
  type Move,
  type GameState,
} from '../core/index.js';
import {
  type ErrorParams,
  addMove,
  NEXT_ROUND,
  ROTATE,
  singlePlay,
  takeMove,
  describeValue,
  withState,
  areasPerSeat,
} from '../core/internal.js';
import { formatMove } from './format-move.js';
import { NotationError } from './notation-error.js';
import { facesKey, handByFaces } from './card-faces.js';

/**
 * The longest text `parseMove` reads, in UTF-16 code units: room for a play naming every card of
 * the largest deck (65,536 ids of up to 5 digits, with a comma and a space each); anything longer
 * is `UNREADABLE` without being scanned.
 */
export const MAX_MOVE_TEXT = 500_000;

/** A card id in the notation has at most this many digits (card ids stop at 65535). */
const MAX_DIGITS = 6;
/** A face value has at most this many digits (faces stop at Number.MAX_SAFE_INTEGER, 16 digits). */
const MAX_FACE_DIGITS = 16;
/** At most this many seats (rules §1: 2–5 players): an open target is tried on each. */
const MAX_SEATS = 5;
/** An ambiguous face form lists at most this many of the moves it may stand for. */
const MAX_FACE_CANDIDATES = 20;

/** A card named by its faces, `active|inactive`, as written. */
interface Faces {
  readonly active: number;
  readonly inactive: number;
}

/** A card as a text names it: by id, or by its faces. */
type CardRef = number | Faces;

/** What a text says, possibly leaving the target area (or the whole target of an add) open. */
type Shape<C> =
  | { readonly type: 'play'; readonly cards: C[] }
  | { readonly type: 'add'; readonly card: C; readonly seat?: number; readonly area?: number }
  | { readonly type: 'take'; readonly seat: number; readonly area?: number }
  | { readonly type: 'rotate' }
  | { readonly type: 'nextRound' };

/** A text as read, its cards by id or by faces. */
type Written = Shape<CardRef>;
/** A text with every card resolved to its id. */
type Pattern = Shape<number>;

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

  /** Reads 1–`max` digits, after optional spaces; undefined (and nothing read) when there are none or more. */
  number(max = MAX_DIGITS): number | undefined {
    const save = this.i;
    this.spaces();
    const from = this.i;
    while (this.i < this.t.length && this.t.charCodeAt(this.i) >= 48 && this.t.charCodeAt(this.i) <= 57) this.i++;
    const digits = this.i - from;
    if (digits === 0 || digits > max) {
      this.i = save;
      return undefined;
    }
    return Number(this.t.slice(from, this.i));
  }

  /**
   * A card: an id, or its faces `active|inactive` (`/` too, as the position text writes them),
   * after optional spaces; undefined (and nothing read) when the text does not continue so.
   */
  card(): CardRef | undefined {
    const save = this.i;
    this.spaces();
    const from = this.i;
    const first = this.number(MAX_FACE_DIGITS);
    if (first === undefined) return undefined;
    const digits = this.i - from;
    if (this.symbol('|') || this.symbol('/')) {
      const inactive = this.number(MAX_FACE_DIGITS);
      if (inactive !== undefined) return { active: first, inactive };
    } else if (digits <= MAX_DIGITS) return first;
    this.i = save;
    return undefined;
  }

  /** True when only white space is left. */
  end(): boolean {
    this.spaces();
    return this.i === this.t.length;
  }
}

/** `P 3,17`: cards separated by a comma, white space, or both (one comma at most between two cards). */
function readPlay(s: Scanner): Written | undefined {
  const cards: CardRef[] = [];
  let card = s.card();
  while (card !== undefined) {
    cards.push(card);
    const spaced = s.spaces();
    const comma = s.symbol(',');
    if (!spaced && !comma) break;
    card = s.card();
    if (card === undefined && comma) return undefined; // a comma must be followed by a card ('P 3,')
  }
  if (cards.length === 0 || !s.end()) return undefined;
  return { type: 'play', cards };
}

/** `seat` or `seat.area` after `>` or `T`; undefined when the text does not continue so. */
function readTarget(s: Scanner): { seat: number; area?: number } | undefined {
  const seat = s.number();
  if (seat === undefined) return undefined;
  if (!s.symbol('.')) return { seat };
  const area = s.number();
  return area === undefined ? undefined : { seat, area };
}

function read(text: string): Written | undefined {
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
      const card = s.card();
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
 * leave the target open when exactly one legal move fits. A card may be named by its faces as it
 * lies in the hand of the seat to play, `active|inactive` (`P 3|6`, `A 5|2>2`; `3/6` too).
 * At most {@link MAX_MOVE_TEXT} characters.
 * @returns the legal move, exactly as {@link legalMoves} lists it.
 * @throws {@link NotationError} `UNREADABLE` when the text is not notation at all (or not a string,
 * or longer than {@link MAX_MOVE_TEXT}), `ILLEGAL` (with the core's `moveCode` and `rule`) when it
 * names a move that is not legal here (a face form that names no card of the hand is
 * `NOT_YOUR_CARD`, or `UNKNOWN_CARD` when no card of the deck has those faces), `AMBIGUOUS` (with
 * `candidates`) when it fits several legal moves, a face form naming several cards of the hand included.
 *
 * @example
 * ```ts
 * const move = parseMove(state, 'P 3,17'); // { type: 'play', cards: [3, 17] }
 * parseMove(state, 'P 3|4,3|6'); // the same move, when cards 15 and 17 show 3 in the hand to play
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

/** `text` is not notation: the one refusal before the position is looked at. */
function unreadable(text: string): NotationError {
  return new NotationError(
    'UNREADABLE',
    `${describeValue(text)} is not a move in dnup notation (P 3,17 · P 7|3 · A 12>1 · T 1 · R · N; see docs/notation.md).`,
    text,
    {},
    { input: describeValue(text) },
  );
}

/** `text` names a move the rules refuse here, for `reason` (a sentence citing its rule). */
function illegal(
  text: string,
  code: MoveErrorCode,
  rule: string,
  reason: string,
  params: ErrorParams = {},
): NotationError {
  return new NotationError(
    'ILLEGAL',
    `${describeValue(text)} is not legal here: ${reason}`,
    text,
    { moveCode: code, rule },
    { ...params, input: describeValue(text), rule },
  );
}

function parseIn(state: GameState, text: string): Move {
  const written = read(text);
  if (!written) throw unreadable(text);
  const pattern = idsOnly(written);
  if (pattern) return judge(state, text, pattern);
  const { readings, count, choices } = resolveFaces(state, text, written);
  if (count === 1) return judge(state, text, readings[0]!);
  // the cards a face form may name show the same values, the same way up, in the same hand, so
  // either every reading is legal or none is: an illegal one is refused for what it breaks, and
  // legal ones are never guessed between
  const first = fitsOf(state, readings[0]!);
  if (first.fits.length === 0) return judge(state, text, readings[0]!);
  const fits = readings.flatMap((r, i) => (i === 0 ? first.fits : fitsOf(state, r).fits));
  const total = Math.min(count * first.fits.length, Number.MAX_SAFE_INTEGER);
  // a play may name thousands of cards: a few candidates, each cut short, tell them apart
  const shown = fits
    .slice(0, MAX_TEXTS_SHOWN)
    .map((m) => cut(formatMove(state, m)))
    .join(', ');
  const which = choices.map((c) => `${faceText(c.faces)} names ${idList(c.ids)} in your hand`).join('; ');
  throw new NotationError(
    'AMBIGUOUS',
    `${describeValue(text)} fits ${total} legal moves (${shown}${total > MAX_TEXTS_SHOWN ? ', …' : ''}): ${which}, as a custom deck may repeat a pair of faces (rules §2); say which by id.`,
    text,
    { candidates: fits },
    { input: describeValue(text), count: total, cards: choices.flatMap((c) => c.ids.slice(0, MAX_IDS_LISTED)) },
  );
}

/** The legal moves a pattern fits, with the verdict on each move it may stand for. */
function fitsOf(state: GameState, pattern: Pattern): { fits: Move[]; verdicts: MoveCheck[] } {
  const options = completions(state, pattern);
  const verdicts = options.map((o) => checkMove(state, o));
  return { fits: options.filter((_, i) => verdicts[i]!.ok).map(canonical), verdicts };
}

/** The one legal move a pattern names, or the refusal: `AMBIGUOUS` for several, `ILLEGAL` for none. */
function judge(state: GameState, text: string, pattern: Pattern): Move {
  const { fits, verdicts } = fitsOf(state, pattern);
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
  throw illegal(text, pick.code, pick.rule, pick.message, pick.params);
}

// ---------------------------------------------------------------------------------------------
// Cards named by their faces (docs/notation.md §2): looked up in the hand of the seat to play.

/** A face form's ids are listed up to this many in a message (a custom deck may repeat a pair thousands of times). */
const MAX_IDS_LISTED = 20;

/** An ambiguous face form's message quotes at most this many candidate moves, each cut to {@link MAX_TEXT_SHOWN} characters. */
const MAX_TEXTS_SHOWN = 5;
const MAX_TEXT_SHOWN = 60;
const cut = (t: string): string => (t.length > MAX_TEXT_SHOWN ? `${t.slice(0, MAX_TEXT_SHOWN - 1)}…` : t);

const faceText = (f: Faces): string => `${f.active}|${f.inactive}`;

/** "card 4", "cards 1 and 4", "cards 1, 4, 9 … (30 in all)". */
function idList(ids: readonly number[]): string {
  if (ids.length === 1) return `card ${ids[0]}`;
  if (ids.length > MAX_IDS_LISTED) return `cards ${ids.slice(0, MAX_IDS_LISTED).join(', ')} … (${ids.length} in all)`;
  return `cards ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

/** The pattern itself when every card is named by id. */
function idsOnly(w: Written): Pattern | undefined {
  if (w.type === 'play') {
    if (!w.cards.every((c): c is number => typeof c === 'number')) return undefined;
    return { type: 'play', cards: w.cards.slice().sort((a, b) => a - b) };
  }
  if (w.type === 'add' && typeof w.card !== 'number') return undefined;
  return w as Pattern;
}

/** A face form that names several cards: `count` of `ids` are meant, which ones the text does not say. */
interface Choice {
  readonly faces: Faces;
  readonly ids: readonly number[];
  readonly count: number;
}

/**
 * The id patterns a text with face forms may stand for: one when the faces name their cards,
 * else the first {@link MAX_FACE_CANDIDATES} of `count` (and the `choices` left open). Throws
 * `ILLEGAL` when a face form names no card of the hand, or fewer cards than the text asks for.
 */
function resolveFaces(
  state: GameState,
  text: string,
  w: Written,
): { readings: Pattern[]; count: number; choices: Choice[] } {
  const play = w.type === 'play';
  const rule = play ? '§5 A' : '§5 B';
  if (state.status !== 'playing') {
    // no hand is to play from: the reason every action is refused now
    const v = checkMove(state, ROTATE);
    if (!v.ok) throw illegal(text, v.code, v.rule, v.message, v.params);
  }
  const refs: CardRef[] = play ? w.cards : w.type === 'add' ? [w.card] : [];
  const named = new Set(refs.filter((c): c is number => typeof c === 'number'));
  const wanted = new Map<string, { faces: Faces; count: number }>();
  for (const c of refs) {
    if (typeof c === 'number') continue;
    const key = facesKey(c.active, c.inactive);
    const seen = wanted.get(key);
    if (seen) seen.count++;
    else wanted.set(key, { faces: c, count: 1 });
  }
  const hand = handByFaces(state);
  const fixed: number[] = [...named];
  const choices: Choice[] = [];
  for (const [key, { faces, count }] of wanted) {
    const all = hand.get(key) ?? [];
    if (all.length === 0) throw notInHand(state, text, faces, rule);
    const free = all.filter((id) => !named.has(id));
    if (free.length < count) {
      const twice = all.find((id) => named.has(id));
      const reason =
        twice !== undefined
          ? `${faceText(faces)} names card ${twice}, which the text also names by its id; each card can be played once (rules §5 A).`
          : `Your hand holds ${all.length} card${all.length === 1 ? '' : 's'} showing ${faces.active} with ${faces.inactive} on the other face, but the text names ${faceText(faces)} ${count === 2 ? 'twice' : `${count} times`}; each card can be played once (rules §5 A).`;
      throw illegal(text, 'DUPLICATE_CARD', '§5 A', reason, { card: twice ?? all[0]!, value: faces.active });
    }
    if (free.length === count) fixed.push(...free);
    else choices.push({ faces, ids: free, count });
  }
  const count = choices.reduce((n, c) => n * binomial(c.ids.length, c.count), 1);
  const readings: Pattern[] = [];
  for (const pick of picks(choices, MAX_FACE_CANDIDATES)) {
    const ids = [...fixed, ...pick];
    readings.push(
      w.type === 'play'
        ? { type: 'play', cards: ids.sort((a, b) => a - b) }
        : { ...(w as Extract<Written, { type: 'add' }>), card: ids[0]! },
    );
  }
  return { readings, count: Math.min(count, Number.MAX_SAFE_INTEGER), choices };
}

/** Why a face form names no card of the hand: not this way up, no such card in the deck, or elsewhere. */
function notInHand(state: GameState, text: string, f: Faces, rule: string): NotationError {
  const action = rule === '§5 A' ? 'you play cards from your hand' : 'you add a card from your hand';
  const turned = handByFaces(state).get(facesKey(f.inactive, f.active));
  if (turned)
    return illegal(
      text,
      'NOT_YOUR_CARD',
      rule,
      `No card in your hand shows ${f.active} with ${f.inactive} on its other face: card ${turned[0]} shows ${f.inactive}, with ${f.active} underneath (rules ${rule}: ${action}, each with the value that is up).`,
      { card: turned[0]!, value: f.active },
    );
  const inDeck = state.deck.cards.filter(
    (c) =>
      (c.faces[0] === f.active && c.faces[1] === f.inactive) || (c.faces[1] === f.active && c.faces[0] === f.inactive),
  );
  if (inDeck.length === 0)
    return illegal(
      text,
      'UNKNOWN_CARD',
      '§2',
      `No card of this deck has the faces ${f.active} and ${f.inactive} (rules §2).`,
      { value: f.active },
    );
  return illegal(
    text,
    'NOT_YOUR_CARD',
    rule,
    `No card in your hand shows ${f.active} with ${f.inactive} on its other face (rules ${rule}: ${action}).`,
    inDeck.length === 1 ? { card: inDeck[0]!.id, value: f.active } : { value: f.active },
  );
}

/** n choose k, as a double (Infinity past 2^1024; only ever compared and capped). */
function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k && r !== Infinity; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * The first `max` ways to pick `count` ids of each choice, in lexicographic order (the last
 * choice turning fastest); each costs time linear in the ids, so `max` readings cost `max` times that.
 */
function picks(choices: readonly Choice[], max: number): number[][] {
  const combos = choices.map((c) => combinations(c.ids, c.count, max));
  const digit = choices.map(() => 0);
  const out: number[][] = [];
  while (out.length < max) {
    out.push(combos.flatMap((list, i) => list[digit[i]!]!));
    let i = choices.length - 1;
    while (i >= 0 && digit[i] === combos[i]!.length - 1) digit[i--] = 0;
    if (i < 0) break;
    digit[i]!++;
  }
  return out;
}

/** The first `max` combinations of `k` of `ids`, in lexicographic order of positions. */
function combinations(ids: readonly number[], k: number, max: number): number[][] {
  const out: number[][] = [];
  const at = Array.from({ length: k }, (_, i) => i);
  while (out.length < max) {
    out.push(at.map((i) => ids[i]!));
    let i = k - 1;
    while (i >= 0 && at[i] === ids.length - k + i) i--;
    if (i < 0) break;
    at[i]!++;
    for (let j = i + 1; j < k; j++) at[j] = at[j - 1]! + 1;
  }
  return out;
}
