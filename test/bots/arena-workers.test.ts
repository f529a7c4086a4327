/**
 * The arena over worker threads: the worker entry, built by tsup from src/ as it is for dist/,
 * gives the same results as one thread for the same seed, whatever the number of workers.
 */
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { botByName, isBotError } from '../../src/index.js';
import { runArena, type ArenaResult } from '../../src/arena.js';
import { arenaWorkerPath, buildArenaWorker } from '../helpers/arena-worker.js';

const WORKER = arenaWorkerPath('arena-worker');

beforeAll(async () => {
  await buildArenaWorker('arena-worker');
}, 120_000);

/** What must not depend on the number of workers: everything but the timings. */
function outcome(r: ArenaResult) {
  return {
    rows: r.rows.map(({ bot, seats, wins, winRate, interval, fairShare, moves }) => ({
      bot,
      seats,
      wins,
      winRate,
      interval,
      fairShare,
      moves,
    })),
    averageMoves: r.averageMoves,
    averageRounds: r.averageRounds,
    unfinished: r.unfinished,
  };
}

describe('runArena over worker threads', () => {
  it('gives the same results for the same seed with 1, 2 and 3 workers', async () => {
    const settings = {
      players: 3,
      games: 7,
      lineup: ['ismcts', 'montecarlo', 'greedy'],
      seed: 'workers',
      botOptions: { playouts: 8 },
      workerScript: WORKER,
    };
    const progress: number[] = [];
    const one = await runArena({ ...settings, workers: 1 });
    const two = await runArena({ ...settings, workers: 2, onGame: (done) => progress.push(done) });
    const three = await runArena({ ...settings, workers: 3 });
    expect(one.workers).toBe(1);
    expect(two.workers).toBe(2);
    expect(outcome(two)).toEqual(outcome(one));
    expect(outcome(three)).toEqual(outcome(one));
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(one.rows.reduce((n, r) => n + r.wins, 0) + one.unfinished).toBe(7);
    for (const row of two.rows) {
      expect(row.p99MsPerMove).toBeGreaterThan(0);
      expect(row.p99MsPerMove).toBeLessThanOrEqual(row.maxMsPerMove);
    }
  });

  it('refuses a custom bot factory with workers, and reports a missing worker script with a code', async () => {
    const base = { players: 2, games: 2, lineup: ['greedy', 'greedy'], seed: 1 };
    await expect(runArena({ ...base, workers: 2, makeBot: (n, s) => botByName(n, { seed: s }) })).rejects.toMatchObject(
      { code: 'BAD_ARENA_OPTIONS' },
    );
    await expect(runArena({ ...base, workers: 0 })).rejects.toMatchObject({ code: 'BAD_ARENA_OPTIONS' });
    await expect(runArena({ ...base, lineup: ['nobody', 'greedy'] })).rejects.toMatchObject({ code: 'UNKNOWN_BOT' });
    let caught: unknown;
    try {
      await runArena({ ...base, workers: 2, workerScript: join(dirname(WORKER), 'missing.js') });
    } catch (e) {
      caught = e;
    }
    expect(isBotError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'ARENA_WORKER_FAILED' });
    // the worker's own error, carried across the thread, is the standard cause, stack and all
    const cause = (caught as Error).cause as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.message).toMatch(/missing\.js|Cannot find/);
    expect(cause.stack).toContain(cause.message.slice(0, 20));
    // an onGame that throws stops the arena with its own error, in workers as in one thread
    const boom = new Error('enough');
    const onGame = (done: number) => {
      if (done === 2) throw boom;
    };
    await expect(runArena({ ...base, games: 4, workers: 2, workerScript: WORKER, onGame })).rejects.toBe(boom);
    await expect(runArena({ ...base, games: 4, onGame })).rejects.toBe(boom);
  });
});
