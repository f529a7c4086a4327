/** The waiting room: the room's code and link, who sits where and whether they are there, the host's Start. */
import type { LobbyMessage, SeatInfo } from 'dnup-server/protocol';
import { v as h, type VNode } from '../../board/vdom';
import { t as catalogue } from '../../i18n';
import { roomLink } from '../connection';
import type { OnlineController } from '../controller';
import { reconnectDeadlineOf } from '../source';

/** A seat's state in the player's words, with the countdown while its person may come back. */
function seatState(ctrl: OnlineController, s: SeatInfo): string {
  const t = ctrl.t.bind(ctrl);
  if (s.kind !== 'human') return t('state_botSeat');
  if (!s.taken) return t('state_empty');
  if (s.connected) return t('state_connected');
  if (s.playedBy === 'bot') return t('state_bot');
  const status = ctrl.source?.current().seats[s.seat]?.connection;
  const session = ctrl.session;
  const deadline =
    status?.state === 'reconnecting' ? status.deadline : reconnectDeadlineOf(s, session?.lobbyAt ?? Date.now());
  const seconds =
    deadline !== null
      ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      : (session?.welcome?.reconnectSeconds ?? 30);
  return t('state_reconnecting', { seconds });
}

export function peopleList(ctrl: OnlineController, l: LobbyMessage): VNode {
  const t = ctrl.t.bind(ctrl);
  const mine = ctrl.session?.seat ?? null;
  return h(
    'ul',
    { id: 'online-people', class: 'online-people' },
    l.seats.map((s) =>
      h(
        'li',
        {
          key: s.seat,
          'data-seat': s.seat,
          'data-connected': String(s.connected),
          'data-played-by': s.playedBy,
          'data-taken': String(s.taken),
        },
        h('span', {
          class: `online-dot ${s.kind !== 'human' ? 'bot' : s.connected ? 'on' : s.taken ? 'away' : 'free'}`,
          'aria-hidden': 'true',
        }),
        h('span', { class: 'online-seat-name' }, t('seat', { n: s.seat + 1 })),
        ' ',
        h('strong', {}, s.kind !== 'human' ? catalogue().bots[s.kind] : s.name || '—'),
        s.seat === mine ? ` ${t('seatYou')}` : '',
        s.seat === l.host ? h('span', { class: 'badge' }, t('host')) : null,
        h('span', { class: 'online-seat-state' }, seatState(ctrl, s)),
      ),
    ),
  );
}

export function linkBox(ctrl: OnlineController, code: string): VNode {
  const link = roomLink(code, ctrl.server);
  const copy = (): void => {
    const done = (): void => {
      ctrl.copied = true;
      ctrl.redraw();
    };
    navigator.clipboard?.writeText(link).then(done, () => {
      (document.getElementById('online-link') as HTMLInputElement | null)?.select();
    });
  };
  return h(
    'div',
    { class: 'online-link' },
    h('label', { for: 'online-link' }, ctrl.t('shareLink')),
    h(
      'div',
      { class: 'online-row' },
      h('input', {
        id: 'online-link',
        readonly: true,
        value: link,
        onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
      }),
      h(
        'button',
        { type: 'button', id: 'online-copy', 'data-key': 'online-copy', onclick: copy },
        ctrl.copied ? ctrl.t('copied') : ctrl.t('copyLink'),
      ),
    ),
  );
}

export function watchers(ctrl: OnlineController, n: number): string {
  return n === 1 ? ctrl.t('spectator1') : ctrl.t('spectators', { n });
}

/** A network loss: a button to try again at once. */
export function retryButton(ctrl: OnlineController): VNode | null {
  const status = ctrl.session?.status;
  return status?.state === 'lost' && status.why === 'network'
    ? h('button', { type: 'button', id: 'online-retry', onclick: () => ctrl.session?.retry() }, ctrl.t('retry'))
    : null;
}

/** Who waits for whom: a room that waits for its host once full says so, to the host and to everyone else. */
function waitingHints(ctrl: OnlineController, l: LobbyMessage | null, isHost: boolean): (VNode | null)[] {
  const t = ctrl.t.bind(ctrl);
  const full = l !== null && l.startWhenFull === false && l.seats.every((s) => s.kind !== 'human' || s.taken);
  return [
    l && l.spectators > 0 ? h('p', { class: 'hint' }, watchers(ctrl, l.spectators)) : null,
    h('p', { class: 'hint' }, ctrl.session?.seat === null ? t('watching') : t('waitingHint')),
    isHost ? h('p', { class: 'hint' }, t('waitingHost')) : null,
    full ? h('p', { class: 'hint', id: 'online-full' }, isHost ? t('fullStartNow') : t('fullWaitHost')) : null,
  ];
}

export function waitingScreen(ctrl: OnlineController): (VNode | null)[] {
  const t = ctrl.t.bind(ctrl);
  const session = ctrl.session;
  const l = session?.lobby ?? null;
  const code = session?.code ?? '';
  const isHost = l !== null && session?.seat === l.host;
  const state = session?.status.state;
  return [
    h('h2', { id: 'online-title' }, t('waitingTitle')),
    h(
      'p',
      { class: 'online-room-title' },
      t('room', { code: '' }).trim(),
      ' ',
      h('strong', { id: 'online-code' }, code),
    ),
    code ? linkBox(ctrl, code) : null,
    session && state !== 'connected'
      ? h(
          'p',
          { class: 'online-error', id: 'online-connection', 'data-connection': state ?? '' },
          ctrl.connectionText(),
        )
      : null,
    retryButton(ctrl),
    l ? peopleList(ctrl, l) : h('p', { class: 'hint' }, t('connecting', { server: ctrl.server })),
    ...waitingHints(ctrl, l, isHost),
    h(
      'div',
      { class: 'online-row' },
      isHost && l?.phase === 'waiting'
        ? h(
            'button',
            {
              type: 'button',
              id: 'online-start',
              class: 'primary',
              'data-key': 'online-start',
              onclick: () => session?.start(),
            },
            t('start'),
          )
        : null,
      h(
        'button',
        { type: 'button', id: 'online-leave', 'data-key': 'online-leave', onclick: () => ctrl.backToLobby(true) },
        t('leave'),
      ),
    ),
  ];
}
