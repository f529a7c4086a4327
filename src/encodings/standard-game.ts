/**
 * What every encoding shares: the standard deck's cards in use for a player count (rules §2,
 * §3.1), each value's cards, and the check that a game uses the standard deck. The encodings
 * are fixed-size only for the standard deck, so a custom deck is refused with a coded error.
 */
import { STANDARD_DECK, isStandardDeck, type CardId, type DeckDefinition, ArgumentError } from '../core/index.js';
import { describeValue, areasPerSeat } from '../core/internal.js';

/** The standard deck's layout for one player count, computed once. */
export interface StandardLayout {
  readonly players: number;
  /** Play areas per seat: 2 in the duel, 1 otherwise (rules §1). */
  readonly areas: number;
  /** The ids of the cards in use, ascending (rules §3.1). */
  readonly cards: readonly CardId[];
  /** `slot[id]`: the card's position in `cards`, or -1 for a card not in use. */
  readonly slot: Int32Array;
  /** `byValue[v]`: the ids in use with `v` on one face, ascending (v from 1 to 10; at most 8). */
  readonly byValue: readonly (readonly CardId[])[];
}

const layouts: (StandardLayout | undefined)[] = [];

/** The standard deck's layout for `players`, or `BAD_ARGUMENT` for anything but 2 to 5. */
export function standardLayout(players: unknown): StandardLayout {
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
    throw new ArgumentError('BAD_ARGUMENT', `A game has 2 to 5 players, not ${describeValue(players)} (rules §1).`);
  }
  const cached = layouts[players];
  if (cached) return cached;
  const cards = STANDARD_DECK.cards.filter((c) => c.minPlayers <= players).map((c) => c.id);
  const slot = new Int32Array(STANDARD_DECK.cards.length).fill(-1);
  cards.forEach((id, i) => (slot[id] = i));
  const byValue: CardId[][] = Array.from({ length: 11 }, () => []);
  for (const id of cards) for (const v of STANDARD_DECK.cards[id]!.faces) byValue[v]!.push(id);
  const layout: StandardLayout = { players, areas: areasPerSeat(players), cards, slot, byValue };
  layouts[players] = layout;
  return layout;
}

const standardDecks = new WeakSet<DeckDefinition>([STANDARD_DECK]);

/** Throws `BAD_ARGUMENT` unless `deck` (of a trusted state or view) is the standard deck (rules §2). */
export function assertStandardDeck(deck: DeckDefinition, fn: string): void {
  if (standardDecks.has(deck)) return;
  if (!isStandardDeck(deck)) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `${fn} encodes games of the standard deck only (rules §2); this game uses another deck.`,
    );
  }
  standardDecks.add(deck);
}
