/** Drawing a card: the active value large at the top, the inactive one small and upside down. */
import type { DeckDefinition, HeldCard } from 'dnup';
import { h } from './dom';
import { facesOf, isStar } from './engine';

/** 6 and 9 read the same upside down, so they are underlined, as on the real cards. */
function valueEl(value: number, cls: string): HTMLElement {
  return h('span', { class: value === 6 || value === 9 ? `${cls} underlined` : cls }, String(value));
}

/** The face of one card; `extra` adds classes (selected, just-rotated...). */
export function cardFace(card: HeldCard, deck: DeckDefinition, extra = ''): HTMLElement {
  const [active, inactive] = facesOf(card, deck);
  const star = isStar(card.id, deck);
  return h(
    'span',
    {
      class: `card${extra ? ` ${extra}` : ''}`,
      'data-card-id': card.id,
      'data-active': active,
      title: `${active} (other side ${inactive})${star ? ', the ★ card' : ''}, card #${card.id}`,
    },
    valueEl(active, 'active'),
    star ? h('span', { class: 'star', 'aria-hidden': 'true' }, '★') : null,
    valueEl(inactive, 'inactive'),
  );
}

/** A face-down card of an opponent's hand. */
export function cardBack(): HTMLElement {
  return h('span', { class: 'card back', 'aria-hidden': 'true' });
}
