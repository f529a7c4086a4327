/**
 * Cards and decks (rules §2): the data types, the reconstructed standard deck, deck
 * validation and a per-deck lookup table built once and cached.
 */
import { describeValue, readInput } from './input.js';

/** A card's identity: the `id` of its {@link CardDefinition}. Integer from 0 to 65535. */
export type CardId = number;

/** One card of a deck definition (rules §2). */
export interface CardDefinition {
  /** Unique integer id, 0 to 65535. The standard deck uses 0–39, as in the rules §2 table. */
  readonly id: CardId;
  /** The two values printed on the card, different whole numbers from 1 to `Number.MAX_SAFE_INTEGER`. */
  readonly faces: readonly [number, number];
  /** The card is used only in games with at least this many players (2–5). */
  readonly minPlayers: number;
  /** True on exactly one card of a deck: its holder starts the round (rules §3.4). */
  readonly star?: boolean;
}

/** A deck definition: plain data, so a game may use the real card list or a house variant. */
export interface DeckDefinition {
  /** A name for logs and records. */
  readonly name?: string;
  readonly cards: readonly CardDefinition[];
}

/** A card in a hand, with the face that is up. The inactive value is the card's other face. */
export interface HeldCard {
  readonly id: CardId;
  /** The active value (the face that is up). */
  readonly active: number;
}

/** The largest card id a deck may use; ids index compact per-card arrays. */
export const MAX_CARD_ID = 65535;

const STANDARD_MIN_PLAYERS: readonly number[] = [
  4, 5, 3, 2, 2, 2, 2, 2, 4, 2, 2, 2, 3, 2, 2, 2, 4, 2, 2, 2, 3, 2, 4, 2, 2, 2, 2, 2, 5, 2, 2, 3, 5, 2, 2, 2, 4, 2, 4,
  5,
];

function buildStandardDeck(): DeckDefinition {
  // rules §2: every pair of distinct values 1–10 except 2|3, 4|5, 6|7, 8|9, 10|1,
  // in the table's order (by low value, then high value).
  const excluded = new Set(['2|3', '4|5', '6|7', '8|9', '1|10']);
  const cards: CardDefinition[] = [];
  for (let low = 1; low <= 10; low++) {
    for (let high = low + 1; high <= 10; high++) {
      if (excluded.has(`${low}|${high}`)) continue;
      const id = cards.length;
      const card: CardDefinition =
        low === 1 && high === 5
          ? { id, faces: [low, high], minPlayers: STANDARD_MIN_PLAYERS[id]!, star: true }
          : { id, faces: [low, high], minPlayers: STANDARD_MIN_PLAYERS[id]! };
      cards.push(Object.freeze({ ...card, faces: Object.freeze(card.faces) as [number, number] }));
    }
  }
  return Object.freeze({ name: 'standard', cards: Object.freeze(cards) });
}

/**
 * The reconstructed standard deck of rules §2: 40 cards, ids 0–39, card 3 (1 · 5) starred.
 *
 * @example
 * ```ts
 * import { STANDARD_DECK } from 'dnup';
 * STANDARD_DECK.cards[17]; // { id: 17, faces: [3, 6], minPlayers: 2 }
 * ```
 */
export const STANDARD_DECK: DeckDefinition = buildStandardDeck();

/** Everything the engine needs to know about a deck, computed once per deck object. */
export interface DeckIndex {
  readonly deck: DeckDefinition;
  /** `faces[id]`, or undefined for ids not in the deck. */
  readonly faces: readonly (readonly [number, number] | undefined)[];
  readonly minPlayers: readonly number[];
  readonly starId: CardId;
  /** Interned hand cards: `held[id][0]` shows faces[0], `held[id][1]` shows faces[1]. */
  readonly held: readonly (readonly [HeldCard, HeldCard] | undefined)[];
  /** `inUse[players]`: the ascending ids a game of that many players uses, filled on first use. */
  readonly inUse: (readonly CardId[] | undefined)[];
}

/** Problems of one deck spelled out; more are counted (a hostile deck may break thousands). */
const MAX_DECK_PROBLEMS = 20;

let lastDeck: DeckDefinition | undefined;
let lastIndex: DeckIndex | undefined;
const indexCache = new WeakMap<DeckDefinition, DeckIndex>();

/** Every kind of problem {@link deckProblems} can report (rules §2). */
export type DeckProblemCode =
  | 'UNREADABLE'
  | 'NOT_A_DECK'
  | 'BAD_NAME'
  | 'TOO_MANY_CARDS'
  | 'NOT_A_CARD'
  | 'BAD_ID'
  | 'DUPLICATE_ID'
  | 'BAD_FACES'
  | 'SAME_FACES'
  | 'BAD_MIN_PLAYERS'
  | 'BAD_STAR'
  | 'STAR_COUNT'
  | 'MORE_PROBLEMS'
  | 'STAR_NOT_IN_USE'
  | 'UNEVEN_DEAL';

