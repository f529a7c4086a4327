/**
 * The embedded store: what a restarted process reads back, a line torn by a crash, and the
 * bound on disk use (compaction of the live log, rotation of finished records).
 */
import { appendFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createGame, legalMoves, apply, recordOf, type Move } from 'dnup';
import { FileStore } from '../src/file-store.js';
import { RedisStore } from '../src/redis-store.js';
import { GameTakenOver } from '../src/store.js';
import { redisAvailable, testRedis } from './processes.js';
import { tempDir } from './helpers.js';

/** Lets the event loop run the store's background work, as between two moves of a server. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function header(id: string) {
  return {
    id,
    private: false,
    kinds: ['human', 'human'] as const,
    players: ['Ana', 'Ben'],
    seed: `seed-${id}`,
    tokenHashes: ['a', 'b'],
    host: 0,
  };
}

/** The first `n` moves of a seeded duel. */
function movesOf(seed: string, n: number): Move[] {
  let s = createGame(['Ana', 'Ben'], seed);
  const out: Move[] = [];
  for (let i = 0; i < n && s.status !== 'gameOver'; i++) {
    const m = legalMoves(s)[0]!;
    out.push(m);
    s = apply(s, m);
  }
  return out;
}

describe('FileStore', () => {
  it('a new process reads back every unfinished game with its moves, skipping a torn last line', async () => {
    const dir = tempDir();
    const a = new FileStore(dir);
    await a.begin(header('AAAAAA'));
    await a.begin(header('BBBBBB'));
    const moves = movesOf('seed-AAAAAA', 5);
    for (const [i, m] of moves.entries()) await a.move('AAAAAA', i, m);
    await a.finish('BBBBBB', recordOf(createGame(['Ana', 'Ben'], 'seed-BBBBBB'), []));
    await expect(a.move('AAAAAA', 9, moves[0]!)).rejects.toThrow(/out of order/);
    appendFileSync(join(dir, 'games.jsonl'), '{"t":"move","id":"AAAAAA","i":5,"m":{"ty'); // killed mid-write
    const b = new FileStore(dir);
    const games = await b.unfinished();
    expect(games.map((g) => g.id)).toEqual(['AAAAAA']);
    expect(games[0]!.moves).toEqual(moves);
    expect((await b.finished()).map((r) => r.seed)).toEqual(['seed-BBBBBB']);
  });

  it('stays bounded: the live log is compacted and finished records rotate', async () => {
    const dir = tempDir();
    const maxBytes = 20_000;
    const store = new FileStore(dir, { maxBytes });
    for (let g = 0; g < 60; g++) {
      const id = `G${String(g).padStart(5, '0')}`;
      await store.begin(header(id));
      const moves = movesOf(`seed-${id}`, 30);
      for (const [i, m] of moves.entries()) {
        await store.move(id, i, m);
        await nextTurn(); // as a server's moves come, each in its own turn of the event loop
      }
      if (g % 10 !== 0) await store.finish(id, recordOf(createGame(['Ana', 'Ben'], `seed-${id}`), moves));
      // a game lasts longer than a compaction: on a loaded machine, a setImmediate a move did not
      // always leave the background compaction time to finish within 30 moves
      await store.close();
    }
    const total = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThan(4 * maxBytes);
    const again = await new FileStore(dir, { maxBytes }).unfinished();
    expect(again.map((g) => g.id)).toEqual(['G00000', 'G00010', 'G00020', 'G00030', 'G00040', 'G00050']);
    expect(again.every((g) => g.moves.length === 30)).toBe(true);
  });
});

describe('FileStore with more unfinished games than maxBytes', () => {
  it('compacts once per doubling of the live log, not at every move', async () => {
    const dir = tempDir();
    const store = new FileStore(dir, { maxBytes: 2_000 });
    const live = join(dir, 'games.jsonl');
    let compactions = 0;
    let inode = -1;
    let appended = 0;
    for (let g = 0; g < 40; g++) {
      const id = `H${String(g).padStart(5, '0')}`;
      await store.begin(header(id));
      for (const [i, m] of movesOf(`seed-${id}`, 30).entries()) {
        await store.move(id, i, m);
        await nextTurn();
        appended++;
        const now = statSync(live).ino; // a compaction renames a new file over the log
        if (inode !== -1 && now !== inode) compactions++;
        inode = now;
      }
      await store.close(); // a compaction under way ends before the next game, as on a server
      const now = statSync(live).ino;
      if (now !== inode) compactions++;
      inode = now;
    }
    await store.close();
    // the live games grow past maxBytes early: about 60 kB in all, so five doublings from 2 kB;
    // compacting whenever the last one is done (no doubling) makes 17, at every move about 1,100
    expect(appended).toBe(1200);
    expect(compactions).toBeGreaterThan(0);
    expect(compactions).toBeLessThanOrEqual(8);
    const again = await new FileStore(dir, { maxBytes: 2_000 }).unfinished();
    expect(again).toHaveLength(40);
    expect(again.every((g) => g.moves.length === 30)).toBe(true);
  });
});

