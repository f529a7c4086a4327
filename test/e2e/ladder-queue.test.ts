/**
 * `dnup ladder --queue` and `dnup worker` as users run them, against a redis-server the test
 * starts (with an append-only file, so that it can be stopped and started again mid-run): worker
 * processes, one killed with SIGKILL; a coordinator killed and resumed; a worker of another
 * version; Redis going away and coming back, or staying away past the patience; jobs that
 * stall until BullMQ fails them, or fail otherwise; a bot module given as a package, and a worker
 * that cannot load it. Each result must equal the one-machine ladder's, every game counted once.
 * Skipped with one line when there is no redis-server (fails under CI).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedisServer, redisAvailable, startRedis, type RedisProcess } from '../../server/test/processes.js';
import { ROOT } from '../docs/markdown.js';
import { isBotError } from '../../src/index.js';
import { runLadder, type LadderResult } from '../../src/arena.js';

const DIR = join(ROOT, 'test', '.tmp', 'ladder-queue');
const DIST = join(DIR, 'dnup', 'dist');
// the same build, as another dnup version
const OTHER = join(DIR, 'other', 'dist');
// outside the repository: no node_modules above it, so no bullmq
const BARE = mkdtempSync(join(tmpdir(), 'dnup-queue-bare-'));
const LADDER = ['--bots', 'greedy,random,montecarlo', '--playouts', '10', '--seed', 'q', '--json'];
// a bot as an installed package whose module imports a file beside it; workers resolve it where they run
const QBOT = {
  'package.json': JSON.stringify({ name: 'qbot', type: 'module', main: 'index.js' }),
  'index.js':
    "import { pick } from './pick.js';\nexport default () => ({ name: 'qbot', chooseMove: (view, moves) => pick(moves) });\n",
  'pick.js': 'export const pick = (moves) => moves.at(-1);\n',
};
/** Installs qbot under `dir`/node_modules (without `pick.js`: broken), and returns `dir`. */
function installQbot(dir: string, broken = false): string {
  const at = join(dir, 'node_modules', 'qbot');
  mkdirSync(at, { recursive: true });
  for (const [file, text] of Object.entries(QBOT))
    if (!(broken && file === 'pick.js')) writeFileSync(join(at, file), text);
  return dir;
}
// two other machines: qbot installed whole, and qbot without the file its module imports
const WHOLE = mkdtempSync(join(tmpdir(), 'dnup-queue-whole-'));
const BROKEN = mkdtempSync(join(tmpdir(), 'dnup-queue-broken-'));

const enabled = redisAvailable('the ladder on a queue');

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `node cli.js args`, to its end. */
function cli(args: readonly string[], dist = DIST, timeout = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(dist, 'cli.js'), ...args], { cwd: DIR, timeout }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? null) : 0, out, err }),
    );
  });
}

