/**
 * "Play online": the lobby (public rooms listed live, join by code or link, create a room choosing
 * each seat), the waiting room (who is connected, the host's Start), then the game on the shared
 * board through an {@link OnlineSource}, with this tab's connection shown above it, and game over
 * with the record and the revealed seed checked against the seal. A link
 * `#online=CODE&server=ws://host:port` opens a room; a reload takes the seat back with its token.
 */
import { saveName, savedName } from '../player-name';
import type { Locale } from 'dnup';
import type {
  GameOverMessage,
  LobbyMessage,
  ReactionMessage,
  SeatInfo,
  SeatKind,
  StateMessage,
} from '../../../../server/src/protocol';
import { ONLINE_BOTS, REACTION_GAP_MS, REACTIONS } from '../../../../server/src/protocol';
import { seatName } from '../board/seat-name';
import type { BoardView, GameSource } from '../board/source';
import { botOptions } from '../bot-menu';
import { h, replaceChildren, type Child } from '../dom';
import { t as catalogue } from '../i18n';
import { commitmentOf, shortHash } from '../fairness';
import {
  DEFAULT_SERVER,
  failureOf,
  readCode,
  roomLink,
  RoomSession,
  storedPlace,
  type ConnectionStatus,
  type Failure,
  type SessionEvents,
} from './connection';
import { followLobby, type LobbyState, type ListedRoom } from './lobby';
import { OnlineSource, reconnectDeadlineOf } from './source';
import { say, type WordKey } from './words';
import './online.css';

/** The turn clock turns urgent with this many seconds left. */
const URGENT_SECONDS = 10;
/** How long a reaction stays on screen. */
const REACTION_SHOWN_MS = 2500;

/** What the online screens ask of the page around them. */
export interface OnlineHost {
  /** Draws the shared board in `into`, reading the game from `source`; returns its unmount. */
  /**
   * Draws the game; `playAgain`: what the game-over dialog's "Play again" does (here: ask for a
   * rematch); `hints`: whether the Hint button is offered (where the room allows hints).
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
  /** The language of the page now. */
  locale(): Locale;
}

type Screen = 'lobby' | 'create' | 'waiting' | 'game';

/** The turn clocks a host may choose (seconds; 0 for none). */
const TURN_CLOCKS = [0, 15, 30, 60, 120] as const;
const SERVER_KEY = 'dnup-online-server';

function hashParams(): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

