/** The controls under the hand (Play, Rotate, Hint, Clear, Sort), a replay's step controls, and the line under them. */
import { t } from '../../i18n';
import type { BoardController } from '../controller';
import { playFromSelection } from '../hints';
import type { SourceSteps } from '../source';
import { v as h, type VNode } from '../vdom';
import type { BoardCtx } from './context';

/** After a round or the game: deal the next round, or see the result. */
function betweenRounds(ctx: BoardCtx): VNode {
  const { view, me } = ctx.ctrl;
  const g = t().game;
  return h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': g.actions },
    view.status === 'roundOver' && me !== null
      ? h(
          'button',
          {
            type: 'button',
            id: 'deal',
            class: 'primary',
            'data-key': 'deal',
            onclick: () => void ctx.ctrl.attempt({ type: 'nextRound' }),
          },
          g.deal,
        )
      : null,
    h(
      'button',
      { type: 'button', id: 'show-result', 'data-key': 'show-result', onclick: () => ctx.openResult() },
      view.status === 'roundOver' ? g.showScores : g.showResult,
    ),
  );
}

/** The line under the controls: a refusal with its rule, a hint, what the clock did. */
function messageRow(ctx: BoardCtx): VNode {
  const message = ctx.ctrl.message;
  const rule = message?.rule;
  return h(
    'div',
    { class: 'message-row' },
    h(
      'p',
      { id: 'message', class: `message ${message?.kind ?? ''}`, role: message?.kind === 'error' ? 'alert' : 'status' },
      message?.text ?? '',
    ),
    rule
      ? h(
          'button',
          { type: 'button', class: 'link', id: 'message-rule', onclick: () => ctx.host.showRules(rule) },
          t().game.readRule(rule),
        )
      : null,
  );
}

/** A control button keyed by its id (`data-key` too, so focus can be sent to it). */
function button(
  id: string,
  label: string,
  onclick: () => void,
  extra: Record<string, string | boolean | null> = {},
): VNode {
  return h('button', { type: 'button', id, 'data-key': id, onclick, ...extra }, label);
}

/** Play (disabled with the reason beside it), rotate, hint, clear, sort, and the message line. */
export function actionsView(ctx: BoardCtx): VNode {
  const ctrl: BoardController = ctx.ctrl;
  const g = t().game;
  if (ctrl.view.status !== 'playing') return betweenRounds(ctx);
  const v = ctrl.seatView();
  if (!v) return h('p', { class: 'hint actions' }, g.waitingFor(ctrl.turnName()));
  const sel = ctrl.selectedIds();
  const mine = ctrl.myTurn();
  const verdict = mine && sel.length > 0 ? playFromSelection(v, sel) : null;
  const values = [...new Set(sel.map((id) => v.hand.find((c) => c.id === id)!.active))];
  const label =
    sel.length === 0 ? g.play : values.length === 1 ? g.playSet(sel.length, values[0]!) : g.playCards(sel.length);
  return h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': g.actions },
    h(
      'button',
      {
        type: 'button',
        id: 'play',
        class: `primary${verdict?.ok ? ' legal' : ''}`,
        'data-key': 'play',
        disabled: !verdict?.ok,
        'aria-describedby': 'play-reason',
        onclick: () => {
          if (verdict?.ok) void ctrl.attempt(verdict.move);
        },
      },
      label,
    ),
    button('rotate', g.rotate, () => void ctrl.attempt({ type: 'rotate' }), { disabled: !mine }),
    ctx.host.hints?.() ? button('hint', g.hint, () => ctrl.askHint(), { disabled: !mine }) : null,
    button(
      'clear',
      g.clear,
      () => {
        ctrl.clearSelection();
        ctrl.focusHand();
      },
      { disabled: sel.length === 0 },
    ),
    button('sort', g.sort, () => ctrl.sortHand(), { disabled: v.hand.length < 2 }),
    h(
      'p',
      { class: `reason${verdict && !verdict.ok ? ' refused' : ''}`, id: 'play-reason', 'aria-live': 'polite' },
      ctrl.playReason(verdict),
    ),
    messageRow(ctx),
  );
}

/** A replay's step controls, in place of the actions: first, back, forward, last and a slider. */
export function stepsView(steps: SourceSteps): VNode {
  const r = t().replay;
  const at = steps.position();
  const last = steps.last();
  const go = (to: number): void => steps.go(to);
  const step = (id: string, key: string, label: string, off: boolean, to: () => number): VNode =>
    h('button', { type: 'button', id, 'data-key': key, 'aria-disabled': String(off), onclick: () => go(to()) }, label);
  return h(
    'div',
    { class: 'actions replay-controls', role: 'group', 'aria-label': r.controls },
    step('replay-first', 'first', r.first, at === 0, () => 0),
    step('replay-back', 'back', r.back, at === 0, () => steps.position() - 1),
    step('replay-forward', 'forward', r.forward, at === last, () => steps.position() + 1),
    step('replay-last', 'last', r.last, at === last, () => last),
    h('input', {
      type: 'range',
      min: 0,
      max: last,
      value: at,
      'aria-label': r.slider,
      'data-key': 'slider',
      id: 'replay-slider',
      oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)),
    }),
  );
}
