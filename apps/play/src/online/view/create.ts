/** A new room: your name, how many players, a person or a bot per seat, the turn clock, and the room's options. */
import type { SeatKind } from 'dnup-server/protocol';
import { ONLINE_BOTS } from 'dnup-server/protocol';
import { v as h, type VNode } from '../../board/vdom';
import { botChoices } from '../../bot-menu';
import { TURN_CLOCKS, type OnlineController } from '../controller';
import { field, nameField } from './form';

/** The menu of a seat's bots (and a person), `selected` chosen. */
export function botMenuOptions(selected: string, person?: string): VNode[] {
  const bots = botChoices(ONLINE_BOTS).map((b) =>
    h('option', { key: b.id, value: b.id, selected: b.id === selected }, b.label),
  );
  return person === undefined
    ? bots
    : [h('option', { key: 'human', value: 'human', selected: selected === 'human' }, person), ...bots];
}

function seatRow(ctrl: OnlineController, kind: SeatKind, i: number): VNode {
  const t = ctrl.t.bind(ctrl);
  if (i === 0)
    return h(
      'li',
      { key: 0 },
      h('span', { class: 'online-seat-name' }, t('seat', { n: 1 })),
      ' ',
      h('strong', { id: 'online-seat-0' }, t('you')),
    );
  return h(
    'li',
    { key: i },
    h('label', { for: `online-seat-${i}` }, t('seat', { n: i + 1 })),
    ' ',
    h(
      'select',
      {
        id: `online-seat-${i}`,
        'data-key': `online-seat-${i}`,
        onchange: (e: Event) => (ctrl.seats[i] = (e.target as HTMLSelectElement).value as SeatKind),
      },
      botMenuOptions(kind, t('person')),
    ),
  );
}

function check(id: string, label: string, checked: boolean, set: (on: boolean) => void): VNode {
  return h(
    'div',
    { class: 'online-check' },
    h('input', { type: 'checkbox', id, checked, onchange: (e: Event) => set((e.target as HTMLInputElement).checked) }),
    h('label', { for: id }, label),
  );
}

export function createScreen(ctrl: OnlineController): VNode[] {
  const t = ctrl.t.bind(ctrl);
  const players = h(
    'select',
    {
      id: 'online-players',
      'data-key': 'online-players',
      onchange: (e: Event) => ctrl.setPlayers(Number((e.target as HTMLSelectElement).value)),
    },
    [2, 3, 4, 5].map((n) =>
      h('option', { key: n, value: n, selected: n === ctrl.seats.length }, t('playersCount', { n })),
    ),
  );
  const clock = h(
    'select',
    { id: 'online-clock', onchange: (e: Event) => (ctrl.turnSeconds = Number((e.target as HTMLSelectElement).value)) },
    TURN_CLOCKS.map((n) =>
      h(
        'option',
        { key: n, value: n, selected: n === ctrl.turnSeconds },
        n === 0 ? t('turnClock_off') : t('turnClock_seconds', { n }),
      ),
    ),
  );
  return [
    h('h2', { id: 'online-title' }, t('createTitle')),
    h(
      'form',
      {
        id: 'online-create-form',
        class: 'online-card',
        'aria-labelledby': 'online-title',
        onsubmit: (e: Event) => {
          e.preventDefault();
          ctrl.createRoom();
        },
      },
      nameField(ctrl),
      field('online-players', t('players'), players),
      h(
        'ol',
        { class: 'seat-list online-seats' },
        ctrl.seats.map((kind, i) => seatRow(ctrl, kind, i)),
      ),
      field('online-clock', t('turnClock_label'), clock),
      check('online-private', t('private'), ctrl.isPrivate, (on) => (ctrl.isPrivate = on)),
      check('online-start-when-full', t('startWhenFull'), ctrl.startWhenFull, (on) => (ctrl.startWhenFull = on)),
      check('online-reactions-on', t('reactionsOn'), ctrl.reactions, (on) => (ctrl.reactions = on)),
      h(
        'div',
        { class: 'online-row' },
        h(
          'button',
          { type: 'submit', id: 'online-create', class: 'primary', 'data-key': 'online-create', disabled: ctrl.busy },
          t('create'),
        ),
        h('button', { type: 'button', id: 'online-back', onclick: () => ctrl.go('lobby') }, t('back')),
      ),
    ),
  ];
}
