/**
 * Failover on Redis: three processes share one redis-server. The host of two live games is
 * killed with SIGKILL: both games come back on the survivors under the same codes within 10 s,
 * every seat rejoins with its token at the move count it last saw, and the games are played to
 * the end with every message checked for hidden cards; the dead process's lobby entries go.
 * Then fencing: a host paused with SIGSTOP past its lease, its game taken over, and resumed,
 * does not accept another move for that game. Then a drain (SIGTERM) hands a game over at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'colyseus.js';
import { replay } from 'dnup';
import { CLOSE_CODES, LOBBY_NAME, MESSAGES, type StateMessage } from '../src/protocol.js';
import { clientOf, create, join, leaveAll, Player, playToEnd } from './helpers.js';
import { buildServer, redisAvailable, startProcess, statsOf, testRedis, type ServerProcess } from './processes.js';
import { checkMessages, statesOf } from './views-check.js';

const run = redisAvailable('failover tests');

/** Joins `code` with a seat token through `via`, again every 200 ms until it works (as the docs' client does). */
async function rejoin(via: { port: number }, code: string, seatToken: string, ms = 15_000): Promise<Player> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const p = new Player(await clientOf(via).joinById(code, { seatToken }));
      await p.until(() => p.state !== null, 'the view');
      return p;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe.skipIf(!run)('failover: three processes on one Redis', () => {
  let redis: { url: string; stop: () => Promise<void> } | null = null;
  let main = '';
  let url = '';
  const procs: ServerProcess[] = [];

  beforeAll(async () => {
    redis = await testRedis();
    if (!redis) throw new Error('CI=true and no redis-server: .ci/run installs it with apt-get (redis-server)');
    main = await buildServer('failover');
    // a database of its own: CI shares one redis-server between test files running side by side
    url = `${redis.url}/2`;
    for (let i = 0; i < 3; i++)
      procs.push(
        await startProcess(main, { REDIS_URL: url, DATA_DIR: '/nonexistent-unused', RECONNECT_SECONDS: '30' }),
      );
  });
  afterAll(async () => {
    // done: no drain (each would hand its games to the next one)
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await redis?.stop();
  });

  /** The process hosting `code` now. */
  async function hostOf(code: string): Promise<ServerProcess | undefined> {
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null && (await statsOf(p)).codes.includes(code)) return p;
    return undefined;
  }

  it('kill -9 of the host of two live games: both continue through the survivors within 10 s, no move lost or doubled, no hidden card shown', async () => {
    const viaA = { port: procs[0]!.port };
    const lobby = await new Client(`ws://127.0.0.1:${viaA.port}`).joinOrCreate(LOBBY_NAME);
    const listed = new Set<string>();
    lobby.onMessage('rooms', (rooms: { roomId: string }[]) => rooms.forEach((r) => listed.add(r.roomId)));
    lobby.onMessage('+', ([id]: [string]) => listed.add(id));
    lobby.onMessage('-', (id: string) => listed.delete(id));

    // games (two people, sometimes a bot) and rooms waiting for a second person, until one process hosts two games and a waiting room
    const tables: Player[][] = [];
    const waiting: Player[] = [];
    let victim: ServerProcess | undefined;
    for (let round = 0; round < 8 && !victim; round++) {
      for (const seats of [
        ['human', 'human'],
        ['human', 'greedy', 'human'],
      ] as const) {
        const a = await create(viaA, { seats: [...seats], name: 'Ana' });
        await a.until(() => a.welcome !== null, 'welcome');
        const b = await join(viaA, a.welcome!.code, { name: 'Ben' });
        await Promise.all([a.until(() => a.state !== null, 'a view'), b.until(() => b.state !== null, 'a view')]);
        tables.push([a, b]);
      }
      const w = await create(viaA, { seats: ['human', 'human'], name: 'Wes' });
      await w.until(() => w.welcome !== null, 'welcome');
      waiting.push(w);
      for (const p of procs) {
        const codes = (await statsOf(p)).codes;
        if (
          tables.filter((t) => codes.includes(t[0]!.welcome!.code)).length >= 2 &&
          waiting.some((x) => codes.includes(x.welcome!.code)) &&
          p !== procs[0]
        )
          victim = p;
      }
      await new Promise((r) => setTimeout(r, 1100)); // Colyseus shares room counts about once a second
    }
    expect(victim, 'a process other than A hosting two games and a waiting room').toBeDefined();
    const codesOnVictim = (await statsOf(victim!)).codes;
    const lost = tables.filter((t) => codesOnVictim.includes(t[0]!.welcome!.code)).slice(0, 2);
    const lostWaiting = waiting.filter((w) => codesOnVictim.includes(w.welcome!.code)).map((w) => w.welcome!.code);
    await Promise.race([lobby.leave().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    const lobby2 = await new Client(`ws://127.0.0.1:${viaA.port}`).joinOrCreate(LOBBY_NAME);
    const listed2 = new Set<string>();
    lobby2.onMessage('rooms', (rooms: { roomId: string }[]) => rooms.forEach((r) => listed2.add(r.roomId)));
    lobby2.onMessage('+', ([id]: [string]) => listed2.add(id));
    lobby2.onMessage('-', (id: string) => listed2.delete(id));
    await new Promise((r) => setTimeout(r, 300));
    for (const code of lostWaiting) expect(listed2.has(code)).toBe(true);

    for (const t of lost) {
      const running = playToEnd(t);
      await t[0]!.until(() => t[0]!.moveCount >= 6, 'move 6');
      t.forEach((p) => (p.frozen = true));
      await running;
    }
    await new Promise((r) => setTimeout(r, 300));
    const before = lost
      .flat()
      .map((p) => ({ code: p.welcome!.code, token: p.welcome!.seatToken!, seat: p.welcome!.seat, state: p.state! }));

    const killedAt = Date.now();
    victim!.child.kill('SIGKILL');
    await victim!.exited;
    // every seat rejoins through a survivor, retrying as a client would
    const survivors = procs.filter((p) => p !== victim);
    const back = await Promise.all(
      before.map((b, i) => rejoin({ port: survivors[i % survivors.length]!.port }, b.code, b.token)),
    );
    const restoredAfter = Date.now() - killedAt;
    console.log(`failover: ${lost.length} games back on the survivors ${restoredAfter} ms after kill -9`);
    expect(restoredAfter).toBeLessThan(10_000);
    back.forEach((p, i) => {
      expect(p.welcome!.code).toBe(before[i]!.code);
      expect(p.welcome!.seat).toBe(before[i]!.seat);
      // the same move count and the very same view and moves as the last ones seen
      expect(p.state).toEqual(before[i]!.state);
    });
    // the dead process's waiting rooms leave the lobby; the restored games are listed again
    await new Promise<void>((resolve, reject) => {
      const t0 = Date.now();
      const check = (): void => {
        if (lostWaiting.every((c) => !listed2.has(c))) return resolve();
        if (Date.now() - t0 > 10_000)
          return reject(new Error(`still listed: ${lostWaiting.filter((c) => listed2.has(c))}`));
        setTimeout(check, 100);
      };
      check();
    });
    await Promise.race([lobby2.leave().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);

    const tablesBack = [back.slice(0, 2), back.slice(2, 4)];
    await Promise.all(tablesBack.map((t) => playToEnd(t)));
    for (const [i, t] of tablesBack.entries()) {
      const record = t[0]!.over!.record;
      expect(replay(record).ok).toBe(true);
      // one game, one record: the moves before the kill, then the ones after, nothing twice
      expect(record.moves.length).toBe(t[0]!.moveCount);
      const states = statesOf(record);
      for (const p of [...lost[i]!, ...t])
        expect(checkMessages(p.received, p.welcome!.seat, states, String(record.seed))).toBeGreaterThan(0);
      const counts = t[0]!.received
        .filter((r) => r.type === MESSAGES.state)
        .map((r) => (r.message as StateMessage).view.moveCount);
      expect(counts[0]).toBe(before[2 * i]!.state.view.moveCount);
      expect(new Set(counts).size).toBe(counts.length);
    }
    for (const s of survivors)
      expect(await (await fetch(`http://127.0.0.1:${s.port}/ready`)).json()).toMatchObject({ ready: true });
    await leaveAll([...back, ...tables.filter((t) => !lost.includes(t)).flat(), ...waiting]);
  });

  it('fencing: a host paused (SIGSTOP) past its lease, its game taken over, does not accept another move once resumed', async () => {
    const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    expect(alive.length).toBe(2);
    const via = { port: alive[0]!.port };
    let ana: Player | undefined;
    let ben: Player | undefined;
    let host: ServerProcess | undefined;
    // a game hosted by the second process, so the first stays reachable for the players
    for (let i = 0; i < 10 && host !== alive[1]; i++) {
      await new Promise((r) => setTimeout(r, 1100));
      ana = await create(via, { seats: ['human', 'human'], name: 'Ana' });
      await ana.until(() => ana!.welcome !== null, 'welcome');
      ben = await join(via, ana.welcome!.code, { name: 'Ben' });
      await Promise.all([
        ana.until(() => ana!.state !== null, 'a view'),
        ben.until(() => ben!.state !== null, 'a view'),
      ]);
      host = await hostOf(ana.welcome!.code);
    }
    expect(host).toBe(alive[1]);
    const code = ana!.welcome!.code;
    for (let n = 0; n < 4; n++) {
      const mover = ana!.state!.moves.length > 0 ? ana! : ben!;
      const at = ana!.moveCount;
      mover.play(mover.state!.moves[0]!);
      await Promise.all([
        ana!.until(() => ana!.moveCount > at, 'a move'),
        ben!.until(() => ben!.moveCount > at, 'a move'),
      ]);
    }
    const at = ana!.moveCount;
    const [mover, other] = ana!.state!.moves.length > 0 ? [ana!, ben!] : [ben!, ana!];

    host!.child.kill('SIGSTOP');
    const pausedAt = Date.now();
    // the other person comes back through the survivor: the game was taken over there, at the same move
    const otherBack = await rejoin(via, code, other.welcome!.seatToken!);
    console.log(`fencing: game taken over ${Date.now() - pausedAt} ms after SIGSTOP`);
    expect(otherBack.moveCount).toBe(at);
    expect(await hostOf(code)).toBe(alive[0]);
    // the stale connection to the paused host sends a move; the host resumes and receives it
    mover.play(mover.state!.moves[0]!);
    await new Promise((r) => setTimeout(r, 100));
    host!.child.kill('SIGCONT');
    await mover.until(() => mover.left !== null, 'the resumed host closes the stale connection');
    expect(mover.left).toBe(CLOSE_CODES.restart);
    // nothing was applied there: no view past `at`, and the new host is still at `at`
    expect(
      mover.received
        .filter((r) => r.type === MESSAGES.state)
        .every((r) => (r.message as StateMessage).view.moveCount <= at),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(otherBack.moveCount).toBe(at);
    expect(host!.output).toMatch(new RegExp(`room ${code}: handed over at move ${at}`));
    // the mover rejoins on the new host and the game goes on to the end, one record
    const moverBack = await rejoin(via, code, mover.welcome!.seatToken!);
    expect(moverBack.moveCount).toBe(at);
    await playToEnd([otherBack, moverBack]);
    const record = otherBack.over!.record;
    expect(replay(record).ok).toBe(true);
    expect(record.moves.length).toBe(otherBack.moveCount);
    const states = statesOf(record);
    for (const p of [ana!, ben!, otherBack, moverBack])
      checkMessages(p.received, p.welcome!.seat, states, String(record.seed));
    await leaveAll([otherBack, moverBack, other]);
  });

  it('a drain (SIGTERM) hands the games over at once: clients get 4503, another process takes them', async () => {
    const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    // a third process again, then drain the one hosting the game
    procs.push(await startProcess(main, { REDIS_URL: url, DATA_DIR: '/nonexistent-unused', RECONNECT_SECONDS: '30' }));
    const via = { port: alive[0]!.port };
    const ana = await create(via, { seats: ['human', 'greedy'], name: 'Ana' });
    await ana.until(() => ana.state !== null, 'a view');
    const code = ana.welcome!.code;
    const host = await hostOf(code);
    expect(host).toBeDefined();
    ana.frozen = true;
    await new Promise((r) => setTimeout(r, 300)); // the bot's move, if it was its turn
    const readyBefore = await fetch(`http://127.0.0.1:${host!.port}/ready`);
    expect(readyBefore.status).toBe(200);
    const at = ana.moveCount;
    const t0 = Date.now();
    host!.child.kill('SIGTERM');
    await ana.until(() => ana.left !== null, 'the drain closes the connection');
    expect(ana.left).toBe(CLOSE_CODES.restart);
    const other = procs.find((p) => p !== host && p.child.exitCode === null && p.child.signalCode === null)!;
    const back = await rejoin({ port: other.port }, code, ana.welcome!.seatToken!);
    console.log(`drain: game back on another process ${Date.now() - t0} ms after SIGTERM`);
    expect(back.moveCount).toBe(at);
    expect(await host!.exited).toBe(0);
    await leaveAll([back]);
  });
});
