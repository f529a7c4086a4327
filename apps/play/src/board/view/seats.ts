/** The seats around the table and the order of the next turns (rules §4, §6, §7). */
import { areasPerSeat, upcomingTurns, type HeldCard } from 'dnup';
import { t } from '../../i18n';
import type { BoardView, SeatStatus } from '../source';
import { turnLabel } from '../turn-label';
import { v as h, type VNode } from '../vdom';
import type { FaceCache } from './faces';

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
  hands: readonly (readonly HeldCard[] | undefined)[] | undefined,
  statuses: readonly SeatStatus[] | undefined,
  faces: FaceCache,
): VNode {
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
          key: seat,
          class: `seat${toPlay ? ' to-play' : ''}${seat === view.seat && hands === undefined ? ' me' : ''}`,
          'data-seat': seat,
        },
        h(
          'div',
          { key: 'head', class: 'seat-head' },
          h('strong', { key: 'name', class: 'seat-name' }, name),
          seat === view.starter
            ? h('span', { key: 'star', class: 'badge star-holder', title: t().seats.starHolder }, '★')
            : null,
          toPlay
            ? h(
                'span',
                { key: 'turn', class: 'badge turn' },
                areas === 2 ? t().seats.toPlayArea(view.turn.area + 1) : t().seats.toPlay,
              )
            : null,
          place >= 0 ? h('span', { key: 'out', class: 'badge out' }, t().seats.out(place + 1)) : null,
          statusBadge(statuses?.[seat]),
          h('span', { key: 'facts', class: 'seat-facts' }, `${t().seats.cards(size)} · ${scoreText(view, seat)}`),
        ),
        hand
          ? h(
              'div',
              { key: 'hand', class: 'mini-hand' },
              hand.map((c) => faces.face(`seat${seat}`, c, view.deck, 'small')),
            )
          : null,
        showBacks ? faces.backs(seat, size, view.deck) : null,
        showBacks && known.length > 0
          ? h(
              'div',
              { key: 'known', class: 'known' },
              h('span', {}, `${t().seats.known} `),
              known.map((c) => faces.face(`known${seat}`, c, view.deck, 'small')),
            )
          : null,
      );
    }),
  );
}

/**
 * A seat's connection, when it is not simply a connected person: a bot, a countdown, a bot standing
 * in. Keyed, as every badge: badges come and go, and the seat's facts beside them keep their node.
 */
function statusBadge(status: SeatStatus | undefined): VNode | null {
  if (!status) return null;
  const c = status.connection;
  const badge = (cls: string, text: string, deadline?: number): VNode =>
    h('span', { key: 'status', class: `badge ${cls}`, 'data-deadline': deadline }, text);
  if (c.state === 'reconnecting')
    return badge('away', t().seats.reconnecting(Math.max(0, Math.ceil((c.deadline - Date.now()) / 1000))), c.deadline);
  if (c.state === 'bot' && status.kind === 'person') return badge('away', t().seats.botPlaysFor);
  if (c.state === 'empty') return badge('away', t().seats.waitingPerson);
  return status.kind === 'bot' ? badge('bot', t().seats.bot) : null;
}

/** The order of the next turns, so the duel's area order (rules §6) is visible. */
export function orderEl(view: BoardView): VNode {
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