/** One thing wrong with a deck definition. */
export interface DeckProblem {
  /** What is wrong. */
  readonly code: DeckProblemCode;
  /** Where in the deck, as a JSON path such as `cards[3].faces`; `""` for the whole deck. */
  readonly path: string;
  /** A sentence a player understands. */
  readonly message: string;
}

/**
 * Every problem with a deck definition, for `players` players when given; empty when the deck is
 * sound (rules §2). Never throws: a deck that cannot be read is one `UNREADABLE` problem. Past 20
 * problems the rest are counted in one `MORE_PROBLEMS`.
 *
 * @example
 * ```ts
 * import { deckProblems } from 'dnup';
 * deckProblems({ cards: [{ id: 0, faces: [4, 4], minPlayers: 2, star: true }] });
 * // [{ code: 'SAME_FACES', path: 'cards[0].faces', message: 'Card #0 (id 0) shows 4 on both faces; …' }]
 * ```
 */
export function deckProblems(input: unknown, players?: number): DeckProblem[] {
  // the library's own standard deck, frozen, is sound for every player count (rules §2, §3.1)
  if (input === STANDARD_DECK && (players === undefined || (Number.isInteger(players) && players >= 2 && players <= 5)))
    return [];
  // read once into plain data: holes, getters, cycles and BigInts become a problem, not a crash
  const read = readInput(input, { depth: 4 });
  if (!read.ok)
    return [
      {
        code: 'UNREADABLE',
        path: read.problem.path,
        message: `The deck cannot be read${read.problem.path ? ` (at ${read.problem.path})` : ''}: ${read.problem.message} (rules §2).`,
      },
    ];
  const deck = read.value;
  const problems: DeckProblem[] = [];
  const add = (code: DeckProblemCode, path: string, message: string): void => {
    problems.push({ code, path, message });
  };
  if (typeof deck !== 'object' || deck === null || !Array.isArray((deck as unknown as DeckDefinition).cards)) {
    return [{ code: 'NOT_A_DECK', path: '', message: 'A deck must be an object with a "cards" array (rules §2).' }];
  }
  const name = (deck as { name?: unknown }).name;
  // the name is written out (records, position text): text only
  if (name !== undefined && typeof name !== 'string')
    add('BAD_NAME', 'name', `A deck's name, when given, must be text, not ${describeValue(name)} (rules §2).`);
  const cards = (deck as unknown as DeckDefinition).cards as unknown[];
  if (cards.length > MAX_CARD_ID + 1)
    return [
      {
        code: 'TOO_MANY_CARDS',
        path: 'cards',
        message: `A deck has at most ${MAX_CARD_ID + 1} cards (ids 0 to ${MAX_CARD_ID}), not ${cards.length} (rules §2).`,
      },
    ];
  const seen = new Set<number>();
  let stars = 0;
  cards.forEach((raw, i) => {
    const where = `Card #${i}`;
    const at = `cards[${i}]`;
    if (typeof raw !== 'object' || raw === null) {
      add('NOT_A_CARD', at, `${where} is not an object.`);
      return;
    }
    const card = raw as Partial<CardDefinition>;
    const { id, faces, minPlayers, star } = card;
    if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > MAX_CARD_ID) {
      add('BAD_ID', `${at}.id`, `${where} has id ${describeValue(id)}; ids must be integers from 0 to ${MAX_CARD_ID}.`);
    } else if (seen.has(id as number)) {
      add('DUPLICATE_ID', `${at}.id`, `${where} repeats id ${id}; card ids must be unique.`);
    } else {
      seen.add(id as number);
    }
    // safe integers only: a bigger number read from JSON is silently rounded to another value
    if (!Array.isArray(faces) || faces.length !== 2 || !faces.every((v) => Number.isSafeInteger(v) && v >= 1)) {
      add(
        'BAD_FACES',
        `${at}.faces`,
        `${where} (id ${describeValue(id)}) must have two face values that are whole numbers from 1 to ${Number.MAX_SAFE_INTEGER}.`,
      );
    } else if (faces[0] === faces[1]) {
      add(
        'SAME_FACES',
        `${at}.faces`,
        `${where} (id ${describeValue(id)}) shows ${faces[0]} on both faces; the two values of a card must differ.`,
      );
    }
    if (!Number.isInteger(minPlayers) || (minPlayers as number) < 2 || (minPlayers as number) > 5) {
      add(
        'BAD_MIN_PLAYERS',
        `${at}.minPlayers`,
        `${where} (id ${describeValue(id)}) has minPlayers ${describeValue(minPlayers)}; it must be from 2 to 5.`,
      );
    }
    if (star !== undefined && typeof star !== 'boolean') {
      add('BAD_STAR', `${at}.star`, `${where} (id ${describeValue(id)}) has a star that is not true or false.`);
    }
    if (star === true) stars++;
  });
  if (stars !== 1) add('STAR_COUNT', 'cards', `A deck must have exactly one starred card; this one has ${stars}.`);
  if (problems.length > MAX_DECK_PROBLEMS)
    problems.splice(MAX_DECK_PROBLEMS, problems.length, {
      code: 'MORE_PROBLEMS',
      path: 'cards',
      message: `…and ${problems.length - MAX_DECK_PROBLEMS} more problems.`,
    });
  if (problems.length === 0 && players !== undefined) {
    const kept = (cards as CardDefinition[]).filter((c) => c.minPlayers <= players);
    if (!kept.some((c) => c.star === true)) {
      add(
        'STAR_NOT_IN_USE',
        'cards',
        `With ${players} players the starred card is not in use (its minPlayers is higher).`,
      );
    }
    if (kept.length === 0 || kept.length % players !== 0) {
      add(
        'UNEVEN_DEAL',
        'cards',
        `With ${players} players the deck keeps ${kept.length} cards, which do not divide evenly among the players.`,
      );
    }
  }
  return problems;
}

