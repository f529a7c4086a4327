/**
 * The dnup room over real WebSockets (colyseus.js clients on loopback): whole games with hidden
 * information kept in every message, refusals with the library's codes, spectators, start by
 * the host, reconnection and bots taking over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from 'dnup';
import { ColyseusTestServer } from '@colyseus/testing';
import { MESSAGES, type StateMessage } from '../src/protocol.js';
import { clientOf, create, join, playToEnd, testServer } from './helpers.js';
import { checkMessages, statesOf } from './views-check.js';

let server: Awaited<ReturnType<typeof testServer>>;
let colyseus: ColyseusTestServer;

beforeAll(async () => {
  server = await testServer();
  colyseus = new ColyseusTestServer(server.gameServer);
});
afterAll(async () => {
  expect(server.problems).toEqual([]);
  await server.close();
});

describe('dnup room', () => {
  it('plays a 3-player game (two people, a greedy bot) to the end; every message holds only what its seat may know', async () => {
    const ana = await create(server, { seats: ['human', 'human', 'greedy'], name: 'Ana' });
    await ana.until(() => ana.welcome !== null && ana.lobby !== null, 'welcome');
    expect(ana.welcome!.seat).toBe(0);
    expect(ana.lobby!.phase).toBe('waiting');
    const code = ana.welcome!.code;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const watcher = await join(server, code, { spectate: true });
    const ben = await join(server, code, { name: 'Ben' });
    await ben.until(() => ben.state !== null, 'the first view');
    expect(ben.welcome!.seat).toBe(1);
    expect(ben.lobby!.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Greedy bot']);
    // the room on the server side (through @colyseus/testing) holds the full state
    const room = colyseus.getRoomById(code);
    expect(room).toBeDefined();
    await playToEnd([ana, ben], (moves, n) => moves[n % moves.length]!);
    await watcher.until(() => watcher.over !== null, 'game over for the spectator');
    const record = ana.over!.record;
    expect(ben.over!.record).toEqual(record);
    expect(replay(record).ok).toBe(true);
    expect(replay(record).state.status).toBe('gameOver');
    const states = statesOf(record);
    const seed = String(record.seed);
    expect(checkMessages(ana.received, 0, states, seed)).toBeGreaterThan(10);
    expect(checkMessages(ben.received, 1, states, seed)).toBeGreaterThan(10);
    expect(checkMessages(watcher.received, null, states, seed)).toBeGreaterThan(10);
    // the views each seat received count up with no gap: nothing lost or applied twice
    const counts = ben.received
      .filter((r) => r.type === MESSAGES.state)
      .map((r) => (r.message as StateMessage).view.moveCount);
    expect(counts).toEqual(Array.from({ length: record.moves.length + 1 }, (_, i) => i));
    const finished = await server.store.finished();
    expect(finished.map((r) => r.metadata?.room)).toContain(code);
    await Promise.all([ana.room.leave(), ben.room.leave(), watcher.room.leave()]);
  });

  it('refuses illegal moves with the library code and sentence, and other messages with coded refusals', async () => {
    const ana = await create(server, { seats: ['human', 'human'], name: 'Ana', private: true });
    await ana.until(() => ana.welcome !== null, 'welcome');
    ana.room.send(MESSAGES.move, { move: { type: 'rotate' } });
    await ana.until(() => ana.refusals.length === 1, 'a refusal');
    expect(ana.refusals[0]).toMatchObject({ code: 'NOT_STARTED', type: 'move' });
    const ben = await join(server, ana.welcome!.code, { name: 'Ben' });
    await ben.until(() => ben.state !== null && ana.state !== null, 'the first views');
    const [toPlay, other] = ana.state!.view.turn.seat === 0 ? [ana, ben] : [ben, ana];
    other.play(toPlay.state!.moves[0]!);
    await other.until(
      () => other.refusals.length > 0 && other.refusals.at(-1)!.code === 'NOT_YOUR_TURN',
      'NOT_YOUR_TURN',
    );
    expect(other.refusals.at(-1)!.message).toMatch(/rules §4/);
    expect(other.refusals.at(-1)!.rule).toBe('§4');
    const before = toPlay.refusals.length;
    toPlay.play({ type: 'play', cards: [] });
    await toPlay.until(() => toPlay.refusals.some((r) => r.code === 'EMPTY_PLAY'), 'EMPTY_PLAY');
    toPlay.room.send(MESSAGES.move, { move: { type: 'rotate' }, moveCount: 99 });
    await toPlay.until(() => toPlay.refusals.some((r) => r.code === 'STALE_MOVE'), 'STALE_MOVE');
    toPlay.room.send(MESSAGES.move, { move: { type: 'fly' } });
    toPlay.room.send('chat', 'hello');
    toPlay.room.send(MESSAGES.start, {});
    await toPlay.until(() => toPlay.refusals.length === before + 5, 'three more refusals');
    expect(toPlay.refusals.slice(-3).map((r) => r.code)).toEqual([
      'MALFORMED_MESSAGE',
      'UNKNOWN_MESSAGE',
      'ALREADY_STARTED',
    ]);
    // nothing changed: still move 0, and a legal move goes through
    expect(toPlay.moveCount).toBe(0);
    toPlay.play(toPlay.state!.moves[0]!);
    await ana.until(() => ana.moveCount === 1 && ben.moveCount === 1, 'move 1');
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('refuses bad room options and joins with a coded sentence', async () => {
    await expect(clientOf(server).create('dnup', { seats: ['greedy', 'greedy'] })).rejects.toThrow(/BAD_OPTIONS/);
    await expect(clientOf(server).create('dnup', { seats: ['human'] })).rejects.toThrow(/BAD_OPTIONS: .*rules §2/);
    const ana = await create(server, { seats: ['human', 'greedy'], name: 'Ana' });
    await ana.until(() => ana.state !== null, 'the game starts at once');
    await expect(join(server, ana.welcome!.code, { name: 'Late' })).rejects.toThrow(/GAME_STARTED/);
    await expect(join(server, ana.welcome!.code, { seatToken: 'not-a-token' })).rejects.toThrow(/BAD_SEAT_TOKEN/);
    await ana.room.leave();
  });

  it('the host starts early: empty seats get bots; a spectator sees no hand', async () => {
    const ana = await create(server, { seats: ['human', 'human', 'human'], name: 'Ana' });
    await ana.until(() => ana.welcome !== null, 'welcome');
    const ben = await join(server, ana.welcome!.code, { name: 'Ana' });
    await ben.until(() => ben.lobby?.seats[1]?.taken === true, 'Ben seated');
    expect(ben.lobby!.seats[1]!.name).toBe('Ana (2)');
    ben.room.send(MESSAGES.start, {});
    await ben.until(() => ben.refusals.length === 1, 'NOT_HOST');
    expect(ben.refusals[0]!.code).toBe('NOT_HOST');
    ana.room.send(MESSAGES.start, {});
    await ana.until(() => ana.state !== null && ana.lobby?.phase === 'playing', 'the game starts');
    expect(ana.lobby!.seats[2]).toMatchObject({ kind: 'greedy', playedBy: 'bot' });
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });
});
