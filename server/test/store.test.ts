/**
 * The embedded store: what a restarted process reads back, a line torn by a crash, and the
 * bound on disk use (compaction of the live log, rotation of finished records).
 */
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame, legalMoves, apply, recordOf, type Move } from 'dnup';
import { FileStore } from '../src/store.js';
import { tempDir } from './helpers.js';

function header(id: string) {
  return { id, private: false, kinds: ['human', 'human'] as const, players: ['Ana', 'Ben'], seed: `seed-${id}`, tokenHashes: ['a', 'b'], host: 0 };
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
      for (const [i, m] of moves.entries()) await store.move(id, i, m);
      if (g % 10 !== 0) await store.finish(id, recordOf(createGame(['Ana', 'Ben'], `seed-${id}`), moves));
    }
    const total = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThan(4 * maxBytes);
    const again = await new FileStore(dir, { maxBytes }).unfinished();
    expect(again.map((g) => g.id)).toEqual(['G00000', 'G00010', 'G00020', 'G00030', 'G00040', 'G00050']);
    expect(again.every((g) => g.moves.length === 30)).toBe(true);
  });
});
