/** Game over above the board: who won, the seal checked against the revealed seed, the record, and the rematch. */
import type { GameOverMessage } from 'dnup-server/protocol';
import { seatName } from '../../board/seat-name';
import { v as h, type VNode } from '../../board/vdom';
import { shortHash } from '../../fairness';
import type { OnlineController } from '../controller';
import { botMenuOptions } from './create';

/** After the game: a rematch asked for by every connected person; the host may change the bots first. */
function rematchBox(ctrl: OnlineController): VNode | null {
  const t = ctrl.t.bind(ctrl);
  const session = ctrl.session;
  const l = session?.lobby;
  if (!session || !l || l.phase !== 'over' || session.seat === null || session.seat === undefined) return null;
  const asked = l.rematch ?? [];
  const people = l.seats.filter((s) => s.kind === 'human' && s.connected).length;
  const mine = asked.includes(session.seat);
  const isHost = session.seat === l.host;
  const bots = l.seats.filter((s) => s.kind !== 'human');
  return h(
    'div',
    { class: 'online-rematch', id: 'online-rematch' },
    isHost
      ? bots.map((s) =>
          h(
            'label',
            { key: s.seat, class: 'online-check' },
            `${t('seat', { n: s.seat + 1 })} `,
            h(
              'select',
              {
                id: `online-rematch-seat-${s.seat}`,
                onchange: (e: Event) => session.setSeat(s.seat, (e.target as HTMLSelectElement).value),
              },
              botMenuOptions(s.kind),
            ),
          ),
        )
      : null,
    h(
      'button',
      { type: 'button', id: 'online-rematch-ask', class: 'primary', disabled: mine, onclick: () => session.rematch() },
      mine ? t('rematchAsked') : t('rematch'),
    ),
    asked.length > 0
      ? h('p', { class: 'hint', id: 'online-rematch-count' }, t('rematchCount', { n: asked.length, m: people }))
      : null,
  );
}

function sealLine(ctrl: OnlineController, g: GameOverMessage): VNode | null {
  const v = ctrl.sealVerdict;
  if (!v) return null;
  const seed = String(g.record.seed);
  const text =
    v === 'ok'
      ? ctrl.t('sealOk', { seed })
      : v === 'bad'
        ? ctrl.t('sealBad', { seed })
        : ctrl.t('sealUnknown', { seed });
  return h('p', { class: `verdict ${v === 'ok' ? 'ok' : v === 'bad' ? 'bad' : ''}`, id: 'online-seal' }, text);
}

export function overBox(ctrl: OnlineController, g: GameOverMessage): VNode {
  const t = ctrl.t.bind(ctrl);
  const record = JSON.stringify(g.record, null, 2);
  const winner =
    g.reason === 'won' && g.winner !== null
      ? t('overWon', {
          name: seatName(g.record.players[g.winner] ?? '?', ctrl.source?.current().seats[g.winner], g.winner),
        })
      : t('overAbandoned');
  return h(
    'section',
    {
      id: 'online-over',
      class: 'online-card online-over',
      'aria-labelledby': 'online-over-title',
      'data-seal': ctrl.sealVerdict ?? '',
    },
    h('h3', { id: 'online-over-title' }, winner),
    ctrl.seal ? h('p', {}, t('sealed', { hash: shortHash(ctrl.seal) })) : null,
    sealLine(ctrl, g),
    h(
      'div',
      { class: 'online-row' },
      h(
        'a',
        {
          class: 'button-like',
          id: 'online-record',
          href: `data:application/json;charset=utf-8,${encodeURIComponent(record)}`,
          download: `dnup-${ctrl.session?.code ?? 'game'}.json`,
        },
        t('download'),
      ),
    ),
    rematchBox(ctrl),
  );
}
