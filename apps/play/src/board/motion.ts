/**
 * Cards that move (chessground's animation, for cards): before a step of a move is drawn, where
 * each card is on screen is noted; after it, every card that is still there but elsewhere glides
 * from its old place to its new one. Where a card came from or went to is not on screen (an
 * opponent's hidden hand, the discard pile), the step's event says: a played or added card
 * comes from its player's seat; a taken set travels to the taker's seat and turns over (the dnup,
 * rules §5 C); a beaten set goes back to its owner's seat turning over (§5 A); discards go to
 * the pile. Cards taken into the viewer's own hand turn over there (the hand's `just-rotated`).
 * Nothing moves with `prefers-reduced-motion` or at the instant speed.
 */
import type { ViewEvent } from 'dnup';

/** Where each card was: its box, and its element (sent on its way if the new drawing drops it). */
interface Noted {
  readonly cards: Map<number, { rect: DOMRect; el: HTMLElement; place: string }>;
  readonly places: Map<string, DOMRect>;
}

/** The outermost element drawing each card (a hand card's button, a set's card), by card id. */
function cardElements(root: HTMLElement): Map<number, HTMLElement> {
  const out = new Map<number, HTMLElement>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
    if (el.parentElement?.closest('[data-card-id]')) continue;
    out.set(Number(el.dataset.cardId), el);
  }
  return out;
}

/** Where a card lies: a play area (`"seat.area"`), the hand, or a seat's panel. */
function placeOf(el: HTMLElement): string {
  const holder = el.closest<HTMLElement>('[data-slot], #hand, [data-seat]');
  return holder?.dataset.slot ?? (holder?.id === 'hand' ? 'hand' : `seat:${holder?.dataset.seat ?? ''}`);
}

/** The places a hidden card travels from or to: each seat's panel, and the discard pile. */
function places(root: HTMLElement): Map<string, DOMRect> {
  const out = new Map<string, DOMRect>();
  for (const el of root.querySelectorAll<HTMLElement>('.seat[data-seat]'))
    out.set(`seat:${el.dataset.seat}`, el.getBoundingClientRect());
  const pile = root.querySelector<HTMLElement>('[data-pile="discard"]');
  if (pile) out.set('pile', pile.getBoundingClientRect());
  return out;
}

/** Per card, where the step sends it when the new drawing does not show it, and whether it turns over on the way. */
function destinations(events: readonly ViewEvent[]): Map<number, { place: string; turns: boolean }> {
  const out = new Map<number, { place: string; turns: boolean }>();
  for (const event of events) {
    if (event.type === 'setTaken')
      for (const c of event.cards) out.set(c.id, { place: `seat:${event.seat}`, turns: true });
    if (event.type === 'setBeaten' && event.fate === 'returned')
      for (const c of event.returned) out.set(c.id, { place: `seat:${event.seat}`, turns: true });
    if (event.type === 'setBeaten' && event.fate === 'discarded')
      for (const id of event.cards) out.set(id, { place: 'pile', turns: false });
    if (event.type === 'setDiscarded') for (const id of event.cards) out.set(id, { place: 'pile', turns: false });
  }
  return out;
}

/** The seat a card that appears on the table comes from: its player's (hidden) hand. */
function origin(events: readonly ViewEvent[]): string | null {
  const e = events.find((x) => x.type === 'setPlayed' || x.type === 'cardAdded');
  return e && (e.type === 'setPlayed' || e.type === 'cardAdded') ? `seat:${e.seat}` : null;
}

const center = (r: DOMRect): { x: number; y: number } => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** The reduced-motion query, once asked (false where there is none). */
let reducedMotion: MediaQueryList | false | undefined;

export class CardMotion {
  private noted: Noted | null = null;
  /** Where the cards were left by the last drawing measured (with the scroll they were measured at), if nothing was drawn since. */
  private last: { cards: Noted['cards']; places: Map<string, DOMRect>; x: number; y: number } | null = null;
  /** The drawing held until its frame is painted: the cards hidden until they travel, the copies parked. */
  private held: { travellers: HTMLElement[]; parked: HTMLElement[]; events: readonly ViewEvent[] } | null = null;
  private readonly running = new Set<Animation>();

  /** Whether cards move at all: not with reduced motion (the query made once: its answer stays live). */
  static enabled(): boolean {
    reducedMotion ??= typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : false;
    return reducedMotion === false || !reducedMotion.matches;
  }

  /** A drawing that moves no card was made: where they are is unknown until measured again. */
  forget(): void {
    this.settle();
    this.last = null;
  }

