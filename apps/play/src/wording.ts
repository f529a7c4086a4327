/**
 * The playground's wording layer: the library's sentences name cards and seats by their internal
 * numbers ("Card 20 shows 9", "seat 1's turn"), which a player never sees. Here they become faces
 * and names, without touching the library's messages, which tools and other pages rely on.
 */
import type { DeckDefinition, HeldCard } from 'dnup';
import { facesOf } from './engine';

/** How a card reads to a player: "the 9 (other side 3)". */
function cardWords(card: HeldCard, deck: DeckDefinition): string {
  const [active, inactive] = facesOf(card, deck);
  return `the ${active} (other side ${inactive})`;
}

/** What the page knows to name cards and seats in a sentence. */
export interface WordingContext {
  readonly players: readonly string[];
  readonly deck: DeckDefinition;
  /** Cards the reader can see with their faces (their hand, the table). */
  readonly cards: readonly HeldCard[];
}

/**
 * A library sentence in the player's words: "Card 20" becomes "The 9 (other side 3)" when the
 * reader can see that card (else "That card"), "seat 1" that player's name, and an area as the
 * data numbers it, "seat 1, area 0", "Ben's area 1", as the rulebook counts.
 */
export function inPlayerWords(message: string, ctx: WordingContext): string {
  return (
    message
      .replace(/\bCard (\d+) shows (\d+)/g, (whole, id: string) => {
        const card = ctx.cards.find((x) => x.id === Number(id));
        return card ? `Your card shows ${card.active} (${facesOf(card, ctx.deck)[1]} on its other side)` : whole;
      })
      .replace(/\b([Cc])ard (\d+)\b/g, (_, c: string, id: string) => {
        const card = ctx.cards.find((x) => x.id === Number(id));
        const words = card ? cardWords(card, ctx.deck) : 'that card';
        return c === 'C' ? words.charAt(0).toUpperCase() + words.slice(1) : words;
      })
      // the data's numbers count areas from 0; the page, like the rulebook and the library's
      // sentences that name players ("play area 2"), from 1
      .replace(/\b[Ss]eat (\d+), area (\d+)/g, (whole, seat: string, area: string) => {
        const name = ctx.players[Number(seat)];
        return name === undefined ? whole : `${name}'s area ${Number(area) + 1}`;
      })
      .replace(/\b[Ss]eat (\d+)('s)?/g, (whole, seat: string, s: string | undefined) => {
        const name = ctx.players[Number(seat)];
        return name === undefined ? whole : `${name}${s ?? ''}`;
      })
  );
}
