/** Where a card is and which face it shows (RULES.md §8: each card's active value, wherever it is). */
import { deckIndex, type CardId } from './cards.js';
import type { GameState } from './state.js';

/** A card's place: in a hand or a table set with its active and inactive value, or face down in the discard pile. */
export type CardLocation =
  | { readonly zone: 'hand'; readonly seat: number; readonly active: number; readonly inactive: number }
  | { readonly zone: 'table'; readonly seat: number; readonly area: number; readonly active: number; readonly inactive: number }
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
  const faces = deckIndex(state.deck).faces[id];
  if (faces === undefined) return undefined;
  const other = (active: number) => (active === faces[0] ? faces[1] : faces[0]);
  for (let seat = 0; seat < state.hands.length; seat++) {
    const card = state.hands[seat]!.find((c) => c.id === id);
    if (card) return { zone: 'hand', seat, active: card.active, inactive: other(card.active) };
  }
  for (const t of state.table) {
    if (t.cards.includes(id)) return { zone: 'table', seat: t.seat, area: t.area, active: t.value, inactive: other(t.value) };
  }
  return state.discard.includes(id) ? { zone: 'discard' } : undefined;
}

/**
 * The value on the other face of a card showing `active`: what it shows once rotated (RULES.md §1).
 *
 * @throws RangeError when the card is not in the deck or does not show `active`.
 *
 * @example
 * ```ts
 * inactiveValue(state, { id: 17, active: 3 }); // 6 (card 17 is 3 · 6)
 * ```
 */
export function inactiveValue(state: Pick<GameState, 'deck'>, card: { readonly id: CardId; readonly active: number }): number {
  const faces = deckIndex(state.deck).faces[card.id];
  if (faces === undefined || (faces[0] !== card.active && faces[1] !== card.active)) {
    throw new RangeError(`Card ${card.id} cannot show ${card.active} in this deck (RULES.md §2).`);
  }
  return card.active === faces[0] ? faces[1] : faces[0];
}
