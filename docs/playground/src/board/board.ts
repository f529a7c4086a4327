/**
 * The board: one game screen for offline play, online play and spectating. It knows no rules of
 * its own (chessground's shape): it draws what its {@link GameSource} hands it — the viewer's
 * player view, or the public view — shows the hints computed from that view (hints.ts), and
 * reports what the player did through `source.submit`. It never holds another seat's hand.
 */
import {
  areasPerSeat,
  describeEvent,
  legalMoves,
  formatMove,
  publicSteps,
  replay,
  viewSteps,
  type CardId,
  type HeldCard,
  type GameRecord,
  type Move,
  type PlayerView,
  type TableSet,
  type ViewEvent,
} from 'dnup';
import { cardFace } from '../cards';
import { downloadText, h, replaceChildren } from '../dom';
import { facesOf } from '../engine';
import { commitmentOf, shortHash } from '../fairness';
import { trapFocus } from '../dialog';
import { currentLocale, onLocaleChange, refusalSentence, t } from '../i18n';
import type { PlayerRecord } from '../player-record';
import { replayOfPlayerRecord, loadReplay, type Replay } from '../replays';
import { orderEl, roundGains, scoresEl, seatsEl, tableEl, turnLabel } from '../table';
import { inPlayerWords } from '../wording';
import { addFromSelection, hintsOf, NO_HINTS, playFromSelection, slotKey, type Hints } from './hints';
import { Hinter } from './hint';
import { drawTurnSignal, signalTurn } from './turn-signal';
import {
  isSeatView,
  type BoardView,
  type GameSource,
  type Refusal,
  type SeatStatus,
  type SourceSnapshot,
  type SourceSteps,
} from './source';

/** The events that are a move itself (rules §5 A–D), not one of its consequences. */
const ACTION_EVENTS: ReadonlySet<string> = new Set(['setPlayed', 'cardAdded', 'setTaken', 'handRotated']);

/** How long a card takes to turn over on its way into the hand (matches styles.css). */
const ROTATE_MS = 700;

/** The speeds a player may choose: milliseconds between moves shown (bots wait that long). */
export const SPEEDS = { slow: 1200, normal: 600, fast: 200, instant: 0 } as const;
export type Speed = keyof typeof SPEEDS;

/** What the board asks of the page around it. */
export interface BoardHost {
  /** The speed the player chose (bots' pace, how long a move stays marked). */
  speed(): Speed;
  setSpeed(speed: Speed): void;
  /** Opens the replay viewer on a replay. */
  openReplay(replay: Replay): void;
  /** A new game with the same seats and a new secret deal (offline only). */
  playAgain?(): void;
  /** A link that opens the finished game's record in the replay viewer. */
  replayLink(record: GameRecord): Promise<string>;
  /** Opens the rules at a section, e.g. `"§5 B"`. */
  showRules(rule: string): void;
  /** Whether the Hint button is offered (offline always; online where the room allows hints). */
  hints?(): boolean;
}

/**
 * A seat's name as the page shows it: a bot seat by its kind and seat number in the player's
 * language ("Glouton 2"), since a server names its bots in English and all of one kind alike.
 */
export function seatName(name: string, status: SeatStatus | undefined, seat: number): string {
  const short = t().bots.short as Record<string, string>;
  const kind = status?.kind === 'bot' ? status.botKind : undefined;
  return kind !== undefined && short[kind] !== undefined ? `${short[kind]} ${seat + 1}` : name;
}

/** One move (or deal) in the log: its events are worded when drawn, in the language of the moment. */
interface LogEntry {
  readonly events: readonly ViewEvent[];
  readonly move: Move | null;
  readonly seat: number | null;
  readonly moveCount: number;
  /** Played by the turn clock for its seat, whose time ran out. */
  readonly byClock?: boolean;
}

/**
 * Mounts the board for `source` in `root`. Returns a function that unmounts it (the source is
 * closed by whoever opened it).
 */
