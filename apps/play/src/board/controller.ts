/**
 * The board's controller (chessground's cut): what the board holds between two drawings — the
 * snapshot on screen, the hand's order, the selection, a drag, the queue of moves still to draw,
 * the message under the controls, the log — and what the player can do. It touches no DOM: the
 * views (view/) draw it, board.ts mounts them, and the unit tests drive it with a fake source.
 */
import { legalMoves, publicSteps, viewSteps, type CardId, type Move, type PlayerView, type ViewEvent } from 'dnup';
import { facesOf } from '../engine';
import { currentLocale, refusalSentence, t } from '../i18n';
import { inPlayerWords } from '../wording';
import { hintsOf, NO_HINTS, type Hints } from './hints';
import type { HintAnswer } from './hint';
import { seatName } from './seat-name';
import { turnLabel } from './turn-label';
import { isSeatView, type BoardView, type GameSource, type Refusal, type SourceSnapshot } from './source';

/** One move (or deal) in the log: its events are worded when drawn, in the language of the moment. */
export interface LogEntry {
  readonly events: readonly ViewEvent[];
  readonly move: Move | null;
  readonly seat: number | null;
  readonly moveCount: number;
  /** Played by the turn clock for its seat, whose time ran out. */
  readonly byClock?: boolean;
}

/** The line under the controls; `at`: the source's move count when it came (a refusal outlives the drawing of that move). */
export interface BoardMessage {
  readonly text: string;
  readonly kind: 'error' | 'info';
  readonly rule?: string;
  readonly at?: number;
}

/** A hand card being dragged: where it would land now (`"hand:3"`, before the card at index 3, or a set's `"seat.area"`). */
export interface DragState {
  readonly id: CardId;
  over: string | null;
}

/** What the controller asks of whoever draws it. */
export interface BoardEffects {
  /** The state changed: draw again. */
  redraw(): void;
  /**
   * Moves keyboard focus to the element with this `data-key` after the next drawing (`hand`: the
   * hand's Tab stop). `afterMove`: once the move's first frame is drawn, without scrolling.
   */
  focus(key: string, afterMove?: boolean): void;
  /** A refusal came: keep its reason and Play in sight. */
  showActions(): void;
}

/** The controller's surroundings, replaceable in tests. */
export interface BoardDeps {
  /** Milliseconds between two moves shown (the player's speed); 0 draws a move at once. */
  speedMs(): number;
  /** A strong bot's move for the view; null when cancelled or superseded, `'failed'` when no answer came. */
  hint?(view: PlayerView): Promise<HintAnswer | 'failed' | null>;
  /** Forgets the hint question in flight. */
  cancelHint?(): void;
  /** Where the hand's order is kept for the game (sessionStorage on the page). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Waits between two steps of a move (the page also waits for a frame to begin). */
  wait?(ms: number): Promise<void>;
  /** A clock in milliseconds (performance.now on the page). */
  now?(): number;
  /** Called with each live snapshot as it arrives (the page's turn signal). */
  onLiveSnapshot?(snap: SourceSnapshot): void;
}

/** The events that are a move itself (rules §5 A–D), not one of its consequences. */
export const ACTION_EVENTS: ReadonlySet<string> = new Set(['setPlayed', 'cardAdded', 'setTaken', 'handRotated']);

/** The positions a move passes through: the UI kit's `viewSteps` for a seat's views, `publicSteps` for the public view. */
function stepsBetween(before: BoardView, after: BoardView): { event: ViewEvent; view: BoardView }[] {
  try {
    if (isSeatView(before) && isSeatView(after)) return viewSteps(before, after);
    return isSeatView(before) || isSeatView(after) ? [] : publicSteps(before, after);
  } catch {
    return []; // views that are not one move apart: the new one at once
  }
}

