/**
 * "Play online"'s controller: the screen shown, the form's choices, the lobby's list, the room's
 * session and its game, the notice line, and what a person can do (join, watch, create, start,
 * leave, react, ask for a rematch). It draws nothing: the views in view/ draw it, index.ts mounts
 * them and the shared board.
 */
import type { GameOverMessage, Reaction, ReactionMessage, SeatKind, StateMessage } from 'dnup-server/protocol';
import type { BoardView } from '../board/source';
import { commitmentOf } from '../fairness';
import { saveName, savedName } from '../player-name';
import {
  DEFAULT_SERVER,
  failureOf,
  RoomSession,
  readCode,
  storedPlace,
  type ConnectionStatus,
  type Failure,
  type SessionEvents,
} from './connection';
import { followLobby, type LobbyState } from './lobby';
import { OnlineSource } from './source';
import { fill, t as catalogue, type Messages } from '../i18n';

export type Screen = 'lobby' | 'create' | 'waiting' | 'game';

/** A word of the online screens (the catalogues' `online` section). */
export type WordKey = keyof Messages['online'];

/** The turn clocks a host may choose (seconds; 0 for none). */
export const TURN_CLOCKS = [0, 15, 30, 60, 120] as const;
/** The turn clock turns urgent with this many seconds left. */
export const URGENT_SECONDS = 10;
const SERVER_KEY = 'dnup-online-server';

/** The room the link names, and the server it names. */
export function hashParams(): URLSearchParams {
  return new URLSearchParams(location.hash.slice(1));
}

/** What the controller asks of the page around it. */
export interface OnlineEffects {
  /** The state changed: draw again. */
  redraw(): void;
  /** Moves keyboard focus to the element with this id after the next drawing. */
  focus(id: string): void;
  /** Draws the game on the shared board; returns its unmount. */
  mountGame(
    source: OnlineSource,
    extra: { playAgain(): void; hints(): boolean; drawn(status: BoardView['status']): void },
  ): () => void;
  /** Clears and hides the board's box. */
  hideGame(): void;
  /** A reaction came: shown for a moment beside its sender's seat. */
  reaction(m: ReactionMessage): void;
  /** Shows the online section (and hides the page's other views). */
  show(): void;
}

export class OnlineController {
  screen: Screen = 'lobby';
  server = hashParams().get('server') || localStorage.getItem(SERVER_KEY) || DEFAULT_SERVER;
  name = savedName();
  codeText = '';
  seats: SeatKind[] = ['human', 'human', 'greedy'];
  isPrivate = false;
  /** The room starts once every seat is taken (else it waits for the host's Start). */
  startWhenFull = true;
  /** Quick reactions in a new room (its people may send a few fixed emoji). */
  reactions = true;
  /** The turn clock chosen for a new room, in seconds; 0 for none. */
  turnSeconds = 0;
  lobbyState: LobbyState = { kind: 'connecting' };
  session: RoomSession | null = null;
  source: OnlineSource | null = null;
  /** The status the board last drew. */
  boardShowed: BoardView['status'] | null = null;
  notice: { text: string; kind: 'error' | 'info' } | null = null;
  busy = false;
  over: GameOverMessage | null = null;
  seal: string | null = null;
  sealVerdict: 'ok' | 'bad' | 'unknown' | null = null;
  copied = false;
  /** The list of people above the board is open (kept across redraws). */
  peopleOpen = false;
  /** When this page last sent a reaction (its own clock). */
  reactedAt = 0;
  /** The turn deadline whose last seconds were said to screen readers. */
  private urgentSaid: number | null = null;
  private lobby: { stop(): void } | null = null;
  private unmountBoard: (() => void) | null = null;

  constructor(private readonly fx: OnlineEffects) {}

  /** Draws again (an answer that came later: the clipboard). */
  redraw(): void {
    this.fx.redraw();
  }

  /** A word of the online screens in the page's language. */
  t(key: WordKey, params?: Readonly<Record<string, string | number>>): string {
    return fill(catalogue().online[key], params);
  }

  failureText(f: Failure, code = ''): string {
    if (f.kind === 'noServer') return this.t('noServer', { server: this.server });
    if (f.kind === 'notFound') return this.t('err_NOT_FOUND', { code, server: this.server });
    const key = `err_${f.code}` as WordKey;
    const known = [
      'err_ROOM_FULL',
      'err_GAME_STARTED',
      'err_BAD_SEAT_TOKEN',
      'err_TOO_MANY_SPECTATORS',
      'err_BAD_OPTIONS',
    ];
    return known.includes(key) ? this.t(key, { code, detail: f.detail }) : this.t('err_other', { detail: f.detail });
  }

