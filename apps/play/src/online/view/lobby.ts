/** The lobby: your name, the server (for those who run their own), a new room, a room by code, the public rooms. */
import { v as h, type VNode } from '../../board/vdom';
import { DEFAULT_SERVER, readCode } from '../connection';
import { hashParams, type OnlineController, type WordKey } from '../controller';
import type { ListedRoom } from '../lobby';
import { field, nameField } from './form';

function roomRow(ctrl: OnlineController, r: ListedRoom): VNode {
  const t = ctrl.t.bind(ctrl);
  const m = r.metadata;
  const phase = m?.phase ?? 'waiting';
  const canJoin = phase === 'waiting' && (m?.free ?? 0) > 0;
  const label = canJoin ? t('joinRoom', { code: r.roomId }) : t('watchRoom', { code: r.roomId });
  return h(
    'li',
    { key: r.roomId, 'data-room': r.roomId },
    h('span', { class: 'online-room-code' }, r.roomId),
    h(
      'span',
      { class: 'online-room-facts' },
      h('strong', {}, t('roomOf', { host: m?.host || '?' })),
      ' · ',
      t('roomPlayers', { taken: (m?.seats ?? 0) - (m?.free ?? 0), seats: m?.seats ?? 0 }),
      ' · ',
      t(`phase_${phase}` as WordKey),
    ),
    h(
      'button',
      {
        type: 'button',
        'aria-label': label,
        'data-key': `room-${r.roomId}`,
        disabled: ctrl.busy,
        onclick: () => ctrl.joinRoom(r.roomId, !canJoin),
      },
      canJoin ? t('join') : t('watch'),
    ),
  );
}

/** The server's address is for those who run their own: behind a disclosure, open when not the default. */
function advanced(ctrl: OnlineController): VNode {
  return h(
    'details',
    { class: 'online-advanced', open: ctrl.server !== DEFAULT_SERVER },
    h('summary', {}, ctrl.t('advanced')),
    field(
      'online-server',
      ctrl.t('server'),
      h('input', {
        id: 'online-server',
        'data-key': 'online-server',
        value: ctrl.server,
        autocomplete: 'url',
        spellcheck: 'false',
        onchange: (e: Event) => ctrl.setServer((e.target as HTMLInputElement).value),
      }),
    ),
  );
}

function joinForm(ctrl: OnlineController, linked: string | null): VNode {
  const t = ctrl.t.bind(ctrl);
  const byCode =
    (spectate: boolean) =>
    (e: Event): void => {
      e.preventDefault();
      ctrl.joinByCode(spectate);
    };
  return h(
    'form',
    { class: 'online-card', id: 'online-join-form', 'aria-labelledby': 'online-join-title', onsubmit: byCode(false) },
    h('h3', { id: 'online-join-title' }, linked ? t('joinRoom', { code: linked }) : t('joinByCode')),
    h(
      'div',
      { class: 'online-row' },
      h('label', { for: 'online-code-input' }, t('code')),
      h('input', {
        id: 'online-code-input',
        'data-key': 'online-code-input',
        value: ctrl.codeText || linked || '',
        maxlength: 6,
        autocomplete: 'off',
        autocapitalize: 'characters',
        spellcheck: 'false',
        placeholder: t('codePlaceholder'),
        oninput: (e: Event) => (ctrl.codeText = (e.target as HTMLInputElement).value),
      }),
      h(
        'button',
        { type: 'submit', id: 'online-join', class: 'primary', 'data-key': 'online-join', disabled: ctrl.busy },
        t('join'),
      ),
      h(
        'button',
        { type: 'button', id: 'online-watch', 'data-key': 'online-watch', disabled: ctrl.busy, onclick: byCode(true) },
        t('watch'),
      ),
    ),
  );
}

function roomList(ctrl: OnlineController): VNode {
  const s = ctrl.lobbyState;
  const t = ctrl.t.bind(ctrl);
  if (s.kind === 'connecting') return h('p', { class: 'hint' }, t('connecting', { server: ctrl.server }));
  if (s.kind === 'failed')
    return h('p', { class: 'online-error', id: 'online-lobby-error' }, ctrl.failureText(s.failure));
  if (s.rooms.length === 0) return h('p', { class: 'hint', id: 'online-no-rooms' }, t('noRooms'));
  return h(
    'ul',
    { id: 'online-rooms', class: 'online-rooms' },
    s.rooms.map((r) => roomRow(ctrl, r)),
  );
}

export function lobbyScreen(ctrl: OnlineController): VNode[] {
  const t = ctrl.t.bind(ctrl);
  const linked = readCode(hashParams().get('online') ?? '');
  return [
    h('h2', { id: 'online-title' }, t('title')),
    h('p', { class: 'hint' }, t('intro')),
    h('div', { class: 'online-who' }, nameField(ctrl)),
    advanced(ctrl),
    h(
      'button',
      {
        type: 'button',
        id: 'online-new',
        class: 'primary',
        'data-key': 'online-new',
        onclick: () => ctrl.go('create'),
      },
      t('newRoom'),
    ),
    joinForm(ctrl, linked),
    h(
      'section',
      { class: 'online-card', 'aria-labelledby': 'online-rooms-title' },
      h('h3', { id: 'online-rooms-title' }, t('publicRooms')),
      roomList(ctrl),
    ),
  ];
}
