/**
 * The game screen: the human's hand and actions, the table, the log, and the round-over and
 * game-over screens. It only ever holds the human seat's view (see engine.ts).
 */
import type { CardId, Move, TableSet } from 'dnup';
import { cardFace } from './cards';
import { h, replaceChildren } from './dom';
import { areasOf, startMatch, type LogLine, type Match, type MatchConfig, type PlayerView, type StepResult } from './engine';
import { setText } from './narrate';
import { refusal } from './language';
import { orderEl, scoresEl, seatsEl, tableEl, turnLabel } from './table';

/** How long a card takes to turn over on its way into the hand (matches styles.css). */
const ROTATE_MS = 700;

/** What the game screen asks of the page around it. */
export interface GameHost {
  /** Milliseconds a bot waits before moving, so people can follow. */
  botDelay(): number;
  /** Opens the replay viewer on a record. */
  openReplay(recordJson: string): void;
  /** Back to the setup form. */
  newGame(): void;
  /** The shareable link of this setup. */
  shareLink(config: MatchConfig): string;
}

/** Saves `text` as a file through the browser's download. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Mounts a new game in `root`; returns a function that stops it (bots stop moving). */
export function mountGame(root: HTMLElement, config: MatchConfig, host: GameHost): () => void {
  const match: Match = startMatch(config);
  let view: PlayerView = match.view();
  let handOrder: CardId[] = view.hand.map((c) => c.id);
  let selected = new Set<CardId>();
  let message: { text: string; kind: 'error' | 'info' } | null = null;
  /** When each card last turned over on its way into the hand, for the rotation animation. */
  const rotatedAt = new Map<CardId, number>();
  let stopped = false;
  let botsRunning = false;
  const log: LogLine[] = [];
  const myTurn = (): boolean => view.status === 'playing' && view.turn.seat === match.humanSeat;

  const logEl = h('ul', { class: 'log', id: 'log', 'aria-live': 'polite', 'aria-label': 'Game log' });
  const board = h('div', { class: 'board' });
  root.replaceChildren(board, h('section', { class: 'log-panel', 'aria-label': 'Log' }, h('h2', {}, 'Log'), logEl));

  /** Keeps the cosmetic hand order: known cards stay put, new ones go to the right. */
  function syncHandOrder(): void {
    const ids = new Set(view.hand.map((c) => c.id));
    handOrder = handOrder.filter((id) => ids.has(id)).concat(view.hand.map((c) => c.id).filter((id) => !handOrder.includes(id)));
    selected = new Set([...selected].filter((id) => ids.has(id)));
  }

  function pushLines(lines: readonly LogLine[]): void {
    for (const line of lines) {
      log.push(line);
      logEl.append(
        h(
          'li',
          { class: `${line.notation ? 'log-move' : 'log-note'}${line.seat === match.humanSeat ? ' mine' : ''}` },
          line.notation ? h('code', { class: 'notation' }, line.notation) : null,
          line.notation ? ' ' : null,
          line.text,
        ),
      );
    }
    logEl.scrollTop = logEl.scrollHeight;
  }

  function afterStep(step: StepResult): void {
    const now = performance.now();
    for (const id of step.handRotated ? match.view().hand.map((c) => c.id) : step.arrivedRotated) rotatedAt.set(id, now);
    view = match.view();
    syncHandOrder();
    pushLines(step.lines);
    render();
  }

  /** Plays a move of the human after the library's verdict; an illegal one shows its reason. */
  function attempt(move: Move): void {
    if (!myTurn() && move.type !== 'nextRound') return;
    const verdict = match.check(move);
    if (!verdict.ok) {
      message = { text: `Not allowed: ${refusal(verdict)}`, kind: 'error' };
      render();
      return;
    }
    message = null;
    selected.clear();
    afterStep(match.play(move));
    void runBots();
  }

  async function runBots(): Promise<void> {
    if (botsRunning) return;
    botsRunning = true;
    try {
      while (!stopped && match.botToMove()) {
        render();
        await new Promise((resolve) => setTimeout(resolve, host.botDelay()));
        if (stopped) return;
        afterStep(await match.stepBot());
      }
    } finally {
      botsRunning = false;
    }
    render();
  }

  function selectedCards(): { id: CardId; active: number }[] {
    return handOrder.filter((id) => selected.has(id)).map((id) => view.hand.find((c) => c.id === id)!);
  }

  function toggle(id: CardId): void {
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    message = null;
    render();
  }

  function moveInHand(id: CardId, to: number): void {
    const from = handOrder.indexOf(id);
    if (from < 0) return;
    handOrder.splice(from, 1);
    handOrder.splice(Math.max(0, Math.min(to, handOrder.length)), 0, id);
    render();
  }

  // ---- dragging a hand card: reorder the hand, or drop it on an opponent's set to add it ----
  let drag: { id: CardId; x: number; y: number; ghost: HTMLElement | null } | null = null;
  let suppressClick = false;

  function dropTargetAt(x: number, y: number): Element | null {
    return document.elementFromPoint(x, y)?.closest('[data-hand-index], [data-slot]') ?? null;
  }

  function onPointerMove(e: PointerEvent): void {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      const card = view.hand.find((c) => c.id === drag!.id);
      if (!card) return;
      drag.ghost = cardFace(card, view.deck, 'ghost');
      document.body.append(drag.ghost);
      board.classList.add('dragging');
    }
    drag.ghost.style.left = `${e.clientX}px`;
    drag.ghost.style.top = `${e.clientY}px`;
    for (const el of board.querySelectorAll('.drop-over')) el.classList.remove('drop-over');
    dropTargetAt(e.clientX, e.clientY)?.classList.add('drop-over');
  }

  function onPointerUp(e: PointerEvent): void {
    document.removeEventListener('pointermove', onPointerMove);
    document.removeEventListener('pointerup', onPointerUp);
    const d = drag;
    drag = null;
    board.classList.remove('dragging');
    if (!d?.ghost) return;
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
      attempt({ type: 'add', card: d.id, target: { seat, area } });
    } else {
      render();
    }
  }

  function handEl(): HTMLElement {
    const now = performance.now();
    // cards some legal add would use, so the page points at them
    const addable = new Set(match.legalMoves().flatMap((m) => (m.type === 'add' ? [m.card] : [])));
    return h(
      'div',
      { class: 'hand', id: 'hand', role: 'group', 'aria-label': 'Your hand (drag or Alt+arrows to reorder; Space selects)' },
      handOrder.map((id, index) => {
        const card = view.hand.find((c) => c.id === id)!;
        const isSel = selected.has(id);
        // a redraw mid-animation continues it (negative delay) instead of starting it again
        const spun = now - (rotatedAt.get(id) ?? -Infinity);
        const spinning = spun < ROTATE_MS;
        const cls = `${isSel ? 'selected' : ''}${spinning ? ' just-rotated' : ''}${addable.has(id) ? ' can-add' : ''}`;
        const face = cardFace(card, view.deck, cls);
        if (spinning) face.style.animationDelay = `-${Math.round(spun)}ms`;
        return h(
          'button',
          {
            type: 'button',
            class: 'hand-card',
            'data-key': `hand-${id}`,
            'data-hand-index': index,
            'data-card-id': id,
            'aria-pressed': isSel ? 'true' : 'false',
            'aria-label': `${card.active}, card #${id}${isSel ? ', selected' : ''}${addable.has(id) ? ', can be added to a set' : ''}`,
            onclick: () => {
              if (!suppressClick) toggle(id);
            },
            onpointerdown: ((e: PointerEvent) => {
              if (e.button !== 0) return;
              drag = { id, x: e.clientX, y: e.clientY, ghost: null };
              document.addEventListener('pointermove', onPointerMove);
              document.addEventListener('pointerup', onPointerUp);
            }) as EventListener,
            onkeydown: ((e: KeyboardEvent) => {
              if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
                e.preventDefault();
                moveInHand(id, index + (e.key === 'ArrowLeft' ? -1 : 1));
              } else if (!e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
                e.preventDefault();
                const next = handOrder[index + (e.key === 'ArrowLeft' ? -1 : 1)];
                if (next !== undefined) document.querySelector<HTMLElement>(`[data-key="hand-${next}"]`)?.focus();
              }
            }) as EventListener,
          },
          face,
        );
      }),
    );
  }

  /** Buttons on each set: take an opponent's set, add the one selected card to it. */
  function slotActions(set: TableSet | undefined, seat: number, area: number): HTMLElement[] {
    if (!set || seat === match.humanSeat || !myTurn()) return [];
    const legal = match.legalMoves();
    const target = { seat, area };
    const addable = legal.filter((m) => m.type === 'add' && m.target.seat === seat && m.target.area === area);
    const sel = selectedCards();
    return [
      h(
        'div',
        { class: 'slot-actions' },
        h('button', { type: 'button', class: 'take', 'data-key': `take-${seat}.${area}`, onclick: () => attempt({ type: 'take', target }) }, `Take ${setText(set.cards.length, set.value)}`),
        h(
          'button',
          {
            type: 'button',
            class: `add${addable.length > 0 ? ' legal' : ''}`,
            'data-key': `add-${seat}.${area}`,
            disabled: sel.length !== 1,
            title: 'Select one card of your hand, then add it to this set (or drag the card here)',
            onclick: () => {
              const card = sel[0];
              if (card) attempt({ type: 'add', card: card.id, target });
            },
          },
          sel.length === 1 ? `Add your ${sel[0]!.active}` : 'Add a card',
        ),
        addable.length > 0 ? h('span', { class: 'hint' }, `you can add a ${set.value} here`) : null,
      ),
    ];
  }

  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

  function actionsEl(): HTMLElement {
    const sel = selectedCards();
    const legal = match.legalMoves();
    const ids = sel.map((c) => c.id).sort((a, b) => a - b);
    const isLegal = legal.some((m) => m.type === 'play' && m.cards.length === ids.length && m.cards.every((id, i) => id === ids[i]));
    const plays = legal.filter((m) => m.type === 'play').length;
    const adds = legal.filter((m) => m.type === 'add').length;
    const takes = legal.filter((m) => m.type === 'take').length;
    const values = [...new Set(sel.map((c) => c.active))];
    const label = sel.length === 0 ? 'Play selected' : values.length === 1 ? `Play ${setText(sel.length, values[0]!)}` : `Play ${sel.length} cards`;
    return h(
      'div',
      { class: 'actions', role: 'toolbar', 'aria-label': 'Your actions' },
      h('button', { type: 'button', id: 'play', class: `primary${isLegal ? ' legal' : ''}`, 'data-key': 'play', disabled: !myTurn() || sel.length === 0, onclick: () => attempt({ type: 'play', cards: ids }) }, label),
      h('button', { type: 'button', id: 'rotate', 'data-key': 'rotate', disabled: !myTurn(), onclick: () => attempt({ type: 'rotate' }) }, 'Rotate hand ⟲'),
      h('button', { type: 'button', id: 'clear', 'data-key': 'clear', disabled: sel.length === 0, onclick: () => { selected.clear(); message = null; render(); } }, 'Clear selection'),
      h(
        'span',
        { class: 'hint', id: 'legal-hint' },
        myTurn()
          ? `${sel.length > 0 ? (isLegal ? 'This play is legal. ' : 'This selection is not a legal play. ') : ''}Legal now: ${count(plays, 'play')}, ${count(adds, 'add')}, ${count(takes, 'take')}, rotate.`
          : view.status === 'playing'
            ? `Waiting for ${turnLabel(view, view.turn.seat, view.turn.area)}…`
            : '',
      ),
    );
  }

  function overlayEl(): HTMLElement | null {
    if (view.status === 'playing') return null;
    const over = view.status === 'gameOver';
    const winner = view.winner;
    const title = over
      ? winner === match.humanSeat ? 'You win the game!' : `${view.players[winner ?? 0]} wins the game`
      : `Round ${view.round} is over`;
    return h(
      'div',
      { class: 'overlay', id: over ? 'game-over' : 'round-over', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'overlay-title' },
      h(
        'div',
        { class: 'overlay-box' },
        h('h2', { id: 'overlay-title' }, title),
        scoresEl(view),
        h('p', {}, view.scoring === 'tokens' ? 'The first to 4 tokens wins (rules §6).' : 'The first to win 2 rounds wins the duel (rules §6).'),
        h(
          'div',
          { class: 'overlay-actions' },
          over
            ? [
                h('button', { type: 'button', class: 'primary', id: 'overlay-new', 'data-key': 'overlay-new', onclick: () => host.newGame() }, 'New game'),
                h('button', { type: 'button', id: 'overlay-replay', onclick: () => host.openReplay(JSON.stringify(match.record(), null, 2)) }, 'Replay this game'),
              ]
            : h('button', { type: 'button', class: 'primary', id: 'next-round', 'data-key': 'next-round', onclick: () => attempt({ type: 'nextRound' }) }, 'Deal the next round'),
          h('button', { type: 'button', class: 'download', onclick: download }, 'Download record'),
        ),
      ),
    );
  }

  function download(): void {
    downloadText(`dnup-${String(config.seed).replace(/[^\w-]+/g, '_')}.json`, JSON.stringify(match.record(), null, 2));
  }

  function render(): void {
    if (stopped) return;
    const link = host.shareLink(config);
    const overlay = overlayEl();
    const hand = handEl();
    replaceChildren(
      board,
      h(
        'div',
        { class: 'game-bar' },
        h('span', {}, `Round ${view.round} · ${view.scoring === 'tokens' ? 'tokens, first to 4' : 'duel, first to 2 rounds'}`),
        h('span', { class: 'seed' }, 'Seed ', h('code', { id: 'seed-shown' }, config.seed)),
        h('a', { href: link, id: 'share-link' }, 'Link to this game'),
        h('button', { type: 'button', id: 'download', 'data-key': 'download', onclick: download }, 'Download record'),
        h('button', { type: 'button', id: 'to-replay', onclick: () => host.openReplay(JSON.stringify(match.record(), null, 2)) }, 'Open in replay'),
        h('button', { type: 'button', id: 'new-game', onclick: () => host.newGame() }, 'New game'),
      ),
      seatsEl(view),
      orderEl(view),
      tableEl(view, slotActions),
      h('p', { id: 'message', class: `message ${message?.kind ?? ''}`, role: message?.kind === 'error' ? 'alert' : 'status' }, message?.text ?? ''),
      h('h2', { class: 'hand-title' }, myTurn() ? `Your hand — your turn${areasOf(view) === 2 ? ` (${turnLabel(view, view.turn.seat, view.turn.area).split(' · ')[1]})` : ''}` : 'Your hand'),
      hand,
      actionsEl(),
      ...(overlay ? [overlay] : []),
    );
    if (overlay && !overlay.contains(document.activeElement)) overlay.querySelector<HTMLElement>('button.primary')?.focus();
    root.dataset.status = view.status;
    root.dataset.myTurn = String(myTurn());
  }

  pushLines([match.dealLine()]);
  render();
  void runBots();
  return () => {
    stopped = true;
  };
}
