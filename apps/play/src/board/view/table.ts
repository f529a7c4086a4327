/** The table: one slot per play area, with its set, what the last move did there, and what the viewer may do to it. */
import { areasPerSeat, type TableSet } from 'dnup';
import { t } from '../../i18n';
import type { BoardController } from '../controller';
import { addFromSelection, slotKey } from '../hints';
import type { BoardView } from '../source';
import { v as h, type VNode } from '../vdom';
import { areaLabel } from '../turn-label';
import type { FaceCache } from './faces';

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
 * Buttons on an opponent's set on the viewer's turn: take it, and add the one selected card to it.
 * Add is offered only with one card selected; an add the rules refuse says why in the message
 * line, with its rule, as a refused Play does (never in a tooltip alone).
 */
function slotActions(ctrl: BoardController, set: TableSet | undefined, seat: number, area: number): VNode | null {
  if (!set || seat === ctrl.me || !ctrl.myTurn()) return null;
  const hs = ctrl.hints();
  const target = { seat, area };
  const key = slotKey(target);
  const sel = ctrl.selectedIds();
  const v = ctrl.seatView()!;
  const selCard = sel.length === 1 ? v.hand.find((c) => c.id === sel[0]) : undefined;
  const fits = selCard !== undefined && (hs.addTargets.get(selCard.id) ?? []).includes(key);
  return h(
    'div',
    { key: 'actions', class: 'slot-actions' },
    h(
      'button',
      {
        type: 'button',
        class: `take${hs.takeable.has(key) ? ' legal' : ''}`,
        'data-key': `take-${key}`,
        onclick: (e: Event) => {
          e.stopPropagation();
          void ctrl.attempt({ type: 'take', target });
        },
      },
      t().game.take(set.cards.length, set.value),
    ),
    selCard
      ? h(
          'button',
          {
            type: 'button',
            class: `add${fits ? ' legal' : ''}`,
            'data-key': `add-${key}`,
            'aria-label': `${t().game.addYour(selCard.active)}${fits ? `, ${t().game.canAddHere}` : ''}`,
            onclick: (e: Event) => {
              e.stopPropagation();
              const add = addFromSelection(v, selCard.id, target);
              if (add.ok) void ctrl.attempt(add.move);
              else ctrl.refuse(add);
            },
          },
          t().game.addYour(selCard.active),
        )
      : // Add's room is kept while no card is selected: selecting one must not move the table
        h('span', { class: 'add-space', 'aria-hidden': 'true' }),
  );
}

/** The classes a slot gets from the viewer's selection and drag: where a card may go, what may be taken. */
function slotState(ctrl: BoardController, key: string): string {
  const hs = ctrl.hints();
  const sel = ctrl.selectedIds();
  const dragging = ctrl.drag;
  const card = dragging?.id ?? (sel.length === 1 ? sel[0] : undefined);
  let cls = '';
  if (card !== undefined && (hs.addTargets.get(card) ?? []).includes(key)) cls += ' can-drop';
  if (dragging?.over === key) cls += ' drop-over';
  if (ctrl.myTurn() && hs.takeable.has(key)) cls += ' tappable';
  return cls;
}

/**
 * The table: one slot per play area, each showing its set's owner, area, size and value, and
 * what the last move did there. Set cards are keyed by id, so a card that stays keeps its node.
 */
export function tableView(ctrl: BoardController, faces: FaceCache): VNode {
  const view = ctrl.view;
  const areas = areasPerSeat(view.players.length);
  const marks = lastMoveMarks(view);
  const slots: VNode[] = [];
  for (let seat = 0; seat < view.players.length; seat++) {
    for (let area = 0; area < areas; area++) {
      const key = `${seat}.${area}`;
      const set = view.table.find((s) => s.seat === seat && s.area === area);
      const owner = seat === view.seat ? t().table.you(view.players[seat]!) : view.players[seat]!;
      const caption = areas === 2 ? `${owner} · ${areaLabel(area)}` : owner;
      const isTurnArea = view.status === 'playing' && view.turn.seat === seat && view.turn.area === area;
      const mark = marks.get(key);
      const setWords = set ? t().table.setWords(set.cards.length, set.value) : t().table.empty;
      slots.push(
        h(
          'section',
          {
            key,
            class: `slot${set ? ' has-set' : ''}${isTurnArea ? ' turn-area' : ''}${mark ? ' last-move' : ''}${slotState(ctrl, key)}`,
            'data-slot': key,
            'aria-label': `${caption}: ${setWords}${mark ? `, ${mark}` : ''}`,
          },
          h('div', { key: 'caption', class: 'slot-caption' }, caption),
          mark ? h('div', { key: 'mark', class: 'last-mark' }, mark) : null,
          set
            ? h(
                'div',
                { key: 'facts', class: 'set-facts' },
                h('span', { class: 'set-size' }, t().table.size(set.cards.length)),
                ' · ',
                h('span', { class: 'set-value' }, t().table.value(set.value)),
              )
            : null,
          set
            ? h(
                'div',
                { key: 'cards', class: 'set-cards' },
                set.cards.map((id) => faces.face(key, { id, active: set.value }, view.deck, 'small')),
              )
            : h('div', { key: 'empty', class: 'set-empty' }, t().table.empty),
          slotActions(ctrl, set, seat, area),
        ),
      );
    }
  }
  return h(
    'div',
    { class: `table areas-${areas}`, role: 'region', 'aria-label': t().table.label },
    slots,
    h('div', { class: 'discard', 'data-pile': 'discard' }, t().table.discard(view.discardCount)),
  );
}
