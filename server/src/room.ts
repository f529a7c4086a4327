/**
 * The `dnup` room, Colyseus only: creates or restores its {@link GameHost}, reads frames (not MessagePack: a
 * log line, a 4002 close), applies the rate limit, and lends the host a {@link Transport} and the process's clock.
 */
import { ClientState, Room, ServerError, type Client } from '@colyseus/core';
import type { GameState } from 'dnup';
import { systemClock } from './clock.js';
import { GameHost } from './game-host.js';
import { hardenMessageHandlers } from './lobby.js';
import { isRoomData, logRefusal, newClientData, readFrame, type ClientData } from './messages.js';
import {
  CLIENT_MESSAGES as TYPES,
  CLOSE_CODES,
  MAX_SPECTATORS,
  MESSAGES,
  readCreateOptions,
  Refusal,
  unknownMessage,
} from './protocol.js';
import { admit } from './rate-limit.js';
import { pendingRestores, RESTORE_OPTION } from './restore.js';
import { JoinRefusal, newCode } from './seats.js';
import { roomSettings } from './settings.js';
import type { RefusalInfo, Transport } from './transport.js';

export { DnupLobby } from './lobby.js';
export { configureRooms, type RoomSettings } from './settings.js';
/** Rooms of this process, for the stats endpoint and the failover loop. */
export const liveRooms = { count: 0, byCode: new Map<string, DnupRoom>() };
type Handlers = Record<string | number, { callback: (client: Client, ...args: unknown[]) => void } | undefined>;