export function mountBoard(root: HTMLElement, source: GameSource, host: BoardHost): () => void {
  let snap: SourceSnapshot = source.current();
  /**
   * The bots' names in the player's language: a bot seat is worded by its kind and seat number
   * (a server names its bots in English, and every greedy bot alike). Only the drawn view is
   * renamed; `raw` is the source's, which `viewSteps` compares move to move.
   */
  const named = (v: BoardView): BoardView => {
    const players = v.players.map((name, i) => seatName(name, snap.seats[i], i));
    return players.every((p, i) => p === v.players[i]) ? v : { ...v, players };
  };
  let raw: BoardView = snap.view;
  let view: BoardView = named(raw);
  const me = source.viewer;
  /** The cosmetic hand order: only this page knows it (kept for the game in sessionStorage). */
  const orderKey = `dnup-hand-order:${source.commitment ?? 'game'}:${me ?? 'spectator'}`;
  let handOrder: CardId[] = restoreOrder();
  let selected = new Set<CardId>();
  let handFocus: CardId | null = null;
  /** The line under the controls; `at`: the source's move count when a refusal came (it outlives the drawing of that move). */
  let message: { text: string; kind: 'error' | 'info'; rule?: string; at?: number } | null = null;
  const rotatedAt = new Map<CardId, number>();
  let stopped = false;
  let turnHandled = -1;
  let dialogFor = '';
  let busy = false;
  // joined mid-game (online): the moves before, as anyone watching saw them, then this view's
  const past = source.history?.() ?? [];
  const here = past.find((e) => e.moveCount === view.moveCount);
  const log: LogEntry[] = [
    ...past.filter((e) => e.moveCount < view.moveCount),
    {
      events: view.events,
      move: here?.move ?? null,
      seat: here?.seat ?? null,
      moveCount: view.moveCount,
      byClock: here?.byClock === true || snap.byClock === true,
    },
  ];

  const seatView = (): PlayerView | null => (isSeatView(view) ? view : null);
  /** While a move is drawn event by event, the board shows positions between two views: nothing to play. */
  let animating = false;
  /** The event the step on screen shows. */
  let stepEvent: ViewEvent | null = null;
  const pending: SourceSnapshot[] = [];
  const myTurn = (): boolean =>
    !animating && !source.steps && me !== null && view.status === 'playing' && view.turn.seat === me;
  const hints = (): Hints | null => {
    const v = seatView();
    return v && !animating ? hintsOf(v) : null;
  };

  const logEl = h('ol', { class: 'log', id: 'log', tabindex: 0, 'aria-labelledby': 'log-title' });
  const logDetails = h('details', { class: 'log-details' });
  const logTitle = h('h2', { id: 'log-title' });
  const board = h('div', { class: 'board' });
  const dialog = h('dialog', { class: 'result', 'aria-labelledby': 'result-title' });
  trapFocus(dialog);
  dialog.addEventListener('close', () => {
    render();
    focusKey(view.status === 'roundOver' ? 'deal' : 'show-result');
  });
  root.replaceChildren(
    board,
    h('section', { class: 'log-panel', 'aria-labelledby': 'log-title' }, logTitle, logEl, logDetails),
    dialog,
  );

  function restoreOrder(): CardId[] {
    const ids = isSeatView(view) ? view.hand.map((c) => c.id) : [];
    try {
      const kept = JSON.parse(sessionStorage.getItem(orderKey) ?? '[]') as unknown;
      if (Array.isArray(kept)) {
        const known = kept.filter((id): id is number => typeof id === 'number' && ids.includes(id));
        return known.concat(ids.filter((id) => !known.includes(id)));
      }
    } catch {
      // no storage: the order lives as long as the page
    }
    return ids;
  }

  function keepOrder(): void {
    try {
      sessionStorage.setItem(orderKey, JSON.stringify(handOrder));
    } catch {
      // not kept across a reload
    }
  }

  /** Keeps the cosmetic hand order: known cards stay put, new ones go to the right. */
  function syncHandOrder(): void {
    const hand = seatView()?.hand ?? [];
    const ids = new Set(hand.map((c) => c.id));
    handOrder = handOrder
      .filter((id) => ids.has(id))
      .concat(hand.map((c) => c.id).filter((id) => !handOrder.includes(id)));
    selected = new Set([...selected].filter((id) => ids.has(id)));
    if (handFocus !== null && !ids.has(handFocus)) handFocus = null;
    keepOrder();
  }

  const hinter = new Hinter();
  /** Asks the hint worker for a strong bot's move here, and shows it as a selection with a sentence. */
  function askHint(): void {
    const v = seatView();
    if (!v || !myTurn()) return;
    const at = v.moveCount;
    message = { text: t().game.hintThinking, kind: 'info', at };
    render();
    void hinter.ask(v).then((a) => {
      const now = seatView();
      if (!a || !now || now.moveCount !== at || !myTurn()) return;
      const m = a.move;
      if (m.type === 'play') selected = new Set(m.cards);
      else if (m.type === 'add') selected = new Set([m.card]);
      else selected = new Set();
      message = { text: t().game.hintSays(hintWords(now, m)), kind: 'info', at };
      render();
    });
  }

  /** The hinted move in the player's words. */
  function hintWords(v: PlayerView, m: Move): string {
    const g = t().game;
    const activeOf = (id: number): number => v.hand.find((c) => c.id === id)?.active ?? 0;
    if (m.type === 'play') return g.hintPlay(m.cards.length, activeOf(m.cards[0]!));
    if (m.type === 'add') return g.hintAdd(activeOf(m.card), view.players[m.target.seat] ?? '?');
    if (m.type === 'take') return g.hintTake(view.players[m.target.seat] ?? '?');
    return m.type === 'rotate' ? g.hintRotate : g.hintDeal;
  }

  function onSnapshot(next: SourceSnapshot): void {
    if (next.view.moveCount !== view.moveCount) hinter.cancel(); // a new position: an old question is void
    if (!source.steps) signalTurn(next); // a live game's turns, not a replay's
    pending.push(next);
    if (!animating) void drain();
  }

  /** The positions a move passes through: the UI kit's `viewSteps` for a seat's views, `publicSteps` for the public view. */
  function stepsBetween(before: BoardView, after: BoardView): { event: ViewEvent; view: BoardView }[] {
    try {
      if (isSeatView(before) && isSeatView(after)) return viewSteps(before, after);
      return isSeatView(before) || isSeatView(after) ? [] : publicSteps(before, after);
    } catch {
      return []; // views that are not one move apart: the new one at once
    }
  }

  /** Shows the snapshots in order, each move event by event at the player's speed. */
  async function drain(): Promise<void> {
    // a replay stepped on quickly jumps to where the player is now, without drawing the moves passed;
    // a live game drawn more slowly than it is played (a spectator at a slow speed, bots with no delay)
    // would fall further behind at every move: once three moves wait, the board draws them at once
    const behind = (): boolean => pending.length > (source.steps ? 0 : 2);
    while (pending.length > 0 && !stopped) {
      const next = pending.shift()!;
      const before = view;
      const pause = SPEEDS[host.speed()] / 2;
      const steps =
        pause > 0 && !behind() && next.view.moveCount === raw.moveCount + 1 ? stepsBetween(raw, next.view) : [];
      if (steps.length > 1) {
        animating = true;
        root.dataset.animating = 'true';
        selected.clear();
        try {
          for (const step of steps.slice(0, -1)) {
            raw = step.view;
            view = named(raw);
            stepEvent = step.event;
            syncHandOrder();
            render();
            await new Promise((resolve) => setTimeout(resolve, pause));
            if (stopped) return;
            if (behind()) break;
          }
        } catch (e) {
          // a step that cannot be drawn must not leave the board stuck between two views: the new one at once
          console.warn('dnup board: a step of the move could not be drawn', e);
        } finally {
          animating = false;
          stepEvent = null;
          delete root.dataset.animating;
        }
      }
      show(next, before);
    }
  }

  /** Shows a snapshot; `before` is the view that was on screen before its move was drawn. */
  function show(next: SourceSnapshot, before: BoardView): void {
    snap = next;
    raw = next.view;
    view = named(raw);
    if (source.steps) replayLog(source.steps);
    else if (view.moveCount !== before.moveCount) {
      const mover = before.status === 'playing' && view.lastMove?.type !== 'nextRound' ? before.turn.seat : null;
      log.push({
        events: view.events,
        move: view.lastMove,
        seat: mover,
        moveCount: view.moveCount,
        byClock: next.byClock === true,
      });
      const now = performance.now();
      const v = seatView();
      if (v) {
        for (const e of v.events) {
          if (e.type === 'setTaken' && e.seat === me) for (const c of e.cards) rotatedAt.set(c.id, now);
          if (e.type === 'setBeaten' && e.seat === me) for (const c of e.returned) rotatedAt.set(c.id, now);
          if (e.type === 'handRotated' && e.seat === me) for (const c of v.hand) rotatedAt.set(c.id, now);
        }
      }
      // a move that changed the hand ends the selection only when it was the viewer's own
      // (a refusal that came with this very move, lost in a race, stays: it says why)
      if (
        before.status === 'playing' &&
        before.turn.seat === me &&
        !(message?.at !== undefined && message.at >= view.moveCount)
      )
        message = null;
      // the clock played for this very player: said on the board, not only in the log
      if (next.byClock === true && mover !== null && mover === me)
        message = { text: t().signals.clockPlayedForYou, kind: 'info', at: view.moveCount };
    }
    syncHandOrder();
    drawLog();
    render();
  }

  /** A replay moves back and forth: its log is the positions up to the one shown. */
  function replayLog(steps: SourceSteps): void {
    const views = steps.history();
    log.length = 0;
    views.forEach((v, i) => {
      const prev = views[i - 1];
      log.push({
        events: v.events,
        move: i === 0 ? null : v.lastMove,
        seat: prev?.status === 'playing' && v.lastMove?.type !== 'nextRound' ? prev.turn.seat : null,
        moveCount: v.moveCount,
      });
    });
  }

  function drawLog(): void {
    const players = view.players;
    logTitle.textContent = t().log.title;
    logEl.setAttribute('aria-label', t().log.label);
    const items: HTMLElement[] = [];
    for (const entry of log) {
      for (const e of entry.events) {
        // the move itself stands out; what follows from it (discards, beaten sets, scores) is a note
        const isMove = entry.move !== null && ACTION_EVENTS.has(e.type);
        if (e.type === 'turnStarted') continue;
        let text: string;
        try {
          text = describeEvent(e, { players, locale: currentLocale(), ...(me === null ? {} : { viewer: me }) });
        } catch {
          continue;
        }
        items.push(
          h(
            'li',
            {
              class: `${isMove ? 'log-move' : 'log-note'}${isMove && entry.seat !== null && entry.seat === me ? ' mine' : ''}`,
            },
            text,
          ),
        );
        if (isMove && entry.byClock === true && entry.seat !== null)
          items.push(
            h(
              'li',
              { class: 'log-note by-clock' },
              entry.seat === me ? t().signals.clockPlayedForYou : t().signals.clockPlayed(players[entry.seat] ?? '?'),
            ),
          );
      }
    }
    logEl.replaceChildren(...items);
    logEl.scrollTop = logEl.scrollHeight;
    logDetails.replaceChildren(
      h('summary', {}, t().log.details),
      h(
        'ol',
        { class: 'notation-list' },
        log
          .filter((e) => e.move !== null)
          .map((e) =>
            h(
              'li',
              {},
              h(
                'code',
                { class: 'notation' },
                `${e.moveCount}. ${e.seat !== null ? `${players[e.seat]}: ` : ''}${formatMove(view, e.move!)}`,
              ),
            ),
          ),
      ),
    );
  }

  /** Focuses the element with this `data-key` after a redraw (the hand's Tab stop for `hand`). */
  function focusKey(key: string, preventScroll = false): void {
    const el =
      key === 'hand'
        ? (board.querySelector<HTMLElement>('#hand [tabindex="0"]') ?? board.querySelector<HTMLElement>('#hand'))
        : board.querySelector<HTMLElement>(`[data-key="${key}"]`);
    el?.focus({ preventScroll });
  }

  function refusalText(r: Refusal): string {
    if (r.code === 'NOT_YOUR_TURN' && r.kind !== 'SelectionError') {
      // the library names seats by number ("la place 2", or "une autre place" without parameters):
      // the seat to play by its name, a bot by its kind in the player's language (named views)
      const p = (r.params ?? {}) as { turnSeat?: unknown };
      const turnSeat =
        typeof p.turnSeat === 'number'
          ? p.turnSeat
          : view.status === 'playing' && view.turn.seat !== me
            ? view.turn.seat
            : undefined;
      const who = turnSeat === undefined ? undefined : view.players[turnSeat];
      const rule = r.rule ?? '§4';
      return who === undefined ? t().game.turnNotYours(rule) : t().game.turnOf(who, rule);
    }
    const v = seatView();
    const cards = [...(v?.hand ?? []), ...view.table.flatMap((s) => s.cards.map((id) => ({ id, active: s.value })))];
    const sentence = refusalSentence(
      r.code,
      r.params as Record<string, unknown> | undefined,
      r.rule,
      r.message,
      r.kind,
      view.players,
    );
    // the English sentences name cards by id: in a player's words, faces and names instead
    return currentLocale() === 'en'
      ? inPlayerWords(sentence, { players: view.players, deck: view.deck, cards })
      : sentence;
  }

  /** Reports a move of the viewer to the source; a refusal shows its reason next to the controls. */
  async function attempt(move: Move): Promise<void> {
    if (busy || (!myTurn() && move.type !== 'nextRound')) return;
    busy = true;
    let result;
    try {
      result = await source.submit(move);
    } finally {
      busy = false;
    }
    if (stopped) return;
    if (!result.ok) {
      message = {
        text: `${t().game.notAllowed} ${refusalText(result)}`,
        kind: 'error',
        at: source.current().view.moveCount,
        ...(result.rule ? { rule: result.rule } : {}),
      };
      render();
      // the reason and Play stay in sight on a phone
      board.querySelector('.actions')?.scrollIntoView({ block: 'nearest' });
      return;
    }
    message = null;
    selected.clear();
    render();
    if (!dialog.open) focusKey('hand');
  }

  function selectedIds(): CardId[] {
    return handOrder.filter((id) => selected.has(id));
  }

  function clearSelection(): void {
    selected.clear();
    message = null;
    render();
  }

  function toggle(id: CardId): void {
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    handFocus = id;
    message = null;
    render();
  }

  function moveInHand(id: CardId, to: number): void {
    const from = handOrder.indexOf(id);
    if (from < 0) return;
    handOrder.splice(from, 1);
    handOrder.splice(Math.max(0, Math.min(to, handOrder.length)), 0, id);
    keepOrder();
    render();
  }

  /** Sorts the hand by active value, then by the other side (the order has no meaning to the rules, §3). */
  function sortHand(): void {
    const v = seatView();
    if (!v) return;
    const faces = new Map(v.hand.map((c) => [c.id, facesOf(c, v.deck)]));
    handOrder.sort((a, b) => faces.get(a)![0] - faces.get(b)![0] || faces.get(a)![1] - faces.get(b)![1] || a - b);
    keepOrder();
    render();
  }

  // ---- dragging a hand card: reorder the hand, or drop it on an opponent's set to add it ----
  // pointer events cover mouse, pen and touch; a drag starts past 8 px, so a tap stays a tap
  let drag: { id: CardId; x: number; y: number; ghost: HTMLElement | null; pointer: number } | null = null;
  let suppressClick = false;
  /** When a tap last selected a card on its pointerup: the click that may follow it is the same tap. */
  let tapAt = -Infinity;

  function dropTargetAt(x: number, y: number): Element | null {
    return document.elementFromPoint(x, y)?.closest('[data-hand-index], [data-slot]') ?? null;
  }

  function onPointerMove(e: PointerEvent): void {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      const card = seatView()?.hand.find((c) => c.id === drag!.id);
      if (!card) return;
      drag.ghost = cardFace(card, view.deck, 'ghost', 'hidden');
      document.body.append(drag.ghost);
      board.classList.add('dragging');
      // the sets this card may go on light up while it is dragged
      for (const key of hints()?.addTargets.get(drag.id) ?? [])
        board.querySelector(`[data-slot="${key}"]`)?.classList.add('can-drop');
    }
    e.preventDefault();
    drag.ghost.style.left = `${e.clientX}px`;
    drag.ghost.style.top = `${e.clientY}px`;
    for (const el of board.querySelectorAll('.drop-over')) el.classList.remove('drop-over');
    dropTargetAt(e.clientX, e.clientY)?.classList.add('drop-over');
  }

  function endDrag(): void {
    document.removeEventListener('pointermove', onPointerMove);
    document.removeEventListener('pointerup', onPointerUp);
    document.removeEventListener('pointercancel', onPointerCancel);
    board.classList.remove('dragging');
    for (const el of board.querySelectorAll('.can-drop, .drop-over')) el.classList.remove('can-drop', 'drop-over');
  }

  function onPointerCancel(): void {
    drag?.ghost?.remove();
    drag = null;
    endDrag();
  }

  function onPointerUp(e: PointerEvent): void {
    if (drag && e.pointerId !== drag.pointer) return;
    endDrag();
    const d = drag;
    drag = null;
    if (!d) return;
    if (!d.ghost) {
      // a tap of a finger or pen selects at once: Chromium drops the click of a tap that follows a drag closely
      if (e.pointerType !== 'mouse' && (e.target as Element).closest?.(`[data-card-id="${d.id}"]`)) {
        tapAt = performance.now();
        toggle(d.id);
      }
      return;
    }
    d.ghost.remove();
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    const target = dropTargetAt(e.clientX, e.clientY);
    if (target instanceof HTMLElement && target.dataset.handIndex !== undefined) {
      const rect = target.getBoundingClientRect();
      let to = Number(target.dataset.handIndex);
      const from = handOrder.indexOf(d.id);
      if (e.clientX > rect.left + rect.width / 2) to += 1;
      if (from < to) to -= 1;
      moveInHand(d.id, to);
    } else if (target instanceof HTMLElement && target.dataset.slot !== undefined) {
      const [seat, area] = target.dataset.slot.split('.').map(Number) as [number, number];
      void attempt({ type: 'add', card: d.id, target: { seat, area } });
    } else {
      render();
    }
  }

  function handEl(v: PlayerView): HTMLElement {
    const now = performance.now();
    const hs: Hints = animating ? NO_HINTS : hintsOf(v);
    const stop = handFocus !== null && handOrder.includes(handFocus) ? handFocus : handOrder[0];
    return h(
      'div',
      {
        class: 'hand',
        id: 'hand',
        role: 'group',
        tabindex: -1,
        'aria-labelledby': 'hand-title',
        'aria-describedby': 'hand-help',
      },
      handOrder.map((id, index) => {
        const card = v.hand.find((c) => c.id === id)!;
        const isSel = selected.has(id);
        // a redraw mid-animation continues it (negative delay) instead of starting it again
        const spun = now - (rotatedAt.get(id) ?? -Infinity);
        const spinning = spun < ROTATE_MS;
        const playable = hs.playable.has(id);
        const addable = hs.addTargets.has(id);
        const cls = `${isSel ? 'selected' : ''}${spinning ? ' just-rotated' : ''}${playable ? ' playable' : ''}${addable ? ' can-add' : ''}`;
        const face = cardFace(card, v.deck, cls, 'text');
        if (spinning) face.style.animationDelay = `-${Math.round(spun)}ms`;
        const focusAt = (i: number): void => {
          const next = handOrder[i];
          if (next === undefined) return;
          handFocus = next;
          render();
          focusKey(`hand-${next}`);
        };
        return h(
          'button',
          {
            type: 'button',
            class: `hand-card${playable || addable ? ' hinted' : ''}`,
            'data-key': `hand-${id}`,
            'data-hand-index': index,
            'data-card-id': id,
            'data-playable': playable ? 'true' : null,
            tabindex: id === stop ? 0 : -1,
            'aria-pressed': isSel ? 'true' : 'false',
            onclick: () => {
              if (!suppressClick && performance.now() - tapAt > 700) toggle(id);
            },
            onfocus: () => {
              handFocus = id;
            },
            onpointerdown: ((e: PointerEvent) => {
              if (e.button !== 0 || drag) return;
              drag = { id, x: e.clientX, y: e.clientY, ghost: null, pointer: e.pointerId };
              document.addEventListener('pointermove', onPointerMove, { passive: false });
              document.addEventListener('pointerup', onPointerUp);
              document.addEventListener('pointercancel', onPointerCancel);
            }) as EventListener,
            onkeydown: ((e: KeyboardEvent) => {
              const step =
                e.key === 'ArrowLeft' || e.key === 'ArrowUp'
                  ? -1
                  : e.key === 'ArrowRight' || e.key === 'ArrowDown'
                    ? 1
                    : 0;
              if (e.altKey && step !== 0) {
                e.preventDefault();
                moveInHand(id, index + step);
                focusKey(`hand-${id}`);
              } else if (step !== 0) {
                e.preventDefault();
                focusAt(index + step);
              } else if (e.key === 'Home' || e.key === 'End') {
                e.preventDefault();
                focusAt(e.key === 'Home' ? 0 : handOrder.length - 1);
              } else if (/^[0-9]$/.test(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey) {
                // a digit selects the next card showing that value (0 for 10): a set in a few keys
                e.preventDefault();
                const value = e.key === '0' ? 10 : Number(e.key);
                const n = handOrder.length;
                for (let k = 1; k <= n; k++) {
                  const other = handOrder[(index + k) % n]!;
                  if (!selected.has(other) && v.hand.find((c) => c.id === other)?.active === value) {
                    toggle(other);
                    focusKey(`hand-${other}`);
                    break;
                  }
                }
              }
            }) as EventListener,
          },
          face,
          playable ? h('span', { class: 'sr-only' }, `, ${t().game.playable}`) : null,
          addable ? h('span', { class: 'sr-only' }, `, ${t().game.addable}`) : null,
        );
      }),
    );
  }

  /** Buttons on each set: take an opponent's set, add the one selected card to it. */
  function slotActions(set: TableSet | undefined, seat: number, area: number): HTMLElement[] {
    if (!set || seat === me || !myTurn()) return [];
    const hs = hints()!;
    const target = { seat, area };
    const sel = selectedIds();
    const key = slotKey(target);
    const selectedFits = sel.length === 1 && (hs.addTargets.get(sel[0]!) ?? []).includes(key);
    const v = seatView()!;
    const selCard = sel.length === 1 ? v.hand.find((c) => c.id === sel[0]) : undefined;
    // as Play: the add is enabled only where it is legal, and says why not elsewhere
    const add = selCard ? addFromSelection(v, selCard.id, target) : null;
    const addReason = add === null ? t().game.addTitle : add.ok ? null : refusalText(add);
    const reasonId = `add-reason-${seat}-${area}`;
    return [
      h(
        'div',
        { class: 'slot-actions' },
        h(
          'button',
          {
            type: 'button',
            class: `take${hs.takeable.has(key) ? ' legal' : ''}`,
            'data-key': `take-${key}`,
            onclick: (e: Event) => {
              e.stopPropagation();
              void attempt({ type: 'take', target });
            },
          },
          t().game.take(set.cards.length, set.value),
        ),
        h(
          'button',
          {
            type: 'button',
            class: `add${selectedFits ? ' legal' : ''}`,
            'data-key': `add-${key}`,
            disabled: !add?.ok,
            title: addReason ?? t().game.addTitle,
            ...(addReason !== null && add !== null ? { 'aria-describedby': reasonId } : {}),
            onclick: (e: Event) => {
              e.stopPropagation();
              if (add?.ok) void attempt(add.move);
            },
          },
          selCard ? t().game.addYour(selCard.active) : t().game.addCard,
        ),
        selectedFits ? h('span', { class: 'hint fits' }, t().game.canAddHere) : null,
        addReason !== null && add !== null ? h('span', { class: 'sr-only add-reason', id: reasonId }, addReason) : null,
      ),
    ];
  }

  /** The controls under the hand: Play (disabled with the reason beside it), rotate, clear, sort. */
  function actionsEl(): HTMLElement {
    const g = t().game;
    if (view.status !== 'playing') {
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
                onclick: () => void attempt({ type: 'nextRound' }),
              },
              g.deal,
            )
          : null,
        h(
          'button',
          { type: 'button', id: 'show-result', 'data-key': 'show-result', onclick: () => openDialog() },
          view.status === 'roundOver' ? g.showScores : g.showResult,
        ),
      );
    }
    const v = seatView();
    if (!v) return h('p', { class: 'hint actions' }, g.waitingFor(turnLabel(view, view.turn.seat, view.turn.area)));
    const sel = selectedIds();
    const mine = myTurn();
    const verdict = mine && sel.length > 0 ? playFromSelection(v, sel) : null;
    const values = [...new Set(sel.map((id) => v.hand.find((c) => c.id === id)!.active))];
    const label =
      sel.length === 0 ? g.play : values.length === 1 ? g.playSet(sel.length, values[0]!) : g.playCards(sel.length);
    const reason = !mine
      ? g.waitingFor(turnLabel(view, view.turn.seat, view.turn.area))
      : message
        ? ''
        : verdict === null
          ? legalMoves(v).some((m) => m.type === 'play')
            ? g.selectHint
            : g.nothingBeats
          : verdict.ok
            ? g.legalPlay
            : refusalText(verdict);
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
            if (verdict?.ok) void attempt(verdict.move);
          },
        },
        label,
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'rotate',
          'data-key': 'rotate',
          disabled: !mine,
          onclick: () => void attempt({ type: 'rotate' }),
        },
        g.rotate,
      ),
      host.hints?.()
        ? h('button', { type: 'button', id: 'hint', 'data-key': 'hint', disabled: !mine, onclick: askHint }, g.hint)
        : null,
      h(
        'button',
        {
          type: 'button',
          id: 'clear',
          'data-key': 'clear',
          disabled: sel.length === 0,
          onclick: () => {
            clearSelection();
            focusKey('hand');
          },
        },
        g.clear,
      ),
      h(
        'button',
        { type: 'button', id: 'sort', 'data-key': 'sort', disabled: v.hand.length < 2, onclick: sortHand },
        g.sort,
      ),
      h(
        'p',
        { class: `reason${verdict && !verdict.ok ? ' refused' : ''}`, id: 'play-reason', 'aria-live': 'polite' },
        reason,
      ),
      h(
        'div',
        { class: 'message-row' },
        h(
          'p',
          {
            id: 'message',
            class: `message ${message?.kind ?? ''}`,
            role: message?.kind === 'error' ? 'alert' : 'status',
          },
          message?.text ?? '',
        ),
        message?.rule
          ? h(
              'button',
              { type: 'button', class: 'link', id: 'message-rule', onclick: () => host.showRules(message!.rule!) },
              g.readRule(message.rule),
            )
          : null,
      ),
    );
  }

  /** A replay's step controls, in place of the actions: first, back, forward, last and a slider. */
  function stepsEl(steps: SourceSteps): HTMLElement {
    const r = t().replay;
    const at = steps.position();
    const last = steps.last();
    const go = (to: number): void => steps.go(to);
    return h(
      'div',
      { class: 'actions replay-controls', role: 'group', 'aria-label': r.controls },
      h(
        'button',
        {
          type: 'button',
          id: 'replay-first',
          'data-key': 'first',
          'aria-disabled': String(at === 0),
          onclick: () => go(0),
        },
        r.first,
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'replay-back',
          'data-key': 'back',
          'aria-disabled': String(at === 0),
          onclick: () => go(steps.position() - 1),
        },
        r.back,
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'replay-forward',
          'data-key': 'forward',
          'aria-disabled': String(at === last),
          onclick: () => go(steps.position() + 1),
        },
        r.forward,
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'replay-last',
          'data-key': 'last',
          'aria-disabled': String(at === last),
          onclick: () => go(last),
        },
        r.last,
      ),
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

  /** The title of the end-of-round or end-of-game dialog: it says who won. */
  function resultTitle(): string {
    const r = t().result;
    if (view.status === 'gameOver')
      return view.winner !== null && view.winner === me
        ? r.youWinGame
        : r.winsGame(view.players[view.winner ?? 0] ?? '');
    const first = view.out[0];
    if (first === undefined) return r.roundOver(view.round);
    return first === me ? r.youWinRound(view.round) : r.winsRound(view.round, view.players[first]!);
  }

  function resultSummary(): string {
    const first = view.out[0];
    if (view.scoring === 'rounds')
      return first === undefined
        ? ''
        : first === me
          ? t().result.youEmptiedFirst
          : t().result.emptiedFirst(view.players[first]!);
    const gains = roundGains(view);
    const parts = view.out.map((seat) => `${view.players[seat]} ${gains.get(seat)}`);
    return parts.length > 0 ? t().result.thisRound(parts.join('; ')) : '';
  }

  /** The seed revealed at game over, checked against the commitment shown during play. */
  function fairnessEl(): HTMLElement | null {
    const seed = snap.over?.seed;
    if (seed === undefined) return null;
    const commitment = source.commitment;
    const check = h('span', { class: 'fair-check' }, commitment ? t().result.checking : '');
    void commitmentOf(seed).then((hash) => {
      if (!commitment || !hash) return;
      check.textContent =
        hash === commitment ? t().result.sealOk(shortHash(hash)) : t().result.sealBad(shortHash(hash));
    });
    return h('p', { class: 'fair' }, `${t().result.seedWas} `, h('code', { id: 'seed-revealed' }, seed), '. ', check);
  }

  function fillDialog(): void {
    const over = view.status === 'gameOver';
    const r = t().result;
    // no href until the link is built: an empty "#" would send the page back to its setup
    const link = h('a', { id: 'replay-link', class: 'button-like' }, r.link);
    const record = snap.over?.record;
    if (over && record)
      host.replayLink(record).then(
        (href) => link.setAttribute('href', href),
        () => link.remove(),
      );
    dialog.id = over ? 'game-over' : 'round-over';
    const scores = scoresEl(view);
    if (over) scores.classList.add('scores-arrive');
    replaceChildren(
      dialog,
      over ? celebration() : null,
      h('h2', { id: 'result-title' }, resultTitle()),
      h('p', {}, resultSummary()),
      scores,
      fairnessEl(),
      h(
        'div',
        { class: 'dialog-actions' },
        over
          ? [
              host.playAgain
                ? h(
                    'button',
                    {
                      type: 'button',
                      class: 'primary',
                      id: 'play-again',
                      'data-autofocus': '',
                      onclick: () => {
                        dialog.close();
                        host.playAgain!();
                      },
                    },
                    r.playAgain,
                  )
                : null,
              record
                ? h(
                    'button',
                    {
                      type: 'button',
                      id: 'replay-game',
                      onclick: () => {
                        dialog.close();
                        host.openReplay(loadReplay(JSON.stringify(record)));
                      },
                    },
                    r.replayGame,
                  )
                : null,
              record ? link : null,
            ]
          : me !== null
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'primary',
                  id: 'next-round',
                  'data-autofocus': '',
                  onclick: () => {
                    dialog.close();
                    void attempt({ type: 'nextRound' });
                  },
                },
                r.nextRound,
              )
            : null,
        source.recordToShare || record
          ? h('button', { type: 'button', class: 'download', onclick: download }, r.download)
          : null,
        h(
          'button',
          {
            type: 'button',
            id: 'close-result',
            'data-autofocus': over && !host.playAgain ? '' : null,
            onclick: () => dialog.close(),
          },
          r.seeTable,
        ),
      ),
    );
  }

  /** Confetti over the game-over dialog for a moment (none with reduced motion: styles.css). */
  function celebration(): HTMLElement {
    const bits = Array.from({ length: 28 }, (_, i) =>
      h('span', { style: `--i:${i};--x:${(i * 37) % 100}%;--hue:${(i * 47) % 360}` }),
    );
    return h('div', { class: 'celebration', 'aria-hidden': 'true' }, ...bits);
  }

  function openDialog(): void {
    fillDialog();
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }

  function shareable(): unknown {
    return snap.over?.record ?? source.recordToShare?.() ?? null;
  }

  function download(): void {
    const record = shareable() as { format?: string; seed?: unknown } | null;
    if (!record) return;
    const name =
      record.format === 'dnup-record'
        ? `dnup-${String(record.seed).replace(/[^\w-]+/g, '_')}.json`
        : `dnup-${(me !== null ? (view.players[me] ?? 'player') : 'spectator').replace(/[^\w-]+/g, '_')}-view-move-${view.moveCount}.json`;
    downloadText(name, JSON.stringify(record, null, 2));
  }

  function speedSelect(): HTMLElement {
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
          onchange: (e: Event) => host.setSpeed((e.target as HTMLSelectElement).value as Speed),
        },
        (Object.keys(SPEEDS) as Speed[]).map((s) =>
          h('option', { value: s, selected: s === host.speed() }, g.setup.speeds[s]),
        ),
      ),
    );
  }

  function gameBar(): HTMLElement {
    const over = view.status === 'gameOver';
    const g = t().game;
    const commitment = source.commitment;
    const record = shareable() as { format?: string } | null;
    return h(
      'div',
      { class: 'game-bar' },
      h(
        'span',
        { class: 'round-info' },
        g.round(view.round),
        h('span', { class: 'wide' }, view.scoring === 'tokens' ? g.tokensGoal : g.duelGoal),
      ),
      commitment && !over
        ? h(
            'span',
            { class: 'sealed', title: g.sealedTitle(commitment) },
            h('span', { class: 'wide' }, g.sealed),
            h('code', { id: 'commitment' }, shortHash(commitment)),
          )
        : null,
      h(
        'span',
        { class: 'bar-buttons' },
        speedSelect(),
        record
          ? h(
              'button',
              {
                type: 'button',
                id: 'download',
                'data-key': 'download',
                title: over ? g.recordTitleOver : g.recordTitle,
                onclick: download,
              },
              g.record,
            )
          : null,
        record
          ? h(
              'button',
              {
                type: 'button',
                id: 'to-replay',
                title: over ? g.replayTitleOver : g.replayTitle,
                onclick: () =>
                  host.openReplay(
                    record.format === 'dnup-record'
                      ? loadReplay(JSON.stringify(record))
                      : replayOfPlayerRecord(record as PlayerRecord),
                  ),
              },
              g.replay,
            )
          : null,
      ),
    );
  }

  /** The last move in words, next to the table (the log may be far below on a phone). */
  function lastLine(): HTMLElement {
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

  /** A tap on a set: adds the one selected card to it, or takes it when nothing is selected. */
  function onSlotClick(e: Event): void {
    const slot = (e.target as Element).closest<HTMLElement>('[data-slot]');
    if (!slot || (e.target as Element).closest('button') || !myTurn()) return;
    const [seat, area] = slot.dataset.slot!.split('.').map(Number) as [number, number];
    if (seat === me || !view.table.some((s) => s.seat === seat && s.area === area)) return;
    const sel = selectedIds();
    if (sel.length === 1) void attempt({ type: 'add', card: sel[0]!, target: { seat, area } });
    else if (sel.length === 0) void attempt({ type: 'take', target: { seat, area } });
  }

  /** Every hand once the game is over: the revealed record replays to them (the seed reveals them anyway). */
  let revealed: { record: GameRecord; hands: readonly (readonly HeldCard[])[] | undefined } | null = null;
  function revealedHands(): readonly (readonly HeldCard[])[] | undefined {
    const record = snap.over?.record;
    if (!record) return undefined;
    if (revealed?.record !== record) {
      const r = replay(record);
      revealed = { record, hands: r.ok ? r.state.hands : undefined };
    }
    return revealed.hands;
  }

  function render(): void {
    if (stopped) return;
    const v = seatView();
    const mine = myTurn();
    const g = t().game;
    const table = tableEl(view, slotActions);
    // where a selected card may go: those sets are marked
    const sel = selectedIds();
    if (v && sel.length === 1)
      for (const key of hintsOf(v).addTargets.get(sel[0]!) ?? [])
        table.querySelector(`[data-slot="${key}"]`)?.classList.add('can-drop');
    if (mine)
      for (const key of hintsOf(v!).takeable) table.querySelector(`[data-slot="${key}"]`)?.classList.add('tappable');
    replaceChildren(
      board,
      gameBar(),
      seatsEl(view, snap.hands ?? revealedHands(), snap.seats),
      orderEl(view),
      lastLine(),
      table,
      ...(v
        ? [
            h(
              'h2',
              { class: 'hand-title', id: 'hand-title' },
              mine
                ? `${g.yourHandTurn}${areasPerSeat(view.players.length) === 2 ? ` (${turnLabel(view, view.turn.seat, view.turn.area).split(' · ')[1]})` : ''}`
                : g.yourHand,
            ),
            h('p', { class: 'sr-only', id: 'hand-help' }, g.handHelp),
            handEl(v),
          ]
        : []),
      source.steps ? stepsEl(source.steps) : actionsEl(),
    );
    root.dataset.status = view.status;
    root.dataset.myTurn = String(mine);
    root.dataset.moveCount = String(view.moveCount);
    const end = view.status === 'playing' ? '' : `${view.status}-${view.round}`;
    // a replay passes round ends while stepping: no dialog in the way of the arrow keys
    if (end !== dialogFor && !source.steps) {
      dialogFor = end;
      if (end) openDialog();
      else if (dialog.open) dialog.close();
    } else if (dialog.open) {
      fillDialog();
    }
    // a new turn of the viewer: the keyboard starts in the hand, and the hand and Play are in sight
    if (mine && turnHandled !== view.moveCount && !dialog.open) {
      turnHandled = view.moveCount;
      const active = document.activeElement;
      if (
        active === null ||
        active === document.body ||
        !active.isConnected ||
        active.closest('[hidden]') !== null ||
        board.contains(active)
      ) {
        focusKey('hand', true);
        const actions = board.querySelector('.actions');
        const hand = board.querySelector('#hand');
        if (
          actions &&
          hand &&
          (actions.getBoundingClientRect().bottom > window.innerHeight || hand.getBoundingClientRect().top < 0)
        )
          actions.scrollIntoView({ block: 'end' });
      }
    }
  }

  const onKey = (e: KeyboardEvent): void => {
    const steps = source.steps;
    if (steps && !root.closest('[hidden]') && !dialog.open && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // on the document, not the board: a click on a control must not cut the arrow keys off
      const target = e.target;
      if (
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLInputElement
      )
        return;
      const to = { ArrowRight: steps.position() + 1, ArrowLeft: steps.position() - 1, Home: 0, End: steps.last() }[
        e.key
      ];
      if (to === undefined) return;
      e.preventDefault();
      steps.go(to);
      return;
    }
    if (e.key !== 'Escape' || root.hidden || dialog.open || drag) return;
    if (selected.size > 0 || message) {
      e.preventDefault();
      clearSelection();
    }
  };
  document.addEventListener('keydown', onKey);
  board.addEventListener('click', onSlotClick);
  const unsubscribe = source.subscribe(onSnapshot);
  const unLocale = onLocaleChange(() => {
    drawTurnSignal();
    view = named(raw);
    drawLog();
    render();
  });
  if (source.steps) replayLog(source.steps);
  syncHandOrder();
  drawLog();
  render();
  if (!source.steps) signalTurn(snap);
  return () => {
    stopped = true;
    hinter.stop();
    if (!source.steps) signalTurn(null);
    unsubscribe();
    unLocale();
    document.removeEventListener('keydown', onKey);
    if (dialog.open) dialog.close();
  };
}
