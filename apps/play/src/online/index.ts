/**
 * "Play online": the lobby (public rooms listed live, join by code or link, create a room choosing
 * each seat), the waiting room (who is connected, the host's Start), then the game on the shared
 * board through an {@link OnlineSource}, with this tab's connection shown above it, and game over
 * with the record and the revealed seed checked against the seal. A link
 * `#online=CODE&server=ws://host:port` opens a room; a reload takes the seat back with its token.
 *
 * The cut is the board's: controller.ts holds the state and the actions, view/ draws each screen
 * as keyed virtual DOM, and this file mounts them beside the shared board.
 */
import type { ReactionMessage } from 'dnup-server/protocol';
import type { BoardView, GameSource } from '../board/source';
import { patch, v, type VNode } from '../board/vdom';
import { h } from '../dom';
import { t } from '../i18n';
import { hashParams, OnlineController } from './controller';
import { createScreen } from './view/create';
import { lobbyScreen } from './view/lobby';
import { gameBar } from './view/strip';
import { waitingScreen } from './view/waiting';
import './online.css';

/** How long a reaction stays on screen. */
const REACTION_SHOWN_MS = 2500;

/** What the online screens ask of the page around them. */
export interface OnlineHost {
  /**
   * Draws the game in `into`, reading it from `source`; returns its unmount. `playAgain`: what the
   * game-over dialog's "Play again" does (here: ask for a rematch); `hints`: whether the Hint
   * button is offered (where the room allows hints); `drawn`: called after each drawing.
   */
  mountBoard(
    into: HTMLElement,
    source: GameSource,
    extra?: {
      readonly playAgain: () => void;
      readonly hints: () => boolean;
      readonly drawn: (status: BoardView['status']) => void;
    },
  ): () => void;
  /** Shows the online section (and hides the page's other views). */
  show(): void;
}

/** A reaction shown for a moment beside its sender's seat on the board (a spectator's, by the strip). */
function showReaction(root: HTMLElement, ctrl: OnlineController, m: ReactionMessage): void {
  const seatEl = m.seat === null ? null : root.querySelector<HTMLElement>(`#online-game .seat[data-seat="${m.seat}"]`);
  const who =
    m.seat === null ? m.name || ctrl.t('spectator1') : (ctrl.source?.current().view.players[m.seat] ?? m.name);
  const bubble = h(
    'span',
    { class: 'reaction-bubble', role: 'status' },
    `${m.emote}`,
    h('span', { class: 'sr-only' }, ` ${who}`),
  );
  // on the page, not in the strip or the board, which redraw: beside the seat, or a spectator's by the strip
  const anchor = seatEl ?? root.querySelector<HTMLElement>('.online-strip');
  if (!anchor) return;
  if (!seatEl) bubble.textContent = `${who} ${m.emote}`;
  const r = anchor.getBoundingClientRect();
  bubble.style.top = `${r.top + window.scrollY + (seatEl ? r.height / 2 : r.height)}px`;
  bubble.style.left = `${Math.min(r.right + window.scrollX - 8, window.scrollX + innerWidth - 48)}px`;
  bubble.dataset.seat = m.seat === null ? 'spectator' : String(m.seat);
  document.body.append(bubble);
  setTimeout(() => bubble.remove(), REACTION_SHOWN_MS);
}

/** The screen the controller is on. */
function screenView(ctrl: OnlineController): (VNode | null)[] {
  if (ctrl.screen === 'lobby') return lobbyScreen(ctrl);
  if (ctrl.screen === 'create') return createScreen(ctrl);
  return ctrl.screen === 'waiting' ? waitingScreen(ctrl) : gameBar(ctrl);
}

/** Mounts "Play online" in `root`; `open` shows it, and opens the room a link names. */
function mountOnline(root: HTMLElement, host: OnlineHost): { open(): void; refresh(): void } {
  let vBar: VNode | Element = h('div');
  let vBody: VNode | Element = h('div');
  const boardBox = h('div', { id: 'online-game', class: 'online-game', hidden: true });
  root.replaceChildren(vBar as Element, vBody as Element, boardBox);
  let ticker: ReturnType<typeof setInterval> | null = null;
  const ctrl: OnlineController = new OnlineController({
    redraw: () => render(),
    focus: (id) => document.getElementById(id)?.focus(),
    mountGame: (source, extra) => {
      boardBox.hidden = false;
      return host.mountBoard(boardBox, source, extra);
    },
    hideGame: () => {
      boardBox.hidden = true;
      boardBox.replaceChildren();
    },
    reaction: (m) => showReaction(root, ctrl, m),
    show: () => host.show(),
  });

  function render(): void {
    if (root.hidden) return;
    root.dataset.screen = ctrl.screen;
    // countdowns (a seat's reconnection time, the turn clock) redraw every second while they run
    const counting = ctrl.counting();
    if (counting && !ticker) ticker = setInterval(render, 1000);
    else if (!counting && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
    // keyed by screen: a new screen is a new body, never one screen's inputs patched into another's
    vBody = patch(vBody, v('div', { key: ctrl.screen, class: 'online-body' }, screenView(ctrl)));
    // the last move sticks under the bar on a phone (online.css): at the bar's height
    root.dataset.over = String(ctrl.over !== null);
    root.style.setProperty('--online-strip-height', `${(vBody.elm as HTMLElement).offsetHeight}px`);
    const notice = ctrl.notice;
    vBar = patch(
      vBar,
      v(
        'div',
        { id: 'online-bar', class: 'online-bar', role: 'status', 'aria-live': 'polite' },
        notice
          ? v('p', { class: notice.kind === 'error' ? 'online-error' : 'hint', id: 'online-notice' }, notice.text)
          : null,
      ),
    );
  }

  addEventListener('pagehide', () => ctrl.close());
  return { open: () => ctrl.open(), refresh: render };
}

/**
 * Adds "Play online" to the page: a nav button and a section of its own, shown alone like the
 * page's other views (their nav buttons hide it again). Opens at once when the link names a room.
 */

export function installOnline(
  app: HTMLElement,
  mountBoard: OnlineHost['mountBoard'],
  onLocaleChange: (listener: () => void) => unknown,
): void {
  const section = h('section', {
    id: 'online',
    class: 'panel online',
    'aria-labelledby': 'online-title',
    hidden: true,
  });
  (app.querySelector('main') ?? app).append(section);
  const button = h('button', { type: 'button', id: 'nav-online', 'data-view': 'online' }, t().online.title);
  app.querySelector('nav')?.append(button);
  const views = (): HTMLElement[] =>
    [...(section.parentElement?.children ?? [])].filter(
      (c): c is HTMLElement => c instanceof HTMLElement && c !== section,
    );
  const online = mountOnline(section, {
    mountBoard,
    show() {
      for (const v of views()) v.hidden = true;
      section.hidden = false;
      for (const b of app.querySelectorAll('nav button')) {
        if (b === button) b.setAttribute('aria-current', 'page');
        else b.removeAttribute('aria-current');
      }
    },
  });
  button.addEventListener('click', () => online.open());
  // the page's other nav buttons show their view: this one hides (the header may be redrawn, so listen on the page)
  app.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target.closest('nav button') : null;
    if (target && target !== button) {
      section.hidden = true;
      button.removeAttribute('aria-current');
    }
  });
  onLocaleChange(() => {
    button.textContent = t().online.title;
    online.refresh();
  });
  if (hashParams().has('online')) online.open();
}
