/**
 * Scale out: two server processes share one matchmaker, presence and store through a real
 * redis-server on loopback. A client that talks only to process A creates, lists and joins
 * rooms hosted by process B, and a whole game is played there. Needs Debian's redis-server:
 * outside CI the test is skipped with one line when it is missing; under CI=true it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { replay } from 'dnup';
import { LOBBY_NAME } from '../src/protocol.js';
import { create, join, playToEnd, type Player } from './helpers.js';
import { buildServer, findRedisServer, startProcess, startRedis, stopProcess, type ServerProcess } from './processes.js';

const redisBinary = findRedisServer();
const external = process.env.DNUP_TEST_REDIS_URL;
const available = redisBinary !== null || external !== undefined;
if (!available && process.env.CI !== 'true') {
  console.warn('scale-out tests skipped: no redis-server found (apt-get install redis-server, or set DNUP_TEST_REDIS_URL)');
}

describe.skipIf(!available && process.env.CI !== 'true')('two processes on one Redis', () => {
  let redis: { url: string; stop: () => Promise<void> } | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    if (!available) throw new Error('CI=true and no redis-server: .ci/run installs it with apt-get (redis-server)');
    redis = external ? { url: external, stop: async () => {} } : await startRedis(redisBinary!);
    const main = await buildServer('scale');
    a = await startProcess(main, { REDIS_URL: redis.url, DATA_DIR: '/nonexistent-unused' });
    b = await startProcess(main, { REDIS_URL: redis.url, DATA_DIR: '/nonexistent-unused' });
  });
  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await redis?.stop();
  });

  async function stats(p: ServerProcess): Promise<{ rooms: number }> {
    return (await (await fetch(`http://127.0.0.1:${p.port}/stats`)).json()) as { rooms: number };
  }

  it('a client of process A creates, lists and joins rooms hosted by process B, and plays a game there', async () => {
    const viaA = { port: a!.port };
    // a new room goes to the process with fewer rooms (counts are shared about once a second)
    const hosts: Player[] = [];
    while (hosts.length < 6) {
      const p = await create(viaA, { seats: ['human', 'human'], name: `Host ${hosts.length}` });
      await p.until(() => p.welcome !== null, 'welcome');
      hosts.push(p);
      if ((await stats(a!)).rooms > 0 && (await stats(b!)).rooms > 0) break;
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await stats(b!)).rooms).toBeGreaterThan(0);
    expect((await stats(a!)).rooms).toBeGreaterThan(0);

    // the lobby, reached through A, lists the public rooms of both processes
    const lobby = await new Client(`ws://127.0.0.1:${a!.port}`).joinOrCreate(LOBBY_NAME);
    const listed = await new Promise<{ roomId: string }[]>((resolve) => lobby.onMessage('rooms', resolve));
    expect(listed.map((r) => r.roomId).sort()).toEqual(hosts.map((h) => h.welcome!.code).sort());
    await lobby.leave();

    // join every room through A; at least one of them lives on B
    const guests = await Promise.all(hosts.map((h) => join(viaA, h.welcome!.code, { name: 'Guest' })));
    await Promise.all(guests.map((g) => g.until(() => g.state !== null, 'the first view')));
    for (let i = 0; i < hosts.length; i++) await playToEnd([hosts[i]!, guests[i]!]);
    for (const h of hosts) expect(replay(h.over!.record).ok).toBe(true);
    await Promise.all([...hosts, ...guests].map((p) => p.room.leave()));
  });

  it('a process killed with SIGKILL: a new one restores its games from Redis; players come back through process A', async () => {
    const viaA = { port: a!.port };
    const pairs: [Player, Player][] = [];
    const onB = (await stats(b!)).rooms; // rooms of the first test may still be closing
    while (pairs.length < 6 && (await stats(b!)).rooms <= onB) {
      const h = await create(viaA, { seats: ['human', 'human'], name: 'Ana' });
      await h.until(() => h.welcome !== null, 'welcome');
      const g = await join(viaA, h.welcome!.code, { name: 'Ben' });
      pairs.push([h, g]);
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await stats(b!)).rooms).toBeGreaterThan(onB);
    for (const pair of pairs) {
      const run = playToEnd(pair);
      await pair[0].until(() => pair[0].moveCount >= 8, 'move 8');
      pair.forEach((p) => (p.frozen = true));
      await run;
    }
    await new Promise((r) => setTimeout(r, 300));
    b!.child.kill('SIGKILL');
    await b!.exited;
    // the rooms of the dead process lose their players (a starved machine may take a while to tell)
    await pairs[0]![0].until(() => pairs.some(([h, g]) => h.left !== null && g.left !== null), 'a dropped room', 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const lost = pairs.filter(([h]) => h.left !== null);
    expect(lost.length).toBeGreaterThan(0);
    const before = lost.flat().map((p) => ({ code: p.welcome!.code, token: p.welcome!.seatToken!, state: p.state! }));
    b = await startProcess(await buildServer('scale'), { REDIS_URL: redis!.url, DATA_DIR: '/nonexistent-unused' });
    expect(b.output).toContain(`${lost.length} unfinished game(s) restored`);
    const back = await Promise.all(before.map((x) => join(viaA, x.code, { seatToken: x.token })));
    await Promise.all(back.map((p) => p.until(() => p.state !== null, 'the view')));
    back.forEach((p, i) => expect(p.state).toEqual(before[i]!.state));
    const tables = [...pairs.filter(([h]) => h.left === null), ...lost.map((_, i) => [back[2 * i]!, back[2 * i + 1]!] as [Player, Player])];
    for (const t of tables) {
      t.forEach((p) => (p.frozen = false));
      await playToEnd(t);
      expect(replay(t[0].over!.record).ok).toBe(true);
    }
    await Promise.all(tables.flat().map((p) => p.room.leave()));
  });
});