  /** A refusal of the server, in the player's words. */
  readonly refusalText = (code: string, message: string): string => {
    const key = `ref_${code}` as WordKey;
    return ['ref_STALE_MOVE', 'ref_RATE_LIMITED', 'ref_NOT_YOUR_TURN', 'ref_NOT_HOST', 'ref_OFFLINE'].includes(key)
      ? this.t(key)
      : this.t('ref_other', { detail: message });
  };

  /** This tab's connection to its room, in words. */
  connectionText(): string {
    const status: ConnectionStatus = this.session?.status ?? { state: 'left' };
    const code = this.session?.code ?? '';
    if (status.state === 'connected') return this.t('conn_connected');
    if (status.state === 'reconnecting') return this.t('conn_reconnecting', { n: status.attempt });
    if (status.state === 'left') return '';
    if (status.why === 'replaced') return this.t('conn_replaced');
    if (status.failure && status.failure.kind !== 'noServer') return this.failureText(status.failure, code);
    return status.why === 'network' ? this.t('conn_lost') : this.t('conn_closed');
  }

  // ---- the form ----

  setName(name: string): void {
    this.name = name;
    saveName(name);
  }

  setServer(address: string): void {
    this.server = address.trim() || DEFAULT_SERVER;
    localStorage.setItem(SERVER_KEY, this.server);
    this.notice = null;
    this.startLobby();
  }

  /** The number of players of a new room: seats beyond the first keep their choice, new ones get a bot. */
  setPlayers(n: number): void {
    this.seats = Array.from({ length: n }, (_, i) => this.seats[i] ?? 'greedy');
    this.fx.redraw();
  }

  go(screen: 'lobby' | 'create'): void {
    this.screen = screen;
    this.notice = null;
    this.fx.redraw();
    if (screen === 'create') this.fx.focus('online-players');
  }

  /** Joins (or watches) the room of the code typed. */
  joinByCode(spectate: boolean): void {
    const code = readCode(this.codeText || readCode(hashParams().get('online') ?? '') || '');
    if (code === null) {
      this.notice = { text: this.t('badCode'), kind: 'error' };
      this.fx.redraw();
      return;
    }
    this.joinRoom(code, spectate);
  }

  // ---- the lobby list ----

  startLobby(): void {
    this.lobby?.stop();
    this.lobby = followLobby(this.server, (s) => {
      this.lobbyState = s;
      if (this.screen === 'lobby') this.fx.redraw();
    });
  }

  private stopLobby(): void {
    this.lobby?.stop();
    this.lobby = null;
  }

  // ---- a room ----

  private readonly events: SessionEvents = {
    welcome: (w) => {
      const hash = new URLSearchParams({ online: w.code, server: this.server }).toString();
      history.replaceState(null, '', `${location.pathname}${location.search}#${hash}`);
      this.fx.redraw();
    },
    lobby: (l) => {
      // a rematch began: the finished game's board and card go, the new game's first state draws a new board
      if (this.over && l.phase === 'playing') {
        this.over = null;
        this.sealVerdict = null;
        this.unmountBoard?.();
        this.unmountBoard = null;
        this.source = null;
      }
      this.source?.takeLobby(l, this.session?.lobbyAt ?? Date.now());
      if (l.phase === 'waiting' && this.screen !== 'waiting') this.screen = 'waiting';
      this.fx.redraw();
    },
    state: (s) => {
      if (!this.source) this.startGame(s);
      else this.source.takeState(s);
      this.fx.redraw();
    },
    refused: (r) => {
      this.notice = { text: this.refusalText(r.code, r.message), kind: 'error' };
      this.fx.redraw();
    },
    gameOver: (g) => {
      this.over = g;
      this.sealVerdict = null;
      this.source?.takeGameOver(g);
      void this.checkSeal(g);
      this.fx.redraw();
    },
    connection: () => this.fx.redraw(),
    reaction: (m) => this.fx.reaction(m),
  };

  private async checkSeal(g: GameOverMessage): Promise<void> {
    const hash = this.seal === null ? null : await commitmentOf(String(g.record.seed));
    this.sealVerdict = this.seal === null || hash === null ? 'unknown' : hash === this.seal ? 'ok' : 'bad';
    this.fx.redraw();
  }

