/**
 * Colyseus' client, loaded when the page first talks to a game server: a player who never plays
 * online never downloads it (it is most of the online code: the client, its schema decoder and
 * MessagePack).
 */
import type { Client } from 'colyseus.js';

let loading: Promise<typeof import('colyseus.js')> | null = null;

/** A Colyseus client of `server`, once the client's code is loaded (rejects when it cannot be). */
export function colyseusClient(server: string): Promise<Client> {
  loading ??= import('colyseus.js').catch((e: unknown) => {
    loading = null; // a page that went offline may try again later
    throw e;
  });
  return loading.then((m) => new m.Client(server));
}
