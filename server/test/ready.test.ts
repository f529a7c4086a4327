/**
 * `GET /ready` and `GET /health`: liveness answers at once; readiness only once every stored
 * game this process restores is served. A game whose record does not replay is reported, logged
 * once, and left in the store.
 */
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalMoves, type Move } from 'dnup';
import { FileStore } from '../src/file-store.js';
import type { StoredGame } from '../src/store.js';
import { freePort, join, tempDir } from './helpers.js';
import { startServer } from '../src/app.js';

function header(id: string): Omit<StoredGame, 'moves'> {
  return {
    id,
    private: false,
    kinds: ['human', 'human'],
    players: ['Ana', 'Ben'],
    seed: `seed-${id}`,
    tokenHashes: ['a', 'b'],
    host: 0,
  };
}

function firstMoves(seed: string, n: number): Move[] {
  let s = createGame(['Ana', 'Ben'], seed);
  const out: Move[] = [];
  for (let i = 0; i < n; i++) {
    const m = legalMoves(s)[0]!;
    out.push(m);
    s = apply(s, m);
  }
  return out;
}

/** A FileStore whose loads wait for `open()`: the restores are under way until then. */
class GatedStore extends FileStore {
  private gate!: () => void;
  private readonly opened = new Promise<void>((r) => (this.gate = r));
  open(): void {
    this.gate();
  }
  override async load(id: string): Promise<StoredGame | null> {
    await this.opened;
    return super.load(id);
  }
}

describe('readiness', () => {
  it('/health answers while games are being restored, /ready only after; a game that does not replay is reported and left alone', async () => {
    const dir = tempDir();
    const seed = new FileStore(dir);
    await seed.begin(header('GOODGM'));
    for (const [i, m] of firstMoves('seed-GOODGM', 6).entries()) await seed.move('GOODGM', i, m);
    await seed.begin(header('BADGME'));
    await seed.move('BADGME', 0, { type: 'take', target: { seat: 1, area: 3 } }); // illegal at move 0: it does not replay
    const store = new GatedStore(dir);
    const port = await freePort();
    const problems: string[] = [];
    const starting = startServer({ port, store, log: (l) => problems.push(l), logRefusal: () => {} });
    const get = async (path: string) => {
      for (;;) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}${path}`);
          return { status: r.status, body: await r.text() };
        } catch {
          await new Promise((r) => setTimeout(r, 20)); // not listening yet
        }
      }
    };
    expect(await get('/health')).toEqual({ status: 200, body: 'ok' });
    const before = await get('/ready');
    expect(before.status).toBe(503);
    expect(JSON.parse(before.body)).toMatchObject({ ready: false, restoring: 1 });
    store.open();
    const server = await starting;
    try {
      const after = await get('/ready');
      expect(after.status).toBe(200);
      expect(JSON.parse(after.body)).toEqual({ ready: true, restored: 1, restoring: 0, failed: 1, draining: false });
      expect(problems).toEqual([expect.stringMatching(/could not restore game BADGME: .*does not replay/)]);
      // the restored game is served: a seat token that is not its own is refused by that very room
      await expect(join(server, 'GOODGM', { seatToken: 'x' })).rejects.toThrow(/BAD_SEAT_TOKEN/);
      await expect(join(server, 'BADGME', { seatToken: 'x' })).rejects.toThrow(/not found/);
      // logged once: later scans leave the bad game alone
      await new Promise((r) => setTimeout(r, 2500));
      expect(problems).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 30_000);
});
