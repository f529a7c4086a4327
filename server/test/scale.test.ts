/**
 * Scale out: two server processes share one matchmaker, presence and store through a real
 * redis-server on loopback. A client that talks only to process A creates, lists and joins
 * rooms hosted by process B, and a whole game is played there (failover when a process dies:
 * failover.test.ts). Needs Debian's redis-server:
 * outside CI the test is skipped with one line when it is missing; under CI=true it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { replay } from 'dnup';
import { LOBBY_NAME } from '../src/protocol.js';
import { create, join, playToEnd, type Player } from './helpers.js';
import {
  buildServer,
  findRedisServer,
  startProcess,
  startRedis,
  stopProcess,
  type ServerProcess,
} from './processes.js';

const redisBinary = findRedisServer();
const external = process.env.DNUP_TEST_REDIS_URL;
const available = redisBinary !== null || external !== undefined;
if (!available && process.env.CI !== 'true') {
  console.warn(
    'scale-out tests skipped: no redis-server found (apt-get install redis-server, or set DNUP_TEST_REDIS_URL)',
  );
}

describe.skipIf(!available && process.env.CI !== 'true')('two processes on one Redis', () => {
  let redis: { url: string; stop: () => Promise<void> } | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    if (!available) throw new Error('CI=true and no redis-server: .ci/run installs it with apt-get (redis-server)');
    redis = external ? { url: external, stop: async () => {} } : await startRedis(redisBinary!);
    // a database of its own: CI shares one redis-server between test files running side by side
    redis = { url: `${redis.url}/1`, stop: redis.stop };
    const main = await buildServer('scale');
    a = await startProcess(main, { REDIS_URL: redis.url, DATA_DIR: '/nonexistent-unused' });
    b = await startProcess(main, { REDIS_URL: redis.url, DATA_DIR: '/nonexistent-unused' });
  }, 60_000); // a build and two processes: past the default 10 s on a loaded machine
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
});
