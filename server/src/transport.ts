/**
 * What a game host says and hears through: sending to one client or all, closing a connection,
 * the room's listing, reconnection windows and the room's end. The Colyseus room implements it;
 * tests use a fake that records every message. `C` is a connection (Colyseus' `Client`).
 */
import type { RefusedMessage } from './protocol.js';

/** A dropped person's window to come back on the same connection (Colyseus' reconnection token). */
export interface Reconnection<C> {
  /** Resolves with the new connection; rejects when the window closes or is cancelled. */
  readonly promise: Promise<C>;
  cancel(): void;
}

/** A refused message: its code, a sentence a player can read, and the rule it breaks if any. */
export interface RefusalInfo {
  readonly code: RefusedMessage['code'];
  readonly message: string;
  readonly rule?: string;
}

export interface Transport<C> {
  send(client: C, type: string, message: unknown): void;
  broadcast(type: string, message: unknown): void;
  /** Sends a `refused` message to `client` and logs it. */
  refuse(client: C, type: string, refusal: RefusalInfo): void;
  /** Notes the seat a connection holds now (null: none), for whoever looks at the connection. */
  seat(client: C, seat: number | null): void;
  /** Closes one connection with a WebSocket close code. */
  close(client: C, code: number, reason: string): void;
  /** Connections open now, seated or not. */
  connections(): number;
  allowReconnection(client: C, seconds: number): Reconnection<C>;
  /** The room's metadata in the lobby listing. */
  list(metadata: Record<string, unknown>): void;
  /** Takes the room off the listing for good (its game is hosted elsewhere now). */
  unlist(): Promise<void>;
  /** Whether the room closes once its last client leaves. */
  autoDispose(on: boolean): void;
  /** Closes every connection (with `code`, default normal) and ends the room. */
  dispose(code?: number): Promise<void>;
  log(line: string): void;
}
