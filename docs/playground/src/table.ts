/** The parts of the board both the game and the replay draw: seats, turn order, the table, scores. */
import type { HeldCard, TableSet } from 'dnup';
import { cardBack, cardFace } from './cards';
import { h, type Child } from './dom';
import { areasOf, type PlayerView } from './engine';
import { count } from './wording';

/** Area label as the rulebook counts them (area 1 and 2; the library numbers them from 0). */
export function areaLabel(area: number): string {
  return `area ${area + 1}`;
}

/** "Bob · area 2" in the duel, "Bob" otherwise. */
export function turnLabel(view: PlayerView, seat: number, area: number): string {
  return areasOf(view) === 2 ? `${view.players[seat]} · ${areaLabel(area)}` : view.players[seat]!;
}

/** The next turns in order (rules §6 duel order, §7 clockwise with out seats skipped). */
export function upcomingTurns(view: PlayerView, n: number): { seat: number; area: number }[] {
  const seats = view.players.length;
  const out: { seat: number; area: number }[] = [];
  let { seat, area } = view.turn;
  for (let i = 0; i < n; i++) {
    out.push({ seat, area });
    if (areasOf(view) === 2) {
      if (area === 0) area = 1;
      else [seat, area] = [(seat + 1) % seats, 0];
    } else {
      let next = (seat + 1) % seats;
      for (let k = 0; k < seats && view.out.includes(next); k++) next = (next + 1) % seats;
      seat = next;
    }
  }
  return out;
}

/** "2 tokens", "1 round win". */
export function scoreText(view: PlayerView, seat: number): string {
  const s = view.scores[seat] ?? 0;
  return view.scoring === 'tokens' ? count(s, 'token') : count(s, 'round win');
}

/**
 * One panel per seat: name, ★ holder, to play, hand size (cards face down, or face up where
 * `hands` shows them), publicly known cards, score, out place.
 */
export function seatsEl(view: PlayerView, hands?: readonly (readonly HeldCard[] | undefined)[]): HTMLElement {
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
      const size = view.handSizes[seat] ?? 0;
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
          h('span', { class: 'seat-facts' }, `${count(size, 'card')} · ${scoreText(view, seat)}`),
        ),
        hand ? h('div', { class: 'mini-hand' }, hand.map((c) => cardFace(c, view.deck, 'small'))) : null,
        showBacks ? h('div', { class: 'mini-hand backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(size, 13) }, () => cardBack())) : null,
        showBacks && known.length > 0
          ? h('div', { class: 'known' }, h('span', {}, 'Known in this hand: '), known.map((c) => cardFace(c, view.deck, 'small')))
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

/** What the last move did to each play area, in words ("just played"), for highlighting it. */
export function lastMoveMarks(view: PlayerView): Map<string, string> {
  const marks = new Map<string, string>();
  const name = (seat: number): string => view.players[seat] ?? `Seat ${seat + 1}`;
  for (const e of view.events) {
    if (e.type === 'setPlayed') marks.set(`${e.seat}.${e.area}`, 'just played');
    else if (e.type === 'cardAdded') marks.set(`${e.target.seat}.${e.target.area}`, `a ${e.value} just added`);
    else if (e.type === 'setTaken') marks.set(`${e.from.seat}.${e.from.area}`, `just taken by ${name(e.seat)}`);
    else if (e.type === 'setBeaten' && !marks.has(`${e.seat}.${e.area}`)) marks.set(`${e.seat}.${e.area}`, `${e.cards.length} × ${e.value} just beaten`);
  }
  return marks;
}

/**
 * The table: one slot per play area, each showing its set's owner, area, size and value, and
 * what the last move did there; `markViewer` labels the view's own seat "(you)" (not in a replay).
 */
export function tableEl(view: PlayerView, decorate?: SlotDecorator, markViewer = true): HTMLElement {
  const areas = areasOf(view);
  const marks = lastMoveMarks(view);
  const slots: HTMLElement[] = [];
  for (let seat = 0; seat < view.players.length; seat++) {
    for (let area = 0; area < areas; area++) {
      const set = view.table.find((t) => t.seat === seat && t.area === area);
      const owner = markViewer && seat === view.seat ? `${view.players[seat]} (you)` : view.players[seat]!;
      const caption = areas === 2 ? `${owner} · ${areaLabel(area)}` : owner;
      const isTurnArea = view.status === 'playing' && view.turn.seat === seat && view.turn.area === area;
      const mark = marks.get(`${seat}.${area}`);
      const setWords = set ? `set of ${set.cards.length} × ${set.value}` : 'empty';
      slots.push(
        h(
          'section',
          {
            class: `slot${set ? ' has-set' : ''}${isTurnArea ? ' turn-area' : ''}${mark ? ' last-move' : ''}`,
            'data-slot': `${seat}.${area}`,
            'aria-label': `${caption}: ${setWords}${mark ? `, ${mark}` : ''}`,
          },
          h('div', { class: 'slot-caption' }, caption),
          mark ? h('div', { class: 'last-mark' }, mark) : null,
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
  return h('div', { class: `table areas-${areas}`, role: 'region', 'aria-label': 'Table' }, slots, h('div', { class: 'discard' }, `Discard pile: ${count(view.discardCount, 'card')}`));
}

/** Who went out and what it earned this round (rules §6), from the order players went out. */
export function roundGains(view: PlayerView): Map<number, string> {
  const gains = new Map<number, string>();
  view.out.forEach((seat, i) => {
    if (view.scoring === 'rounds') gains.set(seat, i === 0 ? 'won the round' : `out #${i + 1}`);
    else gains.set(seat, i === 0 ? 'out first, +2 tokens' : i === 1 ? 'out second, +1 token' : `out #${i + 1}`);
  });
  return gains;
}

/** Scores as a table, for the round-over and game-over dialogs. */
export function scoresEl(view: PlayerView): HTMLElement {
  const gains = roundGains(view);
  return h(
    'table',
    { class: 'scores' },
    h('caption', {}, view.scoring === 'tokens' ? 'Tokens: the first to 4 wins the game (rules §6).' : 'Round wins: the first to win 2 rounds wins the duel (rules §6).'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'This round'), h('th', { scope: 'col' }, view.scoring === 'tokens' ? 'Tokens' : 'Round wins'))),
    h(
      'tbody',
      {},
      view.players.map((name: string, seat: number) =>
        h(
          'tr',
          { class: view.winner === seat ? 'winner' : '' },
          h('th', { scope: 'row' }, name),
          h('td', {}, gains.get(seat) ?? `${count(view.handSizes[seat] ?? 0, 'card')} left`),
          h('td', {}, String(view.scores[seat] ?? 0)),
        ),
      ),
    ),
  );
}
