/**
 * The public rooms of a server, listed live through Colyseus' LobbyRoom (docs/online.md, "Lobby"):
 * `rooms` once, then `+` for a room added or changed and `-` for a room gone.
 */
import type { Room } from 'colyseus.js';
import { colyseusClient } from './colyseus';
import { LOBBY_NAME } from 'dnup-server/protocol';
import { failureOf, type Failure } from './connection';

/** A public room as the lobby lists it. */
export interface ListedRoom {
  readonly roomId: string;
  readonly metadata?: {
    readonly seats: number;
    readonly free: number;
    readonly names: readonly string[];
    readonly phase: 'waiting' | 'playing' | 'over';
    readonly host: string;
  };
}

/** What the list shows now: still connecting, the rooms, or why there are none. */
export type LobbyState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'rooms'; readonly rooms: readonly ListedRoom[] }
  | { readonly kind: 'failed'; readonly failure: Failure };

/** Follows the lobby of `server`, calling `changed` with every new list; `stop` leaves it. */
export function followLobby(server: string, changed: (s: LobbyState) => void): { stop(): void } {
  let room: Room | null = null;
  let stopped = false;
  let rooms: ListedRoom[] = [];
  changed({ kind: 'connecting' });
  const publish = (): void =>
    changed({ kind: 'rooms', rooms: rooms.slice().sort((a, b) => a.roomId.localeCompare(b.roomId)) });
  colyseusClient(server)
    .then((client) => client.joinOrCreate(LOBBY_NAME))
    .then(
      (r) => {
        if (stopped) return void r.leave().catch(() => undefined);
        room = r;
        r.onMessage('rooms', (list: ListedRoom[]) => {
          rooms = Array.isArray(list) ? list : [];
          publish();
        });
        r.onMessage('+', ([id, listed]: [string, ListedRoom]) => {
          rooms = [...rooms.filter((x) => x.roomId !== id), listed];
          publish();
        });
        r.onMessage('-', (id: string) => {
          rooms = rooms.filter((x) => x.roomId !== id);
          publish();
        });
        r.onLeave(() => {
          if (!stopped) changed({ kind: 'failed', failure: { kind: 'noServer' } });
        });
      },
      (e: unknown) => {
        if (!stopped) changed({ kind: 'failed', failure: failureOf(e) });
      },
    );
  return {
    stop() {
      stopped = true;
      void room?.leave().catch(() => undefined);
      room = null;
    },
  };
}
