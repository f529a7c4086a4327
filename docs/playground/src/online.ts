/**
 * "Play online": the playground as a client of the dnup game server (server/, docs/online.md).
 * Create a room (seats, bots, private) or join one by code, link or the lobby list; see who is
 * connected; play through the server, which sends this page nothing but its seat's player view
 * and legal moves. The seat token is kept in sessionStorage, so a reload takes the seat back.
 * The link `#online=CODE&server=ws://host:port` opens a room directly.
 */
import { Client, type Room } from 'colyseus.js';
import type { HeldCard, Move, PlayerView } from 'dnup';
import {
  LOBBY_NAME,
  MESSAGES,
  ROOM_NAME,
  SEAT_KINDS,
  type GameOverMessage,
  type LobbyMessage,
  type RefusedMessage,
  type SeatKind,
  type SpectatorView,
  type StateMessage,
  type WelcomeMessage,
} from '../../../server/src/protocol';

type Attrs = Record<string, string | number | boolean | ((e: Event) => void)>;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (v === false) continue;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

const DEFAULT_SERVER = 'ws://127.0.0.1:2567';
const SEAT_LABELS: Record<SeatKind, string> = { human: 'Person', random: 'Random bot', greedy: 'Greedy bot', montecarlo: 'Monte-Carlo bot' };

function hashParams(): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

/** The words for one legal move, from this seat's view. */
export function moveLabel(view: PlayerView | SpectatorView, move: Move): string {
  const value = (id: number): number | undefined => view.hand.find((c: HeldCard) => c.id === id)?.active;
  const name = (seat: number): string => view.players[seat] ?? `seat ${seat + 1}`;
  switch (move.type) {
    case 'play':
      return `Play ${move.cards.length} × ${value(move.cards[0]!) ?? '?'}`;
    case 'add':
      return `Add a ${value(move.card) ?? '?'} to ${name(move.target.seat)}’s set`;
    case 'take':
      return `Take ${name(move.target.seat)}’s set${view.players.length === 2 ? ` (area ${move.target.area + 1})` : ''}`;
    case 'rotate':
      return 'Rotate hand';
    case 'nextRound':
      return 'Deal the next round';
  }
}

/**
 * Adds "Play online" to the playground: a nav button and a section of its own. Everything else
 * on the page is hidden while it shows, and shown again when another nav button is pressed.
 */
export function installOnline(app: HTMLElement): void {
  const section = el('section', { id: 'online', class: 'panel', 'aria-label': 'Play online', hidden: true });
  const nav = app.querySelector('nav');
  const button = el('button', { type: 'button', id: 'nav-online', 'data-view': 'online' }, 'Play online');
  app.append(section);
  nav?.append(button);
  const others = (): HTMLElement[] => [...app.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c !== section && c.tagName !== 'HEADER');
  let hidden: HTMLElement[] = [];
  const open = (): void => {
    hidden = others().filter((c) => !c.hidden);
    for (const c of hidden) c.hidden = true;
    section.hidden = false;
    online.render();
  };
  const online = new OnlinePanel(section);
  button.addEventListener('click', open);
  nav?.addEventListener('click', (e) => {
    if (e.target !== button && section.hidden === false && (e.target as HTMLElement).tagName === 'BUTTON') {
      section.hidden = true;
      if (!others().some((c) => !c.hidden)) for (const c of hidden) c.hidden = false;
    }
  });
  if (hashParams().has('online')) open();
}

class OnlinePanel {
  private server = hashParams().get('server') || localStorage.getItem('dnup-online-server') || DEFAULT_SERVER;
  private name = localStorage.getItem('dnup-online-name') || '';
  private room: Room | null = null;
  private lobbyRoom: Room | null = null;
  private rooms: { roomId: string; metadata?: { seats: number; free: number; names: string[]; phase: string; host: string } }[] = [];
  private welcome: WelcomeMessage | null = null;
  private lobby: LobbyMessage | null = null;
  private state: StateMessage | null = null;
  private over: GameOverMessage | null = null;
  private notice = '';
  private seats: SeatKind[] = ['human', 'human', 'greedy'];
  private isPrivate = false;
  private leaving = false;
  /** The lobby is being joined, or could not be: wait for another server address. */
  private lobbyTried = false;

