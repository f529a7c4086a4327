/**
 * Drawing a card: the active value large on the upper half, the inactive one small and upside
 * down on the lower half. Like the physical cards, each half is tinted by its value; the tint only
 * repeats what the number says (never colour alone), and 6 and 9 are underlined as on the cards.
 */
import type { DeckDefinition, HeldCard } from 'dnup';
import { v as h, type VNode } from './board/vdom';
import { facesOf, isStar } from './engine';
import { t } from './i18n';

/** The tint class of a value: one per value 1–10 (styles.css), repeating for larger custom values. */
function valueClass(value: number): string {
  return `v${((Math.max(1, value) - 1) % 10) + 1}`;
}

/** One half of a card; `after` follows the number inside the half (words for screen readers). */
function valueEl(value: number, cls: string, after: VNode | null = null): VNode {
  const underline = value === 6 || value === 9 ? ' underlined' : '';
  return h(
    'span',
    { class: `${cls} ${valueClass(value)}` },
    h('span', { class: `num${underline}` }, String(value), after),
  );
}

/** What a card says to a screen reader: both values, and the ★. */
function cardLabel(card: HeldCard, deck: DeckDefinition): string {
  const [active, inactive] = facesOf(card, deck);
  return `${t().cards.label(active, inactive)}${isStar(card.id, deck) ? t().cards.star : ''}`;
}

/**
 * How a card face is read: `img` — one image named by {@link cardLabel} (on the table);
 * `text` — its words are its content, "8, other side 5", so a button holding it is named by what
 * it shows (the hand); `hidden` — not read at all (the card being dragged).
 */
export type CardReading = 'img' | 'text' | 'hidden';

/** The face of one card, keyed by its id; `extra` adds classes (selected, just-rotated...). */
export function cardFace(card: HeldCard, deck: DeckDefinition, extra = '', reading: CardReading = 'img'): VNode {
  const [active, inactive] = facesOf(card, deck);
  const star = isStar(card.id, deck);
  const words = (text: string): VNode | null => (reading === 'text' ? h('span', { class: 'sr-only' }, text) : null);
  return h(
    'span',
    {
      key: card.id,
      class: `card${extra ? ` ${extra}` : ''}`,
      'data-card-id': card.id,
      'data-active': active,
      ...(reading === 'img'
        ? { role: 'img', 'aria-label': cardLabel(card, deck) }
        : reading === 'hidden'
          ? { 'aria-hidden': 'true' }
          : {}),
    },
    valueEl(active, 'active', words(t().cards.otherSide)),
    star ? h('span', { class: 'star', 'aria-hidden': 'true' }, '★') : null,
    valueEl(inactive, 'inactive', star ? words(t().cards.star) : null),
  );
}

/** A face-down card of an opponent's hand. */
export function cardBack(key: number): VNode {
  return h('span', { key, class: 'card back', 'aria-hidden': 'true' });
}
