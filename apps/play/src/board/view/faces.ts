/**
 * The board's card faces (and an opponent's hand face down), each made once and handed to the
 * patcher again as the same vnode while nothing it shows changes: snabbdom skips a vnode it drew last time (it compares by identity
 * first), so a move costs the cards it changed, not every card on screen. One cache per board,
 * keyed by place (a seat's panel, a play area, the hand) as well as by card: a vnode is drawn under
 * one parent only, since the patcher keeps its element in it. For the same reason the parent of a
 * kept vnode and its siblings are keyed: unkeyed siblings of one tag are patched into one another
 * when one of them comes or goes, and a kept card moved that way would leave its element behind.
 */
import type { DeckDefinition, HeldCard } from 'dnup';
import { cardBack, cardFace, type CardReading } from '../../cards';
import { t } from '../../i18n';
import { v as h, type VNode } from '../vdom';

/** More faces than a game shows in all its places and states: past it the cache starts again. */
const LIMIT = 2000;

export class FaceCache {
  private readonly faces = new Map<string, VNode>();
  private words: unknown = null;
  private deck: DeckDefinition | null = null;

  /** The face of `card` drawn in `place` ({@link cardFace}'s other arguments). */
  face(place: string, card: HeldCard, deck: DeckDefinition, extra = '', reading: CardReading = 'img'): VNode {
    return this.kept(`${place}|${card.id}|${card.active}|${extra}|${reading}`, deck, () =>
      cardFace(card, deck, extra, reading),
    );
  }

  /** An opponent's hand of `count` cards face down, drawn in the panel of `seat` (at most 13 shown). */
  backs(seat: number, count: number, deck: DeckDefinition): VNode {
    return this.kept(`backs${seat}|${count}`, deck, () =>
      h(
        'div',
        { key: 'backs', class: 'mini-hand backs', 'aria-hidden': 'true' },
        Array.from({ length: Math.min(count, 13) }, (_, i) => cardBack(i)),
      ),
    );
  }

  private kept(key: string, deck: DeckDefinition, make: () => VNode): VNode {
    // a card's label is in the page's language: a new language or deck starts again
    const words = t();
    if (words !== this.words || deck !== this.deck || this.faces.size >= LIMIT) {
      this.faces.clear();
      this.words = words;
      this.deck = deck;
    }
    let node = this.faces.get(key);
    if (node === undefined) {
      node = make();
      this.faces.set(key, node);
    }
    return node;
  }
}
