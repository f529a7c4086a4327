/**
 * One room of the game server (docs/online.md), followed through its messages, with the seat
 * token kept in sessionStorage (per room code) so a reload or a network loss takes the seat back
 * (`joinById(code, { seatToken })`, which works at any time, even after a bot took over).
 * Pacing and resending follow docs/online.md ("Writing a client"): one move in flight, sent with
 * the move count of the view it was chosen at, at most one message every 150 ms, sent again after
 * `RATE_LIMITED` or when no new `state` came within 2 s, and after getting back in (a move that did
 * land is refused `STALE_MOVE`, never applied twice). Each time the server shows it dropped a
 * message (`RATE_LIMITED`, or a resend for want of an answer) the gap doubles, up to 1 s: silent
 * drops count toward the 4429 close. After a close that reconnecting cannot fix
 * (4000, 1009, 4002, 4400, 4429) the page stops and says so.
 */
import type { Client, Room } from 'colyseus.js';
import { colyseusClient } from './colyseus';
import type { Move } from 'dnup';
import { sameMove } from '../same-move';
import {
  DeckKeeper,
  MESSAGES,
  ROOM_NAME,
  type CreateOptions,
  type GameOverMessage,
  type JoinOptions,
  type LobbyMessage,
  type Reaction,
  type ReactionMessage,
  type RefusedMessage,
  type StateMessage,
  type WelcomeMessage,
  type WireStateMessage,
} from 'dnup-server/protocol';

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
  const message =
    typeof e === 'object' && e !== null && 'message' in e && typeof (e as { message: unknown }).message === 'string'
      ? (e as { message: string }).message
      : '';
  if (code === 4212) return { kind: 'notFound' };
  const coded = /^([A-Z][A-Z_]+): (.*)$/s.exec(message);
  if (coded) return { kind: 'refused', code: coded[1]!, detail: coded[2]! };
  if (typeof code === 'number' && code > 0 && message !== '')
    return { kind: 'refused', code: 'OTHER', detail: message };
  return { kind: 'noServer' };
}

/**
 * What a new `state` says of the move in flight, chosen at `p.moveCount`: null once it landed or
 * the game went on past it; `STALE_MOVE` when the very next move was another one (a race: the
 * turn clock, or a bot standing in, played for this seat first). Only the next move tells: after
 * several, this page cannot know which was its own, and a resend comes back `STALE_MOVE` anyway.
 */
export function answerOfState(
  p: { readonly move: Move; readonly moveCount: number },
  s: StateMessage,
): MoveAnswer | undefined {
  if (s.view.moveCount === p.moveCount) return undefined; // still waiting
  if (s.view.moveCount !== p.moveCount + 1 || p.move.type === 'nextRound') return null;
  const last = s.view.lastMove;
  return last && sameMove(last, p.move)
    ? null
    : { code: 'STALE_MOVE', message: 'Another move was played first.', type: MESSAGES.move };
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
  /** Given up (`retry` starts again where that can help); `why` says what happened. */
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
  /** Someone in the room sent a quick reaction. */
  reaction?(m: ReactionMessage): void;
}

/** The answer to a move: null once the game moved on, else why not. `OFFLINE`: the page lost the room. */
export type MoveAnswer =
  | RefusedMessage
  | { readonly code: 'OFFLINE'; readonly message: string; readonly type: 'move' }
  | null;

/** A move waiting for the server's answer. */
interface Pending {
  readonly move: Move;
  readonly moveCount: number;
  readonly answer: (r: MoveAnswer) => void;
  /** How many times it was sent (a resend that meets the move already played is refused STALE_MOVE). */
  sends: number;
}

/** The pacing and resending of docs/online.md ("Writing a client"). */
export const TIMING = {
  /** At most one message every this many ms: under the server's default 10 a second… */
  minGapMs: 150,
  /** …doubled each time the server shows it dropped one of ours, up to this (one a second is under any sane limit). */
  maxGapMs: 1000,
  /** A move with no new `state` after this long is sent again (safe: it carries its move count). */
  resendAfterMs: 2000,
  /** After `RATE_LIMITED`, the same move again after this pause. */
  rateLimitedPauseMs: 1000,
  /** Pauses between attempts to get back in: 250 ms doubling up to 4 s… */
  backoffMs: [250, 500, 1000, 2000, 4000] as readonly number[],
  /** …for at most this long, then the page offers "Try again" (the seat token works at any time). */
  giveUpAfterMs: 120_000,
  /** A room not found is looked for this long: a failover restores it in a few seconds; a finished one is gone. */
  notFoundForMs: 20_000,
};

