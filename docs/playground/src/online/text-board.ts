/**
 * A stopgap board for online games until the shared board (board/board.ts) reads a GameSource:
 * the hand as cards, the table, and one button per legal move. Replaced when the boards merge.
 */
import { legalMovesOfView, type Move } from 'dnup';
import { cardFace } from '../cards';
import { h } from '../dom';
import { isSeatView, type GameSource, type SourceSnapshot } from '../board/source';

export function mountTextBoard(root: HTMLElement, source: GameSource): () => void {
  let message = '';
  const draw = (s: SourceSnapshot): void => {
    const view = s.view;
    const moves: Move[] = isSeatView(view) && s.over === null ? legalMovesOfView(view) : [];
    const mine = moves.length > 0 && (view.status === 'roundOver' || view.turn.seat === source.viewer);
    root.dataset.status = s.over ? 'gameOver' : view.status;
    root.dataset.moveCount = String(view.moveCount);
    root.dataset.myTurn = String(mine && view.status === 'playing');
    root.replaceChildren(
      h('p', {}, `Round ${view.round} · move ${view.moveCount} · ${view.players[view.turn.seat]} · ${view.scores.join(' / ')}`),
      h('ul', {}, view.table.map((t) => h('li', { 'data-slot': `${t.seat}.${t.area}` }, `${view.players[t.seat]}: `, t.cards.map((id) => h('span', { 'data-card-id': id }, String(t.value)))))),
      h('div', { id: 'hand' }, view.hand.map((c) => h('span', { class: 'hand-card', 'data-card-id': c.id }, cardFace(c, view.deck)))),
      h('div', { id: 'online-moves' }, mine ? moves.map((m) => h('button', { type: 'button', onclick: () => void source.submit(m).then((r) => { message = r.ok ? '' : r.message; draw(source.current()); }) }, JSON.stringify(m))) : null),
      h('p', { role: 'status' }, message),
    );
  };
  draw(source.current());
  const stop = source.subscribe(draw);
  return () => {
    stop();
    root.replaceChildren();
  };
}
