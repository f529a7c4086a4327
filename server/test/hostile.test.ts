/**
 * Bad clients and dropped connections: oversized, undecodable and malformed messages, floods
 * (rate limit), a fuzzed message handler; a dropped player reconnecting, a bot taking the seat
 * after the reconnection time, and the person taking it back. Every other client carries on.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isMove } from 'dnup';
import { CLOSE_CODES, LOBBY_NAME, MESSAGES, readMoveMessage, Refusal } from '../src/protocol.js';
import { clientOf, create, join, testServer, type Player } from './helpers.js';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ ratePerSecond: 20, rateBurst: 40, reconnectSeconds: 1 });
});
afterAll(async () => {
  expect(server.problems).toEqual([]);
  await server.close();
});

/** A duel between two scripted people, started. */
async function duel(): Promise<[Player, Player]> {
  const ana = await create(server, { seats: ['human', 'human'], name: 'Ana' });
  await ana.until(() => ana.welcome !== null, 'welcome');
  const ben = await join(server, ana.welcome!.code, { name: 'Ben' });
  await Promise.all([ana.until(() => ana.state !== null, 'a view'), ben.until(() => ben.state !== null, 'a view')]);
  return [ana, ben];
}

/** The room still plays: whoever is to move makes a legal move, and both see it. */
async function stillPlays(a: Player, b: Player): Promise<void> {
  const n = a.moveCount;
  const mover = a.state!.moves.length > 0 ? a : b;
  mover.play(mover.state!.moves[0]!);
  await Promise.all([
    a.until(() => a.moveCount === n + 1, 'the next move'),
    b.until(() => b.moveCount === n + 1, 'the next move'),
  ]);
}