export class BoardController {
  snap: SourceSnapshot;
  /** The source's view on screen (`viewSteps` compares these move to move). */
  raw: BoardView;
  /** `raw` with bot seats named in the player's language. */
  view: BoardView;
  readonly me: number | null;
  /** The cosmetic hand order: only this page knows it (kept for the game). */
  handOrder: CardId[];
  selected = new Set<CardId>();
  /** The hand card that holds the hand's Tab stop. */
  handFocus: CardId | null = null;
  message: BoardMessage | null = null;
  /** When each card of the viewer's hand last turned over (a take, a beaten set back, a rotation). */
  readonly rotatedAt = new Map<CardId, number>();
  drag: DragState | null = null;
  /** While a move is drawn step by step, the board shows positions between two views: nothing to play. */
  animating = false;
  /** The event of the step on screen. */
  stepEvent: ViewEvent | null = null;
  readonly log: LogEntry[];
  stopped = false;
  private busy = false;
  private readonly pending: SourceSnapshot[] = [];
  private readonly orderKey: string;

  constructor(
    readonly source: GameSource,
    private readonly deps: BoardDeps,
    private readonly effects: BoardEffects,
  ) {
    this.snap = source.current();
    this.raw = this.snap.view;
    this.view = this.named(this.raw);
    this.me = source.viewer;
    this.orderKey = `dnup-hand-order:${source.commitment ?? 'game'}:${this.me ?? 'spectator'}`;
    this.handOrder = this.restoreOrder();
    // joined mid-game (online): the moves before, as anyone watching saw them, then this view's
    const past = source.history?.() ?? [];
    const here = past.find((e) => e.moveCount === this.view.moveCount);
    this.log = [
      ...past.filter((e) => e.moveCount < this.view.moveCount),
      {
        events: this.view.events,
        move: here?.move ?? null,
        seat: here?.seat ?? null,
        moveCount: this.view.moveCount,
        byClock: here?.byClock === true || this.snap.byClock === true,
      },
    ];
    if (source.steps) this.replayLog();
    this.syncHandOrder();
  }

  /** The bots' names in the player's language (a server names its bots in English, every greedy bot alike). */
  private named(v: BoardView): BoardView {
    const players = v.players.map((name, i) => seatName(name, this.snap.seats[i], i));
    return players.every((p, i) => p === v.players[i]) ? v : { ...v, players };
  }

  /** The language changed: names and sentences again. */
  relocalize(): void {
    this.view = this.named(this.raw);
    this.effects.redraw();
  }

  seatView(): PlayerView | null {
    return isSeatView(this.view) ? this.view : null;
  }

  myTurn(): boolean {
    const v = this.view;
    return (
      !this.animating && !this.source.steps && this.me !== null && v.status === 'playing' && v.turn.seat === this.me
    );
  }

  /** What to mark on the viewer's turn; none while a move is drawn. */
  hints(): Hints {
    const v = this.seatView();
    return v && !this.animating ? hintsOf(v) : NO_HINTS;
  }

  /** The selected cards in hand order. */
  selectedIds(): CardId[] {
    return this.handOrder.filter((id) => this.selected.has(id));
  }

  private restoreOrder(): CardId[] {
    const ids = this.seatView()?.hand.map((c) => c.id) ?? [];
    try {
      const kept = JSON.parse(this.deps.storage?.getItem(this.orderKey) ?? '[]') as unknown;
      if (Array.isArray(kept)) {
        const known = kept.filter((id): id is number => typeof id === 'number' && ids.includes(id));
        return known.concat(ids.filter((id) => !known.includes(id)));
      }
    } catch {
      // no storage, or not ours: the order lives as long as the page
    }
    return ids;
  }

  private keepOrder(): void {
    try {
      this.deps.storage?.setItem(this.orderKey, JSON.stringify(this.handOrder));
    } catch {
      // not kept across a reload
    }
  }

  /** Keeps the cosmetic hand order: known cards stay put, new ones go to the right. */
  private syncHandOrder(): void {
    const hand = this.seatView()?.hand ?? [];
    const ids = new Set(hand.map((c) => c.id));
    const order = this.handOrder
      .filter((id) => ids.has(id))
      .concat(hand.map((c) => c.id).filter((id) => !this.handOrder.includes(id)));
    this.selected = new Set([...this.selected].filter((id) => ids.has(id)));
    if (this.handFocus !== null && !ids.has(this.handFocus)) this.handFocus = null;
    if (order.length === this.handOrder.length && order.every((id, i) => id === this.handOrder[i])) return;
    this.handOrder = order;
    this.keepOrder();
  }

  // ---- what the player does ----

