/**
 * Colyseus' lobby room, and the hardening every room of this server gets: a message typed like
 * an Object.prototype member must not reach a prototype's function.
 */
import { LobbyRoom, type Room } from '@colyseus/core';

/**
 * Colyseus looks message handlers up in a plain object, so a message typed "constructor" or
 * "toString" finds Object.prototype's function and throws outside any handler, which would end
 * the process. Without a prototype such types reach the "*" handler like any unknown type.
 */
export function hardenMessageHandlers(room: Room): void {
  Object.setPrototypeOf((room as unknown as { onMessageHandlers: object }).onMessageHandlers, null);
}

/** Colyseus' lobby, with the same protection as the `dnup` room. */
export class DnupLobby extends LobbyRoom {
  override async onCreate(options: unknown): Promise<void> {
    hardenMessageHandlers(this);
    await super.onCreate(options);
  }
}
