/**
 * The arena's judgement of a worker that dies, whatever order Node hands over its last events in.
 * Node may report a worker's uncaught error before a result the worker posted just before it (seen
 * under load), and it delivers every message before 'exit'. Here a Worker whose results are held
 * back until its error has been reported (never past its 'exit') stands in for Node's own.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runArena } from '../../src/arena.js';
import { ROOT } from '../docs/markdown.js';
import { arenaWorkerPath, buildArenaWorker } from '../helpers/arena-worker.js';

vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  // biome-ignore lint/suspicious/noExplicitAny: Node's Worker types each event's listener apart
  type Listener = (...args: any[]) => void;
  class Overtaken extends real.Worker {
    private held: unknown[] = [];
    private readonly hearing: Listener[] = [];

    override on(event: string | symbol, listener: Listener): this {
      if (event === 'message') {
        this.hearing.push(listener);
        return super.on('message', (m: unknown) => {
          if (typeof m !== 'object' || m === null || !('result' in m)) return listener(m);
          this.held.push(m); // a result: heard after whatever the worker reports next
          setTimeout(() => this.flush(), 50);
        });
      }
      if (event === 'exit')
        return super.on('exit', (code: number) => {
          this.flush(); // as Node: every message before 'exit'
          listener(code);
        });
      return super.on(event, listener);
    }

    private flush(): void {
      const held = this.held;
      this.held = [];
      for (const m of held) for (const l of this.hearing) l(m);
    }
  }
  return { ...real, default: { ...real, Worker: Overtaken }, Worker: Overtaken };
});

const WORKER = arenaWorkerPath('arena-worker-events');

beforeAll(async () => {
  await buildArenaWorker('arena-worker-events');
}, 120_000);

describe('the arena when a worker dies', () => {
  it('judges a stray error only once the worker has exited: a result heard after the error still counts, nobody forfeits', async () => {
    const result = await runArena({
      players: 2,
      games: 3,
      lineup: ['bad', 'greedy'],
      botModules: { bad: join(ROOT, 'test', 'fixtures', 'bots', 'stray.mjs') },
      seed: 'referee',
      workers: 1,
      workerScript: WORKER,
    });
    expect(result.forfeits).toEqual([]);
    expect(result.seats.reduce((n, s) => n + s.wins, 0) + result.unfinished).toBe(3);
  });
});
