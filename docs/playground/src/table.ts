/** The parts of the board both the game and the replay draw: seats, turn order, the table, scores. */
import { areasPerSeat, upcomingTurns, type HeldCard, type TableSet } from 'dnup';
import { cardBack, cardFace } from './cards';
import { h, type Child } from './dom';
import type { BoardView, SeatStatus } from './board/source';
import { t } from './i18n';

/** Area label as the rulebook counts them (area 1 and 2; the library numbers them from 0). */
function areaLabel(area: number): string {
  return t().table.area(area + 1);
}

/** "Bob · area 2" in the duel, "Bob" otherwise. */
export function turnLabel(view: BoardView, seat: number, area: number): string {
  return areasPerSeat(view.players.length) === 2 ? `${view.players[seat]} · ${areaLabel(area)}` : view.players[seat]!;
}

/** "2 tokens", "1 round win". */
function scoreText(view: BoardView, seat: number): string {
  const s = view.scores[seat] ?? 0;
  return view.scoring === 'tokens' ? t().seats.tokens(s) : t().seats.roundWins(s);
}

/**
 * One panel per seat: name, ★ holder, to play, hand size (cards face down, or face up where
 * `hands` shows them), publicly known cards, score, out place.
 */
export function seatsEl(
  view: BoardView,
  hands?: readonly (readonly HeldCard[] | undefined)[],
  statuses?: readonly SeatStatus[],
): HTMLElement {
  const areas = areasPerSeat(view.players.length);
  return h(
    'ul',
    { class: 'seats', 'aria-label': t().seats.label },
    view.players.map((name: string, seat: number) => {
      const toPlay = view.status === 'playing' && view.turn.seat === seat;
      const place = view.out.indexOf(seat);
      const hand = hands?.[seat];
      const known = view.known[seat] ?? [];
      const showBacks = hand === undefined && seat !== view.seat;
      const size = view.handSizes[seat] ?? 0;
      return h(
        'li',
        {
          class: `seat${toPlay ? ' to-play' : ''}${seat === view.seat && hands === undefined ? ' me' : ''}`,
          'data-seat': seat,
        },
        h(
          'div',
          { class: 'seat-head' },
          h('strong', { class: 'seat-name' }, name),
          seat === view.starter ? h('span', { class: 'badge star-holder', title: t().seats.starHolder }, '★') : null,
          toPlay
            ? h(
                'span',
                { class: 'badge turn' },
                areas === 2 ? t().seats.toPlayArea(view.turn.area + 1) : t().seats.toPlay,
              )
            : null,
          place >= 0 ? h('span', { class: 'badge out' }, t().seats.out(place + 1)) : null,
          statusBadge(statuses?.[seat]),
          h('span', { class: 'seat-facts' }, `${t().seats.cards(size)} · ${scoreText(view, seat)}`),
        ),
        hand
          ? h(
              'div',
              { class: 'mini-hand' },
              hand.map((c) => cardFace(c, view.deck, 'small')),
            )
          : null,
        showBacks
          ? h(
              'div',
              { class: 'mini-hand backs', 'aria-hidden': 'true' },
              Array.from({ length: Math.min(size, 13) }, () => cardBack()),
            )
          : null,
        showBacks && known.length > 0
          ? h(
              'div',
              { class: 'known' },
              h('span', {}, `${t().seats.known} `),
              known.map((c) => cardFace(c, view.deck, 'small')),
            )
          : null,
      );
    }),
  );
}

/** A seat's connection, when it is not simply a connected person: a bot, a countdown, a bot standing in. */
function statusBadge(status: SeatStatus | undefined): HTMLElement | null {
  if (!status) return null;
  const c = status.connection;
  if (c.state === 'reconnecting') {
    const seconds = Math.max(0, Math.ceil((c.deadline - Date.now()) / 1000));
    return h('span', { class: 'badge away', 'data-deadline': c.deadline }, t().seats.reconnecting(seconds));
  }
  if (c.state === 'bot' && status.kind === 'person') return h('span', { class: 'badge away' }, t().seats.botPlaysFor);
  if (c.state === 'empty') return h('span', { class: 'badge away' }, t().seats.waitingPerson);
  return status.kind === 'bot' ? h('span', { class: 'badge bot' }, t().seats.bot) : null;
}

/** The order of the next turns, so the duel's area order (rules §6) is visible. */
export function orderEl(view: BoardView): HTMLElement {
  if (view.status !== 'playing')
    return h('p', { class: 'order' }, view.status === 'gameOver' ? t().table.gameOver : t().table.roundOver);
  const next = upcomingTurns(view, areasPerSeat(view.players.length) === 2 ? 5 : view.players.length);
  return h(
    'p',
    { class: 'order', 'aria-label': t().table.turnOrderLabel },
    h('span', { class: 'order-title' }, `${t().table.turnOrder} `),
    next.flatMap((t, i) => [
      i > 0 ? ' → ' : null,
      h('span', { class: i === 0 ? 'now' : '' }, turnLabel(view, t.seat, t.area)),
    ]),
  );
}