/** Mounts "Play online" in `root`; `open` shows it, and opens the room a link names. */
function mountOnline(root: HTMLElement, host: OnlineHost): { open(): void; refresh(): void } {
  const t = (key: WordKey, params?: Readonly<Record<string, string | number>>): string =>
    say(host.locale(), key, params);
  let screen: Screen = 'lobby';
  let server = hashParams().get('server') || localStorage.getItem(SERVER_KEY) || DEFAULT_SERVER;
  let name = savedName();
  let codeText = '';
  let seats: SeatKind[] = ['human', 'human', 'greedy'];
  let isPrivate = false;
  /** The room starts once every seat is taken (else it waits for the host's Start). */
  let startWhenFull = true;
  /** Quick reactions in a new room (its people may send a few fixed emoji). */
  let reactions = true;
  /** The turn clock chosen for a new room, in seconds; 0 for none. */
  let turnSeconds = 0;
  let lobbyState: LobbyState = { kind: 'connecting' };
  let lobby: { stop(): void } | null = null;
  let session: RoomSession | null = null;
  let source: OnlineSource | null = null;
  let unmountBoard: (() => void) | null = null;
  /** The status the board last drew. */
  let boardShowed: BoardView['status'] | null = null;
  let notice: { text: string; kind: 'error' | 'info' } | null = null;
  let busy = false;
  let over: GameOverMessage | null = null;
  let seal: string | null = null;
  let sealVerdict: 'ok' | 'bad' | 'unknown' | null = null;
  let copied = false;
  /** The list of people above the board is open (kept across redraws). */
  let peopleOpen = false;
  let ticker: ReturnType<typeof setInterval> | null = null;
  /** When this page last sent a reaction (its own clock). */
  let reactedAt = 0;
  /** The turn deadline whose last seconds were said to screen readers. */
  let urgentSaid: number | null = null;

  const bar = h('div', { id: 'online-bar', class: 'online-bar', role: 'status', 'aria-live': 'polite' });
  const body = h('div', { class: 'online-body' });
  const boardBox = h('div', { id: 'online-game', class: 'online-game', hidden: true });
  root.replaceChildren(bar, body, boardBox);

  const failureText = (f: Failure, code = ''): string => {
    if (f.kind === 'noServer') return t('noServer', { server });
    if (f.kind === 'notFound') return t('err_NOT_FOUND', { code, server });
    const key = `err_${f.code}` as WordKey;
    return key in
      { err_ROOM_FULL: 1, err_GAME_STARTED: 1, err_BAD_SEAT_TOKEN: 1, err_TOO_MANY_SPECTATORS: 1, err_BAD_OPTIONS: 1 }
      ? t(key, { code, detail: f.detail })
      : t('err_other', { detail: f.detail });
  };

  // ---- the lobby list ----

  function startLobby(): void {
    lobby?.stop();
    lobby = followLobby(server, (s) => {
      lobbyState = s;
      if (screen === 'lobby') render();
    });
  }

  function stopLobby(): void {
    lobby?.stop();
    lobby = null;
  }

  // ---- a room ----

  const events: SessionEvents = {
    welcome(w) {
      history.replaceState(
        null,
        '',
        `${location.pathname}${location.search}#${new URLSearchParams({ online: w.code, server }).toString()}`,
      );
      render();
    },
    lobby(l) {
      // a rematch began: the finished game's board and card go, the new game's first state draws a new board
      if (over && l.phase === 'playing') {
        over = null;
        sealVerdict = null;
        unmountBoard?.();
        unmountBoard = null;
        source = null;
      }
      source?.takeLobby(l, session?.lobbyAt ?? Date.now());
      if (l.phase === 'waiting' && screen !== 'waiting') screen = 'waiting';
      render();
    },
    state(s) {
      if (!source) startGame(s);
      else source.takeState(s);
      render();
    },
    refused(r) {
      notice = { text: refusalText(r.code, r.message), kind: 'error' };
      render();
    },
    gameOver(g) {
      over = g;
      sealVerdict = null;
      source?.takeGameOver(g);
      void checkSeal(g);
      render();
    },
    connection() {
      render();
    },
    reaction(m) {
      showReaction(m);
    },
  };

  /** A reaction shown for a moment beside its sender's seat on the board (a spectator's, in the strip). */
  function showReaction(m: ReactionMessage): void {
    const seatEl =
      m.seat === null ? null : root.querySelector<HTMLElement>(`#online-game .seat[data-seat="${m.seat}"]`);
    const who = m.seat === null ? m.name || t('spectator1') : (source?.current().view.players[m.seat] ?? m.name);
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

  /** The reaction buttons: one tap sends, then they rest for the server's gap. */
  function reactionsRow(): HTMLElement | null {
    if (session?.lobby?.reactions === false || over) return null;
    const resting = Date.now() - reactedAt < REACTION_GAP_MS;
    return h(
      'div',
      { class: 'online-reactions', role: 'group', 'aria-label': t('reactions') },
      REACTIONS.map((emote) =>
        h(
          'button',
          {
            type: 'button',
            class: 'reaction',
            'data-emote': emote,
            'aria-label': t('react', { emote }),
            disabled: resting,
            onclick: () => {
              reactedAt = Date.now();
              session?.react(emote);
              render();
              setTimeout(render, REACTION_GAP_MS);
            },
          },
          emote,
        ),
      ),
    );
  }

  function watchers(n: number): string {
    return n === 1 ? t('spectator1') : t('spectators', { n });
  }

  function refusalText(code: string, message: string): string {
    const key = `ref_${code}` as WordKey;
    return ['ref_STALE_MOVE', 'ref_RATE_LIMITED', 'ref_NOT_YOUR_TURN', 'ref_NOT_HOST', 'ref_OFFLINE'].includes(key)
      ? t(key)
      : t('ref_other', { detail: message });
  }

  async function checkSeal(g: GameOverMessage): Promise<void> {
    const hash = seal === null ? null : await commitmentOf(String(g.record.seed));
    sealVerdict = seal === null || hash === null ? 'unknown' : hash === seal ? 'ok' : 'bad';
    render();
  }

  function startGame(s: StateMessage): void {
    const sealed = (s as { seal?: unknown }).seal;
    seal = typeof sealed === 'string' ? sealed : null;
    source = new OnlineSource(session!, s, seal, session!.welcome?.reconnectSeconds ?? 30, refusalText);
    screen = 'game';
    boardBox.hidden = false;
    unmountBoard = host.mountBoard(boardBox, source, {
      playAgain: () => {
        session?.rematch();
        render();
      },
      hints: () => session?.lobby?.hints === true,
      // the game-over box waits for the board to have drawn the last move (it draws each move event
      // by event): the winner is not told above a board still showing the move that wins
      drawn: (status) => {
        if (over && status === 'gameOver' && boardShowed !== 'gameOver') render();
        boardShowed = status;
      },
    });
  }

  async function enter(how: () => Promise<RoomSession>, code = ''): Promise<void> {
    if (busy) return;
    busy = true;
    notice = { text: t('connecting', { server }), kind: 'info' };
    render();
    try {
      session = await how();
      stopLobby();
      notice = null;
      screen = 'waiting';
    } catch (e) {
      notice = { text: failureText(failureOf(e), code), kind: 'error' };
    } finally {
      busy = false;
    }
    render();
  }

  function joinRoom(code: string, spectate: boolean): void {
    void enter(() => RoomSession.join(server, code, spectate ? { spectate: true, name } : { name }, events), code);
  }

  function createRoom(): void {
    void enter(() =>
      RoomSession.create(
        server,
        { seats, name, private: isPrivate, startWhenFull, reactions, ...(turnSeconds > 0 ? { turnSeconds } : {}) },
        events,
      ),
    );
  }

  /** Back to the lobby: leaves the room for good when `leave`, else only stops following it. */
  function backToLobby(leave: boolean): void {
    if (leave) session?.leave();
    else session?.close();
    session = null;
    unmountBoard?.();
    unmountBoard = null;
    source?.close();
    source = null;
    boardBox.hidden = true;
    boardBox.replaceChildren();
    over = null;
    seal = null;
    sealVerdict = null;
    notice = null;
    screen = 'lobby';
    history.replaceState(null, '', `${location.pathname}${location.search}#online`);
    startLobby();
    render();
  }

  // ---- drawing ----

  function field(id: string, label: string, input: HTMLElement): HTMLElement {
    return h('div', { class: 'field' }, h('label', { for: id }, label), ' ', input);
  }

  function nameField(): HTMLElement {
    return field(
      'online-name',
      t('name'),
      h('input', {
        id: 'online-name',
        'data-key': 'online-name',
        value: name,
        maxlength: 24,
        autocomplete: 'nickname',
        placeholder: t('namePlaceholder'),
        oninput: (e: Event) => {
          name = (e.target as HTMLInputElement).value;
          saveName(name);
        },
      }),
    );
  }

  function lobbyScreen(): Child[] {
    const linked = readCode(hashParams().get('online') ?? '');
    const codeInput = h('input', {
      id: 'online-code-input',
      'data-key': 'online-code-input',
      value: codeText || linked || '',
      maxlength: 6,
      autocomplete: 'off',
      autocapitalize: 'characters',
      spellcheck: 'false',
      placeholder: t('codePlaceholder'),
      oninput: (e: Event) => (codeText = (e.target as HTMLInputElement).value),
    });
    const byCode =
      (spectate: boolean) =>
      (e: Event): void => {
        e.preventDefault();
        const code = readCode(codeInput.value);
        if (code === null) {
          notice = { text: t('badCode'), kind: 'error' };
          render();
          return;
        }
        joinRoom(code, spectate);
      };
    const rooms = lobbyState.kind === 'rooms' ? lobbyState.rooms : [];
    return [
      h('h2', { id: 'online-title' }, t('title')),
      h('p', { class: 'hint' }, t('intro')),
      h('div', { class: 'online-who' }, nameField()),
      // the server's address is for those who run their own: behind a disclosure, open when not the default
      h(
        'details',
        { class: 'online-advanced', open: server !== DEFAULT_SERVER },
        h('summary', {}, t('advanced')),
        field(
          'online-server',
          t('server'),
          h('input', {
            id: 'online-server',
            'data-key': 'online-server',
            value: server,
            autocomplete: 'url',
            spellcheck: 'false',
            onchange: (e: Event) => {
              server = (e.target as HTMLInputElement).value.trim() || DEFAULT_SERVER;
              localStorage.setItem(SERVER_KEY, server);
              notice = null;
              startLobby();
            },
          }),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          id: 'online-new',
          class: 'primary',
          'data-key': 'online-new',
          onclick: () => {
            screen = 'create';
            notice = null;
            render();
            focus('online-players');
          },
        },
        t('newRoom'),
      ),
      h(
        'form',
        {
          class: 'online-card',
          id: 'online-join-form',
          'aria-labelledby': 'online-join-title',
          onsubmit: byCode(false),
        },
        h('h3', { id: 'online-join-title' }, linked ? t('joinRoom', { code: linked }) : t('joinByCode')),
        h(
          'div',
          { class: 'online-row' },
          h('label', { for: 'online-code-input' }, t('code')),
          codeInput,
          h(
            'button',
            { type: 'submit', id: 'online-join', class: 'primary', 'data-key': 'online-join', disabled: busy },
            t('join'),
          ),
          h(
            'button',
            { type: 'button', id: 'online-watch', 'data-key': 'online-watch', disabled: busy, onclick: byCode(true) },
            t('watch'),
          ),
        ),
      ),
      h(
        'section',
        { class: 'online-card', 'aria-labelledby': 'online-rooms-title' },
        h('h3', { id: 'online-rooms-title' }, t('publicRooms')),
        lobbyState.kind === 'connecting'
          ? h('p', { class: 'hint' }, t('connecting', { server }))
          : lobbyState.kind === 'failed'
            ? h('p', { class: 'online-error', id: 'online-lobby-error' }, failureText(lobbyState.failure))
            : rooms.length === 0
              ? h('p', { class: 'hint', id: 'online-no-rooms' }, t('noRooms'))
              : h('ul', { id: 'online-rooms', class: 'online-rooms' }, rooms.map(roomRow)),
      ),
    ];
  }

  function roomRow(r: ListedRoom): HTMLElement {
    const m = r.metadata;
    const phase = m?.phase ?? 'waiting';
    const canJoin = phase === 'waiting' && (m?.free ?? 0) > 0;
    const label = canJoin ? t('joinRoom', { code: r.roomId }) : t('watchRoom', { code: r.roomId });
    return h(
      'li',
      { 'data-room': r.roomId },
      h('span', { class: 'online-room-code' }, r.roomId),
      h(
        'span',
        { class: 'online-room-facts' },
        h('strong', {}, t('roomOf', { host: m?.host || '?' })),
        ' · ',
        t('roomPlayers', { taken: (m?.seats ?? 0) - (m?.free ?? 0), seats: m?.seats ?? 0 }),
        ' · ',
        t(`phase_${phase}` as WordKey),
      ),
      h(
        'button',
        {
          type: 'button',
          'aria-label': label,
          'data-key': `room-${r.roomId}`,
          disabled: busy,
          onclick: () => joinRoom(r.roomId, !canJoin),
        },
        canJoin ? t('join') : t('watch'),
      ),
    );
  }

  function createScreen(): Child[] {
    return [
      h('h2', { id: 'online-title' }, t('createTitle')),
      h(
        'form',
        {
          id: 'online-create-form',
          class: 'online-card',
          'aria-labelledby': 'online-title',
          onsubmit: (e: Event) => {
            e.preventDefault();
            createRoom();
          },
        },
        nameField(),
        field(
          'online-players',
          t('players'),
          h(
            'select',
            {
              id: 'online-players',
              'data-key': 'online-players',
              onchange: (e: Event) => {
                const n = Number((e.target as HTMLSelectElement).value);
                seats = Array.from({ length: n }, (_, i) => seats[i] ?? 'greedy');
                render();
              },
            },
            [2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === seats.length }, t('playersCount', { n }))),
          ),
        ),
        h(
          'ol',
          { class: 'seat-list online-seats' },
          seats.map((kind, i) =>
            i === 0
              ? h(
                  'li',
                  {},
                  h('span', { class: 'online-seat-name' }, t('seat', { n: 1 })),
                  ' ',
                  h('strong', { id: 'online-seat-0' }, t('you')),
                )
              : h(
                  'li',
                  {},
                  h('label', { for: `online-seat-${i}` }, t('seat', { n: i + 1 })),
                  ' ',
                  h(
                    'select',
                    {
                      id: `online-seat-${i}`,
                      'data-key': `online-seat-${i}`,
                      onchange: (e: Event) => {
                        seats[i] = (e.target as HTMLSelectElement).value as SeatKind;
                      },
                    },
                    h('option', { value: 'human', selected: kind === 'human' }, t('person')),
                    botOptions(kind, ONLINE_BOTS),
                  ),
                ),
          ),
        ),
        field(
          'online-clock',
          t('turnClock_label'),
          h(
            'select',
            {
              id: 'online-clock',
              onchange: (e: Event) => (turnSeconds = Number((e.target as HTMLSelectElement).value)),
            },
            TURN_CLOCKS.map((n) =>
              h(
                'option',
                { value: n, selected: n === turnSeconds },
                n === 0 ? t('turnClock_off') : t('turnClock_seconds', { n }),
              ),
            ),
          ),
        ),
        h(
          'div',
          { class: 'online-check' },
          h('input', {
            type: 'checkbox',
            id: 'online-private',
            checked: isPrivate,
            onchange: (e: Event) => (isPrivate = (e.target as HTMLInputElement).checked),
          }),
          h('label', { for: 'online-private' }, t('private')),
        ),
        h(
          'div',
          { class: 'online-check' },
          h('input', {
            type: 'checkbox',
            id: 'online-start-when-full',
            checked: startWhenFull,
            onchange: (e: Event) => (startWhenFull = (e.target as HTMLInputElement).checked),
          }),
          h('label', { for: 'online-start-when-full' }, t('startWhenFull')),
        ),
        h(
          'div',
          { class: 'online-check' },
          h('input', {
            type: 'checkbox',
            id: 'online-reactions-on',
            checked: reactions,
            onchange: (e: Event) => (reactions = (e.target as HTMLInputElement).checked),
          }),
          h('label', { for: 'online-reactions-on' }, t('reactionsOn')),
        ),
        h(
          'div',
          { class: 'online-row' },
          h(
            'button',
            { type: 'submit', id: 'online-create', class: 'primary', 'data-key': 'online-create', disabled: busy },
            t('create'),
          ),
          h(
            'button',
            {
              type: 'button',
              id: 'online-back',
              onclick: () => {
                screen = 'lobby';
                notice = null;
                render();
              },
            },
            t('back'),
          ),
        ),
      ),
    ];
  }

  /** A seat's state in the player's words, with the countdown while its person may come back. */
  function seatState(s: SeatInfo): string {
    if (s.kind !== 'human') return t('state_botSeat');
    if (!s.taken) return t('state_empty');
    if (s.connected) return t('state_connected');
    if (s.playedBy === 'bot') return t('state_bot');
    const status = source?.current().seats[s.seat]?.connection;
    const deadline =
      status?.state === 'reconnecting' ? status.deadline : reconnectDeadlineOf(s, session?.lobbyAt ?? Date.now());
    const seconds =
      deadline !== null
        ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
        : (session?.welcome?.reconnectSeconds ?? 30);
    return t('state_reconnecting', { seconds });
  }

  function peopleList(l: LobbyMessage): HTMLElement {
    const mine = session?.seat ?? null;
    return h(
      'ul',
      { id: 'online-people', class: 'online-people' },
      l.seats.map((s) =>
        h(
          'li',
          {
            'data-seat': s.seat,
            'data-connected': String(s.connected),
            'data-played-by': s.playedBy,
            'data-taken': String(s.taken),
          },
          h('span', {
            class: `online-dot ${s.kind !== 'human' ? 'bot' : s.connected ? 'on' : s.taken ? 'away' : 'free'}`,
            'aria-hidden': 'true',
          }),
          h('span', { class: 'online-seat-name' }, t('seat', { n: s.seat + 1 })),
          ' ',
          h('strong', {}, s.kind !== 'human' ? catalogue().bots[s.kind] : s.name || '—'),
          s.seat === mine ? ` ${t('seatYou')}` : '',
          s.seat === l.host ? h('span', { class: 'badge' }, t('host')) : null,
          h('span', { class: 'online-seat-state' }, seatState(s)),
        ),
      ),
    );
  }

  function linkBox(code: string): HTMLElement {
    const link = roomLink(code, server);
    return h(
      'div',
      { class: 'online-link' },
      h('label', { for: 'online-link' }, t('shareLink')),
      h(
        'div',
        { class: 'online-row' },
        h('input', {
          id: 'online-link',
          readonly: true,
          value: link,
          onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
        }),
        h(
          'button',
          {
            type: 'button',
            id: 'online-copy',
            'data-key': 'online-copy',
            onclick: () => {
              const done = (): void => {
                copied = true;
                render();
              };
              navigator.clipboard?.writeText(link).then(done, () => {
                (document.getElementById('online-link') as HTMLInputElement | null)?.select();
              });
            },
          },
          copied ? t('copied') : t('copyLink'),
        ),
      ),
    );
  }

  function waitingScreen(): Child[] {
    const l = session?.lobby ?? null;
    const code = session?.code ?? '';
    const isHost = l !== null && session?.seat === l.host;
    return [
      h('h2', { id: 'online-title' }, t('waitingTitle')),
      h(
        'p',
        { class: 'online-room-title' },
        t('room', { code: '' }).trim(),
        ' ',
        h('strong', { id: 'online-code' }, code),
      ),
      code ? linkBox(code) : null,
      session && session.status.state !== 'connected'
        ? h(
            'p',
            { class: 'online-error', id: 'online-connection', 'data-connection': session.status.state },
            connectionText(),
          )
        : null,
      session?.status.state === 'lost' && session.status.why === 'network'
        ? h('button', { type: 'button', id: 'online-retry', onclick: () => session?.retry() }, t('retry'))
        : null,
      l ? peopleList(l) : h('p', { class: 'hint' }, t('connecting', { server })),
      l && l.spectators > 0 ? h('p', { class: 'hint' }, watchers(l.spectators)) : null,
      h('p', { class: 'hint' }, session?.seat === null ? t('watching') : t('waitingHint')),
      isHost ? h('p', { class: 'hint' }, t('waitingHost')) : null,
      // a room that waits for its host once full says so, to the host and to everyone else
      l && l.startWhenFull === false && l.seats.every((s) => s.kind !== 'human' || s.taken)
        ? h('p', { class: 'hint', id: 'online-full' }, isHost ? t('fullStartNow') : t('fullWaitHost'))
        : null,
      h(
        'div',
        { class: 'online-row' },
        isHost && l?.phase === 'waiting'
          ? h(
              'button',
              {
                type: 'button',
                id: 'online-start',
                class: 'primary',
                'data-key': 'online-start',
                onclick: () => session?.start(),
              },
              t('start'),
            )
          : null,
        h(
          'button',
          { type: 'button', id: 'online-leave', 'data-key': 'online-leave', onclick: () => backToLobby(true) },
          t('leave'),
        ),
      ),
    ];
  }

  /** This tab's connection to its room, in words. */
  function connectionText(): string {
    const status: ConnectionStatus = session?.status ?? { state: 'left' };
    const code = session?.code ?? '';
    if (status.state === 'connected') return t('conn_connected');
    if (status.state === 'reconnecting') return t('conn_reconnecting', { n: status.attempt });
    if (status.state === 'left') return '';
    if (status.why === 'replaced') return t('conn_replaced');
    if (status.failure && status.failure.kind !== 'noServer') return failureText(status.failure, code);
    return status.why === 'network' ? t('conn_lost') : t('conn_closed');
  }

  /** The strip above the board: room, this tab's connection, spectators, leave; game over below it. */
  function gameBar(): Child[] {
    const l = session?.lobby ?? null;
    const code = session?.code ?? '';
    const status: ConnectionStatus = session?.status ?? { state: 'left' };
    const conn = connectionText();
    return [
      h(
        'div',
        { class: 'online-row online-strip', 'data-connection': status.state },
        h('h2', { id: 'online-title', class: 'online-strip-title' }, t('room', { code })),
        h('span', { class: `online-dot ${status.state === 'connected' ? 'on' : 'away'}`, 'aria-hidden': 'true' }),
        h('span', { id: 'online-connection' }, conn),
        session?.seat === null ? h('span', { class: 'badge' }, t('watching')) : null,
        clockText()
          ? h('span', { id: 'online-clock-left', class: `online-clock${clockUrgent() ? ' urgent' : ''}` }, clockText())
          : null,
        urgentNotice(),
        l && l.spectators > 0 ? h('span', { class: 'hint' }, watchers(l.spectators)) : null,
        status.state === 'lost' && status.why === 'network'
          ? h('button', { type: 'button', id: 'online-retry', onclick: () => session?.retry() }, t('retry'))
          : null,
        h(
          'button',
          { type: 'button', id: 'online-leave', 'data-key': 'online-leave', onclick: () => backToLobby(!over) },
          over ? t('toLobby') : t('leave'),
        ),
      ),
      reactionsRow(),
      l
        ? h(
            'details',
            {
              class: 'online-people-box',
              open: peopleOpen,
              ontoggle: (e: Event) => (peopleOpen = (e.target as HTMLDetailsElement).open),
            },
            h('summary', { 'data-key': 'online-people-summary' }, t('players')),
            peopleList(l),
            linkBox(code),
          )
        : null,
      over && (over.reason !== 'won' || boardShowed === 'gameOver') ? overBox(over) : null,
    ];
  }

  /** True in the turn clock's last seconds (URGENT_SECONDS or fewer left). */
  function clockUrgent(): boolean {
    const snap = source?.current();
    if (!snap || snap.turnDeadline === null || snap.over) return false;
    return snap.turnDeadline - Date.now() <= URGENT_SECONDS * 1000;
  }

  /**
   * Said once to screen readers when the clock of this tab's own turn enters its last seconds: a
   * live region drawn in that one render only (the strip redraws every second).
   */
  function urgentNotice(): HTMLElement | null {
    const snap = source?.current();
    if (!snap || !clockUrgent() || snap.turnDeadline === urgentSaid) return null;
    if (session?.seat === null || snap.view.turn.seat !== session?.seat) return null;
    urgentSaid = snap.turnDeadline;
    return h(
      'span',
      { class: 'sr-only', role: 'alert', id: 'online-clock-urgent' },
      t('clockUrgent', { seconds: URGENT_SECONDS }),
    );
  }

  /** The turn clock of the seat to play, when the room has one: seconds left and whose. */
  function clockText(): string {
    const snap = source?.current();
    if (!snap || snap.turnDeadline === null || snap.over) return '';
    const seconds = Math.max(0, Math.ceil((snap.turnDeadline - Date.now()) / 1000));
    return t('turnClock', {
      seconds,
      name: seatName(
        snap.view.players[snap.view.turn.seat] ?? '?',
        snap.seats[snap.view.turn.seat],
        snap.view.turn.seat,
      ),
    });
  }

  function overBox(g: GameOverMessage): HTMLElement {
    const record = JSON.stringify(g.record, null, 2);
    const verdict =
      sealVerdict === 'ok'
        ? t('sealOk', { seed: String(g.record.seed) })
        : sealVerdict === 'bad'
          ? t('sealBad', { seed: g.record.seed })
          : t('sealUnknown', { seed: g.record.seed });
    return h(
      'section',
      {
        id: 'online-over',
        class: 'online-card online-over',
        'aria-labelledby': 'online-over-title',
        'data-seal': sealVerdict ?? '',
      },
      h(
        'h3',
        { id: 'online-over-title' },
        g.reason === 'won' && g.winner !== null
          ? t('overWon', {
              name: seatName(g.record.players[g.winner] ?? '?', source?.current().seats[g.winner], g.winner),
            })
          : t('overAbandoned'),
      ),
      seal ? h('p', {}, t('sealed', { hash: shortHash(seal) })) : null,
      sealVerdict
        ? h(
            'p',
            { class: `verdict ${sealVerdict === 'ok' ? 'ok' : sealVerdict === 'bad' ? 'bad' : ''}`, id: 'online-seal' },
            verdict,
          )
        : null,
      h(
        'div',
        { class: 'online-row' },
        h(
          'a',
          {
            class: 'button-like',
            id: 'online-record',
            href: `data:application/json;charset=utf-8,${encodeURIComponent(record)}`,
            download: `dnup-${session?.code ?? 'game'}.json`,
          },
          t('download'),
        ),
      ),
      rematchBox(),
    );
  }

  /** After the game: a rematch asked for by every connected person; the host may change the bots first. */
  function rematchBox(): HTMLElement | null {
    const l = session?.lobby;
    if (!l || l.phase !== 'over' || session?.seat === null || session?.seat === undefined) return null;
    const asked = l.rematch ?? [];
    const people = l.seats.filter((s) => s.kind === 'human' && s.connected).length;
    const mine = asked.includes(session.seat);
    const isHost = session.seat === l.host;
    return h(
      'div',
      { class: 'online-rematch', id: 'online-rematch' },
      isHost
        ? l.seats
            .filter((s) => s.kind !== 'human')
            .map((s) =>
              h(
                'label',
                { class: 'online-check' },
                `${t('seat', { n: s.seat + 1 })} `,
                h(
                  'select',
                  {
                    id: `online-rematch-seat-${s.seat}`,
                    onchange: (e: Event) => session?.setSeat(s.seat, (e.target as HTMLSelectElement).value),
                  },
                  botOptions(s.kind, ONLINE_BOTS),
                ),
              ),
            )
        : null,
      h(
        'button',
        {
          type: 'button',
          id: 'online-rematch-ask',
          class: 'primary',
          disabled: mine,
          onclick: () => session?.rematch(),
        },
        mine ? t('rematchAsked') : t('rematch'),
      ),
      asked.length > 0
        ? h('p', { class: 'hint', id: 'online-rematch-count' }, t('rematchCount', { n: asked.length, m: people }))
        : null,
    );
  }

  function render(): void {
    if (root.hidden) return;
    root.dataset.screen = screen;
    // countdowns (a seat's reconnection time, the turn clock) redraw every second while they run
    const snap = source?.current();
    const reconnecting =
      (snap && snap.over === null && snap.turnDeadline !== null) ||
      snap?.seats.some((s) => s.connection.state === 'reconnecting') ||
      session?.lobby?.seats.some((s) => s.kind === 'human' && s.taken && !s.connected && s.playedBy === 'human');
    if (reconnecting && !ticker) ticker = setInterval(render, 1000);
    else if (!reconnecting && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
    const content =
      screen === 'lobby'
        ? lobbyScreen()
        : screen === 'create'
          ? createScreen()
          : screen === 'waiting'
            ? waitingScreen()
            : gameBar();
    replaceChildren(body, ...content);
    // the last move sticks under the bar on a phone (online.css): at the bar's height
    root.dataset.over = String(over !== null);
    root.style.setProperty('--online-strip-height', `${body.offsetHeight}px`);
    replaceChildren(
      bar,
      notice
        ? h('p', { class: notice.kind === 'error' ? 'online-error' : 'hint', id: 'online-notice' }, notice.text)
        : null,
    );
  }

  function focus(id: string): void {
    document.getElementById(id)?.focus();
  }

  function open(): void {
    host.show();
    const code = readCode(hashParams().get('online') ?? '');
    const linkedServer = hashParams().get('server');
    if (linkedServer) server = linkedServer;
    if (session) return render();
    const place = code ? storedPlace(code) : null;
    if (code && place) {
      // a reload: back to this tab's seat (or to watching) in the room of the link, patiently
      session = RoomSession.resume(server, code, events);
      screen = 'waiting';
      render();
    } else {
      screen = 'lobby';
      startLobby();
      render();
      if (code) focus('online-name');
    }
  }

  addEventListener('pagehide', () => session?.close());
  return { open, refresh: render };
}

/**
 * Adds "Play online" to the page: a nav button and a section of its own, shown alone like the
 * page's other views (their nav buttons hide it again). Opens at once when the link names a room.
 */

export function installOnline(
  app: HTMLElement,
  mountBoard: OnlineHost['mountBoard'],
  locale: () => Locale,
  onLocaleChange: (listener: () => void) => unknown,
): void {
  const section = h('section', {
    id: 'online',
    class: 'panel online',
    'aria-labelledby': 'online-title',
    hidden: true,
  });
  (app.querySelector('main') ?? app).append(section);
  const button = h('button', { type: 'button', id: 'nav-online', 'data-view': 'online' }, say(locale(), 'title'));
  app.querySelector('nav')?.append(button);
  const views = (): HTMLElement[] =>
    [...(section.parentElement?.children ?? [])].filter(
      (c): c is HTMLElement => c instanceof HTMLElement && c !== section,
    );
  const online = mountOnline(section, {
    mountBoard,
    locale,
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
    button.textContent = say(locale(), 'title');
    online.refresh();
  });
  if (hashParams().has('online')) online.open();
}