  toggle(id: CardId): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.handFocus = id;
    this.message = null;
    this.effects.redraw();
  }

  clearSelection(): void {
    this.selected.clear();
    this.message = null;
    this.effects.redraw();
  }

  /** Moves a card within the hand to index `to` (clamped). */
  moveInHand(id: CardId, to: number): void {
    const from = this.handOrder.indexOf(id);
    if (from < 0) return;
    this.handOrder.splice(from, 1);
    this.handOrder.splice(Math.max(0, Math.min(to, this.handOrder.length)), 0, id);
    this.keepOrder();
    this.effects.redraw();
  }

  /** Sorts the hand by active value, then by the other side (the order has no meaning to the rules, §3). */
  sortHand(): void {
    const v = this.seatView();
    if (!v) return;
    const faces = new Map(v.hand.map((c) => [c.id, facesOf(c, v.deck)]));
    this.handOrder.sort((a, b) => faces.get(a)![0] - faces.get(b)![0] || faces.get(a)![1] - faces.get(b)![1] || a - b);
    this.keepOrder();
    this.effects.redraw();
  }

  /** The card with the Tab stop moves to index `i` of the hand. */
  focusAt(i: number): void {
    const next = this.handOrder[i];
    if (next === undefined) return;
    this.handFocus = next;
    this.effects.redraw();
    this.effects.focus(`hand-${next}`);
  }

  /** A digit selects the next card after `from` showing that value (0 for 10): a set in a few keys. */
  selectByValue(from: number, digit: string): void {
    const v = this.seatView();
    if (!v) return;
    const value = digit === '0' ? 10 : Number(digit);
    const n = this.handOrder.length;
    for (let k = 1; k <= n; k++) {
      const other = this.handOrder[(from + k) % n]!;
      if (!this.selected.has(other) && v.hand.find((c) => c.id === other)?.active === value) {
        this.toggle(other);
        this.effects.focus(`hand-${other}`);
        return;
      }
    }
  }

  startDrag(id: CardId): void {
    this.drag = { id, over: null };
    this.effects.redraw();
  }

  /** Where the dragged card would land; redraws only when that changes. */
  dragOver(over: string | null): void {
    if (!this.drag || this.drag.over === over) return;
    this.drag.over = over;
    this.effects.redraw();
  }

  /** Drops the dragged card where it is over: a place in the hand, or a set to add it to (rules §5 B). */
  drop(): void {
    const d = this.drag;
    this.drag = null;
    if (d?.over?.startsWith('hand:')) {
      let to = Number(d.over.slice(5));
      if (this.handOrder.indexOf(d.id) < to) to -= 1;
      this.moveInHand(d.id, to);
    } else if (d?.over) {
      const [seat, area] = d.over.split('.').map(Number) as [number, number];
      void this.attempt({ type: 'add', card: d.id, target: { seat, area } });
    } else this.effects.redraw();
  }

  cancelDrag(): void {
    this.drag = null;
    this.effects.redraw();
  }

  /** Reports a move of the viewer to the source; a refusal shows its reason next to the controls. */
  async attempt(move: Move): Promise<void> {
    if (this.busy || (!this.myTurn() && move.type !== 'nextRound')) return;
    this.busy = true;
    let result;
    try {
      result = await this.source.submit(move);
    } finally {
      this.busy = false;
    }
    if (this.stopped) return;
    if (!result.ok) {
      this.refuse(result);
      return;
    }
    this.message = null;
    this.selected.clear();
    // a move being drawn draws these too, in its first step's task: drawing now as well put two
    // whole drawings in the frame of the click
    if (!this.animating) this.effects.redraw();
    this.effects.focus('hand', true);
  }

  /** Says why a move is refused, with its rule, in the line under the controls. */
  refuse(r: Refusal): void {
    this.message = {
      text: `${t().game.notAllowed} ${this.refusalText(r)}`,
      kind: 'error',
      at: this.source.current().view.moveCount,
      ...(r.rule ? { rule: r.rule } : {}),
    };
    this.effects.redraw();
    this.effects.showActions();
  }

  /** Asks for a strong bot's move here, and shows it as a selection with a sentence. */
  askHint(): void {
    const v = this.seatView();
    if (!v || !this.myTurn() || !this.deps.hint) return;
    const at = v.moveCount;
    this.message = { text: t().game.hintThinking, kind: 'info', at };
    this.effects.redraw();
    void this.deps.hint(v).then((a) => {
      const now = this.seatView();
      if (!a || !now || now.moveCount !== at || !this.myTurn()) return;
      if (a === 'failed') {
        this.message = { text: t().game.hintFailed, kind: 'error', at };
        this.effects.redraw();
        return;
      }
      const m = a.move;
      if (m.type === 'play') this.selected = new Set(m.cards);
      else if (m.type === 'add') this.selected = new Set([m.card]);
      else this.selected = new Set();
      this.message = { text: t().game.hintSays(this.hintWords(now, m)), kind: 'info', at };
      this.effects.redraw();
    });
  }

  /** The hinted move in the player's words. */
  private hintWords(v: PlayerView, m: Move): string {
    const g = t().game;
    const activeOf = (id: number): number => v.hand.find((c) => c.id === id)?.active ?? 0;
    if (m.type === 'play') return g.hintPlay(m.cards.length, activeOf(m.cards[0]!));
    if (m.type === 'add') return g.hintAdd(activeOf(m.card), this.view.players[m.target.seat] ?? '?');
    if (m.type === 'take') return g.hintTake(this.view.players[m.target.seat] ?? '?');
    return m.type === 'rotate' ? g.hintRotate : g.hintDeal;
  }

  /** A refusal in the player's language, naming seats and cards as the board shows them. */
  refusalText(r: Refusal): string {
    const view = this.view;
    if (r.code === 'NOT_YOUR_TURN' && r.kind !== 'SelectionError') {
      // the library names seats by number: the seat to play by its name, a bot by its kind
      const p = (r.params ?? {}) as { turnSeat?: unknown };
      const turnSeat =
        typeof p.turnSeat === 'number'
          ? p.turnSeat
          : view.status === 'playing' && view.turn.seat !== this.me
            ? view.turn.seat
            : undefined;
      const who = turnSeat === undefined ? undefined : view.players[turnSeat];
      const rule = r.rule ?? '§4';
      return who === undefined ? t().game.turnNotYours(rule) : t().game.turnOf(who, rule);
    }
    const hand = this.seatView()?.hand ?? [];
    const cards = [...hand, ...view.table.flatMap((s) => s.cards.map((id) => ({ id, active: s.value })))];
    const params = r.params as Record<string, unknown> | undefined;
    const sentence = refusalSentence(r.code, params, r.rule, r.message, r.kind, view.players);
    // the English sentences name cards by id: in a player's words, faces and names instead
    return currentLocale() === 'en'
      ? inPlayerWords(sentence, { players: view.players, deck: view.deck, cards })
      : sentence;
  }

  /** Why Play is not offered, or what the selection makes ("" when a message says it). */
  playReason(verdict: { ok: true } | Refusal | null): string {
    const g = t().game;
    const view = this.view;
    if (this.animating || view.status !== 'playing') return '';
    if (!this.myTurn()) return view.turn.seat === this.me ? '' : g.waitingFor(this.turnName());
    if (this.message) return '';
    if (verdict === null)
      return legalMoves(this.seatView()!).some((m) => m.type === 'play') ? g.selectHint : g.nothingBeats;
    return verdict.ok ? g.legalPlay : this.refusalText(verdict);
  }

  /** The seat (and, in the duel, the area) to play, as the table names it. */
  turnName(): string {
    return turnLabel(this.view, this.view.turn.seat, this.view.turn.area);
  }

  /** Sends keyboard focus to a hand card. */
  focusCard(id: CardId): void {
    this.effects.focus(`hand-${id}`);
  }

  /** Sends keyboard focus back to the hand. */
  focusHand(): void {
    this.effects.focus('hand');
  }

  // ---- what the source does ----

  /** A new snapshot from the source: drawn after the ones waiting, each move step by step. */
  receive(next: SourceSnapshot): void {
    if (next.view.moveCount !== this.view.moveCount) this.deps.cancelHint?.(); // a new position: an old question is void
    if (!this.source.steps) this.deps.onLiveSnapshot?.(next);
    this.pending.push(next);
    if (!this.animating) void this.drain();
  }

  /** Shows the snapshots in order, each move event by event at the player's speed. */
  private async drain(): Promise<void> {
    // a replay stepped on quickly jumps to where the player is now; a live game drawn more slowly
    // than it is played would fall further behind at every move: once three wait, they are drawn at once
    const behind = (): boolean => this.pending.length > (this.source.steps ? 0 : 2);
    const wait = this.deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    while (this.pending.length > 0 && !this.stopped) {
      const next = this.pending.shift()!;
      const before = this.view;
      const pause = this.deps.speedMs() / 2;
      const steps =
        pause > 0 && !behind() && next.view.moveCount === this.raw.moveCount + 1
          ? stepsBetween(this.raw, next.view)
          : [];
      // the events whose cards are not yet marked as turned over (the steps drawn mark their own)
      let unmarked: readonly ViewEvent[] = next.view.events;
      if (steps.length > 1) {
        this.animating = true;
        this.selected.clear();
        try {
          // the first step is drawn in a task of its own: not in the one that made the move (a bot's thinking, a click)
          await wait(0);
          for (const [i, step] of steps.slice(0, -1).entries()) {
            this.raw = step.view;
            this.view = this.named(this.raw);
            this.stepEvent = step.event;
            this.markTurnedOver([step.event]);
            unmarked = steps.slice(i + 1).map((s) => s.event);
            this.syncHandOrder();
            this.effects.redraw();
            await wait(pause);
            if (this.stopped) return;
            if (behind()) break;
          }
        } catch (e) {
          // a step that cannot be drawn must not leave the board stuck between two views: the new one at once
          console.warn('dnup board: a step of the move could not be drawn', e);
        } finally {
          this.animating = false;
          this.stepEvent = null;
        }
      }
      this.show(next, before, unmarked);
    }
  }

  /** Cards that come into the viewer's hand turned over (rules §5 C, §5 A's beaten sets, §5 D). */
  private markTurnedOver(events: readonly ViewEvent[]): void {
    const v = this.seatView();
    if (!v) return;
    const now = this.deps.now?.() ?? Date.now();
    for (const e of events) {
      if (e.type === 'setTaken' && e.seat === this.me) for (const c of e.cards) this.rotatedAt.set(c.id, now);
      if (e.type === 'setBeaten' && e.seat === this.me) for (const c of e.returned) this.rotatedAt.set(c.id, now);
      if (e.type === 'handRotated' && e.seat === this.me) for (const c of v.hand) this.rotatedAt.set(c.id, now);
    }
  }

  /** Shows a snapshot; `before` is the view that was on screen before its move was drawn. */
  private show(next: SourceSnapshot, before: BoardView, unmarked: readonly ViewEvent[]): void {
    this.snap = next;
    this.raw = next.view;
    this.view = this.named(this.raw);
    if (this.source.steps) this.replayLog();
    else if (this.view.moveCount !== before.moveCount) {
      this.logMove(next, before);
      this.markTurnedOver(unmarked);
    }
    this.syncHandOrder();
    this.effects.redraw();
  }

  private logMove(next: SourceSnapshot, before: BoardView): void {
    const view = this.view;
    const mover = before.status === 'playing' && view.lastMove?.type !== 'nextRound' ? before.turn.seat : null;
    this.log.push({
      events: view.events,
      move: view.lastMove,
      seat: mover,
      moveCount: view.moveCount,
      byClock: next.byClock === true,
    });
    // a move that changed the hand ends the selection only when it was the viewer's own
    // (a refusal that came with this very move, lost in a race, stays: it says why)
    const stale = !(this.message?.at !== undefined && this.message.at >= view.moveCount);
    if (before.status === 'playing' && before.turn.seat === this.me && stale) this.message = null;
    // the clock played for this very player: said on the board, not only in the log
    if (next.byClock === true && mover !== null && mover === this.me)
      this.message = { text: t().signals.clockPlayedForYou, kind: 'info', at: view.moveCount };
  }

  /** A replay moves back and forth: its log is the positions up to the one shown. */
  private replayLog(): void {
    const views = this.source.steps!.history();
    this.log.length = 0;
    views.forEach((v, i) => {
      const prev = views[i - 1];
      this.log.push({
        events: v.events,
        move: i === 0 ? null : v.lastMove,
        seat: prev?.status === 'playing' && v.lastMove?.type !== 'nextRound' ? prev.turn.seat : null,
        moveCount: v.moveCount,
      });
    });
  }

  stop(): void {
    this.stopped = true;
    this.deps.cancelHint?.();
  }
}