  constructor(private readonly root: HTMLElement) {
    const code = hashParams().get('online');
    if (code && sessionStorage.getItem(`dnup-seat-${code}`)) void this.enter(() => this.client().joinById(code, { seatToken: sessionStorage.getItem(`dnup-seat-${code}`)! }));
  }

  private client(): Client {
    return new Client(this.server);
  }

  /** Joins a room through `how`, and follows it. */
  private async enter(how: () => Promise<Room>): Promise<void> {
    this.notice = 'Connecting…';
    this.render();
    try {
      const room = await how();
      void this.lobbyRoom?.leave();
      this.lobbyRoom = null;
      this.follow(room);
    } catch (e) {
      this.notice = `Could not join: ${(e as Error).message}`;
      this.render();
    }
  }

  private follow(room: Room): void {
    this.room = room;
    this.leaving = false;
    this.notice = '';
    room.onMessage(MESSAGES.welcome, (w: WelcomeMessage) => {
      this.welcome = w;
      if (w.seatToken) sessionStorage.setItem(`dnup-seat-${w.code}`, w.seatToken);
      const params = new URLSearchParams({ online: w.code, server: this.server });
      history.replaceState(null, '', `#${params.toString()}`);
      this.render();
    });
    room.onMessage(MESSAGES.lobby, (l: LobbyMessage) => {
      this.lobby = l;
      this.render();
    });
    room.onMessage(MESSAGES.state, (s: StateMessage) => {
      this.state = s;
      this.notice = '';
      this.render();
    });
    room.onMessage(MESSAGES.refused, (r: RefusedMessage) => {
      this.notice = `Refused (${r.code}): ${r.message}`;
      this.render();
    });
    room.onMessage(MESSAGES.gameOver, (g: GameOverMessage) => {
      this.over = g;
      this.render();
    });
    room.onLeave((code) => {
      if (this.room !== room) return;
      this.room = null;
      if (this.leaving || code === 4000) return this.render();
      // dropped: come back to the seat with its token (the server may be restarting)
      void this.rejoin(1);
    });
  }

  private async rejoin(attempt: number): Promise<void> {
    const code = this.welcome?.code;
    const token = code ? sessionStorage.getItem(`dnup-seat-${code}`) : null;
    if (!code || !token || attempt > 20) {
      this.notice = 'Disconnected.';
      return this.render();
    }
    this.notice = `Connection lost; reconnecting (attempt ${attempt})…`;
    this.render();
    try {
      this.follow(await this.client().joinById(code, { seatToken: token }));
    } catch {
      setTimeout(() => void this.rejoin(attempt + 1), 1000);
    }
  }

  private async openLobby(): Promise<void> {
    try {
      const lobby = await this.client().joinOrCreate(LOBBY_NAME);
      this.lobbyRoom = lobby;
      lobby.onMessage('rooms', (rooms: typeof this.rooms) => {
        this.rooms = rooms;
        this.render();
      });
      lobby.onMessage('+', ([id, room]: [string, (typeof this.rooms)[number]]) => {
        this.rooms = [...this.rooms.filter((r) => r.roomId !== id), room];
        this.render();
      });
      lobby.onMessage('-', (id: string) => {
        this.rooms = this.rooms.filter((r) => r.roomId !== id);
        this.render();
      });
    } catch (e) {
      this.notice = `No server at ${this.server}: start one with npm run server (${(e as Error).message}).`;
      this.render();
    }
  }

  private leave(): void {
    this.leaving = true;
    void this.room?.leave();
    this.room = null;
    this.welcome = this.lobby = this.state = this.over = null;
    this.lobbyTried = false;
    history.replaceState(null, '', '#online');
    this.render();
  }

