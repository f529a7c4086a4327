/**
 * Cards that move (chessground's animation, for cards): before a step of a move is drawn, where
 * each card is on screen is noted; after it, every card that is still there but elsewhere glides
 * from its old place to its new one. Where a card came from or went to is not on screen (an
 * opponent's hidden hand, the discard pile), the step's event says: a played or added card
 * comes from its player's seat; a taken set travels to the taker's seat and turns over (the dnup,
 * rules §5 C); a beaten set goes back to its owner's seat turning over (§5 A); discards go to
 * the pile. Cards taken into the viewer's own hand turn over there (the hand's `just-rotated`).
 * Nothing moves with `prefers-reduced-motion` or at the instant speed.
 *
 * Boxes are read once a move's frame is painted, when the page is laid out already (reading one
 * earlier makes the browser lay the page out inside the drawing); a move that follows a redraw
 * measures before its drawing, the redraw's frame having laid the page out. They are kept in the
 * document's coordinates, so a scroll between two drawings changes no travel.
 */
import type { ViewEvent } from 'dnup';

/** A box in the document's coordinates (the viewport's box plus the scroll it was read at). */
interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A card drawn: its box, its element (sent on its way if the next drawing drops it), its place. */
interface Drawn {
  readonly rect: Box;
  readonly el: HTMLElement;
  readonly place: string;
}

/** Where everything was: each card by id, and each place a hidden card travels from or to. */
interface Noted {
  readonly cards: Map<number, Drawn>;
  readonly places: Map<string, Box>;
}

/** The box of `el` in the document's coordinates (`x`, `y`: the scroll, read once per measure). */
function boxOf(el: Element, x: number, y: number): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left + x, top: r.top + y, width: r.width, height: r.height };
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

/** Where every card and place is now (reads the layout: call it once the frame is painted). */
function measureAll(root: HTMLElement): Noted {
  const x = scrollX;
  const y = scrollY;
  const cards = new Map<number, Drawn>();
  for (const [id, el] of cardElements(root)) {
    const rect = boxOf(el, x, y);
    if (rect.width > 0) cards.set(id, { rect, el, place: placeOf(el) });
  }
  const places = new Map<string, Box>();
  for (const el of root.querySelectorAll<HTMLElement>('.seat[data-seat]'))
    places.set(`seat:${el.dataset.seat}`, boxOf(el, x, y));
  const pile = root.querySelector<HTMLElement>('[data-pile="discard"]');
  if (pile) places.set('pile', boxOf(pile, x, y));
  return { cards, places };
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

const center = (r: Box): { x: number; y: number } => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** Whether the player asked for reduced motion, kept up to date (reading the query at each drawing lays the page out). */
let reduced: boolean | undefined;

export class CardMotion {
  private noted: Noted | null = null;
  /** Where the cards were after the last frame measured, if the page was not drawn or resized since. */
  private last: Noted | null = null;
  /** The drawing held until its frame is painted: the cards hidden until they travel, the copies parked. */
  private held: {
    travellers: HTMLElement[];
    parked: HTMLElement[];
    events: readonly ViewEvent[];
    /** The seat a card new on the table comes from (its player's hidden hand). */
    from: string | null;
  } | null = null;
  private readonly running = new Set<Animation>();
  private readonly resized = (): void => {
    this.last = null;
  };

  constructor() {
    addEventListener('resize', this.resized);
  }

  /** Whether cards move at all: not with reduced motion. */
  static enabled(): boolean {
    if (reduced === undefined) {
      reduced = false;
      if (typeof matchMedia === 'function') {
        const query = matchMedia('(prefers-reduced-motion: reduce)');
        reduced = query.matches;
        query.addEventListener('change', (e) => {
          reduced = e.matches;
        });
      }
    }
    return !reduced;
  }

  /** A drawing that moves no card was made: where the cards are is unknown until measured again. */
  forget(): void {
    this.settle();
    this.last = null;
  }

  /**
   * Notes where every card is, before a drawing that moves them: where the last move's frame left
   * them (no layout at all), else measured now (the page is then mostly laid out already: a
   * drawing that moved nothing was painted since).
   */
  note(root: HTMLElement): void {
    const last = this.last;
    this.last = null;
    this.finish();
    this.noted = last ?? measureAll(root);
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
      park(el, id, rect);
      parked.push(el);
    }
    this.held = { travellers, parked, events, from };
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
    const now = measureAll(root);
    this.last = now;
    const fromRect = held.from ? (noted.places.get(held.from) ?? null) : null;
    const going = destinations(held.events);
    return () => {
      for (const el of held.travellers) el.style.visibility = '';
      if (ms > 0) this.start(noted, now, fromRect, held.parked, going, ms);
      else for (const el of held.parked) el.remove();
    };
  }

  /** Starts the travels measured. */
  private start(
    noted: Noted,
    now: Noted,
    fromRect: Box | null,
    parked: readonly HTMLElement[],
    going: Map<number, { place: string; turns: boolean }>,
    ms: number,
  ): void {
    for (const [id, { el, rect, place }] of now.cards) {
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
      const scale = was ? 1 : 0.5;
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
      const target = to ? (now.places.get(to.place) ?? null) : null;
      this.leave(copy, noted.cards.get(id)!.rect, target, to?.turns ?? false, ms);
    }
  }

  /** A card no longer drawn, parked where it was: travels to `target` (or fades there), turning over if taken or beaten, then goes. */
  private leave(copy: HTMLElement, rect: Box, target: Box | null, turns: boolean, ms: number): void {
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

  /** Ends every card's travel at once (a new drawing). */
  finish(): void {
    this.settle();
    for (const anim of [...this.running]) anim.finish();
    this.running.clear();
  }

  /** The board is gone: every travel ended, nothing more measured. */
  stop(): void {
    this.finish();
    this.last = null;
    removeEventListener('resize', this.resized);
  }
}

/**
 * The element of a card the drawing let go, kept where it was (placed in the document, above the
 * board) until its travel starts. It names no card any more: where it goes the card is hidden.
 */
function park(copy: HTMLElement, id: number, rect: Box): void {
  for (const el of [copy, ...copy.querySelectorAll('*')])
    for (const name of ['data-card-id', 'data-active', 'data-key', 'id']) el.removeAttribute(name);
  copy.dataset.parkedCard = String(id);
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
