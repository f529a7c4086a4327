/**
 * One room of the game server (docs/online.md), followed through its messages, with the seat
 * token kept in sessionStorage (per room code) so a reload or a network loss takes the seat back
 * (`joinById(code, { seatToken })`, which works at any time, even after a bot took over).
 * A move is sent with the move count of the view it was chosen at, one at a time: the next one
 * waits for the server's answer (a new `state` or a `refused`), and a move still unanswered when the
 * connection dropped is sent again after reconnecting only if the game is still at that count
 * (otherwise it was played, or another move crossed it, and the new view says which).
 */
import { Client, type Room } from 'colyseus.js';
import type { Move } from 'dnup';
import {
  MESSAGES,
  ROOM_NAME,
  type CreateOptions,
  type GameOverMessage,
  type JoinOptions,
  type LobbyMessage,
  type RefusedMessage,
  type StateMessage,
  type WelcomeMessage,
} from '../../../../server/src/protocol';

/** The server a fresh page talks to: `npm run server`'s address. */
export const DEFAULT_SERVER = 'ws://127.0.0.1:2567';

/** Why joining or creating failed, as the page words it (words.ts). */
export type Failure =
  /** Nothing answered: no server at that address, or the network is down. */
  | { readonly kind: 'noServer' }
  /** The server has no room with that code. */
  | { readonly kind: 'notFound' }
  /** The server refused, with its code (docs/online.md, "Join and create refusals"). */
  | { readonly kind: 'refused'; readonly code: string; readonly detail: string };

/**
 * Reads a colyseus.js error. A refusal is a `ServerError` whose message starts with the code
 * (`ROOM_FULL: …`); 4212 is Colyseus' "room not found"; an error with no status code (or a
 * browser network error, whose message is undefined) means nothing answered.
 */
export function failureOf(e: unknown): Failure {
  const code = typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined;
  const message = typeof e === 'object' && e !== null && 'message' in e && typeof (e as { message: unknown }).message === 'string' ? (e as { message: string }).message : '';
  if (code === 4212) return { kind: 'notFound' };
  const coded = /^([A-Z][A-Z_]+): (.*)$/s.exec(message);
  if (coded) return { kind: 'refused', code: coded[1]!, detail: coded[2]! };
  if (typeof code === 'number' && code > 0 && message !== '') return { kind: 'refused', code: 'OTHER', detail: message };
  return { kind: 'noServer' };
}

/** A room code as people type it: 6 letters and digits, upper-cased. */
export function readCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z0-9]{6}$/.test(code) ? code : null;
}

const tokenKey = (code: string): string => `dnup-seat-${code}`;
const watchKey = (code: string): string => `dnup-watch-${code}`;

/** How this tab is in a room: with the token of its seat, as a spectator, or not at all. */
export function storedPlace(code: string): { readonly seatToken: string } | { readonly spectate: true } | null {
  const token = sessionStorage.getItem(tokenKey(code));
  if (token) return { seatToken: token };
  return sessionStorage.getItem(watchKey(code)) ? { spectate: true } : null;
}

function forgetPlace(code: string): void {
  sessionStorage.removeItem(tokenKey(code));
  sessionStorage.removeItem(watchKey(code));
}

/** The page's own link to a room: `#online=CODE&server=ws://…`, without this page's language (the friend has theirs). */
export function roomLink(code: string, server: string): string {
  const search = new URLSearchParams(location.search);
  search.delete('lang');
  const rest = search.toString();
  return `${location.origin}${location.pathname}${rest ? `?${rest}` : ''}#${new URLSearchParams({ online: code, server }).toString()}`;
}

/** This tab's connection to its room. */
export type ConnectionStatus =
  | { readonly state: 'connected' }
  | { readonly state: 'reconnecting'; readonly attempt: number }
  /** Given up for now (`retry` starts again); `why` says what happened. */
  | { readonly state: 'lost'; readonly why: 'network' | 'replaced' | 'closed' | 'refused'; readonly failure?: Failure }
  | { readonly state: 'left' };

/** What a {@link RoomSession} tells the page. */
export interface SessionEvents {
  welcome(w: WelcomeMessage): void;
  lobby(l: LobbyMessage): void;
  state(s: StateMessage): void;
  refused(r: RefusedMessage): void;
  gameOver(g: GameOverMessage): void;
  connection(c: ConnectionStatus): void;
}

/** A move waiting for the server's answer. */
interface Pending {
  readonly move: Move;
  readonly moveCount: number;
  readonly answer: (r: RefusedMessage | null) => void;
}

/** Pauses between reconnection attempts, in ms; the last one repeats until the limit. */
const BACKOFF_MS = [250, 500, 1000, 2000, 3000];
/** Attempts before the page stops and offers "Try again" (about a minute and a half). */
const MAX_ATTEMPTS = 30;
/** Close codes after which trying again is pointless (docs/online.md, "Connections closed by the server"). */
const CONSENTED = 4000;
const SHUTTING_DOWN = 4503;

/** One room of the game server, from `create` or `join` until `leave`. */
export class RoomSession {
  private room: Room | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: Pending | null = null;
  /** Set on a rejoin: the next state tells whether the unanswered move must be sent again. */
  private resend = false;
  private closed = false;
  welcome: WelcomeMessage | null = null;
  lobby: LobbyMessage | null = null;
  status: ConnectionStatus = { state: 'connected' };

  private constructor(
    readonly server: string,
    private readonly events: SessionEvents,
  ) {}

