/** The parts of the board both the game and the replay draw: seats, turn order, the table. */
import type { HeldCard, TableSet } from 'dnup';
import { cardBack, cardFace } from './cards';
import { h, type Child } from './dom';
import { areasOf, type PlayerView } from './engine';

/** Area label as the rulebook counts them (area 1 and 2; rules §1 numbers them from 0). */
export function areaLabel(area: number): string {
  return `area ${area + 1}`;
}

/** "Bob · area 2" in the duel, "Bob" otherwise. */
export function turnLabel(view: PlayerView, seat: number, area: number): string {
  return areasOf(view) === 2 ? `${view.players[seat]} · ${areaLabel(area)}` : view.players[seat]!;
}

/** The next turns in order (rules §6 duel order, §7 clockwise with out seats skipped). */
export function upcomingTurns(view: PlayerView, count: number): { seat: number; area: number }[] {
  const n = view.players.length;
  const out: { seat: number; area: number }[] = [];
  let { seat, area } = view.turn;
  for (let i = 0; i < count; i++) {
    out.push({ seat, area });
    if (areasOf(view) === 2) {
      if (area === 0) area = 1;
      else [seat, area] = [(seat + 1) % n, 0];
    } else {
      let next = (seat + 1) % n;
      for (let k = 0; k < n && view.out.includes(next); k++) next = (next + 1) % n;
      seat = next;
    }
  }
  return out;
}

function scoreText(view: PlayerView, seat: number): string {
  const s = view.scores[seat] ?? 0;
  return view.scoring === 'tokens' ? `${s} token${s === 1 ? '' : 's'}` : `${s} round win${s === 1 ? '' : 's'}`;
}

/**
 * One panel per seat: name, ★ holder, to play, hand size (cards face down, or face up when
 * `hands` shows them), publicly known cards, score, out place.
 */
export function seatsEl(view: PlayerView, hands?: readonly (readonly HeldCard[])[]): HTMLElement {
  const areas = areasOf(view);
  return h(
    'ul',
    { class: 'seats', 'aria-label': 'Seats' },
    view.players.map((name: string, seat: number) => {
      const toPlay = view.status === 'playing' && view.turn.seat === seat;
      const place = view.out.indexOf(seat);
      const hand = hands?.[seat];
      const known = view.known[seat] ?? [];
      const showBacks = hand === undefined && seat !== view.seat;
      return h(
        'li',
        { class: `seat${toPlay ? ' to-play' : ''}${seat === view.seat && hands === undefined ? ' me' : ''}`, 'data-seat': seat },
        h(
          'div',
          { class: 'seat-head' },
          h('strong', { class: 'seat-name' }, name),
          seat === view.starter ? h('span', { class: 'badge star-holder', title: 'Held the ★ card: started this round' }, '★') : null,
          toPlay ? h('span', { class: 'badge turn' }, areas === 2 ? `to play · ${areaLabel(view.turn.area)}` : 'to play') : null,
          place >= 0 ? h('span', { class: 'badge out' }, `out #${place + 1}`) : null,
        ),
        h('div', { class: 'seat-facts' }, `${view.handSizes[seat]} in hand · ${scoreText(view, seat)}`),
        hand ? h('div', { class: 'mini-hand' }, hand.map((c) => cardFace(c, view.deck, 'small'))) : null,
        showBacks ? h('div', { class: 'mini-hand backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(view.handSizes[seat] ?? 0, 13) }, () => cardBack())) : null,
        showBacks && known.length > 0
          ? h('div', { class: 'known' }, h('span', {}, 'Seen entering this hand: '), known.map((c) => cardFace(c, view.deck, 'small')))
          : null,
      );
    }),
  );
}

/** The order of the next turns, so the duel's area order (rules §6) is visible. */
export function orderEl(view: PlayerView): HTMLElement {
  if (view.status !== 'playing') return h('p', { class: 'order' }, view.status === 'gameOver' ? 'The game is over.' : 'The round is over.');
  const next = upcomingTurns(view, areasOf(view) === 2 ? 5 : view.players.length);
  return h(
    'p',
    { class: 'order', 'aria-label': 'Turn order' },
    h('span', { class: 'order-title' }, 'Turn order: '),
    next.map((t, i) => [i > 0 ? ' → ' : null, h('span', { class: i === 0 ? 'now' : '' }, turnLabel(view, t.seat, t.area))]).flat(),
  );
}

/** What a set slot may offer: buttons and drop handling are added by the caller. */
export type SlotDecorator = (set: TableSet | undefined, seat: number, area: number) => Child[];

/**
 * The table: one slot per play area, each showing its set's owner, area, size and value;
 * `markViewer` labels the view's own seat "(you)" (not in a replay).
 */
export function tableEl(view: PlayerView, decorate?: SlotDecorator, markViewer = true): HTMLElement {
  const areas = areasOf(view);
  const slots: HTMLElement[] = [];
  for (let seat = 0; seat < view.players.length; seat++) {
    for (let area = 0; area < areas; area++) {
      const set = view.table.find((t) => t.seat === seat && t.area === area);
      const owner = markViewer && seat === view.seat ? `${view.players[seat]} (you)` : view.players[seat]!;
      const caption = areas === 2 ? `${owner} · ${areaLabel(area)}` : owner;
      const isTurnArea = view.status === 'playing' && view.turn.seat === seat && view.turn.area === area;
      slots.push(
        h(
          'section',
          {
            class: `slot${set ? ' has-set' : ''}${isTurnArea ? ' turn-area' : ''}`,
            'data-slot': `${seat}.${area}`,
            'aria-label': set ? `${caption}: set of ${set.cards.length} × ${set.value}` : `${caption}: empty`,
          },
          h('div', { class: 'slot-caption' }, caption),
          set
            ? [
                h('div', { class: 'set-facts' }, h('span', { class: 'set-size' }, `size ${set.cards.length}`), ' · ', h('span', { class: 'set-value' }, `value ${set.value}`)),
                h('div', { class: 'set-cards' }, set.cards.map((id) => cardFace({ id, active: set.value }, view.deck, 'small'))),
              ]
            : h('div', { class: 'set-empty' }, 'empty'),
          decorate ? decorate(set, seat, area) : [],
        ),
      );
    }
  }
  return h('div', { class: `table areas-${areas}`, 'aria-label': 'Table' }, slots, h('div', { class: 'discard' }, `Discard pile: ${view.discardCount}`));
}

/** Final or running scores as a table, for the round-over and game-over screens. */
export function scoresEl(view: PlayerView): HTMLElement {
  return h(
    'table',
    { class: 'scores' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, view.scoring === 'tokens' ? 'Tokens' : 'Round wins'), h('th', {}, 'This round'))),
    h(
      'tbody',
      {},
      view.players.map((name: string, seat: number) => {
        const place = view.out.indexOf(seat);
        return h('tr', { class: view.winner === seat ? 'winner' : '' }, h('td', {}, name), h('td', {}, String(view.scores[seat] ?? 0)), h('td', {}, place >= 0 ? `out #${place + 1}` : `${view.handSizes[seat]} cards left`));
      }),
    ),
  );
}
