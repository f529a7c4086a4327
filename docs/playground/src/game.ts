/**
 * The game screen: the human's hand and actions, the table, the log, and the round-over and
 * game-over dialog. It only ever holds the human seat's view (see engine.ts).
 */
import type { CardId, GameRecord, Move, TableSet } from 'dnup';
import { cardFace } from './cards';
import { h, replaceChildren } from './dom';
import { areasOf, facesOf, startMatch, type LogLine, type Match, type MatchConfig, type PlayerView, type StepResult } from './engine';
import { commitmentOf, shortHash } from './fairness';
import { trapFocus } from './dialog';
import { setText } from './narrate';
import { refusal } from './language';
import type { PlayerRecord } from './player-record';
import { replayOfPlayerRecord, loadReplay, type Replay } from './replays';
import { orderEl, roundGains, scoresEl, seatsEl, tableEl, turnLabel } from './table';
import { count, inPlayerWords } from './wording';

/** How long a card takes to turn over on its way into the hand (matches styles.css). */
const ROTATE_MS = 700;

/** What the game screen asks of the page around it. */
export interface GameHost {
  /** Milliseconds a bot waits before moving, so people can follow. */
  botDelay(): number;
  /** Opens the replay viewer on a replay. */
  openReplay(replay: Replay): void;
  /** A new game with the same seats and a new secret deal. */
  playAgain(): void;
  /** A link that opens the finished game's record in the replay viewer. */
  replayLink(record: GameRecord): Promise<string>;
  /** Opens the rules at a section, e.g. `"§5 B"`. */
  showRules(rule: string): void;
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

/**
 * Mounts a new game in `root`; `commitment` is the SHA-256 of the seed shown during play.
 * Returns a function that stops it (bots stop moving).
 */
export function mountGame(root: HTMLElement, config: MatchConfig, commitment: string | null, host: GameHost): () => void {
  const match: Match = startMatch(config, commitment);
  let view: PlayerView = match.view();
  let handOrder: CardId[] = view.hand.map((c) => c.id);
  let selected = new Set<CardId>();
  /** The hand card that holds the hand's one Tab stop (arrow keys move it). */
  let handFocus: CardId | null = null;
  let message: { text: string; kind: 'error' | 'info'; rule?: string } | null = null;
  /** When each card last turned over on its way into the hand, for the rotation animation. */
  const rotatedAt = new Map<CardId, number>();
  let stopped = false;
  let botsRunning = false;
  /** The move count at which the human's current turn was last set up (focus, scrolling). */
  let turnHandled = -1;
  /** Which end (round or game) the dialog was last opened for, so closing it keeps it closed. */
  let dialogFor = '';
  let lastMoveText = '';
  const myTurn = (): boolean => view.status === 'playing' && view.turn.seat === match.humanSeat;

  const logEl = h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' });
  const board = h('div', { class: 'board' });
  const dialog = h('dialog', { class: 'result', 'aria-labelledby': 'result-title' });
  trapFocus(dialog);
  dialog.addEventListener('close', () => {
    render();
    focusKey(view.status === 'roundOver' ? 'deal' : 'show-result');
  });
  root.replaceChildren(
    board,
    h('section', { class: 'log-panel', 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'Log'), logEl),
    dialog,
  );

  /** Keeps the cosmetic hand order: known cards stay put, new ones go to the right. */
  function syncHandOrder(): void {
    const ids = new Set(view.hand.map((c) => c.id));
    handOrder = handOrder.filter((id) => ids.has(id)).concat(view.hand.map((c) => c.id).filter((id) => !handOrder.includes(id)));
    selected = new Set([...selected].filter((id) => ids.has(id)));
    if (handFocus !== null && !ids.has(handFocus)) handFocus = null;
  }

  function pushLines(lines: readonly LogLine[]): void {
    for (const line of lines) {
      if (line.notation !== undefined || lastMoveText === '') lastMoveText = line.text;
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

  /** Focuses the element with this `data-key` after a redraw (the hand's Tab stop for `hand`). */
  function focusKey(key: string, preventScroll = false): void {
    const el = key === 'hand' ? board.querySelector<HTMLElement>('#hand [tabindex="0"]') ?? board.querySelector<HTMLElement>('#hand') : board.querySelector<HTMLElement>(`[data-key="${key}"]`);
    el?.focus({ preventScroll });
  }

  /** Plays a move of the human after the library's verdict; an illegal one shows its reason. */
  function attempt(move: Move): void {
    if (!myTurn() && move.type !== 'nextRound') return;
    const verdict = match.check(move);
    if (!verdict.ok) {
      const cards = [...view.hand, ...view.table.flatMap((t) => t.cards.map((id) => ({ id, active: t.value })))];
      message = { text: `Not allowed: ${inPlayerWords(refusal(verdict), { players: view.players, deck: view.deck, cards })}`, kind: 'error', rule: verdict.rule };
      render();
      return;
    }
    message = null;
    selected.clear();
    afterStep(match.play(move));
    // the Play button just used is now disabled: keep the keyboard in the hand, not on the page
    if (!dialog.open) focusKey('hand');
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
    handFocus = id;
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

  /** Sorts the hand by active value, then by the other side (the order has no meaning to the rules, §3). */
  function sortHand(): void {
    const faces = new Map(view.hand.map((c) => [c.id, facesOf(c, view.deck)]));
    handOrder.sort((a, b) => faces.get(a)![0] - faces.get(b)![0] || faces.get(a)![1] - faces.get(b)![1] || a - b);
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
      drag.ghost = cardFace(card, view.deck, 'ghost', 'hidden');
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
        const card = view.hand.find((c) => c.id === id)!;
        const isSel = selected.has(id);
        // a redraw mid-animation continues it (negative delay) instead of starting it again
        const spun = now - (rotatedAt.get(id) ?? -Infinity);
        const spinning = spun < ROTATE_MS;
        const cls = `${isSel ? 'selected' : ''}${spinning ? ' just-rotated' : ''}${addable.has(id) ? ' can-add' : ''}`;
        const face = cardFace(card, view.deck, cls, 'text');
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
            class: 'hand-card',
            'data-key': `hand-${id}`,
            'data-hand-index': index,
            'data-card-id': id,
            tabindex: id === stop ? 0 : -1,
            'aria-pressed': isSel ? 'true' : 'false',
            onclick: () => {
              if (!suppressClick) toggle(id);
            },
            onfocus: () => {
              handFocus = id;
            },
            onpointerdown: ((e: PointerEvent) => {
              if (e.button !== 0) return;
              drag = { id, x: e.clientX, y: e.clientY, ghost: null };
              document.addEventListener('pointermove', onPointerMove);
              document.addEventListener('pointerup', onPointerUp);
            }) as EventListener,
            onkeydown: ((e: KeyboardEvent) => {
              const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : 0;
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
                  if (!selected.has(other) && view.hand.find((c) => c.id === other)?.active === value) {
                    toggle(other);
                    focusKey(`hand-${other}`);
                    break;
                  }
                }
              }
            }) as EventListener,
          },
          face,
          addable.has(id) ? h('span', { class: 'sr-only' }, ', can be added to a set') : null,
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

  function actionsEl(): HTMLElement {
    if (view.status !== 'playing') {
      return h(
        'div',
        { class: 'actions', role: 'group', 'aria-label': 'Your actions' },
        view.status === 'roundOver'
          ? h('button', { type: 'button', id: 'deal', class: 'primary', 'data-key': 'deal', onclick: () => attempt({ type: 'nextRound' }) }, 'Deal the next round')
          : null,
        h('button', { type: 'button', id: 'show-result', 'data-key': 'show-result', onclick: () => openDialog() }, view.status === 'roundOver' ? 'Show the scores' : 'Show the result'),
      );
    }
    const sel = selectedCards();
    const legal = match.legalMoves();
    const ids = sel.map((c) => c.id).sort((a, b) => a - b);
    const isLegal = legal.some((m) => m.type === 'play' && m.cards.length === ids.length && m.cards.every((id, i) => id === ids[i]));
    const plays = legal.filter((m) => m.type === 'play').length;
    const adds = legal.filter((m) => m.type === 'add').length;
    const takes = legal.filter((m) => m.type === 'take').length;
    const values = [...new Set(sel.map((c) => c.active))];
    const label = sel.length === 0 ? 'Play selected' : values.length === 1 ? `Play ${setText(sel.length, values[0]!)}` : `Play ${count(sel.length, 'card')}`;
    return h(
      'div',
      { class: 'actions', role: 'group', 'aria-label': 'Your actions' },
      h('button', { type: 'button', id: 'play', class: `primary${isLegal ? ' legal' : ''}`, 'data-key': 'play', disabled: !myTurn() || sel.length === 0, onclick: () => attempt({ type: 'play', cards: ids }) }, label),
      h('button', { type: 'button', id: 'rotate', 'data-key': 'rotate', disabled: !myTurn(), onclick: () => attempt({ type: 'rotate' }) }, 'Rotate hand ⟲'),
      h(
        'button',
        {
          type: 'button',
          id: 'clear',
          'data-key': 'clear',
          disabled: sel.length === 0,
          onclick: () => {
            selected.clear();
            message = null;
            render();
            focusKey('hand');
          },
        },
        'Clear',
      ),
      h('button', { type: 'button', id: 'sort', 'data-key': 'sort', disabled: view.hand.length < 2, onclick: sortHand }, 'Sort hand'),
      h(
        'span',
        { class: 'hint', id: 'legal-hint' },
        myTurn()
          ? `${sel.length > 0 ? (isLegal ? 'This play is legal. ' : 'This selection is not a legal play. ') : ''}Legal now: ${count(plays, 'play')}, ${count(adds, 'add')}, ${count(takes, 'take')}, rotate.`
          : `Waiting for ${turnLabel(view, view.turn.seat, view.turn.area)}…`,
      ),
    );
  }

  /** The title of the end-of-round or end-of-game dialog: it says who won. */
  function resultTitle(): string {
    const name = (seat: number | undefined): string => (seat === match.humanSeat ? 'You' : (view.players[seat ?? 0] ?? ''));
    if (view.status === 'gameOver') return view.winner === match.humanSeat ? 'You win the game!' : `${name(view.winner ?? undefined)} wins the game`;
    const first = view.out[0];
    if (first === undefined) return `Round ${view.round} is over`;
    return `Round ${view.round}: ${name(first)} ${first === match.humanSeat ? 'win' : 'wins'} the round`;
  }

  function resultSummary(): string {
    const first = view.out[0];
    if (view.scoring === 'rounds') return first === undefined ? '' : `${view.players[first]} emptied their hand first (rules §6).`;
    const gains = roundGains(view);
    const parts = view.out.map((seat) => `${view.players[seat]} ${gains.get(seat)}`);
    return parts.length > 0 ? `This round: ${parts.join('; ')}.` : '';
  }

  /** The seed revealed at game over, checked against the commitment shown during play. */
  function fairnessEl(): HTMLElement | null {
    const seed = match.revealedSeed();
    if (seed === null) return null;
    const check = h('span', { class: 'fair-check' }, commitment ? 'checking…' : '');
    void commitmentOf(seed).then((hash) => {
      if (!commitment || !hash) return;
      check.textContent = hash === commitment ? `Its SHA-256 is ${shortHash(hash)}, the sealed deal shown since the first move ✓` : `Its SHA-256 is ${shortHash(hash)}: it does NOT match the sealed deal ✗`;
    });
    return h('p', { class: 'fair' }, 'The deal’s seed was ', h('code', { id: 'seed-revealed' }, seed), '. ', check);
  }

  function fillDialog(): void {
    const over = view.status === 'gameOver';
    // no href until the link is built: an empty "#" would send the page back to its setup
    const link = h('a', { id: 'replay-link', class: 'button-like' }, 'Link to this game');
    if (over) {
      const record = match.recordToShare() as GameRecord;
      // a browser without CompressionStream cannot build the link: offer none
      host.replayLink(record).then((href) => link.setAttribute('href', href), () => link.remove());
    }
    dialog.id = over ? 'game-over' : 'round-over';
    replaceChildren(
      dialog,
      h('h2', { id: 'result-title' }, resultTitle()),
      h('p', {}, resultSummary()),
      scoresEl(view),
      fairnessEl(),
      h(
        'div',
        { class: 'dialog-actions' },
        over
          ? [
              h('button', { type: 'button', class: 'primary', id: 'play-again', 'data-autofocus': '', onclick: () => host.playAgain() }, 'Play again'),
              h('button', { type: 'button', id: 'replay-game', onclick: () => { dialog.close(); host.openReplay(loadReplay(JSON.stringify(match.recordToShare()))); } }, 'Replay this game'),
              link,
            ]
          : h('button', { type: 'button', class: 'primary', id: 'next-round', 'data-autofocus': '', onclick: () => { dialog.close(); attempt({ type: 'nextRound' }); } }, 'Deal the next round'),
        h('button', { type: 'button', class: 'download', onclick: download }, 'Download record'),
        h('button', { type: 'button', id: 'close-result', onclick: () => dialog.close() }, 'See the table'),
      ),
    );
  }

  function openDialog(): void {
    fillDialog();
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }

  function download(): void {
    const record = match.recordToShare();
    const name = record.format === 'dnup-record' ? `dnup-${String(record.seed).replace(/[^\w-]+/g, '_')}.json` : `dnup-${match.config.name.replace(/[^\w-]+/g, '_')}-view-move-${view.moveCount}.json`;
    downloadText(name, JSON.stringify(record, null, 2));
  }

  function gameBar(): HTMLElement {
    const over = view.status === 'gameOver';
    return h(
      'div',
      { class: 'game-bar' },
      h('span', { class: 'round-info' }, `Round ${view.round}`, h('span', { class: 'wide' }, view.scoring === 'tokens' ? ' · first to 4 tokens' : ' · duel, first to 2 rounds')),
      commitment && !over
        ? h(
            'span',
            { class: 'sealed', title: `SHA-256 of the deal's seed: ${commitment}. The seed is shown when the game ends, so you can check the deal was fixed before the first move.` },
            h('span', { class: 'wide' }, 'Sealed deal '),
            h('code', { id: 'commitment' }, shortHash(commitment)),
          )
        : null,
      h('span', { class: 'bar-buttons' },
        h('button', { type: 'button', id: 'download', 'data-key': 'download', title: over ? 'The full record, with the seed' : 'Your view of the game so far: no hidden card, no seed', onclick: download }, 'Record ⤓'),
        h(
          'button',
          {
            type: 'button',
            id: 'to-replay',
            title: over ? 'Replay the whole game' : 'Replay the game so far, as you saw it',
            onclick: () => {
              const record = match.recordToShare();
              host.openReplay(record.format === 'dnup-record' ? loadReplay(JSON.stringify(record)) : replayOfPlayerRecord(record as PlayerRecord));
            },
          },
          'Replay',
        ),
      ),
    );
  }

  /** The last move in words, next to the table (the log may be far below on a phone). */
  function lastLine(): HTMLElement {
    return h('p', { class: 'last-move-line', id: 'last-move', 'aria-live': 'polite' }, lastMoveText);
  }

  function render(): void {
    if (stopped) return;
    const hand = handEl();
    const mine = myTurn();
    replaceChildren(
      board,
      gameBar(),
      seatsEl(view, match.revealedHands() ?? undefined),
      orderEl(view),
      lastLine(),
      tableEl(view, slotActions),
      h(
        'div',
        { class: 'message-row' },
        h('p', { id: 'message', class: `message ${message?.kind ?? ''}`, role: message?.kind === 'error' ? 'alert' : 'status' }, message?.text ?? ''),
        message?.rule ? h('button', { type: 'button', class: 'link', id: 'message-rule', onclick: () => host.showRules(message!.rule!) }, `Read rules ${message.rule}`) : null,
      ),
      h(
        'h2',
        { class: 'hand-title', id: 'hand-title' },
        mine ? `Your hand — your turn${areasOf(view) === 2 ? ` (${turnLabel(view, view.turn.seat, view.turn.area).split(' · ')[1]})` : ''}` : 'Your hand',
      ),
      h('p', { class: 'sr-only', id: 'hand-help' }, 'Arrow keys move between cards, Space or Enter selects, a digit selects the next card of that value (0 for 10), Alt with an arrow moves a card.'),
      hand,
      actionsEl(),
    );
    root.dataset.status = view.status;
    root.dataset.myTurn = String(mine);
    root.dataset.moveCount = String(view.moveCount);
    const end = view.status === 'playing' ? '' : `${view.status}-${view.round}`;
    if (end !== dialogFor) {
      dialogFor = end;
      if (end) openDialog();
      else if (dialog.open) dialog.close();
    }
    // a new turn of the human (in the duel, also the second of two in a row): the keyboard
    // starts in the hand, and the hand and Play are in sight
    if (mine && turnHandled !== view.moveCount && !dialog.open) {
      turnHandled = view.moveCount;
      const active = document.activeElement;
      // only when the keyboard is nowhere else: lost, on a screen just hidden, or on the board
      if (active === null || active === document.body || !active.isConnected || active.closest('[hidden]') !== null || board.contains(active)) {
        focusKey('hand', true);
        // the actions at the bottom of the screen: the hand just above, as much table as fits above it
        const actions = board.querySelector('.actions');
        const hand = board.querySelector('#hand');
        if (actions && hand && (actions.getBoundingClientRect().bottom > window.innerHeight || hand.getBoundingClientRect().top < 0)) {
          actions.scrollIntoView({ block: 'end' });
        }
      }
    }
  }

  pushLines([match.dealLine()]);
  render();
  void runBots();
  return () => {
    stopped = true;
    if (dialog.open) dialog.close();
  };
}