/** What a set slot may offer: buttons and drop handling are added by the caller. */
export type SlotDecorator = (set: TableSet | undefined, seat: number, area: number) => Child[];

/** What the last move did to each play area, in words ("just played"), for highlighting it. */
function lastMoveMarks(view: BoardView): Map<string, string> {
  const marks = new Map<string, string>();
  const name = (seat: number): string => view.players[seat] ?? '';
  for (const e of view.events) {
    if (e.type === 'setPlayed') marks.set(`${e.seat}.${e.area}`, t().table.justPlayed);
    else if (e.type === 'cardAdded') marks.set(`${e.target.seat}.${e.target.area}`, t().table.justAdded(e.value));
    else if (e.type === 'setTaken') marks.set(`${e.from.seat}.${e.from.area}`, t().table.justTaken(name(e.seat)));
    else if (e.type === 'setBeaten' && !marks.has(`${e.seat}.${e.area}`))
      marks.set(`${e.seat}.${e.area}`, t().table.justBeaten(e.cards.length, e.value));
  }
  return marks;
}

/**
 * The table: one slot per play area, each showing its set's owner, area, size and value, and
 * what the last move did there; `markViewer` labels the view's own seat "(you)" (not in a replay).
 */
export function tableEl(view: BoardView, decorate?: SlotDecorator, markViewer = true): HTMLElement {
  const areas = areasPerSeat(view.players.length);
  const marks = lastMoveMarks(view);
  const slots: HTMLElement[] = [];
  for (let seat = 0; seat < view.players.length; seat++) {
    for (let area = 0; area < areas; area++) {
      const set = view.table.find((t) => t.seat === seat && t.area === area);
      const owner = markViewer && seat === view.seat ? t().table.you(view.players[seat]!) : view.players[seat]!;
      const caption = areas === 2 ? `${owner} · ${areaLabel(area)}` : owner;
      const isTurnArea = view.status === 'playing' && view.turn.seat === seat && view.turn.area === area;
      const mark = marks.get(`${seat}.${area}`);
      const setWords = set ? t().table.setWords(set.cards.length, set.value) : t().table.empty;
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
                h(
                  'div',
                  { class: 'set-facts' },
                  h('span', { class: 'set-size' }, t().table.size(set.cards.length)),
                  ' · ',
                  h('span', { class: 'set-value' }, t().table.value(set.value)),
                ),
                h(
                  'div',
                  { class: 'set-cards' },
                  set.cards.map((id) => cardFace({ id, active: set.value }, view.deck, 'small')),
                ),
              ]
            : h('div', { class: 'set-empty' }, t().table.empty),
          decorate ? decorate(set, seat, area) : [],
        ),
      );
    }
  }
  return h(
    'div',
    { class: `table areas-${areas}`, role: 'region', 'aria-label': t().table.label },
    slots,
    h('div', { class: 'discard' }, t().table.discard(view.discardCount)),
  );
}

/** Who went out and what it earned this round (rules §6), from the order players went out. */
export function roundGains(view: BoardView): Map<number, string> {
  const gains = new Map<number, string>();
  view.out.forEach((seat, i) => {
    if (view.scoring === 'rounds') gains.set(seat, i === 0 ? t().result.wonRound : t().result.outPlace(i + 1));
    else gains.set(seat, i === 0 ? t().result.outFirst : i === 1 ? t().result.outSecond : t().result.outPlace(i + 1));
  });
  return gains;
}

/** Scores as a table, for the round-over and game-over dialogs. */
export function scoresEl(view: BoardView): HTMLElement {
  const gains = roundGains(view);
  return h(
    'table',
    { class: 'scores' },
    h('caption', {}, view.scoring === 'tokens' ? t().result.tokensCaption : t().result.roundsCaption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t().result.player),
        h('th', { scope: 'col' }, t().result.thisRoundCol),
        h('th', { scope: 'col' }, view.scoring === 'tokens' ? t().result.tokens : t().result.roundWins),
      ),
    ),
    h(
      'tbody',
      {},
      view.players.map((name: string, seat: number) =>
        h(
          'tr',
          { class: view.winner === seat ? 'winner' : '' },
          h('th', { scope: 'row' }, name),
          h('td', {}, gains.get(seat) ?? t().result.left(view.handSizes[seat] ?? 0)),
          h('td', {}, String(view.scores[seat] ?? 0)),
        ),
      ),
    ),
  );
}
