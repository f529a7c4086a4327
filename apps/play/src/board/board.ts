/**
 * The board: one game screen for offline play, online play and spectating. It knows no rules of
 * its own (chessground's shape): it draws what its {@link GameSource} hands it — the viewer's
 * player view, or the public view — shows the hints computed from that view (hints.ts), and
 * reports what the player did through `source.submit`. It never holds another seat's hand.
 *
 * The cut: controller.ts holds the state and the actions (no DOM), view/ draws it as keyed
 * virtual DOM (vdom.ts), drag.ts and motion.ts handle the pointer and the cards that move, and
 * this file mounts them: it patches the drawing, opens the result dialog and places focus.
 */
import { areasPerSeat, replay, type HeldCard, type GameRecord, type ViewEvent } from 'dnup';
import { downloadText, h } from '../dom';
import { trapFocus } from '../dialog';
import { onLocaleChange, t } from '../i18n';
import { BoardController, type BoardDeps } from './controller';
import { HandDrag } from './drag';
import { Hinter } from './hint';
import { SPEEDS, type BoardHost } from './host';
import { afterFrame, markDrawn, waitThenFrame } from './after-frame';
import { LogPin } from './log-pin';
import { CardMotion } from './motion';
import type { BoardView, GameSource } from './source';
import { drawTurnSignal, signalTurn } from './turn-signal';
import { patch, v, type VNode } from './vdom';
import { gameBar, lastLine } from './view/bar';
import type { BoardCtx } from './view/context';
import { actionsView, stepsView } from './view/controls';
import { handView } from './view/hand';
import { logView, notationView } from './view/log';
import { FaceCache } from './view/faces';
import { PartCache } from './view/parts';
import { resultView } from './view/result';
import { orderEl, seatsEl } from './view/seats';
import { tableView } from './view/table';

export { SPEEDS, type BoardHost, type Speed } from './host';

/** The longest a card travels, however slow the speed. */
const MAX_TRAVEL_MS = 450;

/** The seats, drawn again when the view, the hands shown or the seats' connections change. */
function seatsPart(ctx: BoardCtx): VNode {
  const { view, snap } = ctx.ctrl;
  const hands = snap.hands ?? ctx.revealedHands();
  // a reconnection's countdown changes every second with nothing else
  const counting = snap.seats?.some((s) => s.connection.state === 'reconnecting') ? Math.floor(Date.now() / 1000) : 0;
  return ctx.parts.kept('seats', [view, hands, snap.seats, t(), counting], () =>
    seatsEl(view, hands, snap.seats, ctx.faces),
  );
}

/** The whole board, drawn from the controller. */
function boardView(ctx: BoardCtx, onSlotClick: (e: Event) => void): VNode {
  const ctrl = ctx.ctrl;
  const view = ctrl.view;
  const seat = ctrl.seatView();
  const g = t().game;
  const mine = ctrl.myTurn();
  // in the duel, which of the viewer's two areas plays (rules §6)
  const duelArea = areasPerSeat(view.players.length) === 2 ? ` (${ctrl.turnName().split(' · ')[1]})` : '';
  return v(
    'div',
    { class: `board${ctrl.drag ? ' dragging' : ''}`, onclick: onSlotClick },
    gameBar(ctx),
    seatsPart(ctx),
    ctx.parts.kept('order', [view, t()], () => orderEl(view)),
    lastLine(ctx),
    tableView(ctrl, ctx.faces),
    ...(seat
      ? [
          v('h2', { class: 'hand-title', id: 'hand-title' }, mine ? `${g.yourHandTurn}${duelArea}` : g.yourHand),
          v('p', { class: 'sr-only', id: 'hand-help' }, g.handHelp),
          handView(ctx, seat, performance.now()),
        ]
      : []),
    ctrl.source.steps ? stepsView(ctrl.source.steps) : actionsView(ctx),
  );
}

/** Where the drawing goes: the board, the log, the move list, the result dialog. */
interface Frame {
  readonly logTitle: HTMLElement;
  readonly dialog: HTMLDialogElement;
  board: VNode | Element;
  log: VNode | Element;
  notation: VNode | Element;
  result: VNode | Element;
  /** Keeps the log at its last entry when the page changes size. */
  logPin?: LogPin;
}