  render(): void {
    if (this.root.hidden) return;
    if (!this.room && !this.lobbyRoom && !this.welcome && !this.lobbyTried) {
      this.lobbyTried = true;
      void this.openLobby();
    }
    this.root.replaceChildren(el('h2', {}, 'Play online'), this.room || this.welcome ? this.table() : this.setup(), el('p', { id: 'online-notice', role: 'status' }, this.notice));
  }

  private setup(): HTMLElement {
    const server = el('input', { id: 'online-server', value: this.server, size: 28, onchange: (e: Event) => {
      this.server = (e.target as HTMLInputElement).value.trim() || DEFAULT_SERVER;
      localStorage.setItem('dnup-online-server', this.server);
      void this.lobbyRoom?.leave();
      this.lobbyRoom = null;
      this.lobbyTried = false;
      this.rooms = [];
      this.render();
    } });
    const name = el('input', { id: 'online-name', value: this.name, maxlength: 24, placeholder: 'Your name', oninput: (e: Event) => {
      this.name = (e.target as HTMLInputElement).value;
      localStorage.setItem('dnup-online-name', this.name);
    } });
    const code = el('input', { id: 'online-join-code', placeholder: 'Room code', size: 8, value: hashParams().get('online') ?? '' });
    const seatsList = el('ol', { class: 'seat-list' });
    this.seats.forEach((kind, i) => {
      const select = el('select', { id: `online-seat-${i}`, onchange: (e: Event) => {
        this.seats[i] = (e.target as HTMLSelectElement).value as SeatKind;
      } });
      for (const k of SEAT_KINDS) select.append(el('option', { value: k, selected: k === kind }, SEAT_LABELS[k]));
      seatsList.append(el('li', {}, el('label', { for: `online-seat-${i}` }, `Seat ${i + 1} `), select));
    });
    const players = el('select', { id: 'online-players', onchange: (e: Event) => {
      const n = Number((e.target as HTMLSelectElement).value);
      this.seats = Array.from({ length: n }, (_, i) => this.seats[i] ?? 'human');
      this.render();
    } });
    for (const n of [2, 3, 4, 5]) players.append(el('option', { value: n, selected: n === this.seats.length }, `${n} players`));
    const joinWith = (spectate: boolean) => (): void => {
      const c = code.value.trim().toUpperCase();
      if (c) void this.enter(() => this.client().joinById(c, spectate ? { spectate: true, name: this.name } : { name: this.name }));
    };
    return el(
      'div',
      { class: 'online-setup' },
      el('p', { class: 'hint' }, 'Play through a dnup game server: start one with npm run server. Seat 1 is yours; the game starts when every person’s seat is taken, or when you start it (bots fill the empty seats).'),
      el('div', { class: 'field' }, el('label', { for: 'online-server' }, 'Server '), server),
      el('div', { class: 'field' }, el('label', { for: 'online-name' }, 'Your name '), name),
      el(
        'fieldset',
        {},
        el('legend', {}, 'Create a room'),
        players,
        seatsList,
        el('label', {}, el('input', { type: 'checkbox', id: 'online-private', checked: this.isPrivate, onchange: (e: Event) => (this.isPrivate = (e.target as HTMLInputElement).checked) }), ' Private (code or link only)'),
        el('button', { type: 'button', id: 'online-create', class: 'primary', onclick: () => void this.enter(() => this.client().create(ROOM_NAME, { seats: this.seats, name: this.name, private: this.isPrivate })) }, 'Create room'),
      ),
      el('fieldset', {}, el('legend', {}, 'Join by code'), code, el('button', { type: 'button', id: 'online-join', onclick: joinWith(false) }, 'Join'), el('button', { type: 'button', id: 'online-spectate', onclick: joinWith(true) }, 'Watch')),
      el(
        'fieldset',
        {},
        el('legend', {}, 'Public rooms'),
        this.rooms.length === 0
          ? el('p', { class: 'hint' }, 'No public room right now.')
          : el(
              'ul',
              { id: 'online-rooms' },
              ...this.rooms.map((r) =>
                el(
                  'li',
                  {},
                  `${r.roomId}: ${r.metadata?.names.map((n) => n || '(free)').join(', ') ?? ''} — ${r.metadata?.phase ?? ''} `,
                  el('button', { type: 'button', onclick: () => void this.enter(() => this.client().joinById(r.roomId, r.metadata?.phase === 'waiting' ? { name: this.name } : { spectate: true })) }, r.metadata?.phase === 'waiting' ? 'Join' : 'Watch'),
                ),
              ),
            ),
      ),
    );
  }

