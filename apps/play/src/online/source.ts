/**
 * The online {@link GameSource}: the board reads the game server's messages through it. The page
 * holds only what the server sent this tab: its seat's player view (or the spectator's public
 * view), the people in the seats, and at the end the record with the seed.
 */
import { checkMove, type Move } from 'dnup';
import type { GameOverMessage, LobbyMessage, SeatInfo, StateMessage } from 'dnup-server/protocol';
import {
  isSeatView,
  type GameSource,
  type PastMove,
  type SeatStatus,
  type SourceSnapshot,
  type SubmitResult,
} from '../board/source';
import type { RoomSession } from './connection';

/**
 * The turn deadline of a state message on this page's clock, when the room has a turn clock: the
 * server's `deadline.remainingMs` counted from receipt (docs/online.md: clocks differ).
 */
export function turnDeadlineOf(s: StateMessage, receivedAt: number): number | null {
  const d = (s as { deadline?: { remainingMs?: unknown } | null }).deadline;
  return d && typeof d.remainingMs === 'number' && Number.isFinite(d.remainingMs)
    ? receivedAt + Math.max(0, d.remainingMs)
    : null;
}

/**
 * When a dropped person's reconnection time runs out on this page's clock: the server's
 * `reconnectDeadline.remainingMs` counted from the lobby message's receipt (docs/online.md), or
 * null when the seat has none (or the server is older and sends none).
 */
export function reconnectDeadlineOf(s: SeatInfo, receivedAt: number): number | null {
  const d = (s as { reconnectDeadline?: { remainingMs?: unknown } | null }).reconnectDeadline;
  return d && typeof d.remainingMs === 'number' && Number.isFinite(d.remainingMs)
    ? receivedAt + Math.max(0, d.remainingMs)
    : null;
}

/** The game of a room, fed by the room's messages (index.ts calls the `take…` methods). */
export class OnlineSource implements GameSource {
  readonly viewer: number | null;
  private snapshot: SourceSnapshot;
  /** When each person's seat was first seen dropped: the countdown's start when the server sends no deadline. */
  private readonly awaySince = new Map<number, number>();
  private readonly listeners = new Set<(s: SourceSnapshot) => void>();

  constructor(
    private readonly session: RoomSession,
    first: StateMessage,
    /** The seal of the deal, the SHA-256 of the seed the server sent with the game (null if none). */
    readonly commitment: string | null,
    private readonly reconnectSeconds: number,
    /** A refusal's sentence in the page's language, from its code and the server's English sentence. */
    private readonly words: (code: string, message: string) => string,
  ) {
    this.viewer = session.seat;
    this.snapshot = { view: first.view, seats: [], turnDeadline: turnDeadlineOf(first, Date.now()), over: null };
    if (session.lobby) this.takeLobby(session.lobby, session.lobbyAt, false);
  }

  current(): SourceSnapshot {
    return this.snapshot;
  }

  /** The game before this page joined it, from the server's welcome (the log shows it whole). */
  history(): readonly PastMove[] {
    return this.session.welcome?.history ?? [];
  }

  subscribe(listener: (s: SourceSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(next: SourceSnapshot): void {
    this.snapshot = next;
    for (const l of this.listeners) l(next);
  }

  /** A new view from the server. */
  takeState(s: StateMessage): void {
    this.publish({
      ...this.snapshot,
      view: s.view,
      turnDeadline: turnDeadlineOf(s, Date.now()),
      byClock: s.byClock === true,
    });
  }

  /** The people in the seats changed. */
  takeLobby(l: LobbyMessage, receivedAt: number, publish = true): void {
    const seats = l.seats.map((s) => this.seatStatus(s, receivedAt));
    if (publish) this.publish({ ...this.snapshot, seats });
    else this.snapshot = { ...this.snapshot, seats };
  }

  /** The game is over: the record, with the seed the board checks against the seal. */
  takeGameOver(g: GameOverMessage): void {
    this.publish({
      ...this.snapshot,
      turnDeadline: null,
      over: { record: g.record, seed: String(g.record.seed), reason: g.reason },
    });
  }

  private seatStatus(s: SeatInfo, receivedAt: number): SeatStatus {
    if (s.kind !== 'human') return { name: s.name, kind: 'bot', botKind: s.kind, connection: { state: 'connected' } };
    if (s.connected || !s.taken) this.awaySince.delete(s.seat);
    if (!s.taken) return { name: s.name, kind: 'person', connection: { state: 'empty' } };
    if (s.connected) return { name: s.name, kind: 'person', connection: { state: 'connected' } };
    if (s.playedBy === 'bot') return { name: s.name, kind: 'person', connection: { state: 'bot' } };
    const since = this.awaySince.get(s.seat) ?? receivedAt;
    this.awaySince.set(s.seat, since);
    // the server's deadline, so a page that joined or reloaded during the countdown shows what is left
    const deadline = reconnectDeadlineOf(s, receivedAt) ?? since + this.reconnectSeconds * 1000;
    return { name: s.name, kind: 'person', connection: { state: 'reconnecting', deadline } };
  }

  async submit(move: Move): Promise<SubmitResult> {
    const view = this.snapshot.view;
    const refused = await this.session.play(move, view.moveCount);
    if (refused === null) return { ok: true };
    // a refusal of the rules: the library judges the move against the view it was chosen from,
    // which gives the board the parameters for its sentence in the player's language
    const local = isSeatView(view) ? checkMove(view, move) : null;
    if (local && !local.ok && local.code === refused.code)
      return { ok: false, code: local.code, params: local.params, rule: local.rule, message: refused.message };
    // lost a race (the turn clock or a stand-in bot played for this seat first): judged against the
    // latest view, the move is no longer legal, usually because another seat is to play, named then
    const latest = this.snapshot.view;
    if (refused.code === 'STALE_MOVE' || refused.code === 'NOT_YOUR_TURN') {
      const now = isSeatView(latest) && latest !== view ? checkMove(latest, move) : null;
      if (now && !now.ok)
        return { ok: false, code: now.code, params: now.params, rule: now.rule, message: refused.message };
      if (refused.code === 'NOT_YOUR_TURN' && latest.status === 'playing' && latest.turn.seat !== this.viewer) {
        return {
          ok: false,
          code: 'NOT_YOUR_TURN',
          params: { ...(this.viewer === null ? {} : { seat: this.viewer }), turnSeat: latest.turn.seat },
          rule: refused.rule ?? '§4',
          message: refused.message,
        };
      }
    }
    // the server's own codes (and a lost connection) in the player's words
    return {
      ok: false,
      code: refused.code,
      message: this.words(refused.code, refused.message),
      ...('rule' in refused && refused.rule !== undefined ? { rule: refused.rule } : {}),
    };
  }

  /** Once over, the full record (seed included); before, nothing: the server keeps the record. */
  recordToShare(): unknown {
    return this.snapshot.over?.record ?? null;
  }

  close(): void {
    this.listeners.clear();
  }
}