describe('bad clients', () => {
  it('an oversized message closes that connection (WebSocket 1009); the room goes on', async () => {
    const [ana, ben] = await duel();
    const watcher = await join(server, ana.welcome!.code, { spectate: true });
    watcher.room.send(MESSAGES.move, { move: { type: 'play', cards: Array.from({ length: 3000 }, (_, i) => i) } });
    await watcher.until(() => watcher.left !== null, 'the disconnect');
    expect(watcher.left).toBe(1009);
    await stillPlays(ana, ben);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('an undecodable payload closes that connection (Colyseus 4002); the room goes on', async () => {
    const [ana, ben] = await duel();
    const watcher = await join(server, ana.welcome!.code, { spectate: true });
    // ROOM_DATA (13), a message type "move", then bytes that are not MessagePack
    watcher.room.connection.send(new Uint8Array([13, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 0xc1, 0xc1, 0xc1]));
    await watcher.until(() => watcher.left !== null, 'the disconnect');
    expect(watcher.left).toBe(4002);
    await stillPlays(ana, ben);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a flood gets one RATE_LIMITED refusal, then a disconnect (4429); the others carry on', async () => {
    const [ana, ben] = await duel();
    for (let i = 0; i < 1000; i++) ben.room.send(MESSAGES.start, {});
    await ben.until(() => ben.left !== null, 'the disconnect');
    expect(ben.left).toBe(CLOSE_CODES.flood);
    expect(ben.refusals.filter((r) => r.code === 'RATE_LIMITED')).toHaveLength(1);
    expect(ben.refusals.filter((r) => r.code === 'ALREADY_STARTED').length).toBeGreaterThan(0);
    // Ben's seat waits for him (his token still works); Ana's connection is untouched
    expect(ana.left).toBe(null);
    const back = await join(server, ben.welcome!.code, { seatToken: ben.welcome!.seatToken! });
    await back.until(() => back.state !== null, 'his view');
    await stillPlays(ana, back);
    await Promise.all([ana.room.leave(), back.room.leave()]);
  });

  it('message types named like Object.prototype members are unknown messages, in the game and in the lobby', async () => {
    const [ana, ben] = await duel();
    for (const t of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) ana.room.send(t, {});
    await ana.until(() => ana.refusals.length === 4, 'four refusals');
    expect(ana.refusals.map((r) => r.code)).toEqual([
      'UNKNOWN_MESSAGE',
      'UNKNOWN_MESSAGE',
      'UNKNOWN_MESSAGE',
      'UNKNOWN_MESSAGE',
    ]);
    const lobby = await clientOf(server).joinOrCreate(LOBBY_NAME);
    let left: number | null = null;
    lobby.onLeave((code) => (left = code));
    lobby.send('constructor', {});
    await new Promise((r) => setTimeout(r, 300));
    await stillPlays(ana, ben);
    expect([null, 4002]).toContain(left); // Colyseus closes a client sending an unknown type to its lobby; nothing crashes
    await Promise.all([ana.room.leave(), ben.room.leave(), left === null ? lobby.leave() : Promise.resolve()]);
  });

  it('readMoveMessage returns a well-formed move or refuses with MALFORMED_MESSAGE, never anything else (fuzz)', () => {
    const moveLike = fc.oneof(
      fc.record(
        {
          type: fc.constantFrom('play', 'add', 'take', 'rotate', 'nextRound', 'fly'),
          cards: fc.array(fc.oneof(fc.integer(), fc.double(), fc.string())),
          card: fc.anything(),
          target: fc.anything(),
        },
        { requiredKeys: ['type'] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ move: moveLike, moveCount: fc.anything() }, { requiredKeys: ['move'] }), fc.anything()),
        (message) => {
          const copy = structuredClone(message);
          try {
            const read = readMoveMessage(message);
            expect(isMove(read.move)).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(Refusal);
            expect((e as Refusal).code).toBe('MALFORMED_MESSAGE');
          }
          expect(message).toEqual(copy);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('fuzzed messages over the wire each get one answer; the game and the other player carry on', async () => {
    const [ana, ben] = await duel();
    const type = fc.oneof(fc.constantFrom(MESSAGES.move, MESSAGES.start, 'chat', ''), fc.string({ maxLength: 40 }));
    const body = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record({
        move: fc.record(
          {
            type: fc.constantFrom('play', 'add', 'take', 'rotate', 'nextRound'),
            cards: fc.array(fc.nat(60), { maxLength: 5 }),
            card: fc.nat(60),
            target: fc.record({ seat: fc.nat(3), area: fc.nat(2) }),
          },
          { requiredKeys: ['type'] },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(type, body, async (t, m) => {
        const sender = ana.state!.moves.length === 0 ? ana : ben; // the one not to play: nothing may change
        const answers = sender.received.length;
        const n = sender.moveCount;
        sender.room.send(t, m);
        await sender.until(() => sender.received.length > answers, 'an answer');
        expect(sender.received[answers]!.type).toBe(MESSAGES.refused);
        expect(sender.moveCount).toBe(n);
        await new Promise((r) => setTimeout(r, 50)); // stay under the rate limit
      }),
      { numRuns: 60 },
    );
    expect(ana.left).toBe(null);
    expect(ben.left).toBe(null);
    await stillPlays(ana, ben);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });
});

describe('the log under bad frames', () => {
  it('each refused frame or message is one line (code, room, client), never a stack trace, and at most 11 lines per client', async () => {
    const printed: string[] = [];
    const spies = (['error', 'warn', 'log', 'info'] as const).map((k) =>
      vi.spyOn(console, k).mockImplementation((...a: unknown[]) => void printed.push(a.map(String).join(' '))),
    );
    try {
      const [ana, ben] = await duel();
      const code = ana.welcome!.code;
      const before = server.refusalLines.length;
      // an oversized frame, a frame that is not MessagePack, each from its own spectator
      const big = await join(server, code, { spectate: true });
      big.room.send(MESSAGES.move, { move: { type: 'play', cards: Array.from({ length: 3000 }, (_, i) => i) } });
      const junk = await join(server, code, { spectate: true });
      junk.room.connection.send(new Uint8Array([13, 0xa4, 0x6d, 0x6f, 0x76, 0x65, 0xc1, 0xc1, 0xc1]));
      await Promise.all([big.until(() => big.left !== null, 'closed'), junk.until(() => junk.left !== null, 'closed')]);
      expect([big.left, junk.left]).toEqual([1009, 4002]);
      // a flood of malformed messages from a player: refused, then rate limited, then closed
      for (let i = 0; i < 400; i++) ben.room.send(MESSAGES.move, { move: { type: 'fly' }, i });
      await ben.until(() => ben.left !== null, 'the flood closes');
      expect([CLOSE_CODES.flood, CLOSE_CODES.malformed]).toContain(ben.left);
      await new Promise((r) => setTimeout(r, 200));
      const lines = server.refusalLines.slice(before);
      const of = (session: string) => lines.filter((l) => l.includes(`client=${session}`));
      expect(of(big.room.sessionId)).toHaveLength(1);
      expect(of(big.room.sessionId)[0]).toMatch(new RegExp(`^refused \\S+ room=${code} client=${big.room.sessionId}`));
      expect(of(junk.room.sessionId)).toEqual([
        expect.stringMatching(
          new RegExp(`^refused UNDECODABLE room=${code} client=${junk.room.sessionId} .*not MessagePack`),
        ),
      ]);
      expect(of(ben.room.sessionId)).toHaveLength(11);
      expect(of(ben.room.sessionId)[0]).toMatch(/^refused MALFORMED_MESSAGE room=\S+ client=\S+ type="move"$/);
      expect(of(ben.room.sessionId)[10]).toMatch(/no more lines for it/);
      for (const l of [...lines, ...printed]) expect(l).not.toMatch(/\n|\s+at \S+ \(/);
      expect(server.problems).toEqual([]);
      await stillPlaysAfterRejoin(ana, ben);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });
});

/** Ben comes back with his token and the duel goes on. */
async function stillPlaysAfterRejoin(ana: Player, ben: Player): Promise<void> {
  const back = await join(server, ben.welcome!.code, { seatToken: ben.welcome!.seatToken! });
  await back.until(() => back.state !== null, 'his view');
  await stillPlays(ana, back);
  await Promise.all([ana.room.leave(), back.room.leave()]);
}

describe('dropped connections', () => {
  it('a dropped player reconnects to the same view; after the reconnection time a bot plays the seat, until the person takes it back', async () => {
    const [ana, ben] = await duel();
    const code = ana.welcome!.code;
    const token = ben.welcome!.seatToken!;
    const view = ben.state;
    // a dropped connection (not a consented leave): Colyseus' reconnection token brings Ben back
    ben.room.connection.close(4100);
    await ana.until(() => ana.lobby!.seats[1]!.connected === false, 'Ben shown as disconnected');
    const again = new (await import('./helpers.js')).Player(
      await clientOf(server).reconnect(ben.room.reconnectionToken),
    );
    await again.until(() => again.state !== null, 'his view again');
    expect(again.state).toEqual(view);
    expect(again.welcome!.seat).toBe(1);
    await ana.until(() => ana.lobby!.seats[1]!.connected === true, 'Ben shown as connected');

    // dropped for longer than the reconnection time: a bot plays Ben's seat and the game goes on
    again.room.connection.close(4100);
    await ana.until(() => ana.lobby!.seats[1]!.playedBy === 'bot', 'a bot in seat 1', 5000);
    // Ana plays her turns; the game only gets past Ben's turns if the bot plays them
    const target = ana.moveCount + 8;
    const played = new Set<number>();
    while (ana.moveCount < target && ana.over === null) {
      await ana.until(
        () =>
          (ana.state!.moves.length > 0 && !played.has(ana.moveCount)) || ana.moveCount >= target || ana.over !== null,
        'a move',
        10_000,
      );
      if (ana.moveCount >= target || ana.over) break;
      played.add(ana.moveCount);
      ana.play(ana.state!.moves[0]!);
    }
    expect(ana.moveCount >= target || ana.over !== null).toBe(true);
    // Ben comes back with his seat token
    const ben2 = await join(server, code, { seatToken: token });
    await ben2.until(() => ben2.state !== null, 'his view');
    expect(ben2.state!.view.moveCount).toBe(ana.moveCount);
    await ana.until(() => ana.lobby!.seats[1]!.playedBy === 'human', 'Ben plays again');
    await Promise.all([ana.room.leave(), ben2.room.leave()]);
  });
});

describe('a bot waits for a dropped person', () => {
  it('a bot whose move was already scheduled does not move while a person is away', async () => {
    // a bot's pause long enough to drop a connection inside it
    const slow = await testServer({ botDelayMs: 400, reconnectSeconds: 10 });
    try {
      const ana = await create(slow, { seats: ['human', 'human', 'greedy'], name: 'Ana' });
      await ana.until(() => ana.welcome !== null, 'welcome');
      const ben = await join(slow, ana.welcome!.code, { name: 'Ben' });
      await Promise.all([ana.until(() => ana.state !== null, 'a view'), ben.until(() => ben.state !== null, 'a view')]);
      // the people play until the bot's turn begins (its move is then scheduled, 400 ms away)
      const botsTurn = (p: Player) => p.state!.view.status === 'playing' && p.state!.view.turn.seat === 2;
      while (!botsTurn(ben)) {
        const n = ana.moveCount;
        const mover = ana.state!.moves.length > 0 ? ana : ben;
        mover.play(mover.state!.moves[0]!);
        await Promise.all([
          ana.until(() => ana.moveCount > n, 'the next move'),
          ben.until(() => ben.moveCount > n, 'the next move'),
        ]);
      }
      const at = ana.moveCount;
      ben.room.connection.close(4100); // dropped, not a consented leave: his seat waits for him
      await ana.until(() => ana.lobby!.seats[1]!.connected === false, 'Ben shown as disconnected');
      await new Promise((r) => setTimeout(r, 1000));
      expect(ana.moveCount).toBe(at); // the bot's timer fired while Ben was away, and did not move
      const again = new (await import('./helpers.js')).Player(
        await clientOf(slow).reconnect(ben.room.reconnectionToken),
      );
      await again.until(() => again.state !== null, 'his view again');
      await ana.until(() => ana.moveCount > at, 'the bot moves once Ben is back');
      await Promise.all([ana.room.leave(), again.room.leave()]);
      expect(slow.problems).toEqual([]);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe("a dropped person's reconnection deadline", () => {
  it('every lobby carries what is left of it: a client that joins later sees less than the full time; null once the person is back or a bot took over', async () => {
    const timed = await testServer({ reconnectSeconds: 3 });
    try {
      const ana = await create(timed, { seats: ['human', 'human'], name: 'Ana' });
      await ana.until(() => ana.welcome !== null, 'welcome');
      const code = ana.welcome!.code;
      const ben = await join(timed, code, { name: 'Ben' });
      await Promise.all([ana.until(() => ana.state !== null, 'a view'), ben.until(() => ben.state !== null, 'a view')]);
      expect(ana.lobby!.seats.map((s) => s.reconnectDeadline)).toEqual([null, null]);

      ben.room.connection.close(4100); // dropped, not a consented leave
      await ana.until(() => ana.lobby!.seats[1]!.connected === false, 'Ben shown as disconnected');
      const first = ana.lobby!.seats[1]!.reconnectDeadline!;
      expect(first.remainingMs).toBeGreaterThan(2000);
      expect(first.remainingMs).toBeLessThanOrEqual(3000);
      expect(ana.lobby!.seats[0]!.reconnectDeadline).toBeNull();

      // a spectator who arrives a second later sees the same deadline, with a second less left
      await new Promise((r) => setTimeout(r, 1000));
      const late = await join(timed, code, { spectate: true });
      await late.until(() => late.lobby !== null, 'the lobby');
      const seen = late.lobby!.seats[1]!.reconnectDeadline!;
      expect(seen.at).toBe(first.at);
      expect(seen.remainingMs).toBeGreaterThan(0);
      expect(seen.remainingMs).toBeLessThanOrEqual(first.remainingMs - 900);

      // back through Colyseus' reconnection: no deadline any more, for everyone
      const again = new (await import('./helpers.js')).Player(
        await clientOf(timed).reconnect(ben.room.reconnectionToken),
      );
      await late.until(() => late.lobby!.seats[1]!.connected, 'Ben back');
      expect(late.lobby!.seats[1]!.reconnectDeadline).toBeNull();

      // dropped again and not back in time: the bot takes over and the deadline is gone
      again.room.connection.close(4100);
      await late.until(() => late.lobby!.seats[1]!.reconnectDeadline !== null, 'a new deadline');
      expect(late.lobby!.seats[1]!.reconnectDeadline!.at).toBeGreaterThan(first.at);
      await late.until(() => late.lobby!.seats[1]!.playedBy === 'bot', 'a bot in seat 1', 6000);
      expect(late.lobby!.seats[1]!.reconnectDeadline).toBeNull();
      await ana.until(() => ana.lobby!.seats[1]!.playedBy === 'bot', 'a bot in seat 1 for Ana too');
      expect(ana.lobby!.seats[1]!.reconnectDeadline).toBeNull();

      // taken back with the seat token: still null
      const ben2 = await join(timed, code, { seatToken: ben.welcome!.seatToken! });
      await late.until(
        () => late.lobby!.seats[1]!.playedBy === 'human' && late.lobby!.seats[1]!.connected,
        'Ben plays again',
      );
      expect(late.lobby!.seats[1]!.reconnectDeadline).toBeNull();
      await Promise.all([ana.room.leave(), ben2.room.leave(), late.room.leave()]);
      expect(timed.problems).toEqual([]);
    } finally {
      await timed.close();
    }
  }, 30_000);
});
