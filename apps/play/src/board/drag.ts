/**
 * Dragging a hand card (chessground's drag, for a hand): within the hand it moves the card, onto
 * an opponent's set it adds it (rules §5 B). Pointer events cover mouse, pen and touch; a drag
 * starts past 8 px, so a tap stays a tap. Where the card would land is the controller's state
 * (`drag.over`), which the views draw; only the ghost under the pointer is this module's.
 */
import type { CardId } from 'dnup';
import { cardFace } from '../cards';
import type { BoardController } from './controller';
import { toElement } from './vdom';

/** Past this distance a pressed card is dragged, not tapped. */
const DRAG_START_PX = 8;
/** A click within this long after a tap handled on pointerup is the same tap. */
const TAP_CLICK_MS = 700;

export class HandDrag {
  private pressed: { id: CardId; x: number; y: number; pointer: number } | null = null;
  private ghost: HTMLElement | null = null;
  private suppressClick = false;
  private tapAt = -Infinity;

  constructor(private readonly ctrl: BoardController) {}

  /** Whether the click that follows a pointerup was already handled (a tap, or the end of a drag). */
  clickHandled(): boolean {
    return this.suppressClick || performance.now() - this.tapAt < TAP_CLICK_MS;
  }

  /** True while a card is pressed or dragged (Escape then cancels the drag, not the selection). */
  active(): boolean {
    return this.pressed !== null;
  }

  down(e: PointerEvent, id: CardId): void {
    if (e.button !== 0 || this.pressed) return;
    this.pressed = { id, x: e.clientX, y: e.clientY, pointer: e.pointerId };
    document.addEventListener('pointermove', this.onMove, { passive: false });
    document.addEventListener('pointerup', this.onUp);
    document.addEventListener('pointercancel', this.onCancel);
  }

  /** Where a card dropped at (x, y) would go: `"hand:i"` (before the card at index i) or a set's `"seat.area"`. */
  private targetAt(x: number, y: number): string | null {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-hand-index], [data-slot]');
    if (!el) return null;
    if (el.dataset.slot !== undefined) return el.dataset.slot;
    const rect = el.getBoundingClientRect();
    const index = Number(el.dataset.handIndex) + (x > rect.left + rect.width / 2 ? 1 : 0);
    return `hand:${index}`;
  }

  private readonly onMove = (e: PointerEvent): void => {
    const p = this.pressed;
    if (!p || e.pointerId !== p.pointer) return;
    if (!this.ghost) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_START_PX) return;
      const view = this.ctrl.seatView();
      const card = view?.hand.find((c) => c.id === p.id);
      if (!view || !card) return;
      this.ghost = toElement(cardFace(card, view.deck, 'ghost', 'hidden'));
      document.body.append(this.ghost);
      this.ctrl.startDrag(p.id);
    }
    e.preventDefault();
    this.ghost.style.left = `${e.clientX}px`;
    this.ghost.style.top = `${e.clientY}px`;
    this.ctrl.dragOver(this.targetAt(e.clientX, e.clientY));
  };

  private readonly onUp = (e: PointerEvent): void => {
    const p = this.pressed;
    if (p && e.pointerId !== p.pointer) return;
    const dragged = this.ghost !== null;
    this.release();
    if (!p) return;
    if (!dragged) {
      // a tap of a finger or pen selects at once: Chromium drops the click of a tap that follows a drag closely
      if (e.pointerType !== 'mouse' && (e.target as Element).closest?.(`[data-card-id="${p.id}"]`)) {
        this.tapAt = performance.now();
        this.ctrl.toggle(p.id);
      }
      return;
    }
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    this.ctrl.dragOver(this.targetAt(e.clientX, e.clientY));
    this.ctrl.drop();
  };

  private readonly onCancel = (): void => {
    const dragged = this.ghost !== null;
    this.release();
    if (dragged) this.ctrl.cancelDrag();
  };

  private release(): void {
    document.removeEventListener('pointermove', this.onMove);
    document.removeEventListener('pointerup', this.onUp);
    document.removeEventListener('pointercancel', this.onCancel);
    this.ghost?.remove();
    this.ghost = null;
    this.pressed = null;
  }

  /** The board is gone. */
  stop(): void {
    const dragged = this.ghost !== null;
    this.release();
    if (dragged) this.ctrl.cancelDrag();
  }
}
