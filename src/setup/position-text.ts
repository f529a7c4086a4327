/**
 * The position text (docs/notation.md §5): a whole game state on one line, like chess's FEN,
 * for chat, issues, test fixtures and golden files. `formatPosition` writes it from a state,
 * `parsePosition` reads it back through `fromPosition`, so a text stands for a valid state or is
 * refused with every problem.
 *
 * ```text
 * dnup1 Ana,Ben,Cy 5/6,6/1;7/4;2/7,10/7! 1:3/4,3/6;2:5/6 playing r1 t0#7 s1 o- p0,0,0 m6 x…32 hex… "friday%0020night"
 * ```
 *
 * Fields, separated by one space: version tag, players, hands, table, status, round, turn,
 * starter, out, scores, moves, random stream, seed, and the deck only when it is not the
 * standard one. A card is `active/inactive` (`#id` added only when the deck has two cards with
 * the same faces; `!` when the card is publicly known in its hand). Texts hold the position,
 * not its history: `lastMove` and `events` come back as `null` and `[]`. The short form leaves
 * out any field after the table but the turn; a position description's defaults fill them in.
 */
import {
  STANDARD_DECK,
  type CardDefinition,
  type CardId,
  type DeckDefinition,
  type HeldCard,
  type GameState,
  type GameStatus,
  PositionError,
  type PositionProblem,
} from '../core/index.js';
import { describeValue, areasPerSeat, withState, MAX_LISTED_PROBLEMS } from '../core/internal.js';
import { NotationError } from '../notation/notation-error.js';
import type { PositionDescription, TableSetDescription } from './position-description.js';
import { fromPosition, validatePosition } from './validate-position.js';

/** The version of the position text this library writes and reads: texts start `dnup1`. */
export const POSITION_TEXT_VERSION = 1;
const TAG = `dnup${POSITION_TEXT_VERSION}`;

/**
 * The longest text `parsePosition` reads, in UTF-16 code units: room for the largest state, a
 * custom deck of 65,536 cards with 16-digit faces written twice (in the deck field and in the
 * hands, about 2.8 million characters each) and a seed of 100,000 escaped characters; anything
 * longer is refused unread.
 */
export const MAX_POSITION_TEXT = 8_000_000;

