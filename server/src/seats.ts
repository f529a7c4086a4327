/**
 * Seats of a room: who sits where, seat tokens (kept as SHA-256 hashes), names, and the bots
 * that play bot seats and stand in for absent people. Room codes live here too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { catalogueBot, type Bot } from 'dnup';
import type { Timer } from './clock.js';
import type { OnlineBotId, SeatKind } from './protocol.js';
import type { Reconnection } from './transport.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh 6-character room code (no 0/O or 1/I to misread). */
export function newCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** A fresh seat token (the secret a `welcome` gives). */
export function newSeatToken(): string {
  return randomBytes(18).toString('base64url');
}

/** What the store keeps of a token: a leaked store cannot take a seat. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The names bot seats play under, in the game and its record (the server's only words: it speaks
 * English; the client words a bot seat by its kind in the player's language).
 */
export const BOT_SEAT_NAMES: Readonly<Record<OnlineBotId, string>> = {
  random: 'Random bot',
  greedy: 'Greedy bot',
  montecarlo: 'Monte-Carlo bot',
};

/** One seat of a room, held by a client `C`. */
export interface Seat<C = unknown> {
  kind: SeatKind;
  name: string;
  tokenHash: string;
  client: C | null;
  playedBy: 'human' | 'bot';
  /** While a dropped person may come back: the transport's reconnection and our own deadline. */
  reconnection: Reconnection<C> | null;
  deadline: Timer | null;
  /** When that deadline runs out (ms since 1970, `Date.now()`), sent to every client in `lobby`; null with no deadline. */
  deadlineAt: number | null;
  bot: Bot | null;
}

export function newSeat<C = unknown>(kind: SeatKind, name: string): Seat<C> {
  return {
    kind,
    name,
    tokenHash: '',
    client: null,
    playedBy: kind === 'human' ? 'human' : 'bot',
    reconnection: null,
    deadline: null,
    deadlineAt: null,
    bot: null,
  };
}

/**
 * The bot of a seat (a greedy bot for a person's seat it plays for), from the library's catalogue,
 * seeded by room and seat so a restored room's bots play as before. The Monte-Carlo bot plays the
 * server's own number of playouts.
 */
export function botFor(kind: SeatKind, room: string, seat: number, montecarloPlayouts: number): Bot {
  const seed = `${room}-${seat}`;
  const id = kind === 'human' ? 'greedy' : kind;
  return catalogueBot(id, id === 'montecarlo' ? { seed, playouts: montecarloPlayouts } : { seed });
}

/** `wanted` (or "Player N"), with " (2)", " (3)"… if another seat has that name. */
export function uniqueName(seats: readonly Seat[], wanted: string, seat: number): string {
  const base = wanted === '' ? `Player ${seat + 1}` : wanted;
  const taken = new Set(seats.filter((_, i) => i !== seat).map((s) => s.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
  return name;
}

/** True while some human seat is empty but its person may still come back. */
export function waitingForSomeone(seats: readonly Seat[]): boolean {
  return seats.some((s) => s.kind === 'human' && s.client === null && s.deadline !== null);
}

/** Where a joining client goes, decided from the seats alone (the room then attaches it). */
export type SeatChoice =
  | { readonly kind: 'token'; readonly seat: number }
  | { readonly kind: 'spectate' }
  | { readonly kind: 'new'; readonly seat: number };

/** A refused join: its Colyseus error code (docs/online.md) and a sentence starting with the reason's code. */
export class JoinRefusal extends Error {
  constructor(
    readonly code: 4400 | 4403 | 4409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Chooses the seat of a joining client: the seat its token belongs to, a spectator's place, or
 * the next free human seat before the game (the host's for the creator, who joins first).
 * @throws {@link JoinRefusal} `BAD_SEAT_TOKEN` (4403), `TOO_MANY_SPECTATORS`, `GAME_STARTED`, `ROOM_FULL` (4409).
 */
export function chooseSeat(
  seats: readonly Seat[],
  o: { readonly seatToken: string | null; readonly spectate: boolean },
  room: {
    readonly started: boolean;
    readonly host: number;
    readonly spectators: number;
    readonly maxSpectators: number;
  },
): SeatChoice {
  if (o.seatToken !== null) {
    const h = hashToken(o.seatToken);
    const seat = seats.findIndex((s) => s.tokenHash !== '' && s.tokenHash === h);
    if (seat < 0) throw new JoinRefusal(4403, 'BAD_SEAT_TOKEN: this seat token belongs to no seat of this room.');
    return { kind: 'token', seat };
  }
  if (o.spectate) {
    if (room.spectators >= room.maxSpectators)
      throw new JoinRefusal(4409, `TOO_MANY_SPECTATORS: a room takes ${room.maxSpectators} spectators.`);
    return { kind: 'spectate' };
  }
  if (room.started)
    throw new JoinRefusal(4409, 'GAME_STARTED: the game has started; join as a spectator, or with your seat token.');
  const creating = seats.every((s) => s.kind !== 'human' || s.tokenHash === '');
  const seat = creating ? room.host : seats.findIndex((s) => s.kind === 'human' && s.tokenHash === '');
  if (seat < 0) throw new JoinRefusal(4409, 'ROOM_FULL: every seat is taken; join as a spectator.');
  return { kind: 'new', seat };
}

/** At an early start, a greedy bot takes each human seat nobody took, for the whole game. */
export function fillEmptySeats(seats: Seat[]): void {
  seats.forEach((s, i) => {
    if (s.kind === 'human' && s.tokenHash === '') {
      s.kind = 'greedy';
      s.playedBy = 'bot';
      s.name = uniqueName(seats, BOT_SEAT_NAMES.greedy, i);
    }
  });
}