/** The dnup room type. */
export class DnupRoom extends Room {
  private readonly cfg = roomSettings();
  private host!: GameHost<Client>;
  /** Restored here (at start or by failover), for the readiness check. */
  restored = false;

  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    this.maxClients = 5 + MAX_SPECTATORS + 5;
    // no synchronised state: without a patch interval (20 a second per room) an idle room costs no CPU
    this.patchRate = 0;
    this.host = this.hostFor(options);
    if (this.host.isPrivate) await this.setPrivate(true);
    for (const type of TYPES)
      this.onMessage(type, (client, message) =>
        this.guard(client, type, () => this.host.handle(type, client, message)),
      );
    this.onMessage('*', (client, type) =>
      this.guard(client, String(type).slice(0, 32), () => {
        throw unknownMessage(String(type).slice(0, 32));
      }),
    );
    await this.setMetadata(this.host.listing());
    liveRooms.count++;
    liveRooms.byCode.set(this.roomId, this);
  }

  /** The host of a stored game the server names (a restore), or of a client's create options. */
  private hostFor(options: unknown): GameHost<Client> {
    const restoreId = (options as Record<string, unknown> | null | undefined)?.[RESTORE_OPTION];
    const stored = typeof restoreId === 'string' ? pendingRestores.get(restoreId) : undefined;
    if (restoreId !== undefined && !stored)
      throw new ServerError(4400, 'BAD_OPTIONS: there is no such game to restore.');
    if (stored) pendingRestores.delete(stored.id);
    this.roomId = stored?.id ?? newCode();
    const host = new GameHost(this.roomId, this.cfg, this.transport(), systemClock);
    try {
      if (stored) host.restore(stored);
      else host.setUp(readCreateOptions(options));
    } catch (e) {
      throw new ServerError(stored ? 4500 : 4400, (e as Error).message);
    }
    this.restored = stored !== undefined;
    return host;
  }

  /** What the host says and hears through: this room's clients, listing and lifetime. */
  private transport(): Transport<Client> {
    return {
      send: (client, type, message) => client.send(type, message),
      broadcast: (type, message) => this.broadcast(type, message),
      refuse: (client, type, r) => this.refuse(client, type, r),
      seat: (client, seat) => void ((client.userData as ClientData).seat = seat),
      close: (client, code, reason) => client.leave(code, reason),
      connections: () => this.clients.length,
      allowReconnection: (client, seconds) => {
        const d = this.allowReconnection(client, seconds);
        return { promise: d.promise, cancel: () => d.reject(new Error('the seat was taken back with its token')) };
      },
      list: (meta) => void this.setMetadata(meta).catch(() => {}),
      unlist: async () => {
        const listing = this.listing as unknown as { remove: () => Promise<unknown>; save: () => Promise<unknown> };
        await Promise.resolve(listing.remove()).catch(() => {});
        listing.remove = listing.save = () => Promise.resolve();
      },
      autoDispose: (on) => void (this.autoDispose = on),
      dispose: (code) => this.disconnect(code),
      log: (line) => this.cfg.log(line),
    };
  }

  protected override _onMessage(client: Parameters<Room['_onMessage']>[0], buffer: Buffer): void {
    if (!buffer || !isRoomData(buffer) || client.state === ClientState.LEAVING) return super._onMessage(client, buffer);
    const frame = readFrame(buffer);
    if (!frame.ok) {
      const data = client.userData as ClientData | undefined;
      logRefusal(this.cfg, data, 'UNDECODABLE', this.roomId, client.sessionId, '', frame.why);
      client.leave(CLOSE_CODES.undecodable);
      return;
    }
    const handlers = (this as unknown as { onMessageHandlers: Handlers }).onMessageHandlers;
    const handler = handlers[frame.type];
    if (handler) handler.callback(client, frame.message);
    else handlers['*']!.callback(client, frame.type, frame.message);
  }

  override onJoin(client: Client, options: unknown): void {
    client.userData = newClientData(this.cfg.rateBurst, Date.now());
    try {
      this.host.join(client, options);
    } catch (e) {
      if (e instanceof JoinRefusal) throw new ServerError(e.code, e.message);
      throw e;
    }
  }

  override onLeave(client: Client, consented: boolean): Promise<void> {
    return this.host.leave(client, consented);
  }

  /** Runs a handler under the rate limit; a refusal goes back to the sender only, and to the log. */
  private guard(client: Client, type: string, handler: () => void): void {
    const data = client.userData as ClientData | undefined;
    if (!data) return;
    const verdict = admit(data.rate, Date.now(), this.cfg.ratePerSecond, this.cfg.rateBurst);
    if (verdict === 'refuse') {
      const why = `Too many messages: at most ${this.cfg.ratePerSecond} a second. Wait a moment, then send again.`;
      this.refuse(client, type, new Refusal('RATE_LIMITED', why));
    } else if (verdict === 'close') {
      logRefusal(this.cfg, data, 'FLOOD', this.roomId, client.sessionId, type, `closed ${CLOSE_CODES.flood}`);
      client.leave(CLOSE_CODES.flood, 'Too many messages.');
    }
    if (verdict !== 'accept') return;
    try {
      handler();
    } catch (e) {
      this.refuseOrLog(client, type, e);
    }
  }

  private refuseOrLog(client: Client, type: string, e: unknown): void {
    if (!(e instanceof Refusal)) return this.cfg.log(`room ${this.roomId}: ${(e as Error)?.stack ?? String(e)}`);
    const data = client.userData as ClientData;
    if ((e.code === 'MALFORMED_MESSAGE' || e.code === 'UNKNOWN_MESSAGE') && ++data.malformed > this.cfg.rateBurst * 5) {
      logRefusal(this.cfg, data, e.code, this.roomId, client.sessionId, type, `closed ${CLOSE_CODES.malformed}`);
      client.leave(CLOSE_CODES.malformed, 'Too many malformed messages.');
      return;
    }
    this.refuse(client, type, e);
  }

  private refuse(client: Client, type: string, r: RefusalInfo): void {
    logRefusal(this.cfg, client.userData as ClientData | undefined, r.code, this.roomId, client.sessionId, type);
    client.send(MESSAGES.refused, { code: r.code, message: r.message, type, ...(r.rule ? { rule: r.rule } : {}) });
  }

  /** True while the game is being played here (the failover loop renews its lease). */
  get hostsGame(): boolean {
    return this.host.hostsGame;
  }

  /** The game and the turn clock (tests look at them on a live room). */
  get game(): GameState | null {
    return this.host.state;
  }
  get turnSeconds(): number | null {
    return this.host.turnSeconds;
  }
  set turnSeconds(seconds: number | null) {
    this.host.turnSeconds = seconds;
  }

  /** This process stops hosting the game (see {@link GameHost.handOver}). */
  handOver(why: string, release = false): Promise<void> {
    return this.host.handOver(why, release);
  }

  /** A server going down hands every game over (kept in the store). */
  override onBeforeShutdown(): void {
    void this.handOver('this process is shutting down', true);
  }

  override onDispose(): void {
    liveRooms.count--;
    if (liveRooms.byCode.get(this.roomId) === this) liveRooms.byCode.delete(this.roomId);
    this.host?.stop();
  }
}