/**
 * The least time between two messages of this tab. It starts at {@link TIMING.minGapMs} and
 * doubles, up to {@link TIMING.maxGapMs}, each time the server shows it dropped a message
 * (`RATE_LIMITED`, or a move resent for want of an answer): the server counts silent drops toward
 * its 4429 close, so a page that kept its pace after a drop could be closed (docs/online.md).
 */
export class Pacer {
  /** The gap now, in ms. */
  gapMs: number;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxGapMs = TIMING.maxGapMs,
    minGapMs = TIMING.minGapMs,
  ) {
    this.gapMs = minGapMs;
  }

  /** How long to wait at `now` before the next message may go (0: at once). */
  waitMs(now: number): number {
    return Math.max(0, this.lastAt + this.gapMs - now);
  }

  /** A message went at `now`. */
  sent(now: number): void {
    this.lastAt = now;
  }

  /** The server dropped a message of ours: twice the gap, up to the most. */
  slowDown(): void {
    this.gapMs = Math.min(Math.max(this.gapMs * 2, 1), this.maxGapMs);
  }
}

/** Closes after which reconnecting would only repeat the problem (docs/online.md): 4000 is another tab taking the seat back. */
const FINAL_CLOSES = new Set([4000, 1009, 4002, 4400, 4429]);
const REPLACED = 4000;
/** The process no longer hosts the game (shutdown, failover): join again by code with the seat token. */
const MOVED = 4503;

/** One room of the game server, from `create` or `join` until `leave`. */
export class RoomSession {
  private room: Room | null = null;
  private roomCode: string | null = null;
  private pending: Pending | null = null;
  private resendTimer: ReturnType<typeof setTimeout> | null = null;
  /** The gap between this tab's messages, wider after the server dropped some. */
  readonly pacer = new Pacer();
  private comeBackTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  welcome: WelcomeMessage | null = null;
  lobby: LobbyMessage | null = null;
  /** When the latest `lobby` arrived (this page's clock): its seats' `reconnectDeadline.remainingMs` count from here. */
  lobbyAt = 0;
  status: ConnectionStatus = { state: 'connected' };
  /** The deck comes once per connection (`deckOnce`): kept here and put back into every view. */
  private readonly deck = new DeckKeeper();

  private constructor(
    readonly server: string,
    private readonly events: SessionEvents,
  ) {}

  /** Creates a room (the creator takes the first person's seat and is its host). */
  static create(server: string, options: CreateOptions, events: SessionEvents): Promise<RoomSession> {
    return RoomSession.open(server, events, (c) => c.create(ROOM_NAME, { ...options, deckOnce: true }));
  }

  /** Joins room `code`: a free seat, or as a spectator. */
  static join(server: string, code: string, options: JoinOptions, events: SessionEvents): Promise<RoomSession> {
    return RoomSession.open(server, events, (c) => c.joinById(code, { ...options, deckOnce: true }));
  }

  /**
   * Back to the place this tab had in room `code` (a reload): the session is returned at once,
   * getting in as a dropped connection does, with the seat token and the same patience.
   */
  static resume(server: string, code: string, events: SessionEvents): RoomSession {
    const session = new RoomSession(server, events);
    session.roomCode = code;
    session.comeBack(null);
    return session;
  }

  private static async open(
    server: string,
    events: SessionEvents,
    how: (c: Client) => Promise<Room>,
  ): Promise<RoomSession> {
    const session = new RoomSession(server, events);
    session.follow(await how(await colyseusClient(server)));
    return session;
  }

  /** The room's code. */
  get code(): string | null {
    return this.welcome?.code ?? this.roomCode;
  }

  /** This tab's seat, null for a spectator (or before the welcome). */
  get seat(): number | null {
    return this.welcome?.seat ?? null;
  }