  private table(): HTMLElement {
    const w = this.welcome;
    const view = this.state?.view ?? null;
    const moves = this.state?.moves ?? [];
    const link = w ? `${location.origin}${location.pathname}#${new URLSearchParams({ online: w.code, server: this.server }).toString()}` : '';
    const box = el('div', {
      id: 'online-table',
      'data-seat': w?.seat ?? '',
      'data-status': this.over ? 'gameOver' : (view?.status ?? this.lobby?.phase ?? 'waiting'),
      'data-move-count': view?.moveCount ?? -1,
      'data-my-turn': String(moves.length > 0 && !this.over),
    });
    box.append(
      el('p', {}, 'Room ', el('strong', { id: 'online-code' }, w?.code ?? '…'), w?.seat === null ? ' (watching)' : w ? ` — you are seat ${w.seat + 1}` : '', ' · ', el('a', { href: link, id: 'online-link' }, 'link to share'), ' ', el('button', { type: 'button', id: 'online-leave', onclick: () => this.leave() }, 'Leave')),
    );
    if (this.lobby) {
      box.append(
        el(
          'ul',
          { id: 'online-people' },
          ...this.lobby.seats.map((s) =>
            el(
              'li',
              { 'data-connected': String(s.connected), 'data-played-by': s.playedBy },
              `Seat ${s.seat + 1}: ${s.name || '(free)'} — ${s.kind !== 'human' ? SEAT_LABELS[s.kind] : !s.taken ? 'waiting for someone' : s.connected ? 'connected' : s.playedBy === 'bot' ? 'away, a bot plays' : 'disconnected'}${s.seat === this.lobby!.host ? ' (host)' : ''}`,
            ),
          ),
          el('li', {}, `${this.lobby.spectators} watching`),
        ),
      );
      if (this.lobby.phase === 'waiting' && w?.seat === this.lobby.host) box.append(el('button', { type: 'button', id: 'online-start', onclick: () => this.room?.send(MESSAGES.start, {}) }, 'Start now (bots fill empty seats)'));
    }
    if (view) {
      box.append(
        el('p', { id: 'online-status' }, `Round ${view.round} · move ${view.moveCount} · ${view.status === 'playing' ? `${view.players[view.turn.seat]} to play` : view.status} · scores ${view.scores.join(' / ')}`),
        el('p', {}, 'Table: ', view.table.length === 0 ? 'empty' : view.table.map((s) => `${view.players[s.seat]}: ${s.cards.length} × ${s.value}`).join(' · ')),
        el('p', { id: 'online-hand' }, 'Your hand: ', w?.seat === null ? '(watching)' : view.hand.map((c) => String(c.active)).join(' ')),
        el('p', {}, 'Hands: ', view.players.map((p, i) => `${p} ${view.handSizes[i]}`).join(' · ')),
        el('div', { id: 'online-moves' }, ...moves.map((m) => el('button', { type: 'button', onclick: () => this.room?.send(MESSAGES.move, { move: m, moveCount: view.moveCount }) }, moveLabel(view, m)))),
      );
    }
    if (this.over) {
      const record = JSON.stringify(this.over.record, null, 2);
      box.append(
        el('p', { id: 'online-over' }, this.over.reason === 'won' && this.over.winner !== null ? `Game over: ${this.over.record.players[this.over.winner]} wins.` : 'Game over: abandoned.'),
        el('a', { href: `data:application/json,${encodeURIComponent(record)}`, download: `dnup-${w?.code ?? 'game'}.json` }, 'Download the record (seed included)'),
      );
    }
    return box;
  }
}