/** The placeholders each part is patched into, in `root`. */
function frame(root: HTMLElement): Frame {
  const f: Frame = {
    logTitle: h('h2', { id: 'log-title' }),
    dialog: h('dialog', { class: 'result', 'aria-labelledby': 'result-title' }),
    board: h('div'),
    log: h('ol'),
    notation: h('details'),
    result: h('div'),
  };
  trapFocus(f.dialog);
  f.dialog.append(f.result as Element);
  const panel = h(
    'section',
    { class: 'log-panel', 'aria-labelledby': 'log-title' },
    f.logTitle,
    f.log as Element,
    f.notation as Element,
  );
  root.replaceChildren(f.board as Element, panel, f.dialog);
  f.logPin = new LogPin(panel, () => {
    const log = f.log as VNode | Element;
    return 'elm' in log ? ((log.elm as HTMLElement | undefined) ?? null) : (log as HTMLElement);
  });
  return f;
}

/** A mounted board: the controller, its drawing, the dialog, focus and the keyboard. */
class MountedBoard {
  readonly ctrl: BoardController;
  private readonly f: Frame;
  private readonly hinter = new Hinter();
  private readonly drag: HandDrag;
  private readonly motion = new CardMotion();
  /** The result dialog's content is drawn and the dialog opens once that frame is painted. */
  private resultWaiting = false;
  private readonly ctx: BoardCtx;
  private drawnView: BoardView;
  private drawnLog = '';
  private dialogFor = '';
  private turnHandled = -1;
  /** Every hand once the game is over: the revealed record replays to them (the seed reveals them anyway). */
  private revealed: { record: GameRecord; hands: readonly (readonly HeldCard[])[] | undefined } | null = null;
  /** The record to share and the snapshot it was made at. */
  private shared: {
    at: unknown;
    snap: unknown;
    record: GameRecord | { readonly format?: string } | null;
  } | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly source: GameSource,
    private readonly host: BoardHost,
  ) {
    this.f = frame(root);
    this.ctrl = new BoardController(source, this.deps(), {
      redraw: () => this.render(),
      focus: (key, afterMove) => {
        if (!afterMove) {
          if (!this.f.dialog.open) this.focusKey(key);
          return;
        }
        // back to the hand once the move's frame is drawn: focusing now would lay the board out a
        // second time in the task that drew it; no scroll, the page stays where the move was made
        afterFrame(() => {
          if (!this.ctrl.stopped && !this.f.dialog.open) this.focusKey(key, true);
        });
      },
      showActions: () => this.boardEl().querySelector('.actions')?.scrollIntoView({ block: 'nearest' }),
    });
    this.drawnView = this.ctrl.view;
    this.drag = new HandDrag(this.ctrl);
    this.ctx = {
      ctrl: this.ctrl,
      host,
      faces: new FaceCache(),
      parts: new PartCache(),
      redraw: () => this.render(),
      openResult: () => this.openResult(),
      closeResult: () => this.f.dialog.close(),
      shareable: () => this.shareable(),
      download: () => this.download(),
      pointerDown: (e, id) => this.drag.down(e, id),
      clickHandled: () => this.drag.clickHandled(),
      revealedHands: () => this.revealedHands(),
    };
    this.f.dialog.addEventListener('close', () => {
      this.render();
      this.focusKey(this.ctrl.view.status === 'roundOver' ? 'deal' : 'show-result');
    });
  }

  private deps(): BoardDeps {
    let storage: Storage | null = null;
    try {
      storage = sessionStorage;
    } catch {
      // no storage: the hand's order lives as long as the page
    }
    return {
      speedMs: () => SPEEDS[this.host.speed()],
      hint: (view) => this.hinter.ask(view),
      cancelHint: () => this.hinter.cancel(),
      storage,
      now: () => performance.now(),
      // a step is drawn at the start of a frame: not in one that another task (a click's redraw,
      // the last step's travels) has begun already, which the two would make long
      wait: waitThenFrame,
      onLiveSnapshot: (s) => signalTurn(s),
    };
  }

  private boardEl(): HTMLElement {
    return (this.f.board as VNode).elm as HTMLElement;
  }

  focusKey(key: string, preventScroll = false): void {
    const board = this.boardEl();
    const el =
      key === 'hand'
        ? (board.querySelector<HTMLElement>('#hand [tabindex="0"]') ?? board.querySelector<HTMLElement>('#hand'))
        : board.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
    el?.focus({ preventScroll });
  }

  private shareable(): GameRecord | { readonly format?: string } | null {
    // made once per snapshot, not at every drawing: a record copies every move played so far
    const at = this.source.current();
    if (this.shared?.at !== at || this.shared.snap !== this.ctrl.snap) {
      const record =
        this.ctrl.snap.over?.record ?? (this.source.recordToShare?.() as { format?: string } | undefined) ?? null;
      this.shared = { at, snap: this.ctrl.snap, record };
    }
    return this.shared.record;
  }

  private revealedHands(): readonly (readonly HeldCard[])[] | undefined {
    const record = this.ctrl.snap.over?.record;
    if (!record) return undefined;
    if (this.revealed?.record !== record) {
      const r = replay(record);
      this.revealed = { record, hands: r.ok ? r.state.hands : undefined };
    }
    return this.revealed.hands;
  }

  private download(): void {
    const record = this.shareable() as { format?: string; seed?: unknown } | null;
    if (!record) return;
    const { me, view } = this.ctrl;
    const who = me !== null ? (view.players[me] ?? 'player') : 'spectator';
    const name =
      record.format === 'dnup-record'
        ? `dnup-${String(record.seed).replace(/[^\w-]+/g, '_')}.json`
        : `dnup-${who.replace(/[^\w-]+/g, '_')}-view-move-${view.moveCount}.json`;
    downloadText(name, JSON.stringify(record, null, 2));
  }

  /**
   * Draws the result dialog's content while it is closed (no layout), and opens it once that
   * frame is painted, in two frames: opening a modal dialog restyles the whole page (everything
   * else becomes inert), so the dialog opens empty and see-through (`opening`: the page dims), and
   * its content is styled, laid out and focused in the next frame. In one task the two made one
   * frame too long for a phone.
   */
  private openResult(): void {
    let startedAt = performance.now();
    this.drawResult();
    const dialog = this.f.dialog;
    const drawn = dialog.id;
    performance.measure('dnup board draw', { start: startedAt, detail: `${drawn} dialog drawn` });
    if (dialog.open || this.resultWaiting) return;
    this.resultWaiting = true;
    afterFrame(() => {
      this.resultWaiting = false;
      // not if the game went on meanwhile (the next round dealt), or the result changed
      const ctrl = this.ctrl;
      if (ctrl.stopped || ctrl.view.status === 'playing' || dialog.open || dialog.id !== drawn) return;
      startedAt = performance.now();
      dialog.classList.add('opening');
      dialog.showModal();
      performance.measure('dnup board draw', { start: startedAt, detail: `${drawn} dialog opened` });
      afterFrame(() => {
        startedAt = performance.now();
        dialog.classList.remove('opening');
        if (!dialog.open) return; // closed meanwhile (Escape): the class goes all the same
        dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
        performance.measure('dnup board draw', { start: startedAt, detail: `${drawn} dialog shown` });
      });
    });
  }

  private drawResult(): void {
    this.f.dialog.id = this.ctrl.view.status === 'gameOver' ? 'game-over' : 'round-over';
    this.f.result = patch(this.f.result, resultView(this.ctx));
    markDrawn();
  }

  /** A tap on a set: adds the one selected card to it, or takes it when nothing is selected. */
  private readonly onSlotClick = (e: Event): void => {
    const ctrl = this.ctrl;
    const slot = (e.target as Element).closest<HTMLElement>('[data-slot]');
    if (!slot || (e.target as Element).closest('button') || !ctrl.myTurn()) return;
    const [seat, area] = slot.dataset.slot!.split('.').map(Number) as [number, number];
    if (seat === ctrl.me || !ctrl.view.table.some((s) => s.seat === seat && s.area === area)) return;
    const sel = ctrl.selectedIds();
    if (sel.length === 1) void ctrl.attempt({ type: 'add', card: sel[0]!, target: { seat, area } });
    else if (sel.length === 0) void ctrl.attempt({ type: 'take', target: { seat, area } });
  };

  /** The events the drawing about to be made shows: the step on screen, or the move just arrived. */
  private eventsDrawn(): readonly ViewEvent[] {
    if (this.ctrl.stepEvent) return [this.ctrl.stepEvent];
    return this.ctrl.view.moveCount !== this.drawnView.moveCount ? this.ctrl.view.events : [];
  }

  render(): void {
    const ctrl = this.ctrl;
    if (ctrl.stopped) return;
    // each drawing shows in the browser's performance tools as "dnup board draw"
    const startedAt = performance.now();
    const travelMs = Math.min(MAX_TRAVEL_MS, SPEEDS[this.host.speed()] * 0.45);
    const forward = this.drawnView.moveCount <= ctrl.view.moveCount;
    const moves = ctrl.view !== this.drawnView && travelMs > 0 && forward && CardMotion.enabled();
    const events = this.eventsDrawn();
    // where the cards are (kept from the last move's frame), the new drawing written, the travellers
    // hidden; once its frame is painted, where the cards went is read and the travels start: the
    // browser lays the page out once, in its frame, and the move's work is split over two frames
    if (moves) this.motion.note(this.boardEl());
    else this.motion.forget();
    this.f.board = patch(this.f.board, boardView(this.ctx, this.onSlotClick));
    markDrawn();
    const logChanged = this.drawLog();
    if (moves && this.motion.hold(this.boardEl(), events)) {
      afterFrame(() => {
        if (this.ctrl.stopped) return;
        const travel = this.motion.measure(this.boardEl(), travelMs);
        if (logChanged) this.scrollLog();
        travel();
      });
    } else if (logChanged)
      afterFrame(() => {
        if (!this.ctrl.stopped) this.scrollLog();
      });
    this.drawnView = ctrl.view;
    const data = this.root.dataset;
    data.status = ctrl.view.status;
    data.myTurn = String(ctrl.myTurn());
    data.moveCount = String(ctrl.view.moveCount);
    if (ctrl.animating) data.animating = 'true';
    else delete data.animating;
    this.placeDialog();
    this.placeFocus();
    // the detail names what was drawn: the step's events, or "redraw" (a selection, a hint, words)
    performance.measure('dnup board draw', {
      start: startedAt,
      detail: events.map((e) => e.type).join(' ') || 'redraw',
    });
    this.host.drawn?.(ctrl.view.status);
  }

  /**
   * The log shows its last entry. Once the drawing's frame is painted: reading the log's height
   * right after a patch lays the page out inside the drawing's task (up to 49 ms at 4× CPU).
   */
  private scrollLog(): void {
    const log = (this.f.log as VNode).elm as HTMLElement;
    log.scrollTop = log.scrollHeight;
  }

  /** The log is drawn again only when it changed (a move, the language): a selection leaves it alone. */
  private drawLog(): boolean {
    const { log, view } = this.ctrl;
    const key = `${log.length}:${view.moveCount}:${t().log.title}:${view.players.join(',')}`;
    if (key === this.drawnLog) return false;
    this.drawnLog = key;
    // set only when it changed: setting it replaces the text node, which the page then lays out anew
    const title = t().log.title;
    if (this.f.logTitle.textContent !== title) this.f.logTitle.textContent = title;
    this.f.log = patch(this.f.log, logView(this.ctrl));
    this.f.notation = patch(this.f.notation, notationView(this.ctrl));
    return true;
  }

  /**
   * The result dialog opens at the end of a round or of the game, once the move that ended it is
   * drawn (never on a step of it: a round's end drawn before the game's would flash its dialog);
   * a replay passes round ends while stepping, with no dialog in the way of the arrow keys.
   */
  private placeDialog(): void {
    const view = this.ctrl.view;
    const end = view.status === 'playing' ? '' : `${view.status}-${view.round}`;
    if (end !== this.dialogFor && !this.source.steps && !this.ctrl.animating) {
      this.dialogFor = end;
      // the content is drawn with the move that ended the round (the dialog closed: no layout) and
      // the dialog opens once that frame is on screen: all three in one frame took a phone's frame
      // twice over, and a frame more before opening left the board's Deal button under a tap
      if (end) this.openResult();
      else if (this.f.dialog.open) this.f.dialog.close();
    } else if (this.f.dialog.open || this.resultWaiting) this.drawResult();
  }

  /**
   * A new turn of the viewer: the keyboard starts in the hand, and the hand and Play are in sight.
   * Done once the drawing's frame is painted: focusing and reading where the hand is would lay the
   * page out in the task that drew it (a phone's frame, twice).
   */
  private placeFocus(): void {
    const ctrl = this.ctrl;
    if (!ctrl.myTurn() || this.turnHandled === ctrl.view.moveCount || this.f.dialog.open) return;
    const turn = ctrl.view.moveCount;
    this.turnHandled = turn;
    afterFrame(() => {
      if (ctrl.stopped || this.f.dialog.open || ctrl.view.moveCount !== turn) return;
      const board = this.boardEl();
      const active = document.activeElement;
      const free =
        active === null || active === document.body || !active.isConnected || active.closest('[hidden]') !== null;
      if (!free && !board.contains(active)) return;
      // read (the layout is clean after the frame), then write
      const actions = board.querySelector('.actions');
      const hand = board.querySelector('#hand');
      const out = (el: Element, edge: 'top' | 'bottom'): boolean =>
        edge === 'top' ? el.getBoundingClientRect().top < 0 : el.getBoundingClientRect().bottom > window.innerHeight;
      const hidden = actions !== null && hand !== null && (out(actions, 'bottom') || out(hand, 'top'));
      this.focusKey('hand', true);
      if (hidden) actions.scrollIntoView({ block: 'end' });
    });
  }

  /** A replay's arrow keys; Escape clears the selection and the message. */
  readonly onKey = (e: KeyboardEvent): void => {
    const steps = this.source.steps;
    if (steps && !this.root.closest('[hidden]') && !this.f.dialog.open && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // on the document, not the board: a click on a control must not cut the arrow keys off
      const target = e.target;
      const typing =
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLInputElement;
      const to = { ArrowRight: steps.position() + 1, ArrowLeft: steps.position() - 1, Home: 0, End: steps.last() }[
        e.key
      ];
      if (typing || to === undefined) return;
      e.preventDefault();
      steps.go(to);
      return;
    }
    if (e.key !== 'Escape' || this.root.hidden || this.f.dialog.open || this.drag.active()) return;
    if (this.ctrl.selected.size > 0 || this.ctrl.message) {
      e.preventDefault();
      this.ctrl.clearSelection();
    }
  };

  stop(): void {
    this.f.logPin?.stop();
    this.ctrl.stop();
    this.drag.stop();
    this.motion.stop();
    this.hinter.stop();
    if (this.f.dialog.open) this.f.dialog.close();
  }
}

/**
 * Mounts the board for `source` in `root`. Returns a function that unmounts it (the source is
 * closed by whoever opened it).
 */
export function mountBoard(root: HTMLElement, source: GameSource, host: BoardHost): () => void {
  const board = new MountedBoard(root, source, host);
  document.addEventListener('keydown', board.onKey);
  const unsubscribe = source.subscribe((next) => board.ctrl.receive(next));
  const unLocale = onLocaleChange(() => {
    drawTurnSignal();
    board.ctrl.relocalize();
  });
  board.render();
  if (!source.steps) signalTurn(board.ctrl.snap);
  return () => {
    board.stop();
    if (!source.steps) signalTurn(null);
    unsubscribe();
    unLocale();
    document.removeEventListener('keydown', board.onKey);
  };
}