  private follow(room: Room): void {
    this.room = room;
    this.roomCode = room.roomId;
    room.onMessage(MESSAGES.welcome, (w: WelcomeMessage) => {
      // a welcome after Colyseus' reconnection has no token: this tab keeps its own
      this.welcome = { ...w, seatToken: w.seatToken ?? this.welcome?.seatToken ?? null };
      if (w.seatToken) sessionStorage.setItem(tokenKey(w.code), w.seatToken);
      else if (w.seat === null) sessionStorage.setItem(watchKey(w.code), '1');
      this.events.welcome(this.welcome);
    });
    room.onMessage(MESSAGES.lobby, (l: LobbyMessage) => {
      this.lobby = l;
      this.lobbyAt = Date.now();
      this.events.lobby(l);
    });
    room.onMessage(MESSAGES.state, (wire: WireStateMessage) => {
      const s: StateMessage = this.deck.complete(wire);
      const p = this.pending;
      const answer = p ? answerOfState(p, s) : undefined;
      if (answer !== undefined) this.answer(answer);
      // the page takes the new view before the board hears the answer (a promise's continuation)
      this.events.state(s);
    });
    room.onMessage(MESSAGES.refused, (r: RefusedMessage) => this.onRefused(r));
    room.onMessage(MESSAGES.gameOver, (g: GameOverMessage) => this.events.gameOver(g));
    room.onMessage(MESSAGES.reaction, (m: ReactionMessage) => this.events.reaction?.(m));
    room.onLeave((code) => {
      if (this.room !== room) return;
      this.room = null;
      if (this.closed) return;
      if (FINAL_CLOSES.has(code)) {
        this.answer({ code: 'OFFLINE', message: `closed ${code}`, type: 'move' });
        this.setStatus({ state: 'lost', why: code === REPLACED ? 'replaced' : 'closed' });
        return;
      }
      this.comeBack(code === MOVED ? null : room.reconnectionToken);
    });
    this.setStatus({ state: 'connected' });
    // a move unanswered when the connection dropped: sent again (a move that did land comes back STALE_MOVE)
    if (this.pending) this.send();
  }

  private onRefused(r: RefusedMessage): void {
    const p = this.pending;
    if (r.type !== MESSAGES.move) return this.events.refused(r);
    if (!p) {
      // a resend that met its move already played, or a deal someone else made first: nothing to say
      if (r.code !== 'STALE_MOVE' && r.code !== 'RATE_LIMITED') this.events.refused(r);
      return;
    }
    if (r.code === 'RATE_LIMITED') {
      this.pacer.slowDown();
      this.scheduleResend(TIMING.rateLimitedPauseMs);
    } else if (r.code === 'STALE_MOVE' && (p.sends > 1 || p.move.type === 'nextRound')) {
      // the move landed before (the new state is on its way), or another seat dealt first
      if (p.move.type === 'nextRound') this.answer(null);
    } else {
      this.answer(r);
    }
  }

  private setStatus(s: ConnectionStatus): void {
    this.status = s;
    this.events.connection(s);
  }

  private answer(a: MoveAnswer): void {
    const p = this.pending;
    this.pending = null;
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = null;
    p?.answer(a);
  }

  /** Sends the pending move, paced: at most one message every {@link Pacer.gapMs}. */
  private send(): void {
    const p = this.pending;
    const room = this.room;
    if (!p || !room) return;
    const wait = this.pacer.waitMs(performance.now());
    if (wait > 0) return this.scheduleResend(wait);
    p.sends++;
    room.send(MESSAGES.move, { move: p.move, moveCount: p.moveCount });
    // timed once the message is on the socket: encoding it can take a few ms under load, which
    // timed before would come off the next gap (a monotonic clock, as Date.now can step)
    this.pacer.sent(performance.now());
    this.scheduleResend(TIMING.resendAfterMs, true);
  }

  /** Sends the pending move in `ms`; `unanswered`: it was sent and nothing came back, so the server may have dropped it. */
  private scheduleResend(ms: number, unanswered = false): void {
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = setTimeout(() => {
      this.resendTimer = null;
      if (unanswered && this.room) this.pacer.slowDown();
      this.send();
    }, ms);
  }

