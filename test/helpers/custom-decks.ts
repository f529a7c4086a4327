/**
 * Random custom decks (rules §2) and random games played with them. A deck is drawn for one
 * player count: sparse ids across 0–65535, faces from a small palette of values that mixes small
 * numbers with huge ones (around 2^31, 2^32 and Number.MAX_SAFE_INTEGER), so that many cards share
 * a value and comparisons cross every integer width. Everything is drawn without `chain`, then
 * mapped, so fast-check shrinks each part (hand size, ids, palette, faces) on its own.
 */
import fc from 'fast-check';
import { createGame, type CardDefinition, type DeckDefinition, type GameState } from '../../src/index.js';
import { playFrom, type Step } from './random-games.js';

/** At most this many card faces in use show one value, so a hand holds at most this many cards of a value (≤ 2^10 − 1 plays). */
export const MAX_FACES_PER_VALUE = 10;
/** Cards kept out by their minPlayers mark, at most. */
const MAX_UNUSED = 6;

const around = (base: number, below: number, above: number): fc.Arbitrary<number> =>
  fc.integer({ min: -below, max: above }).map((k) => base + k);

/** A face value: small, or at the edges of 31-, 32- and 53-bit integers, or any safe integer. */
export const faceValue: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 2, arbitrary: around(2 ** 31, 3, 3) },
  { weight: 1, arbitrary: around(2 ** 32, 3, 3) },
  { weight: 1, arbitrary: around(Number.MAX_SAFE_INTEGER, 6, 0) },
  { weight: 1, arbitrary: fc.maxSafeNat().map((x) => Math.max(1, x)) },
);

/** A card id: low, at the top of the range, or anywhere in 0–65535. */
const cardId = fc.oneof(
  fc.integer({ min: 0, max: 63 }),
  fc.integer({ min: 65_500, max: 65_535 }),
  fc.integer({ min: 0, max: 65_535 }),
);

/** The raw draws a deck is built from. */
interface DeckDraw {
  handSize: number;
  unused: number;
  ids: number[];
  palette: number[];
  faces: [number, number][];
  marks: number[];
  star: number;
  explicitFalse: boolean[];
  name: string | undefined;
}

/**
 * The palette's distinct values, with more added when it is too small to spread `faces` card
 * faces at {@link MAX_FACES_PER_VALUE} per value: the largest plus 1, 2, … while safe, else the
 * smallest integers ≥ 1 not yet in it.
 */
function widePalette(palette: readonly number[], faces: number): number[] {
  const out = new Set(palette);
  const need = Math.ceil(faces / MAX_FACES_PER_VALUE) + 1;
  let up = Math.max(...out);
  let low = 1;
  while (out.size < need) {
    if (up < Number.MAX_SAFE_INTEGER) out.add(++up);
    else {
      while (out.has(low)) low++;
      out.add(low);
    }
  }
  return [...out];
}

/** The deck a draw stands for, valid for `players` players (rules §2). */
function buildDeck(players: number, d: DeckDraw): DeckDefinition {
  const inUse = players * d.handSize;
  const unused = players === 5 ? 0 : d.unused;
  const total = inUse + unused;
  const palette = widePalette(d.palette, 2 * inUse);
  const count = new Map<number, number>();
  const roomy = (from: number, not: number): number => {
    // the first palette index from `from` on (cyclically) with room, other than `not`
    for (let k = 0; k < palette.length; k++) {
      const i = (from + k) % palette.length;
      if (i !== not && (count.get(i) ?? 0) < MAX_FACES_PER_VALUE) return i;
    }
    throw new Error('palette too small');
  };
  const cards: CardDefinition[] = [];
  for (let i = 0; i < total; i++) {
    const used = i < inUse;
    const [pa, pb] = d.faces[i]!;
    let a: number;
    let b: number;
    if (used) {
      a = roomy(pa % palette.length, -1);
      b = roomy((a + 1 + (pb % (palette.length - 1))) % palette.length, a);
      count.set(a, (count.get(a) ?? 0) + 1);
      count.set(b, (count.get(b) ?? 0) + 1);
    } else {
      a = pa % palette.length;
      b = (a + 1 + (pb % (palette.length - 1))) % palette.length;
    }
    const mark = d.marks[i]!;
    // cards in use carry a mark from 2 to `players`; the others a mark above `players`
    const minPlayers = used ? 2 + (mark % (players - 1)) : players + 1 + (mark % (5 - players));
    const card: CardDefinition = { id: d.ids[i]!, faces: [palette[a]!, palette[b]!], minPlayers };
    cards.push(d.explicitFalse[i] ? { ...card, star: false } : card);
  }
  // the ★ is a card in use at every player count (minPlayers 2)
  const s = d.star % inUse;
  cards[s] = { id: cards[s]!.id, faces: cards[s]!.faces, minPlayers: 2, star: true };
  return d.name === undefined ? { cards } : { name: d.name, cards };
}

/** Options of {@link customDeck}. */
export interface DeckShape {
  /** Hands hold 1 to this many cards when dealt (default 10). */
  readonly maxHandSize?: number;
  /** Cards in use at most (default 40, the standard deck's size). */
  readonly maxInUse?: number;
  /** The face values drawn into the palette (default {@link faceValue}). */
  readonly values?: fc.Arbitrary<number>;
}

/**
 * A valid custom deck for `players` players: 1 to `maxHandSize` cards per hand (at most
 * `maxInUse` cards in use), up to six more cards kept out by their minPlayers mark, the ★ on a
 * card of minPlayers 2, cards listed in no particular order.
 */
export function customDeck(players: number, shape: DeckShape = {}): fc.Arbitrary<DeckDefinition> {
  const maxInUse = shape.maxInUse ?? 40;
  const slots = maxInUse + MAX_UNUSED;
  return fc
    .record({
      handSize: fc.integer({ min: 1, max: Math.min(shape.maxHandSize ?? 10, Math.floor(maxInUse / players)) }),
      unused: fc.integer({ min: 0, max: MAX_UNUSED }),
      ids: fc.uniqueArray(cardId, { minLength: slots, maxLength: slots }),
      palette: fc.array(shape.values ?? faceValue, { minLength: 2, maxLength: 10 }),
      faces: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: slots, maxLength: slots }),
      marks: fc.array(fc.nat(), { minLength: slots, maxLength: slots }),
      star: fc.nat(),
      explicitFalse: fc.array(fc.boolean(), { minLength: slots, maxLength: slots }),
      name: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
    })
    .map((d) => buildDeck(players, d));
}

/** A game with a custom deck: the deck, the seed, and one index into the legal moves per step. */
export interface DeckScript {
  players: number;
  deck: DeckDefinition;
  seed: string;
  choices: number[];
}

/** Random games over random custom decks; `maxMoves` bounds the game length (a harness bound, not a rule). */
export function deckScript(opts: { players: number; maxMoves?: number } & DeckShape): fc.Arbitrary<DeckScript> {
  return fc.record({
    players: fc.constant(opts.players),
    deck: customDeck(opts.players, opts),
    seed: fc.string({ maxLength: 8 }),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: opts.maxMoves ?? 150 }),
  });
}

/** The first state of a script's game. */
export function startOf(script: DeckScript): GameState {
  return createGame(script.players, script.seed, { deck: script.deck });
}

/** Plays a script (stopping early if the game ends), calling `visit` at every step; returns the final state. */
export function playDeckScript(script: DeckScript, visit: (step: Step) => void = () => {}): GameState {
  return playFrom(startOf(script), script.choices, visit);
}
