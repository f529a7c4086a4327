/** The bar above the board (round, goal, the sealed deal, speed, record and replay) and the last move in words. */
import { describeEvent } from 'dnup';
import { shortHash } from '../../fairness';
import { currentLocale, t } from '../../i18n';
import type { PlayerRecord } from '../../player-record';
import { loadReplay, replayOfPlayerRecord } from '../../replays';
import { SPEEDS, type Speed } from '../host';
import { v as h, type VNode } from '../vdom';
import type { BoardCtx } from './context';

function speedSelect(ctx: BoardCtx): VNode {
  const g = t();
  return h(
    'label',
    { class: 'speed' },
    h('span', { class: 'wide' }, `${g.game.speed} `),
    h(
      'select',
      {
        id: 'game-speed',
        'data-key': 'game-speed',
        'aria-label': g.game.speed,
        onchange: (e: Event) => ctx.host.setSpeed((e.target as HTMLSelectElement).value as Speed),
      },
      (Object.keys(SPEEDS) as Speed[]).map((s) =>
        h('option', { key: s, value: s, selected: s === ctx.host.speed() }, g.setup.speeds[s]),
      ),
    ),
  );
}

/**
 * The sealed deal: the first characters of the seed's hash, and the whole hash one tap away
 * (a `<details>`, since a touch screen never shows a tooltip).
 */
function sealView(commitment: string): VNode {
  const g = t().game;
  return h(
    'details',
    { class: 'sealed', id: 'sealed' },
    h(
      'summary',
      { 'aria-label': `${g.sealed}${shortHash(commitment)}` },
      h('span', { class: 'seal-icon', 'aria-hidden': 'true' }),
      h('span', { class: 'wide' }, g.sealed),
      h('code', { id: 'commitment' }, shortHash(commitment)),
    ),
    h('p', { class: 'seal-full' }, g.sealedTitle(commitment)),
  );
}

/** The bar above the board, drawn again when the round, the record to share, the speed or the language change. */
export function gameBar(ctx: BoardCtx): VNode {
  const view = ctx.ctrl.view;
  const record = ctx.shareable();
  const inputs = [view.round, view.scoring, view.status, ctx.ctrl.source.commitment, record, ctx.host.speed(), t()];
  return ctx.parts.kept('bar', inputs, () => barOf(ctx, record));
}

function barOf(ctx: BoardCtx, record: ReturnType<BoardCtx['shareable']>): VNode {
  const view = ctx.ctrl.view;
  const over = view.status === 'gameOver';
  const g = t().game;
  const commitment = ctx.ctrl.source.commitment;
  const toReplay = (): void => {
    if (!record) return;
    ctx.host.openReplay(
      record.format === 'dnup-record'
        ? loadReplay(JSON.stringify(record))
        : replayOfPlayerRecord(record as PlayerRecord),
    );
  };
  return h(
    'div',
    { class: 'game-bar' },
    h(
      'span',
      { class: 'round-info' },
      g.round(view.round),
      h('span', { class: 'wide' }, view.scoring === 'tokens' ? g.tokensGoal : g.duelGoal),
    ),
    commitment && !over ? sealView(commitment) : null,
    h(
      'span',
      { class: 'bar-buttons' },
      speedSelect(ctx),
      record
        ? h(
            'button',
            {
              type: 'button',
              id: 'download',
              'data-key': 'download',
              title: over ? g.recordTitleOver : g.recordTitle,
              onclick: () => ctx.download(),
            },
            g.record,
          )
        : null,
      record
        ? h(
            'button',
            { type: 'button', id: 'to-replay', title: over ? g.replayTitleOver : g.replayTitle, onclick: toReplay },
            g.replay,
          )
        : null,
    ),
  );
}

/** The last move in words, next to the table (the log may be far below on a phone). */
export function lastLine(ctx: BoardCtx): VNode {
  const { log, view, me, stepEvent } = ctx.ctrl;
  const last = log[log.length - 1];
  return ctx.parts.kept('last', [last, view.players, me, stepEvent, t()], () => lastLineOf(ctx));
}

function lastLineOf(ctx: BoardCtx): VNode {
  const { log, view, me, stepEvent } = ctx.ctrl;
  const last = log[log.length - 1];
  const e =
    stepEvent ?? last?.events.find((x) => x.type !== 'turnStarted' && x.type !== 'setDiscarded') ?? last?.events[0];
  let text = '';
  try {
    if (e)
      text = describeEvent(e, {
        players: view.players,
        locale: currentLocale(),
        ...(me === null ? {} : { viewer: me }),
      });
  } catch {
    text = '';
  }
  return h('p', { class: 'last-move-line', id: 'last-move', 'aria-live': 'polite' }, text);
}