  /** Creates a room (the creator takes the first person's seat and is its host). */
  static create(server: string, options: CreateOptions, events: SessionEvents): Promise<RoomSession> {
    return RoomSession.open(server, events, (c) => c.create(ROOM_NAME, options));
  }

  /** Joins room `code`: a free seat, as a spectator, or back to a seat with its token. */
  static join(server: string, code: string, options: JoinOptions, events: SessionEvents): Promise<RoomSession> {
    return RoomSession.open(server, events, (c) => c.joinById(code, options));
  }

  private static async open(server: string, events: SessionEvents, how: (c: Client) => Promise<Room>): Promise<RoomSession> {
    const session = new RoomSession(server, events);
    session.follow(await how(new Client(server)));
    return session;
  }

  /** The room's code, once welcomed. */
  get code(): string | null {
    return this.welcome?.code ?? null;
  }

  /** This tab's seat, null for a spectator (or before the welcome). */
  get seat(): number | null {
    return this.welcome?.seat ?? null;
  }

  private follow(room: Room): void {
    this.room = room;
    room.onMessage(MESSAGES.welcome, (w: WelcomeMessage) => {
      this.welcome = { ...w, seatToken: w.seatToken ?? this.welcome?.seatToken ?? null };
      if (w.seatToken) sessionStorage.setItem(tokenKey(w.code), w.seatToken);
      else if (w.seat === null) sessionStorage.setItem(watchKey(w.code), '1');
      this.events.welcome(this.welcome);
    });
    room.onMessage(MESSAGES.lobby, (l: LobbyMessage) => {
      this.lobby = l;
      this.events.lobby(l);
    });
    room.onMessage(MESSAGES.state, (s: StateMessage) => {
      const p = this.pending;
      if (p && s.view.moveCount !== p.moveCount) {
        this.pending = null;
        p.answer(null);
      } else if (p && this.resend && s.moves.length > 0) {
        // back after a drop, and the game is still where the move was chosen: it never arrived
        room.send(MESSAGES.move, { move: p.move, moveCount: p.moveCount });
      }
      this.resend = false;
      this.events.state(s);
    });
    room.onMessage(MESSAGES.refused, (r: RefusedMessage) => {
      const p = this.pending;
      if (p && r.type === MESSAGES.move) {
        this.pending = null;
        p.answer(r);
      } else this.events.refused(r);
    });
    room.onMessage(MESSAGES.gameOver, (g: GameOverMessage) => this.events.gameOver(g));
    room.onLeave((code) => {
      if (this.room !== room) return;
      this.room = null;
      if (this.closed) return;
      if (code === CONSENTED) {
        // another tab took this seat back with the token: this one stops, without fighting it
        this.setStatus({ state: 'lost', why: 'replaced' });
        return;
      }
      this.reconnect(code === SHUTTING_DOWN ? 1000 : 0);
    });
    this.attempt = 0;
    this.setStatus({ state: 'connected' });
  }

  private setStatus(s: ConnectionStatus): void {
    this.status = s;
    this.events.connection(s);
  }

  /** Tries to get back into the room with the seat token (or as a spectator again), backing off. */
  private reconnect(delay: number): void {
    const code = this.code;
    const place = code ? storedPlace(code) : null;
    if (!code || !place) {
      this.setStatus({ state: 'lost', why: 'closed' });
      return;
    }
    this.attempt++;
    if (this.attempt > MAX_ATTEMPTS) {
      this.setStatus({ state: 'lost', why: 'network' });
      return;
    }
    this.setStatus({ state: 'reconnecting', attempt: this.attempt });
    this.timer = setTimeout(() => {
      this.timer = null;
      new Client(this.server)
        .joinById(code, place)
        .then((room) => {
          if (this.closed) return void room.leave();
          this.resend = true;
          this.follow(room);
        })
        .catch((e: unknown) => {
          if (this.closed) return;
          const failure = failureOf(e);
          // the room is gone (game over and disposed) or the token is unknown: no use trying again
          if (failure.kind === 'notFound' || (failure.kind === 'refused' && failure.code === 'BAD_SEAT_TOKEN')) {
            this.setStatus({ state: 'lost', why: 'refused', failure });
            return;
          }
          this.reconnect(BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length) - 1]!);
        });
    }, delay);
  }

  /** "Try again" after the page gave up. */
  retry(): void {
    if (this.closed || this.room) return;
    this.attempt = 0;
    this.reconnect(0);
  }

  /**
   * Sends a move chosen at `moveCount`. Resolves with null once the game moved on, or with the
   * server's refusal. One move at a time: another one while the first is unanswered is refused
   * here as `STALE_MOVE` without being sent.
   */
  play(move: Move, moveCount: number): Promise<RefusedMessage | null> {
    if (this.pending) return Promise.resolve({ code: 'STALE_MOVE', message: 'A move of yours is already on its way.', type: MESSAGES.move });
    return new Promise((answer) => {
      this.pending = { move, moveCount, answer };
      this.room?.send(MESSAGES.move, { move, moveCount });
    });
  }

  /** The host starts the game before every person's seat is taken; bots take the empty seats. */
  start(): void {
    this.room?.send(MESSAGES.start, {});
  }

  /** Leaves the room for good (a consented leave hands a seat to a bot at once, docs/online.md). */
  leave(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const code = this.code;
    if (code) forgetPlace(code);
    const room = this.room;
    this.room = null;
    void room?.leave(true).catch(() => undefined);
    this.pending?.answer(null);
    this.pending = null;
    this.setStatus({ state: 'left' });
  }

  /** Stops following the room without leaving it (the page is going away; the seat is kept). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const room = this.room;
    this.room = null;
    void room?.leave(false).catch(() => undefined);
  }
}
