/** The strip above the board: the room, this tab's connection, the turn clock, reactions, the people; game over below it. */
import { REACTION_GAP_MS, REACTIONS } from 'dnup-server/protocol';
import { seatName } from '../../board/seat-name';
import { v as h, type VNode } from '../../board/vdom';
import { URGENT_SECONDS, type OnlineController } from '../controller';
import { overBox } from './over';
import { linkBox, peopleList, retryButton, watchers } from './waiting';

/** The reaction buttons: one tap sends, then they rest for the server's gap. */
function reactionsRow(ctrl: OnlineController): VNode | null {
  if (ctrl.session?.lobby?.reactions === false || ctrl.over) return null;
  const resting = Date.now() - ctrl.reactedAt < REACTION_GAP_MS;
  return h(
    'div',
    { class: 'online-reactions', role: 'group', 'aria-label': ctrl.t('reactions') },
    REACTIONS.map((emote) =>
      h(
        'button',
        {
          key: emote,
          type: 'button',
          class: 'reaction',
          'data-emote': emote,
          'aria-label': ctrl.t('react', { emote }),
          disabled: resting,
          onclick: () => ctrl.react(emote, REACTION_GAP_MS),
        },
        emote,
      ),
    ),
  );
}

/** The turn clock of the seat to play, when the room has one: seconds left and whose. */
function clockText(ctrl: OnlineController): string {
  const snap = ctrl.source?.current();
  if (!snap || snap.turnDeadline === null || snap.over) return '';
  const seconds = Math.max(0, Math.ceil((snap.turnDeadline - Date.now()) / 1000));
  const seat = snap.view.turn.seat;
  return ctrl.t('turnClock', { seconds, name: seatName(snap.view.players[seat] ?? '?', snap.seats[seat], seat) });
}

/** Said once to screen readers when this tab's own turn enters its clock's last seconds. */
function urgentNotice(ctrl: OnlineController): VNode | null {
  if (!ctrl.sayUrgentNow()) return null;
  return h(
    'span',
    { class: 'sr-only', role: 'alert', id: 'online-clock-urgent' },
    ctrl.t('clockUrgent', { seconds: URGENT_SECONDS }),
  );
}

function strip(ctrl: OnlineController): VNode {
  const t = ctrl.t.bind(ctrl);
  const session = ctrl.session;
  const l = session?.lobby ?? null;
  const state = session?.status.state ?? 'left';
  const clock = clockText(ctrl);
  return h(
    'div',
    { class: 'online-row online-strip', 'data-connection': state },
    h('h2', { id: 'online-title', class: 'online-strip-title' }, t('room', { code: session?.code ?? '' })),
    h('span', { class: `online-dot ${state === 'connected' ? 'on' : 'away'}`, 'aria-hidden': 'true' }),
    h('span', { id: 'online-connection' }, ctrl.connectionText()),
    session?.seat === null ? h('span', { class: 'badge' }, t('watching')) : null,
    clock
      ? h('span', { id: 'online-clock-left', class: `online-clock${ctrl.clockUrgent() ? ' urgent' : ''}` }, clock)
      : null,
    urgentNotice(ctrl),
    l && l.spectators > 0 ? h('span', { class: 'hint' }, watchers(ctrl, l.spectators)) : null,
    retryButton(ctrl),
    h(
      'button',
      { type: 'button', id: 'online-leave', 'data-key': 'online-leave', onclick: () => ctrl.backToLobby(!ctrl.over) },
      ctrl.over ? t('toLobby') : t('leave'),
    ),
  );
}

/** The strip, the reactions, the people (a disclosure kept open across redraws), and game over once the board drew it. */
export function gameBar(ctrl: OnlineController): (VNode | null)[] {
  const l = ctrl.session?.lobby ?? null;
  const over = ctrl.over;
  return [
    strip(ctrl),
    reactionsRow(ctrl),
    l
      ? h(
          'details',
          {
            class: 'online-people-box',
            open: ctrl.peopleOpen,
            ontoggle: (e: Event) => (ctrl.peopleOpen = (e.target as HTMLDetailsElement).open),
          },
          h('summary', { 'data-key': 'online-people-summary' }, ctrl.t('players')),
          peopleList(ctrl, l),
          linkBox(ctrl, ctrl.session?.code ?? ''),
        )
      : null,
    over && (over.reason !== 'won' || ctrl.boardShowed === 'gameOver') ? overBox(ctrl, over) : null,
  ];
}