  /**
   * Notes where every card is, before a drawing that moves them: where the last drawing measured
   * them when nothing was drawn since and the page is scrolled as it was then, else measured now.
   */
  note(root: HTMLElement): void {
    const last = this.last;
    this.last = null;
    // the scroll read first, while the page is still laid out as the last frame drew it
    const same = last !== null && last.x === scrollX && last.y === scrollY;
    this.finish();
    if (last && same) {
      this.noted = { cards: last.cards, places: last.places };
      return;
    }
    const cards = new Map<number, { rect: DOMRect; el: HTMLElement; place: string }>();
    for (const [id, el] of cardElements(root)) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 0) cards.set(id, { rect, el, place: placeOf(el) });
    }
    this.noted = { cards, places: places(root) };
  }

  /**
   * After the drawing of `events`, before its frame: hides every card that will travel and parks
   * the cards the drawing let go where they were, reading no box (so the page is laid out once,
   * by the browser, for the frame). Once that frame is painted, {@link measure} reads where the
   * cards went and starts the travels: the layout is then clean, and the work of a move is split
   * over two frames instead of one long one. True when something waits for {@link measure}.
   */
  hold(root: HTMLElement, events: readonly ViewEvent[]): boolean {
    const noted = this.noted;
    if (!noted) return false;
    const from = origin(events);
    const travellers: HTMLElement[] = [];
    const shown = new Set<number>();
    for (const [id, el] of cardElements(root)) {
      shown.add(id);
      const was = noted.cards.get(id);
      if (was ? was.place === placeOf(el) : !from) continue;
      el.style.visibility = 'hidden';
      travellers.push(el);
    }
    const parked: HTMLElement[] = [];
    for (const [id, { rect, el }] of noted.cards) {
      if (shown.has(id) || el.isConnected) continue;
      park(el, rect);
      parked.push(el);
    }
    this.held = { travellers, parked, events };
    return true;
  }

  /**
   * Once the frame of the drawing {@link hold} held is painted: reads where every card is now, and
   * returns the function that moves each from where it was noted to there, in `ms`. The caller
   * reads everything else it needs before starting it. A no-op when a newer drawing came first.
   */
  measure(root: HTMLElement, ms: number): () => void {
    const noted = this.noted;
    const held = this.held;
    if (!noted || !held) return () => {};
    this.noted = null;
    this.held = null;
    // read: where everything is now
    const now = [...cardElements(root)].map(([id, el]) => ({
      id,
      el,
      rect: el.getBoundingClientRect(),
      place: placeOf(el),
    }));
    const nowPlaces = places(root);
    const from = origin(held.events);
    const fromRect = from ? (noted.places.get(from) ?? null) : null;
    const going = destinations(held.events);
    this.last = {
      cards: new Map(now.map((c) => [c.id, { rect: c.rect, el: c.el, place: c.place }])),
      places: nowPlaces,
      x: scrollX,
      y: scrollY,
    };
    return () => {
      for (const el of held.travellers) el.style.visibility = '';
      if (ms > 0) this.start(noted, now, fromRect, held.parked, going, nowPlaces, ms);
      else for (const el of held.parked) el.remove();
    };
  }

  /** Starts the travels measured. */
  private start(
    noted: Noted,
    now: readonly { id: number; el: HTMLElement; rect: DOMRect; place: string }[],
    fromRect: DOMRect | null,
    parked: readonly HTMLElement[],
    going: Map<number, { place: string; turns: boolean }>,
    nowPlaces: Map<string, DOMRect>,
    ms: number,
  ): void {
    for (const { id, el, rect, place } of now) {
      // a card that changed place travels; one only pushed along by the new layout does not
      const was = noted.cards.get(id);
      if (was && was.place === place) continue;
      const old = was?.rect ?? fromRect;
      if (!old) continue;
      const a = center(old);
      const b = center(rect);
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      const scale = noted.cards.has(id) ? 1 : 0.5;
      this.track(
        el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: 'none' }], {
          duration: ms,
          easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)',
        }),
      );
    }
    for (const copy of parked) {
      const id = Number(copy.dataset.parkedCard);
      const to = going.get(id);
      this.leave(
        copy,
        noted.cards.get(id)!.rect,
        to ? (nowPlaces.get(to.place) ?? null) : null,
        to?.turns ?? false,
        ms,
      );
    }
  }

  /** A card no longer drawn, parked where it was: travels to `target` (or fades there), turning over if taken or beaten, then goes. */
  private leave(copy: HTMLElement, rect: DOMRect, target: DOMRect | null, turns: boolean, ms: number): void {
    const a = center(rect);
    const b = target ? center(target) : a;
    const turn = turns ? ' rotate(180deg)' : '';
    const anim = copy.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.6)${turn}`, opacity: target ? 0.9 : 0 },
      ],
      { duration: ms, easing: 'cubic-bezier(0.3, 0, 0.3, 1)', fill: 'forwards' },
    );
    this.track(anim, () => copy.remove());
  }

  private track(anim: Animation, done?: () => void): void {
    this.running.add(anim);
    const end = (): void => {
      this.running.delete(anim);
      done?.();
    };
    anim.onfinish = end;
    anim.oncancel = end;
  }

  /** A held drawing that a newer one overtook: its cards shown where they are, its copies gone. */
  private settle(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.noted = null;
    for (const el of held.travellers) el.style.visibility = '';
    for (const el of held.parked) el.remove();
  }

  /** Ends every card's travel at once (a new drawing, the board gone). */
  finish(): void {
    this.settle();
    for (const anim of [...this.running]) anim.finish();
    this.running.clear();
  }
}

/**
 * The element of a card the drawing let go, kept on screen where it was (fixed, above the board)
 * until its travel starts. It names no card any more: where it goes the card is hidden.
 */
function park(copy: HTMLElement, rect: DOMRect): void {
  const id = copy.dataset.cardId ?? '';
  for (const el of [copy, ...copy.querySelectorAll('*')])
    for (const name of ['data-card-id', 'data-active', 'data-key', 'id']) el.removeAttribute(name);
  copy.dataset.parkedCard = id;
  copy.setAttribute('aria-hidden', 'true');
  copy.classList.add('card-leaving');
  Object.assign(copy.style, {
    left: `${rect.left}px`,
    top: `${rect.top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  document.body.append(copy);
}
