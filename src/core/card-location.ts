/** Where a card is and which face it shows (rules §8: each card's active value, wherever it is). */
import { deckIndex, deckProblems, idsInUse, inUseIds, type CardId, type DeckDefinition } from './cards.js';
import { ArgumentError } from './errors.js';
import { describeValue, isRecord, readInput } from './input.js';
import type { GameState } from './state.js';
import { isIntactState, trustedDeck, withState } from './trust.js';

/** A card's place: in a hand or a table set with its active and inactive value, or face down in the discard pile. */
export type CardLocation =
  | { readonly zone: 'hand'; readonly seat: number; readonly active: number; readonly inactive: number }
  | {
      readonly zone: 'table';
      readonly seat: number;
      readonly area: number;
      readonly active: number;
      readonly inactive: number;
    }
  | { readonly zone: 'discard' };

/**
 * Finds a card of the game.
 *
 * @returns its location, or undefined for a card that is not in this game.
 *
 * @example
 * ```ts
 * const where = locateCard(state, 17);
 * if (where?.zone === 'hand') console.log(`seat ${where.seat} holds it showing ${where.active}`);
 * ```
 */
export function locateCard(state: GameState, id: CardId): CardLocation | undefined {
  return withState(state, (s) => locate(s, id));
}

function locate(state: GameState, id: CardId): CardLocation | undefined {
  if (!Number.isSafeInteger(id)) return undefined;
  const faces = deckIndex(state.deck).faces[id];
  if (faces === undefined) return undefined;
  const other = (active: number) => (active === faces[0] ? faces[1] : faces[0]);
  for (let seat = 0; seat < state.hands.length; seat++) {
    const card = state.hands[seat]!.find((c) => c.id === id);
    if (card) return { zone: 'hand', seat, active: card.active, inactive: other(card.active) };
  }
  for (const t of state.table) {
    if (t.cards.includes(id))
      return { zone: 'table', seat: t.seat, area: t.area, active: t.value, inactive: other(t.value) };
  }
  return deckIndex(state.deck).minPlayers[id]! <= state.players.length ? { zone: 'discard' } : undefined;
}

/**
 * The value on the other face of a card showing `active`: what it shows once rotated (rules §1).
 *
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when the deck is not sound, or the card is not in it or does not show `active`.
 *
 * @example
 * ```ts
 * inactiveValue(state, { id: 17, active: 3 }); // 6 (card 17 is 3 · 6)
 * ```
 */
export function inactiveValue(
  state: Pick<GameState, 'deck'>,
  card: { readonly id: CardId; readonly active: number },
): number {
  const read = readInput(
    { deck: isIntactState(state) ? undefined : (state as { deck?: unknown } | null)?.deck, card },
    { depth: 6 },
  );
  const deck = isIntactState(state)
    ? state.deck
    : read.ok && isRecord(read.value)
      ? trustedDeck(read.value.deck)
      : undefined;
  if (!deck)
    throw new ArgumentError(
      'BAD_ARGUMENT',
      'inactiveValue needs a state (or { deck }) whose deck is sound (rules §2).',
    );
  const c = read.ok && isRecord(read.value) ? read.value.card : undefined;
  const id = isRecord(c) ? c.id : undefined;
  const active = isRecord(c) ? c.active : undefined;
  const faces = Number.isSafeInteger(id) ? deckIndex(deck).faces[id as number] : undefined;
  if (faces === undefined || (faces[0] !== active && faces[1] !== active)) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `Card ${describeValue(id)} cannot show ${describeValue(active)} in this deck (rules §2).`,
    );
  }
  return active === faces[0] ? faces[1] : faces[0];
}

/**
 * The ids of the cards a game of `players` players uses, ascending (rules §3.1: a card is used
 * when its `minPlayers` is at most the number of players).
 *
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when `deck` is not a sound deck or `players` not 2 to 5.
 * @example
 * ```ts
 * cardsInUse(STANDARD_DECK, 2).length; // 26
 * ```
 */
export function cardsInUse(deck: DeckDefinition, players: number): CardId[] {
  const own = trustedDeck(deck);
  if (!own)
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `cardsInUse needs a sound deck (rules §2): ${deckProblems(deck)[0]?.message ?? ''}`,
    );
  if (!Number.isInteger(players) || players < 2 || players > 5)
    throw new ArgumentError('BAD_ARGUMENT', `A game has 2 to 5 players, not ${describeValue(players)} (rules §1).`);
  return idsInUse(own, players);
}

/**
 * The cards of the discard pile, ascending: every card in use that is in no hand and in no table
 * set (rules §3.1, §4.1). The pile is face down, but each of its cards was seen on the table.
 *
 * @example
 * ```ts
 * discardPile(state).length === state.discardCount; // true
 * ```
 */
export function discardPile(state: GameState): CardId[] {
  return withState(state, discardPileOf);
}

/** {@link discardPile} of a state the library made (internal). */
export function discardPileOf(state: Pick<GameState, 'deck' | 'players' | 'hands' | 'table'>): CardId[] {
  const index = deckIndex(state.deck);
  const n = state.players.length;
  const inUse = inUseIds(index, n);
  const placed = new Uint8Array(index.faces.length);
  for (const hand of state.hands) for (let i = 0; i < hand.length; i++) placed[hand[i]!.id] = 1;
  for (const t of state.table) for (let i = 0; i < t.cards.length; i++) placed[t.cards[i]!] = 1;
  const pile: CardId[] = [];
  for (let i = 0; i < inUse.length; i++) if (placed[inUse[i]!] === 0) pile.push(inUse[i]!);
  return pile;
}
