/**
 * Seating without a server: which seat a joining client gets, and the coded refusals.
 */
import { describe, expect, it } from 'vitest';
import { BOT_CATALOGUE, createGame, isBotId, legalMoves, playerView } from 'dnup';
import { ONLINE_BOTS, SEAT_KINDS } from '../src/protocol.js';
import {
  BOT_SEAT_NAMES,
  botFor,
  chooseSeat,
  fillEmptySeats,
  hashToken,
  JoinRefusal,
  newSeat,
  uniqueName,
} from '../src/seats.js';
import { lobbyMessage } from '../src/views.js';

const room = { started: false, host: 1, spectators: 0, maxSpectators: 2 };
const none = { seatToken: null, spectate: false };

function seats() {
  const s = [newSeat('greedy', 'Greedy bot'), newSeat('human', ''), newSeat('human', '')];
  return s;
}

describe('chooseSeat', () => {
  it('the creator takes the host seat, the next person the next free human seat, then the room is full', () => {
    const s = seats();
    expect(chooseSeat(s, none, room)).toEqual({ kind: 'new', seat: 1 });
    s[1]!.tokenHash = hashToken('t1');
    expect(chooseSeat(s, none, room)).toEqual({ kind: 'new', seat: 2 });
    s[2]!.tokenHash = hashToken('t2');
    expect(() => chooseSeat(s, none, room)).toThrow(
      expect.objectContaining({ code: 4409, message: expect.stringMatching(/^ROOM_FULL/) }),
    );
  });

  it('a token finds its seat at any time; a wrong token, a late join and a full gallery are refused with their codes', () => {
    const s = seats();
    s[1]!.tokenHash = hashToken('t1');
    expect(chooseSeat(s, { seatToken: 't1', spectate: false }, { ...room, started: true })).toEqual({
      kind: 'token',
      seat: 1,
    });
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof JoinRefusal ? [e.code, e.message.split(':')[0]] : e;
      }
      return null;
    };
    expect(refusal(() => chooseSeat(s, { seatToken: 'nope', spectate: false }, room))).toEqual([
      4403,
      'BAD_SEAT_TOKEN',
    ]);
    expect(refusal(() => chooseSeat(s, none, { ...room, started: true }))).toEqual([4409, 'GAME_STARTED']);
    expect(chooseSeat(s, { seatToken: null, spectate: true }, { ...room, started: true })).toEqual({
      kind: 'spectate',
    });
    expect(refusal(() => chooseSeat(s, { seatToken: null, spectate: true }, { ...room, spectators: 2 }))).toEqual([
      4409,
      'TOO_MANY_SPECTATORS',
    ]);
  });

  it('an early start gives every untaken human seat to a greedy bot with a unique name', () => {
    const s = [newSeat('human', 'Ana'), newSeat('human', ''), newSeat('greedy', 'Greedy bot')];
    s[0]!.tokenHash = hashToken('t0');
    fillEmptySeats(s);
    expect(s.map((x) => [x.kind, x.playedBy, x.name])).toEqual([
      ['human', 'human', 'Ana'],
      ['greedy', 'bot', 'Greedy bot (2)'],
      ['greedy', 'bot', 'Greedy bot'],
    ]);
    expect(uniqueName(s, '', 0)).toBe('Player 1');
  });
});

describe('lobbyMessage', () => {
  it("gives a dropped person's reconnection deadline with the time left at `now`, and null for everyone else", () => {
    const s = [newSeat('human', 'Ana'), newSeat('human', 'Ben'), newSeat('greedy', 'Greedy bot'), newSeat('human', '')];
    s[0]!.tokenHash = hashToken('t0');
    s[0]!.client = {} as never; // connected
    s[1]!.tokenHash = hashToken('t1');
    s[1]!.deadlineAt = 10_000; // dropped at 5 000 with 5 s to come back
    const people = {
      code: 'ABCDEF',
      isPrivate: false,
      startWhenFull: true,
      seats: s,
      host: 0,
      spectators: 0,
      phase: 'playing' as const,
      reactions: true,
      hints: true,
      rematch: [],
    };
    const at = (now: number) => lobbyMessage(people, now).seats.map((x) => x.reconnectDeadline);
    expect(at(7_500)).toEqual([null, { at: 10_000, remainingMs: 2_500 }, null, null]);
    expect(at(12_000)[1]).toEqual({ at: 10_000, remainingMs: 0 }); // never negative
    s[1]!.client = {} as never; // back: the deadline is no longer sent even if not yet cleared
    expect(at(7_500)[1]).toBeNull();
  });
});

describe('bot seats', () => {
  it('seat the library catalogue’s bots that count playouts, each with a name, and nothing else', async () => {
    expect(SEAT_KINDS).toEqual(['human', ...ONLINE_BOTS]);
    for (const kind of ONLINE_BOTS) {
      expect(isBotId(kind)).toBe(true);
      expect(BOT_CATALOGUE.find((b) => b.id === kind)!.options).not.toHaveProperty('timeMs');
      expect(BOT_SEAT_NAMES[kind]).toMatch(/ bot$/);
    }
    expect(Object.keys(BOT_SEAT_NAMES).sort()).toEqual([...ONLINE_BOTS].sort());
    const state = createGame(3, 'seat bots');
    const view = playerView(state, state.turn.seat);
    for (const kind of SEAT_KINDS) {
      const bot = botFor(kind, 'ROOM42', state.turn.seat, 5);
      expect(bot.name).toBe(kind === 'human' ? 'greedy' : kind); // a person's seat is played by a greedy bot
      expect(legalMoves(state)).toContainEqual(await bot.chooseMove(view, legalMoves(view)));
    }
  });
});