describe('FileStore writes', () => {
  it('resolves a call only once its line is in the file, the lines of one turn in one write', async () => {
    const dir = tempDir();
    const store = new FileStore(dir);
    const live = join(dir, 'games.jsonl');
    const moves = movesOf('seed-WWWWWW', 30);
    await store.begin(header('WWWWWW'));
    const size = statSync(live).size;
    const seen: number[] = [];
    // every call of one turn: none is written before the turn ends, all are when the first resolves
    const calls = moves.map((m, i) =>
      store.move('WWWWWW', i, m).then(() => seen.push(readFileSync(live, 'utf8').split('\n').length - 1)),
    );
    expect(statSync(live).size).toBe(size);
    await Promise.all(calls);
    expect(seen).toEqual(moves.map(() => 31)); // the begin line and the 30 moves, at every resolve
    expect((await new FileStore(dir).unfinished())[0]!.moves).toEqual(moves);
  });

  it('close writes the lines still queued', async () => {
    const dir = tempDir();
    const store = new FileStore(dir);
    const moves = movesOf('seed-QQQQQQ', 3);
    void store.begin(header('QQQQQQ'));
    const calls = moves.map((m, i) => store.move('QQQQQQ', i, m));
    await store.close();
    await Promise.all(calls);
    expect((await new FileStore(dir).unfinished())[0]!.moves).toEqual(moves);
  });
});

describe('FileStore compaction in the background', () => {
  it('keeps every line appended while it runs, and the old log stays whole until the rename', async () => {
    const dir = tempDir();
    const store = new FileStore(dir, { maxBytes: 3_000 });
    const ids = Array.from({ length: 12 }, (_, g) => `K${String(g).padStart(5, '0')}`);
    const movesOf12 = new Map(ids.map((id) => [id, movesOf(`seed-${id}`, 40)]));
    // a turn's lines are written together: past maxBytes a compaction starts, and the next turns'
    // lines are appended while it runs
    const calls: Promise<void>[] = [];
    for (const id of ids) calls.push(store.begin(header(id)));
    for (let i = 0; i < 40; i++) {
      for (const id of ids) calls.push(store.move(id, i, movesOf12.get(id)![i]!));
      if (i % 4 === 3) await nextTurn();
    }
    calls.push(store.finish(ids[0]!, recordOf(createGame(['Ana', 'Ben'], `seed-${ids[0]}`), movesOf12.get(ids[0]!)!)));
    await Promise.all(calls);
    const expected = ids.slice(1).map((id) => ({ id, moves: movesOf12.get(id) }));
    const read = async (): Promise<{ id: string; moves: readonly Move[] }[]> =>
      (await new FileStore(dir, { maxBytes: 3_000 }).unfinished()).map((g) => ({ id: g.id, moves: g.moves }));
    expect(await read()).toEqual(expected); // read before the compaction ends: the old log
    await store.close();
    expect(await read()).toEqual(expected); // after the rename
    expect(readdirSync(dir)).not.toContain('games.jsonl.tmp');
  });
});

describe.skipIf(!redisAvailable('RedisStore tests'))('RedisStore: one owner per game, fenced by epoch', () => {
  let redis: { url: string; stop: () => Promise<void> } | null = null;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await testRedis();
    if (!redis) throw new Error('CI=true and no redis-server');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
    await redis?.stop();
  });
  /** A store as process `owner` would have it, on a database of its own. */
  function storeOf(owner: string, prefix: string): RedisStore {
    const c = new Redis(`${redis!.url}/3`);
    clients.push(c);
    return new RedisStore(c, { owner: () => owner, leaseMs: 300, prefix });
  }

  it('a paused owner whose lease ran out cannot write once another process claimed the game; the claimer can', async () => {
    const prefix = `t${Date.now()}:`;
    const x = storeOf('X', prefix);
    const y = storeOf('Y', prefix);
    const moves = movesOf('seed-FENCE1', 4);
    await x.begin(header('FENCE1'));
    await x.move('FENCE1', 0, moves[0]!);
    // while X's lease runs, nobody else may claim
    expect(await y.orphans()).toEqual([]);
    expect(await y.claim('FENCE1')).toBe(null);
    await new Promise((r) => setTimeout(r, 400)); // X "paused": no renewal
    expect(await y.orphans()).toEqual(['FENCE1']);
    expect(await y.claim('FENCE1')).toEqual({ previousOwner: 'X' });
    expect(await x.claim('FENCE1')).toBe(null); // one claimer wins
    // X wakes up: its write is refused by the store, not only by its own bookkeeping
    await expect(x.move('FENCE1', 1, moves[1]!)).rejects.toBeInstanceOf(GameTakenOver);
    expect(await x.renew()).toEqual([]); // the refused write already dropped it
    await y.move('FENCE1', 1, moves[1]!);
    await expect(y.move('FENCE1', 1, moves[2]!)).rejects.toThrow(/out of order/);
    expect((await y.load('FENCE1'))!.moves).toEqual(moves.slice(0, 2));
    await expect(x.finish('FENCE1', recordOf(createGame(['Ana', 'Ben'], 'seed-FENCE1'), []))).rejects.toBeInstanceOf(
      GameTakenOver,
    );
  });

  it('renewal keeps a game; a renewal after a takeover reports the game lost; release hands it over at once', async () => {
    const prefix = `u${Date.now()}:`;
    const x = storeOf('X', prefix);
    const y = storeOf('Y', prefix);
    await x.begin(header('RENEW1'));
    await x.begin(header('RENEW2'));
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 150));
      expect(await x.renew()).toEqual([]);
    }
    expect(await y.orphans()).toEqual([]);
    await x.release('RENEW2');
    expect(await y.orphans()).toEqual(['RENEW2']);
    expect(await y.claim('RENEW2')).toEqual({ previousOwner: 'X' });
    await new Promise((r) => setTimeout(r, 400));
    expect(await y.claim('RENEW1')).not.toBe(null);
    expect(await x.renew()).toEqual(['RENEW1']);
    const done = recordOf(createGame(['Ana', 'Ben'], 'seed-RENEW1'), []);
    await y.finish('RENEW1', done);
    expect(await y.load('RENEW1')).toBe(null);
    expect((await y.finished()).map((r) => r.seed)).toEqual(['seed-RENEW1']);
  });
});
