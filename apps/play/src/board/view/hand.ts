/** The viewer's hand: one button per card, keyed by card id, in the order the player chose. */
import type { CardId, PlayerView } from 'dnup';
import { cardLabel } from '../../cards';
import { t } from '../../i18n';
import { v as h, type VNode } from '../vdom';
import type { BoardCtx } from './context';

/** How long a card takes to turn over on its way into the hand (matches styles.css). */
const ROTATE_MS = 700;

/** Arrow keys move the Tab stop (with Alt, the card itself); Home and End; a digit selects by value. */
function onHandKey(ctx: BoardCtx, id: CardId, index: number, e: KeyboardEvent): void {
  const ctrl = ctx.ctrl;
  const back = e.key === 'ArrowLeft' || e.key === 'ArrowUp';
  const step = back ? -1 : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : 0;
  if (e.altKey && step !== 0) {
    e.preventDefault();
    ctrl.moveInHand(id, index + step);
    ctrl.handFocus = id;
    ctrl.focusCard(id);
  } else if (step !== 0) {
    e.preventDefault();
    ctrl.focusAt(index + step);
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    ctrl.focusAt(e.key === 'Home' ? 0 : ctrl.handOrder.length - 1);
  } else if (/^[0-9]$/.test(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    ctrl.selectByValue(index, e.key);
  }
}

/** Where a dragged card would land in the hand: a mark before or after the card it is over. */
function dropMark(ctx: BoardCtx, index: number): string {
  const over = ctx.ctrl.drag?.over;
  if (!over?.startsWith('hand:')) return '';
  const at = Number(over.slice(5));
  if (at === index) return ' drop-before';
  return at === index + 1 && index === ctx.ctrl.handOrder.length - 1 ? ' drop-after' : '';
}

function handCard(
  ctx: BoardCtx,
  v: PlayerView,
  id: CardId,
  index: number,
  stop: CardId | undefined,
  now: number,
): VNode {
  const ctrl = ctx.ctrl;
  const hs = ctrl.hints();
  const card = v.hand.find((c) => c.id === id)!;
  const isSel = ctrl.selected.has(id);
  // a card that just turned over spins once; its node survives redraws, so the spin is not restarted
  const spinning = now - (ctrl.rotatedAt.get(id) ?? -Infinity) < ROTATE_MS;
  const playable = hs.playable.has(id);
  const addable = hs.addTargets.has(id);
  const dragged = ctrl.drag?.id === id;
  const cls = `${isSel ? 'selected' : ''}${spinning ? ' just-rotated' : ''}${playable ? ' playable' : ''}`;
  return h(
    'button',
    {
      key: id,
      type: 'button',
      class: `hand-card${playable || addable ? ' hinted' : ''}${addable ? ' can-add' : ''}${dragged ? ' dragged' : ''}${dropMark(ctx, index)}`,
      'data-key': `hand-${id}`,
      'data-hand-index': index,
      'data-card-id': id,
      'data-playable': playable ? 'true' : null,
      tabindex: id === stop ? 0 : -1,
      'aria-pressed': isSel ? 'true' : 'false',
      onclick: () => {
        if (!ctx.clickHandled()) ctrl.toggle(id);
      },
      onfocus: () => {
        ctrl.handFocus = id;
      },
      onpointerdown: (e: PointerEvent) => ctx.pointerDown(e, id),
      onkeydown: (e: KeyboardEvent) => onHandKey(ctx, id, index, e),
    },
    ctx.faces.face('hand', card, v.deck, cls, 'hidden'),
    // the button's name: the card's words, then what the hints say of it
    h(
      'span',
      { class: 'sr-only' },
      `${cardLabel(card, v.deck)}${playable ? `, ${t().game.playable}` : ''}${addable ? `, ${t().game.addable}` : ''}`,
    ),
  );
}

export function handView(ctx: BoardCtx, v: PlayerView, now: number): VNode {
  const order = ctx.ctrl.handOrder;
  const focus = ctx.ctrl.handFocus;
  const stop = focus !== null && order.includes(focus) ? focus : order[0];
  return h(
    'div',
    {
      class: `hand${ctx.ctrl.drag ? ' drag-in-hand' : ''}`,
      id: 'hand',
      role: 'group',
      tabindex: -1,
      'aria-labelledby': 'hand-title',
      'aria-describedby': 'hand-help',
    },
    order.map((id, index) => handCard(ctx, v, id, index, stop, now)),
  );
}