function buildIndex(deck: DeckDefinition): DeckIndex {
  let maxId = 0;
  for (const c of deck.cards) if (c.id > maxId) maxId = c.id;
  const faces: (readonly [number, number] | undefined)[] = new Array(maxId + 1).fill(undefined);
  const minPlayers: number[] = new Array(maxId + 1).fill(99);
  const held: (readonly [HeldCard, HeldCard] | undefined)[] = new Array(maxId + 1).fill(undefined);
  let starId = -1;
  for (const c of deck.cards) {
    faces[c.id] = [c.faces[0], c.faces[1]];
    minPlayers[c.id] = c.minPlayers;
    held[c.id] = [Object.freeze({ id: c.id, active: c.faces[0] }), Object.freeze({ id: c.id, active: c.faces[1] })];
    if (c.star === true) starId = c.id;
  }
  return { deck, faces, minPlayers, starId, held, inUse: [] };
}

/** True when `deck` lists exactly the cards of {@link STANDARD_DECK} (names aside). */
export function isStandardDeck(deck: DeckDefinition): boolean {
  const std = STANDARD_DECK.cards;
  if (deck === STANDARD_DECK) return true;
  const read = readInput(deck, { depth: 4 }); // any value: read once, never throws
  if (!read.ok || deckProblems(read.value).length > 0) return false;
  const plain = read.value as unknown as DeckDefinition;
  if (plain.cards.length !== std.length) return false;
  return plain.cards.every((c, i) => {
    const s = std[i]!;
    return (
      c.id === s.id &&
      c.faces[0] === s.faces[0] &&
      c.faces[1] === s.faces[1] &&
      c.minPlayers === s.minPlayers &&
      (c.star === true) === (s.star === true)
    );
  });
}

/** The cached lookup table of a deck (built on first use; the deck must already be valid). */
export function deckIndex(deck: DeckDefinition): DeckIndex {
  if (deck === lastDeck) return lastIndex!;
  let index = indexCache.get(deck);
  if (index === undefined) {
    index = buildIndex(deck);
    indexCache.set(deck, index);
  }
  lastDeck = deck;
  lastIndex = index;
  return index;
}

/** {@link idsInUse} of the index's deck, listed once per player count and kept in the index (internal). */
export function inUseIds(index: DeckIndex, players: number): readonly CardId[] {
  return (index.inUse[players] ??= idsInUse(index.deck, players));
}

/** The ids of the cards a game of `players` players uses, ascending (rules §3.1), for a checked deck (internal). */
export function idsInUse(deck: DeckDefinition, players: number): CardId[] {
  return deck.cards
    .filter((c) => c.minPlayers <= players)
    .map((c) => c.id)
    .sort((a, b) => a - b);
}

/** The same card turned over (rules §1 "rotate"), as an interned object. */
export function rotated(index: DeckIndex, card: HeldCard): HeldCard {
  return rotatedFrom(index, card.id, card.active);
}

/** Card `id`, which shows `active` now, turned over, as an interned object. */
export function rotatedFrom(index: DeckIndex, id: CardId, active: number): HeldCard {
  const pair = index.held[id]!;
  return active === pair[0].active ? pair[1] : pair[0];
}