const workers: ChildProcess[] = [];
/** A `dnup worker` process, killed after the test. */
function worker(url: string, dist = DIST, cwd = DIR): ChildProcess & { log: () => string } {
  const w = spawn(process.execPath, [join(dist, 'cli.js'), 'worker', '--queue', url, '--workers', '1'], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  w.stderr!.on('data', (d: Buffer) => {
    log += d.toString();
  });
  workers.push(w);
  return Object.assign(w, { log: () => log });
}

function stopWorkers(): void {
  for (const w of workers.splice(0)) if (w.exitCode === null) w.kill('SIGKILL');
}

/** What must not depend on the machines, resumes or the clock. */
function outcome(text: string): unknown {
  const {
    workers: _w,
    resumed: _r,
    elapsedMs: _e,
    forfeits: _f,
    rows,
    ...rest
  } = JSON.parse(text) as {
    workers: number;
    resumed: number;
    elapsedMs: number;
    forfeits: unknown;
    rows: { msPerMove: number; maxMsPerMove: number }[];
  };
  return { ...rest, rows: rows.map(({ msPerMove: _m, maxMsPerMove: _x, ...row }) => row) };
}

/** Games counted, and seats counted over the rows: each game once, at its 3 seats. */
function counted(text: string): [number, number] {
  const r = JSON.parse(text) as { games: number; rows: { games: number }[] };
  return [r.games, r.rows.reduce((n, row) => n + row.games, 0)];
}

/** Waits until `n` games of `run` are done. */
async function doneAtLeast(url: string, run: string, n: number): Promise<void> {
  const client = new Redis(url);
  client.on('error', () => {}); // Redis restarting: the loop asks again
  try {
    for (let i = 0; i < 600 && (await client.llen(`dnup:run:${run}:done`)) < n; i++) await sleep(100);
  } finally {
    client.disconnect();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A clean refusal: exit 2, one `dnup:` line, no stack trace. */
function refused(r: Run, pattern: RegExp): void {
  expect(r.code, r.err).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^dnup: [^\n]*\n$/);
  expect(r.err).toMatch(pattern);
}

let redis: RedisProcess;
const reference = new Map<number, string>();
/** The one-machine ladder's outcome for `games` games. */
const oneMachine = async (games: number): Promise<unknown> => {
  if (!reference.has(games)) {
    const r = await cli(['ladder', ...LADDER, '--games', String(games), '--workers', '2']);
    expect(r.code, r.err).toBe(0);
    reference.set(games, r.out);
  }
  return outcome(reference.get(games)!);
};

beforeAll(async () => {
  if (!enabled) return;
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const entry = { cli: join(ROOT, 'src/cli/main.ts'), 'arena-worker': join(ROOT, 'src/arena/arena-worker.ts') };
  await build({ config: false, entry, format: ['esm'], outDir: DIST, target: 'node20', silent: true });
  // the version a worker reports is its package.json's, beside dist/
  writeFileSync(join(DIST, '..', 'package.json'), JSON.stringify({ name: 'dnup', version: '0.1.0', type: 'module' }));
  cpSync(DIST, OTHER, { recursive: true });
  writeFileSync(join(OTHER, '..', 'package.json'), JSON.stringify({ name: 'dnup', version: '9.9.9', type: 'module' }));
  cpSync(DIST, join(BARE, 'dist'), { recursive: true });
  installQbot(DIR);
  installQbot(WHOLE);
  installQbot(BROKEN, true);
  writeFileSync(join(BARE, 'package.json'), JSON.stringify({ name: 'dnup', version: '0.1.0', type: 'module' }));
  // kept in an append-only file: the restart test stops it mid-run and starts it again
  redis = await startRedis(findRedisServer()!, { persistent: true });
}, 120_000);

afterAll(async () => {
  if (!enabled) return;
  stopWorkers();
  await redis?.stop();
  for (const dir of [BARE, WHOLE, BROKEN]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!enabled)('dnup ladder --queue and dnup worker', () => {
  it('three workers, one killed with SIGKILL mid-run: the one-machine result, every game counted once', async () => {
    const expected = await oneMachine(12);
    const ws = [worker(redis.url), worker(redis.url), worker(redis.url)];
    const coordinator = cli(['ladder', ...LADDER, '--games', '12', '--queue', redis.url, '--run', 'kill']);
    await doneAtLeast(redis.url, 'kill', 3);
    ws[0]!.kill('SIGKILL');
    const r = await coordinator;
    stopWorkers();
    expect(r.code, r.err).toBe(0);
    expect(outcome(r.out)).toEqual(expected);
    expect(counted(r.out)).toEqual([12, 36]);
    // the same run id again: in use
    refused(
      await cli(['ladder', ...LADDER, '--games', '12', '--queue', redis.url, '--run', 'kill']),
      /run id kill is already in use.*--resume/,
    );
    // --resume collects it whole, at once
    const again = await cli(['ladder', ...LADDER, '--games', '12', '--queue', redis.url, '--run', 'kill', '--resume']);
    expect(again.code, again.err).toBe(0);
    expect(outcome(again.out)).toEqual(expected);
    // the table says where the games were played
    const plain = LADDER.filter((x) => x !== '--json');
    const table = await cli(['ladder', ...plain, '--games', '12', '--queue', redis.url, '--run', 'kill', '--resume']);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toMatch(/, on the queue at 127\.0\.0\.1:\d+, move limit/);
    expect(table.out).not.toMatch(/in this thread/);
  }, 120_000);

  it('a coordinator killed and started again with --resume collects what was done meanwhile; a game played twice counts once', async () => {
    const expected = await oneMachine(12);
    const args = ['ladder', ...LADDER, '--games', '12', '--queue', redis.url, '--run', 'resume'];
    const first = spawn(process.execPath, [join(DIST, 'cli.js'), ...args], { cwd: DIR, stdio: 'ignore' });
    // the games are queued (the job of the last game exists), then the coordinator dies
    const probe = new Redis(redis.url);
    for (let i = 0; i < 600 && (await probe.exists('bull:dnup-ladder:resume-11')) === 0; i++) await sleep(100);
    probe.disconnect();
    first.kill('SIGKILL');
    const w = worker(redis.url);
    await doneAtLeast(redis.url, 'resume', 3);
    // a game reported twice (as by a worker whose lock lapsed): the second outcome is dropped
    const client = new Redis(redis.url);
    client.on('error', () => {});
    const done = await client.lrange('dnup:run:resume:done', 0, -1);
    expect(done.length).toBeGreaterThan(0);
    await client.hsetnx('dnup:run:resume:results', done[0]!, '{"game":"a second outcome"}');
    await client.rpush('dnup:run:resume:done', done[0]!, done[0]!);
    client.disconnect();
    const r = await cli([...args, '--resume']);
    w.kill('SIGKILL');
    expect(r.code, r.err).toBe(0);
    expect(outcome(r.out)).toEqual(expected);
    expect(counted(r.out)).toEqual([12, 36]);
  }, 120_000);

  it('a worker of another dnup version refuses the run, and the coordinator says which and why', async () => {
    const w = worker(redis.url, OTHER);
    // a foreign job, twice: refused, logged once
    const queue = new Queue('dnup-ladder', { connection: { url: redis.url } });
    await queue.add('game', { hello: 1 }, { jobId: 'foreign-1' });
    await queue.add('game', { hello: 2 }, { jobId: 'foreign-2' });
    await queue.close();
    const r = await cli(['ladder', ...LADDER, '--games', '3', '--queue', redis.url, '--run', 'version']);
    stopWorkers();
    refused(
      r,
      /Worker \S+:\d+ refused game \d+ of run version: the run was made by dnup 0\.1\.0, this worker is dnup 9\.9\.9/,
    );
    expect(w.log()).toMatch(/refused the jobs of run version/);
    expect(w.log().match(/refused job foreign-\d: it is not a dnup ladder game/g)?.length).toBe(2);
  }, 60_000);

  it('Redis stopped and started mid-run: the run waits, then ends as the one-machine run', async () => {
    const expected = await oneMachine(12);
    worker(redis.url);
    worker(redis.url);
    const coordinator = cli(['ladder', ...LADDER, '--games', '12', '--queue', redis.url, '--run', 'restart']);
    await doneAtLeast(redis.url, 'restart', 2);
    await redis.stop();
    await sleep(1500);
    await redis.start();
    const r = await coordinator;
    stopWorkers();
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/Redis went away; waiting for it \(nothing is lost/);
    expect(outcome(r.out)).toEqual(expected);
  }, 120_000);

  it('refuses an unreachable Redis, a bad URL and a missing bullmq in one line, exit 2', async () => {
    refused(
      await cli(['ladder', ...LADDER, '--games', '3', '--queue', 'redis://127.0.0.1:1']),
      /Redis at redis:\/\/127\.0\.0\.1:1 cannot be reached/,
    );
    refused(
      await cli(['worker', '--queue', 'redis://127.0.0.1:1']),
      /Redis at redis:\/\/127\.0\.0\.1:1 cannot be reached/,
    );
    refused(await cli(['ladder', ...LADDER, '--games', '3', '--queue', 'http://x']), /A queue is a Redis URL/);
    refused(
      await cli(['worker', '--queue', redis.url], join(BARE, 'dist')),
      /needs the bullmq package.*npm install bullmq@6/,
    );
  }, 60_000);
});

describe.skipIf(!enabled)('the queue ladder with Redis away for long, and bots as packages', () => {
  it('Redis away past --patience: exit 2, one line saying the run is kept; --resume then ends it as one machine does', async () => {
    const expected = await oneMachine(3);
    const args = ['ladder', ...LADDER, '--games', '3', '--queue', redis.url, '--run', 'patience'];
    const coordinator = cli([...args, '--patience', '1']);
    const probe = new Redis(redis.url);
    for (let i = 0; i < 600 && (await probe.exists('bull:dnup-ladder:patience-2')) === 0; i++) await sleep(100);
    probe.disconnect();
    const stopped = Date.now();
    await redis.stop();
    const r = await coordinator;
    const waited = Date.now() - stopped;
    await redis.start();
    expect(r.code, r.err).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).not.toMatch(/\n\s+at /);
    const lines = r.err.trim().split('\n');
    expect(lines[0]).toMatch(/Redis went away; waiting for it/);
    expect(lines.at(-1)).toMatch(
      /^dnup: Redis at redis:\/\/127\.0\.0\.1:\d+ went away for more than 1 s, so this coordinator stops; nothing is lost: the run patience is kept in Redis, .*Start again with --resume/,
    );
    // the patience, not the default minute
    expect(waited).toBeLessThan(15_000);
    worker(redis.url);
    const again = await cli([...args, '--resume']);
    stopWorkers();
    expect(again.code, again.err).toBe(0);
    expect(outcome(again.out)).toEqual(expected);
  }, 120_000);

  it('a bot given as a package: each worker resolves it where it runs; one that cannot load it is named in one line, exit 2', async () => {
    // --bot qbot: a package without a scope is named with --bot, then stands in the lineup by its name
    const bots = [
      '--bots',
      'qbot,greedy,random',
      '--bot',
      'qbot',
      '--playouts',
      '10',
      '--seed',
      'q',
      '--json',
      '--games',
      '3',
    ];
    const reference = await cli(['ladder', ...bots, '--workers', '1']);
    expect(reference.code, reference.err).toBe(0);
    // a machine where qbot lacks a file its module imports: same sha256, cannot load
    const broken = worker(redis.url, DIST, BROKEN);
    const refusal = await cli(['ladder', ...bots, '--queue', redis.url, '--run', 'package-broken']);
    stopWorkers();
    refused(
      refusal,
      /^dnup: Worker \S+:\d+ refused game \d of run package-broken: The bot module \S+qbot\/index\.js cannot be loaded .*pick\.js.*The run is kept: fix or stop that worker, then start again with --resume\.\n$/,
    );
    const logged = broken
      .log()
      .split('\n')
      .filter((l) => l.includes('refused the jobs of run package-broken'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /^dnup worker: refused the jobs of run package-broken: The bot module .*cannot be loaded/,
    );
    expect(broken.log()).not.toMatch(/\n\s+at /);
    // a machine with the whole package, at another path: the one-machine result
    worker(redis.url, DIST, WHOLE);
    const r = await cli(['ladder', ...bots, '--queue', redis.url, '--run', 'package']);
    stopWorkers();
    expect(r.code, r.err).toBe(0);
    expect(outcome(r.out)).toEqual(outcome(reference.out));
  }, 120_000);
});

describe.skipIf(!enabled)('queue jobs that stall until BullMQ fails them', () => {
  /** Test-side BullMQ workers that take the queue's jobs and stall (never finish, then go): BullMQ fails such a job after its stalls. */
  async function stallRound(url: string): Promise<void> {
    // the stalled check of an earlier test's worker (every 5 s) holds off this round's checks: not here
    const client = new Redis(url);
    await client.del('bull:dnup-ladder:stalled-check');
    client.disconnect();
    const options = {
      connection: { url },
      lockDuration: 400,
      stalledInterval: 100,
      maxStalledCount: 0,
      concurrency: 10,
    };
    const w = new Worker('dnup-ladder', () => new Promise<void>(() => {}), options);
    w.on('error', () => {});
    await sleep(1200);
    // gone without a word: its locks lapse, and the next round's stalled check fails its jobs
    await w.close(true);
  }

  /** The queue's events of the jobs of `run`, one a line (`event failed jobId stalled-1 failedReason …`). */
  async function events(run: string): Promise<string> {
    const client = new Redis(redis.url);
    const stream = await client.xrange('bull:dnup-ladder:events', '-', '+');
    client.disconnect();
    const ours = new RegExp(` ${run}-\\d+\\b`);
    return stream
      .map(([, fields]) => fields.join(' '))
      .filter((e) => ours.test(e))
      .join('\n');
  }

  const ladder3 = (run: string) => ({
    bots: ['greedy', 'random', 'montecarlo'],
    games: 3,
    seed: 'q',
    botOptions: { playouts: 10 },
    queue: { url: redis.url, run, sweepMs: 300 },
  });

  it('a job failed by stalling goes back on the queue, and the run ends as one machine does', async () => {
    const expected = await oneMachine(3);
    const running = runLadder(ladder3('stalled'));
    // a round takes the jobs, the next one's stalled check fails them, the coordinator puts them back
    for (
      let round = 0;
      round < 10 && !/event waiting jobId stalled-\d prev failed/.test(await events('stalled'));
      round++
    )
      await stallRound(redis.url);
    worker(redis.url);
    const result: LadderResult = await running;
    stopWorkers();
    const rows = result.rows.map(({ msPerMove: _m, maxMsPerMove: _x, ...row }) => row);
    expect(rows).toEqual((expected as { rows: unknown[] }).rows);
    expect(result.gameList.map((g) => g.g)).toEqual([0, 1, 2]);
    // they did fail by stalling, and went back on the queue from the failed set
    const ours = await events('stalled');
    expect(ours).toMatch(/jobId stalled-\d .*failedReason job stalled more than allowable limit/);
    expect(ours).toMatch(/event waiting jobId stalled-\d prev failed/);
  }, 120_000);

  it('a job that keeps stalling stops the run after 3 tries with QUEUE_FAILED naming the game, the run kept', async () => {
    const running = runLadder(ladder3('stall-cap')).then(
      () => undefined,
      (e: unknown) => e,
    );
    let error: unknown;
    const started = Date.now();
    for (let round = 0; round < 12 && error === undefined; round++) {
      await stallRound(redis.url);
      error = await Promise.race([running, sleep(0).then(() => undefined)]);
    }
    error ??= await running;
    expect(isBotError(error) && error.code).toBe('QUEUE_FAILED');
    expect((error as Error).message).toMatch(
      /^Game [012] of run stall-cap failed on the queue: job stalled more than allowable limit \(put back 3 times already: .*\)\. The run is kept in Redis and nothing is lost: fix the cause, then start again with --resume, which queues that game again\.$/,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
  it('a job failed for another reason stops the run at once with QUEUE_FAILED naming the game and the reason', async () => {
    const running = runLadder(ladder3('broken-job')).then(
      () => undefined,
      (e: unknown) => e,
    );
    // a worker whose processor fails its first job, as a worker that lost its Redis mid-write would
    let failed = false;
    const w = new Worker(
      'dnup-ladder',
      async () => {
        if (failed) return new Promise<void>(() => {});
        failed = true;
        throw new Error('READONLY You cannot write against a read only replica.');
      },
      { connection: { url: redis.url } },
    );
    w.on('error', () => {});
    const started = Date.now();
    const error = await running;
    await w.close(true);
    expect(isBotError(error) && error.code).toBe('QUEUE_FAILED');
    expect((error as Error).message).toMatch(
      /^Game [012] of run broken-job failed on the queue: READONLY You cannot write against a read only replica\. The run is kept in Redis and nothing is lost: fix the cause, then start again with --resume, which queues that game again\.$/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
