/**
 * What clients see: a seat's legal moves, the room's lobby message and its listing metadata
 * (spectators get the library's `publicView`). Plain functions of the game and the seats.
 */
import { legalMoves, type GameState, type Move } from 'dnup';
import type { LobbyMessage, SeatInfo } from './protocol.js';
import type { Seat } from './seats.js';

/**
 * The moves `seat` may send now: its legal moves on its turn; anyone may deal the next round
 * (rules §8). Listed from the state (the same moves as from the seat's view, without checking
 * a view the server has just made).
 */
export function movesOf(game: GameState, seat: number): Move[] {
  if (game.status === 'roundOver' || (game.status === 'playing' && game.turn.seat === seat)) return legalMoves(game);
  return [];
}

export interface RoomPeople {
  readonly code: string;
  readonly isPrivate: boolean;
  readonly startWhenFull: boolean;
  readonly reactions: boolean;
  readonly hints: boolean;
  readonly rematch: readonly number[];
  readonly seats: readonly Seat[];
  readonly host: number;
  readonly spectators: number;
  readonly phase: LobbyMessage['phase'];
}

/** The `lobby` message at time `now` (ms): each seat's reconnection deadline is counted from it. */
export function lobbyMessage(r: RoomPeople, now: number): LobbyMessage {
  return {
    code: r.code,
    private: r.isPrivate,
    startWhenFull: r.startWhenFull,
    reactions: r.reactions,
    hints: r.hints,
    ...(r.phase === 'over' ? { rematch: r.rematch } : {}),
    seats: r.seats.map(
      (s, i): SeatInfo => ({
        seat: i,
        kind: s.kind,
        name: s.name,
        taken: s.kind !== 'human' || s.tokenHash !== '',
        connected: s.client !== null,
        playedBy: s.playedBy,
        // only while the person may still come back: not once they are back, nor once a bot took over
        reconnectDeadline:
          s.client === null && s.deadlineAt !== null
            ? { at: s.deadlineAt, remainingMs: Math.max(0, s.deadlineAt - now) }
            : null,
      }),
    ),
    host: r.host,
    spectators: r.spectators,
    phase: r.phase,
  };
}

/** The room's metadata in the lobby listing. */
export function listingMetadata(l: LobbyMessage): Record<string, unknown> {
  return {
    seats: l.seats.length,
    free: l.seats.filter((s) => !s.taken).length,
    names: l.seats.map((s) => s.name),
    phase: l.phase,
    host: l.seats[l.host]?.name ?? '',
  };
}
