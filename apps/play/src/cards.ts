/**
 * Drawing a card: the active value large on the upper half, the inactive one small and upside
 * down on the lower half. Like the physical cards, each half is tinted by its value; the tint only
 * repeats what the number says (never colour alone), and 6 and 9 are underlined as on the cards.
 */
import type { DeckDefinition, HeldCard } from 'dnup';
import { v as h, type VNode } from './board/vdom';
import { facesOf, isStar } from './engine';
import { t } from './i18n';

/** The tint of a value: one of ten (styles.css), repeating for larger custom values. */
function tint(value: number): number {
  return ((Math.max(1, value) - 1) % 10) + 1;
}

/** 6 and 9 are underlined, as on the cards. */
const underlined = (value: number): boolean => value === 6 || value === 9;

/** What a card says to a screen reader: both values, and the ★. */
export function cardLabel(card: HeldCard, deck: DeckDefinition): string {
  const [active, inactive] = facesOf(card, deck);
  return `${t().cards.label(active, inactive)}${isStar(card.id, deck) ? t().cards.star : ''}`;
}

/**
 * How a card face is read: `img` — one image named by {@link cardLabel} (on the table); `hidden` —
 * not read at all (a hand card, whose button holds its words; the card being dragged).
 */
export type CardReading = 'img' | 'hidden';

/**
 * The face of one card, keyed by its id; `extra` adds classes (selected, just-rotated...). Two
 * elements: the card, whose own text is the active value, and the other side (a card of the hand
 * or of a set is made, styled and laid out at every move it takes part in, on phones too).
 */
export function cardFace(card: HeldCard, deck: DeckDefinition, extra = '', reading: CardReading = 'img'): VNode {
  const [active, inactive] = facesOf(card, deck);
  const star = isStar(card.id, deck);
  const marks = `${underlined(active) ? ' ua' : ''}${underlined(inactive) ? ' ui' : ''}`;
  return h(
    'span',
    {
      key: card.id,
      class: `card ta${tint(active)} tb${tint(inactive)}${marks}${extra ? ` ${extra}` : ''}`,
      'data-card-id': card.id,
      'data-active': active,
      ...(reading === 'img' ? { role: 'img', 'aria-label': cardLabel(card, deck) } : { 'aria-hidden': 'true' }),
    },
    String(active),
    h('span', { class: 'other' }, String(inactive)),
    star ? h('span', { class: 'star' }, '★') : null,
  );
}

/** A face-down card of an opponent's hand. */
export function cardBack(key: number): VNode {
  return h('span', { key, class: 'card back', 'aria-hidden': 'true' });
}