  /**
   * Gets back into the room: Colyseus' reconnection token first when there is one, then the seat
   * token (or as a spectator again), with a growing pause while nothing answers or the room is
   * not found (a failover restores it under the same code); stops at once on a refusal.
   */
  private comeBack(reconnectionToken: string | null): void {
    const code = this.code;
    const place = code ? storedPlace(code) : null;
    if (!code || !place) {
      this.setStatus({ state: 'lost', why: 'closed' });
      return;
    }
    const startedAt = Date.now();
    const giveUpAt = startedAt + TIMING.giveUpAfterMs;
    let attempt = 0;
    let token = reconnectionToken;
    const tryOnce = (): void => {
      this.comeBackTimer = null;
      attempt++;
      this.setStatus({ state: 'reconnecting', attempt });
      const joining = colyseusClient(this.server).then((client) =>
        token ? client.reconnect(token) : client.joinById(code, { ...place, deckOnce: true }),
      );
      joining.then(
        (room) => {
          if (this.closed) return void room.leave().catch(() => undefined);
          this.follow(room);
        },
        (e: unknown) => {
          if (this.closed) return;
          if (token) {
            // the reconnection token is spent or unknown: the seat token works at any time
            token = null;
            return tryOnce();
          }
          const failure = failureOf(e);
          if (failure.kind === 'refused') {
            this.answer({ code: 'OFFLINE', message: failure.detail, type: 'move' });
            this.setStatus({ state: 'lost', why: 'refused', failure });
          } else if (
            Date.now() >= giveUpAt ||
            (failure.kind === 'notFound' && Date.now() >= startedAt + TIMING.notFoundForMs)
          ) {
            this.answer({ code: 'OFFLINE', message: 'no answer', type: 'move' });
            this.setStatus({ state: 'lost', why: 'network', failure });
          } else {
            this.comeBackTimer = setTimeout(tryOnce, TIMING.backoffMs[Math.min(attempt, TIMING.backoffMs.length) - 1]);
          }
        },
      );
    };
    tryOnce();
  }

  /** "Try again" after the page gave up. */
  retry(): void {
    if (this.closed || this.room || this.status.state === 'reconnecting') return;
    this.comeBack(null);
  }

  /**
   * Sends a move chosen at `moveCount`. Resolves with null once the game moved on, or with the
   * server's refusal. One move at a time: another one while the first is unanswered is refused
   * here as `STALE_MOVE` without being sent.
   */
  play(move: Move, moveCount: number): Promise<MoveAnswer> {
    if (this.pending)
      return Promise.resolve({
        code: 'STALE_MOVE',
        message: 'A move of yours is already on its way.',
        type: MESSAGES.move,
      });
    if (!this.room) return Promise.resolve({ code: 'OFFLINE', message: 'not connected', type: 'move' });
    return new Promise((answer) => {
      this.pending = { move, moveCount, answer, sends: 0 };
      this.send();
    });
  }

  /** The host starts the game before every person's seat is taken; bots take the empty seats. */
  /** After the game: asks for another game in this room (it starts once every connected person asks). */
  rematch(): void {
    this.room?.send(MESSAGES.rematch, {});
  }

  /** After the game, the host: another bot in a bot seat for the rematch. */
  setSeat(seat: number, kind: string): void {
    this.room?.send(MESSAGES.seat, { seat, kind });
  }

  /** Sends a quick reaction to everyone in the room. */
  react(emote: Reaction): void {
    this.room?.send(MESSAGES.react, { emote });
  }

  start(): void {
    this.room?.send(MESSAGES.start, {});
    this.pacer.sent(performance.now());
  }

  private stop(): void {
    this.closed = true;
    if (this.comeBackTimer) clearTimeout(this.comeBackTimer);
    this.answer(null);
  }

  /** Leaves the room for good (a consented leave hands a seat to a bot at once, docs/online.md). */
  leave(): void {
    this.stop();
    const code = this.code;
    if (code) forgetPlace(code);
    const room = this.room;
    this.room = null;
    void room?.leave(true).catch(() => undefined);
    this.setStatus({ state: 'left' });
  }

  /** Stops following the room without leaving it (the page is going away; the seat is kept). */
  close(): void {
    this.stop();
    const room = this.room;
    this.room = null;
    void room?.leave(false).catch(() => undefined);
  }
}