  private startGame(s: StateMessage): void {
    const sealed = (s as { seal?: unknown }).seal;
    this.seal = typeof sealed === 'string' ? sealed : null;
    const session = this.session!;
    this.source = new OnlineSource(session, s, this.seal, session.welcome?.reconnectSeconds ?? 30, this.refusalText);
    this.screen = 'game';
    this.unmountBoard = this.fx.mountGame(this.source, {
      playAgain: () => {
        this.session?.rematch();
        this.fx.redraw();
      },
      hints: () => this.session?.lobby?.hints === true,
      // the game-over box waits for the board to have drawn the last move (it draws each move event
      // by event): the winner is not told above a board still showing the move that wins
      drawn: (status) => {
        const now = this.over !== null && status === 'gameOver' && this.boardShowed !== 'gameOver';
        this.boardShowed = status;
        if (now) this.fx.redraw();
      },
    });
  }

  private async enter(how: () => Promise<RoomSession>, code = ''): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.notice = { text: this.t('connecting', { server: this.server }), kind: 'info' };
    this.fx.redraw();
    try {
      this.session = await how();
      this.stopLobby();
      this.notice = null;
      this.screen = 'waiting';
    } catch (e) {
      this.notice = { text: this.failureText(failureOf(e), code), kind: 'error' };
    } finally {
      this.busy = false;
    }
    this.fx.redraw();
  }

  joinRoom(code: string, spectate: boolean): void {
    const { server, name, events } = this;
    void this.enter(() => RoomSession.join(server, code, spectate ? { spectate: true, name } : { name }, events), code);
  }

  createRoom(): void {
    const { server, seats, name, isPrivate, startWhenFull, reactions, turnSeconds, events } = this;
    const options = {
      seats,
      name,
      private: isPrivate,
      startWhenFull,
      reactions,
      ...(turnSeconds > 0 ? { turnSeconds } : {}),
    };
    void this.enter(() => RoomSession.create(server, options, events));
  }

  /** Back to the lobby: leaves the room for good when `leave`, else only stops following it. */
  backToLobby(leave: boolean): void {
    if (leave) this.session?.leave();
    else this.session?.close();
    this.session = null;
    this.unmountBoard?.();
    this.unmountBoard = null;
    this.source?.close();
    this.source = null;
    this.fx.hideGame();
    this.over = null;
    this.seal = null;
    this.sealVerdict = null;
    this.notice = null;
    this.screen = 'lobby';
    history.replaceState(null, '', `${location.pathname}${location.search}#online`);
    this.startLobby();
    this.fx.redraw();
  }

  /** Sends a quick reaction; the buttons rest for the server's gap. */
  react(emote: Reaction, gapMs: number): void {
    this.reactedAt = Date.now();
    this.session?.react(emote);
    this.fx.redraw();
    setTimeout(() => this.fx.redraw(), gapMs);
  }

  // ---- the turn clock ----

  /** True in the turn clock's last seconds (URGENT_SECONDS or fewer left). */
  clockUrgent(): boolean {
    const snap = this.source?.current();
    if (!snap || snap.turnDeadline === null || snap.over) return false;
    return snap.turnDeadline - Date.now() <= URGENT_SECONDS * 1000;
  }

  /**
   * Whether this drawing says to screen readers that this tab's own turn is in its last seconds:
   * once per turn (the strip redraws every second).
   */
  sayUrgentNow(): boolean {
    const snap = this.source?.current();
    if (!snap || !this.clockUrgent() || snap.turnDeadline === this.urgentSaid) return false;
    if (this.session?.seat === null || snap.view.turn.seat !== this.session?.seat) return false;
    this.urgentSaid = snap.turnDeadline;
    return true;
  }

  /** Whether a countdown runs (a seat's reconnection time, the turn clock): the screen redraws every second. */
  counting(): boolean {
    const snap = this.source?.current();
    const s = this.session;
    return Boolean(
      (snap && snap.over === null && snap.turnDeadline !== null) ||
        snap?.seats.some((x) => x.connection.state === 'reconnecting') ||
        s?.lobby?.seats.some((x) => x.kind === 'human' && x.taken && !x.connected && x.playedBy === 'human'),
    );
  }

  /** Shows "Play online", and opens the room the link names (a reload takes the seat back). */
  open(): void {
    this.fx.show();
    const code = readCode(hashParams().get('online') ?? '');
    const linkedServer = hashParams().get('server');
    if (linkedServer) this.server = linkedServer;
    if (this.session) return this.fx.redraw();
    if (code && storedPlace(code)) {
      // a reload: back to this tab's seat (or to watching) in the room of the link, patiently
      this.session = RoomSession.resume(this.server, code, this.events);
      this.screen = 'waiting';
      this.fx.redraw();
    } else {
      this.screen = 'lobby';
      this.startLobby();
      this.fx.redraw();
      if (code) this.fx.focus('online-name');
    }
  }

  /** The page goes away: the room is told this tab closed (not left: a reload comes back). */
  close(): void {
    this.session?.close();
  }
}