const FIELDS = [
  'version',
  'players',
  'hands',
  'table',
  'status',
  'round',
  'turn',
  'starter',
  'out',
  'scores',
  'moves',
  'random',
  'seed',
  'deck',
] as const;
type Field = (typeof FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Escaping: names, seeds and deck names may hold any character; those that would break the
// line or its fields are written %XXXX (one UTF-16 code unit in 4 hex digits).

/** Characters written escaped: the escape sign, separators, quotes, and anything invisible or line-breaking. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let raw: string | undefined;
    if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      text.charCodeAt(i + 1) >= 0xdc00 &&
      text.charCodeAt(i + 1) <= 0xdfff
    ) {
      raw = text.slice(i, i + 2); // a whole astral character
    } else if (c < 0xd800 || c > 0xdfff) raw = text[i]!;
    const plain = raw !== undefined && raw !== '%' && raw !== ',' && raw !== '"' && !INVISIBLE.test(raw);
    if (plain) {
      out += raw;
      i += raw!.length - 1;
    } else out += `%${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Ids of cards another card of the deck shares both faces with: they are written with `#id`. */
function sharedFaces(deck: DeckDefinition): Set<CardId> {
  const byFaces = new Map<string, CardId[]>();
  for (const c of deck.cards) {
    const key = facesKey(c.faces[0], c.faces[1]);
    const list = byFaces.get(key);
    if (list) list.push(c.id);
    else byFaces.set(key, [c.id]);
  }
  const shared = new Set<CardId>();
  for (const list of byFaces.values()) if (list.length > 1) for (const id of list) shared.add(id);
  return shared;
}

function facesKey(a: number, b: number): string {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

function deckText(deck: DeckDefinition): string {
  const name = deck.name === undefined ? '' : `"${escapeText(deck.name)}"`;
  const cards = deck.cards.map(
    (c) => `${c.id}=${c.faces[0]}/${c.faces[1]}+${c.minPlayers}${c.star === true ? '*' : c.star === false ? '^' : ''}`,
  );
  return `deck${name}:${cards.join(',')}`;
}

/** {@link formatPosition} of a state the library made or checked (internal). */
function positionText(s: GameState): string {
  const faces = new Map<CardId, readonly [number, number]>();
  for (const c of s.deck.cards) faces.set(c.id, c.faces);
  const shared = s.deck === STANDARD_DECK ? new Set<CardId>() : sharedFaces(s.deck);
  const card = (id: CardId, active: number, known = false): string => {
    const [a, b] = faces.get(id)!;
    return `${active}/${active === a ? b : a}${shared.has(id) ? `#${id}` : ''}${known ? '!' : ''}`;
  };
  const duel = areasPerSeat(s.players.length) === 2;
  const place = (seat: number, area: number): string => (duel ? `${seat}.${area}` : `${seat}`);
  const hands = s.hands.map((hand, seat) => {
    const known = new Set(s.known[seat]);
    return hand.length === 0 ? '-' : hand.map((c) => card(c.id, c.active, known.has(c.id))).join(',');
  });
  const table = s.table.map((t) => `${place(t.seat, t.area)}:${t.cards.map((id) => card(id, t.value)).join(',')}`);
  const rng = s.rng.map((w) => w.toString(16).padStart(8, '0')).join('');
  const fields = [
    TAG,
    s.players.map(escapeText).join(','),
    hands.join(';'),
    table.length === 0 ? '-' : table.join(';'),
    s.status,
    `r${s.round}`,
    `t${place(s.turn.seat, s.turn.area)}#${s.turn.number}`,
    `s${s.starter}`,
    `o${s.out.length === 0 ? '-' : s.out.join(',')}`,
    `p${s.scores.join(',')}`,
    `m${s.moveCount}`,
    `x${rng}`,
    typeof s.seed === 'number' ? String(s.seed) : `"${escapeText(s.seed)}"`,
  ];
  if (s.deck !== STANDARD_DECK) fields.push(deckText(s.deck));
  return fields.join(' ');
}

/**
 * Writes a state as one line of position text (docs/notation.md §5): hands with their faces,
 * table sets, status, round, turn, starter, out order, scores, move count, the random stream
 * that deals the next rounds, the seed, and the deck when it is not the standard one.
 * `parsePosition(formatPosition(state))` gives back the state, except its history: `lastMove`
 * becomes `null` and `events` `[]`.
 *
 * @param state - any state (one from outside is checked first).
 * @returns e.g. `dnup1 Ana,Ben 6/3,… - playing r1 t1.1#1 s1 o- p0,0 m0 x… "seed"`.
 * @throws {@link PositionError} for a state from outside that breaks a rule.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createGame, formatPosition, parsePosition } from 'dnup';
 * const state = createGame(['Ana', 'Ben', 'Cy'], 7);
 * const text = formatPosition(state);
 * assert.ok(text.startsWith('dnup1 Ana,Ben,Cy '));
 * assert.deepEqual(parsePosition(text), { ...state, events: [] });
 * ```
 */
export function formatPosition(state: GameState): string {
  return withState(state, positionText);
}

// ---------------------------------------------------------------------------------------------
// Reading

class TextRefusal {
  constructor(
    readonly field: Field | '',
    readonly message: string,
  ) {}
}

function refuse(field: Field | '', message: string): never {
  throw new TextRefusal(field, message);
}

/** A whole number of at most 16 digits written without a sign or leading zeros (safe integers only). */
function natural(text: string, field: Field, what: string): number {
  if (!/^(0|[1-9][0-9]{0,15})$/.test(text) || !Number.isSafeInteger(Number(text)))
    refuse(field, `${describeValue(text)} is not ${what} (a whole number)`);
  return Number(text);
}

function list(text: string, field: Field, what: string): number[] {
  return text === '-' ? [] : text.split(',').map((x) => natural(x, field, what));
}

function unescapeText(text: string, field: Field): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === ',')
      refuse(
        field,
        `${describeValue(text)} holds a bare ${ch}, written %${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
      );
    if (ch !== '%') {
      out += ch;
      continue;
    }
    const hex = text.slice(i + 1, i + 5);
    if (!/^[0-9A-Fa-f]{4}$/.test(hex)) refuse(field, `${describeValue(text)} has a % not followed by 4 hex digits`);
    out += String.fromCharCode(parseInt(hex, 16));
    i += 4;
  }
  return out;
}

function quoted(text: string, field: Field, what: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"'))
    refuse(field, `${describeValue(text)} is not ${what} in double quotes`);
  return unescapeText(text.slice(1, -1), field);
}

/** `tag` followed by the rest, or a refusal naming the field. */
function tagged(text: string, tag: string, field: Field): string {
  if (!text.startsWith(tag)) refuse(field, `${describeValue(text)} does not start with "${tag}"`);
  return text.slice(tag.length);
}

/** `seat` or `seat.area`. */
function place(text: string, field: Field): { seat: number; area?: number } {
  const dot = text.indexOf('.');
  if (dot < 0) return { seat: natural(text, field, 'a seat') };
  return { seat: natural(text.slice(0, dot), field, 'a seat'), area: natural(text.slice(dot + 1), field, 'an area') };
}

function readDeck(text: string): DeckDefinition {
  const body = tagged(text, 'deck', 'deck');
  const colon = body.lastIndexOf(':');
  if (colon < 0) refuse('deck', 'a deck is written deck:cards or deck"name":cards');
  const head = body.slice(0, colon);
  const name = head === '' ? undefined : quoted(head, 'deck', 'a deck name');
  const cards = body
    .slice(colon + 1)
    .split(',')
    .map((c): CardDefinition => {
      const m = /^([0-9]{1,16})=([0-9]{1,16})\/([0-9]{1,16})\+([0-9]{1,16})([*^]?)$/.exec(c);
      if (!m) refuse('deck', `${describeValue(c)} is not a card id=face/face+minPlayers, with * for the starred card`);
      const [id, f0, f1, min] = [m[1]!, m[2]!, m[3]!, m[4]!].map((x) => natural(x, 'deck', 'a number'));
      const base = { id: id!, faces: [f0!, f1!] as [number, number], minPlayers: min! };
      return m[5] === '' ? base : { ...base, star: m[5] === '*' };
    });
  return name === undefined ? { cards } : { name, cards };
}

/** Resolves `active/inactive[#id]` to a card of the deck. */
class CardReader {
  private readonly byFaces = new Map<string, CardId[]>();
  private readonly faces = new Map<CardId, readonly [number, number]>();
  constructor(deck: DeckDefinition) {
    for (const c of deck.cards) {
      if (!Array.isArray(c.faces)) continue; // a broken deck: fromPosition lists its problems
      this.faces.set(c.id, c.faces);
      const key = facesKey(c.faces[0], c.faces[1]);
      const ids = this.byFaces.get(key);
      if (ids) ids.push(c.id);
      else this.byFaces.set(key, [c.id]);
    }
  }

  read(text: string, field: Field, knownAllowed: boolean): { card: HeldCard; known: boolean } {
    const m = /^([0-9]{1,16})\/([0-9]{1,16})(?:#([0-9]{1,16}))?(!?)$/.exec(text);
    if (!m || (m[4] === '!' && !knownAllowed))
      refuse(
        field,
        `${describeValue(text)} is not a card active/inactive${knownAllowed ? ' (with ! when publicly known)' : ''}`,
      );
    const active = natural(m[1]!, field, 'a value');
    const inactive = natural(m[2]!, field, 'a value');
    let id: CardId;
    if (m[3] !== undefined) {
      id = natural(m[3], field, 'a card id');
      const f = this.faces.get(id);
      if (!f || facesKey(f[0], f[1]) !== facesKey(active, inactive) || active === inactive)
        refuse(field, `card ${id} of this deck does not show ${active} and ${inactive}`);
    } else {
      const ids = active === inactive ? undefined : this.byFaces.get(facesKey(active, inactive));
      if (!ids) refuse(field, `this deck has no card showing ${active} and ${inactive}`);
      if (ids.length > 1)
        refuse(
          field,
          `this deck has ${ids.length} cards showing ${active} and ${inactive}: write which, as ${text}#id`,
        );
      id = ids[0]!;
    }
    return { card: { id, active }, known: m[4] === '!' };
  }
}

const STATUSES: readonly GameStatus[] = ['playing', 'roundOver', 'gameOver'];

/**
 * The fields after the table, in their order, each told by its tag and the character after it. Only the turn
 * is required: the short form leaves out any other, and the description's defaults fill it in
 * (position-description.ts, docs/notation.md §5).
 */
const OPTIONAL_FIELDS: readonly { field: Field; is: (token: string) => boolean }[] = [
  // a word of letters only (a random stream of 32 letters a–f is the one other such field)
  { field: 'status', is: (t) => /^[A-Za-z]+$/.test(t) && !/^x[a-f]{32}$/.test(t) },
  { field: 'round', is: (t) => /^r[0-9]/.test(t) },
  { field: 'turn', is: (t) => /^t[0-9]/.test(t) },
  { field: 'starter', is: (t) => /^s[0-9]/.test(t) },
  { field: 'out', is: (t) => /^o[-0-9]/.test(t) },
  { field: 'scores', is: (t) => /^p[-0-9]/.test(t) },
  { field: 'moves', is: (t) => /^m[0-9]/.test(t) },
  { field: 'random', is: (t) => /^x[0-9a-f]/.test(t) },
  { field: 'seed', is: (t) => /^["0-9-]/.test(t) },
  { field: 'deck', is: (t) => t.startsWith('deck') },
];

/** The tokens after the table, by field; a refusal for a token out of place or a missing turn. */
function tailFields(tokens: readonly string[]): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  let i = 0;
  for (const { field, is } of OPTIONAL_FIELDS) {
    if (i < tokens.length && is(tokens[i]!)) found[field] = tokens[i++]!;
  }
  if (i < tokens.length) {
    refuse(
      '',
      `${describeValue(tokens[i])} is not a field here: after the table come status, round, turn, starter, out, scores, moves, random, seed and deck, in this order, each but the turn optional`,
    );
  }
  if (found.turn === undefined) refuse('turn', 'the turn t<seat> is required, even in the short form');
  return found;
}

/** Set problems a description cannot carry (it holds one value per set): a mixed set in the text. */
type MixedSets = { path: string; text: string }[];

/** The description a text stands for; a refusal when it does not follow the grammar. */
function describe(text: string, mixed: MixedSets): PositionDescription {
  const fields = text.trim().split(/\s+/);
  const version = fields[0] ?? '';
  if (version !== TAG) {
    const other = /^dnup([0-9]{1,6})$/.exec(version);
    refuse(
      'version',
      other
        ? `this library reads position text version ${POSITION_TEXT_VERSION} (${TAG}), not version ${other[1]}`
        : 'a position text starts with its version tag, dnup1',
    );
  }
  if (fields.length < 5 || fields.length > 14)
    refuse('', `a position text has from 5 fields (the short form) to 13 (14 with a deck), not ${fields.length}`);
  const [, players, hands, table] = fields as [string, string, string, string];
  // the full form is read field by field, so that a bad field is named; the short form by tags
  const tail = fields.slice(4);
  const full = tail.length === 9 ? !tail[8]!.startsWith('deck') : tail.length === 10;
  const { status, round, turn, starter, out, scores, moves, random, seed, deck } = full
    ? (Object.fromEntries(FIELDS.slice(4).map((f, i) => [f, tail[i]])) as Partial<Record<Field, string>>)
    : tailFields(tail);
  const deckDef = deck === undefined ? undefined : readDeck(deck);
  const cards = new CardReader(deckDef ?? STANDARD_DECK);
  const names = players.split(',').map((n) => unescapeText(n, 'players'));
  const known: CardId[][] = [];
  const handList = hands.split(';').map((h) => {
    const ids: CardId[] = [];
    known.push(ids);
    if (h === '-') return [];
    return h.split(',').map((c) => {
      const read = cards.read(c, 'hands', true);
      if (read.known) ids.push(read.card.id);
      return read.card;
    });
  });
  const sets: TableSetDescription[] =
    table === '-'
      ? []
      : table.split(';').map((t, i) => {
          const colon = t.indexOf(':');
          if (colon < 0) refuse('table', `${describeValue(t)} is not a set seat:cards`);
          const at = place(t.slice(0, colon), 'table');
          const setCards = t
            .slice(colon + 1)
            .split(',')
            .map((c) => cards.read(c, 'table', false).card);
          const value = setCards[0]!.active;
          // readable, but against the rules (rules §1): a position problem, as in a JSON description
          if (setCards.some((c) => c.active !== value)) mixed.push({ path: `table[${i}]`, text: t });
          return { seat: at.seat, area: at.area ?? 0, value, cards: setCards.map((c) => c.id) };
        });
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
    refuse('status', `${describeValue(status)} is not playing, roundOver or gameOver`);
  let turnAt: { seat: number; area?: number };
  let turnNumber: number | undefined;
  const hash = turn!.indexOf('#');
  if (hash < 0) turnAt = place(tagged(turn!, 't', 'turn'), 'turn');
  else {
    turnAt = place(tagged(turn!.slice(0, hash), 't', 'turn'), 'turn');
    turnNumber = natural(turn!.slice(hash + 1), 'turn', 'a turn number');
  }
  let rng: readonly [number, number, number, number] | undefined;
  if (random !== undefined) {
    const x = tagged(random, 'x', 'random');
    if (!/^[0-9a-f]{32}$/.test(x)) refuse('random', 'the random stream is x and 32 lowercase hex digits');
    rng = [0, 8, 16, 24].map((i) => parseInt(x.slice(i, i + 8), 16)) as unknown as readonly [
      number,
      number,
      number,
      number,
    ];
  }
  let seedValue: string | number | undefined;
  if (seed === undefined) seedValue = undefined;
  else if (seed.startsWith('"')) seedValue = quoted(seed, 'seed', 'a seed');
  else {
    if (!/^-?(0|[1-9][0-9]{0,15})$/.test(seed) || !Number.isSafeInteger(Number(seed)))
      refuse('seed', `${describeValue(seed)} is neither a text in double quotes nor a whole number`);
    seedValue = Number(seed);
  }
  return {
    players: names,
    hands: handList,
    known,
    table: sets,
    turn: { seat: turnAt.seat, area: turnAt.area ?? 0, ...(turnNumber === undefined ? {} : { number: turnNumber }) },
    ...(out === undefined ? {} : { out: list(tagged(out, 'o', 'out'), 'out', 'a seat') }),
    ...(scores === undefined ? {} : { scores: list(tagged(scores, 'p', 'scores'), 'scores', 'a score') }),
    ...(round === undefined ? {} : { round: natural(tagged(round, 'r', 'round'), 'round', 'a round number') }),
    ...(status === undefined ? {} : { status: status as GameStatus }),
    ...(starter === undefined ? {} : { starter: natural(tagged(starter, 's', 'starter'), 'starter', 'a seat') }),
    ...(deckDef === undefined ? {} : { deck: deckDef }),
    ...(seedValue === undefined ? {} : { seed: seedValue }),
    ...(rng === undefined ? {} : { rng }),
    ...(moves === undefined ? {} : { moveCount: natural(tagged(moves, 'm', 'moves'), 'moves', 'a move count') }),
  };
}

/**
 * Reads one line of position text (docs/notation.md §5) into the state it stands for, checked
 * like every position (`fromPosition`). Leading and trailing white space and runs of white space
 * between fields are accepted; everything else must follow the grammar. The short form
 * (`dnup1 Ana,Ben 5/2;7/1 - t0`) leaves out any field after the table but the turn, and the turn's
 * number: status `playing`, the round the scores imply, turn number 1, the seat to play as
 * starter, nobody out, zero scores, the fewest moves, seed `"position"` and its random stream.
 *
 * Costs time linear in the text; a text longer than {@link MAX_POSITION_TEXT} is refused unread.
 *
 * @param text - a text that starts with the version tag `dnup1`.
 * @returns the state, with no history (`lastMove` null, `events` empty).
 * @throws {@link NotationError} `BAD_POSITION_TEXT` (naming the field) when the text does not
 * follow the grammar, is of another version or is too long; {@link PositionError} listing every
 * problem when it does, but the position breaks a rule (a card twice, a set of mixed values,
 * impossible scores…).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { createGame, formatPosition, parsePosition, legalMoves } from 'dnup';
 * const text = formatPosition(createGame(['Ana', 'Ben'], 'duel'));
 * assert.equal(formatPosition(parsePosition(text)), text);
 * assert.ok(legalMoves(parsePosition(text)).length > 0);
 * ```
 */
export function parsePosition(text: string): GameState {
  if (typeof text !== 'string') {
    throw new NotationError(
      'BAD_POSITION_TEXT',
      `${describeValue(text)} is not a position text: a position is written as one line of text starting ${TAG} (see docs/notation.md).`,
      describeValue(text),
      {},
      { input: describeValue(text) },
    );
  }
  if (text.length > MAX_POSITION_TEXT) {
    throw new NotationError(
      'BAD_POSITION_TEXT',
      `A text of ${text.length} characters is too long to be a position text (at most ${MAX_POSITION_TEXT}; see docs/notation.md).`,
      describeValue(text),
      {},
      { input: describeValue(text) },
    );
  }
  let description: PositionDescription;
  const mixed: MixedSets = [];
  try {
    description = describe(text, mixed);
  } catch (e) {
    if (!(e instanceof TextRefusal)) throw e;
    const where = e.field === '' ? '' : ` (its ${e.field} field)`;
    throw new NotationError(
      'BAD_POSITION_TEXT',
      `${describeValue(text)} is not a position text${where}: ${e.message} (see docs/notation.md).`,
      describeValue(text),
      {},
      { input: describeValue(text), ...(e.field === '' ? {} : { path: e.field }) },
    );
  }
  if (mixed.length > 0) {
    // every problem, as for JSON: the mixed sets first, then what the description breaks
    const problems: PositionProblem[] = mixed.map(({ path, text: set }) => ({
      code: 'MIXED_SET',
      path,
      rule: '§1',
      message: `The cards of ${describeValue(set)} do not all show one value: all cards of a set show one value.`,
    }));
    const others = validatePosition(description).filter(
      (p) => !mixed.some((m) => p.code === 'MIXED_SET' && p.path.startsWith(m.path)),
    );
    throw new PositionError([...problems, ...others].slice(0, MAX_LISTED_PROBLEMS), problems.length + others.length);
  }
  return fromPosition(description);
}
