/**
 * The ladder spread over many machines through a BullMQ queue on Redis. The coordinator puts each
 * game of the schedule on the queue as one job (id: run id and game number); workers play them
 * as the one-machine ladder does (a worker thread per game, as referee) and keep each outcome in
 * a Redis hash keyed by game number, first outcome kept: a game played twice counts once. The
 * coordinator reads the outcomes back and the ladder rates them as one machine does, so the result is
 * the one-machine run's. BullMQ and ioredis are optional peer dependencies, loaded only here, by
 * names bundlers leave alone.
 */
import type { Forfeit } from '../bots/bot.js';
import { BotError } from '../bots/errors.js';
import { botMaker, loadBotModules, resolveModules } from './bot-modules.js';
import { Heartbeat, type HungDecision } from './heartbeat.js';
import {
  workerExecArgv,
  workerScriptOf,
  type ArenaWorkerData,
  type ArenaWorkerReply,
  type ArenaWorkerRequest,
} from './worker-pool.js';
import { hungLadderGame, lineupsOf, playLadderGame } from './ladder-games.js';
import type { BotOptions } from '../bots/by-name.js';
import type { LadderGame, LadderSpec, PlayedLadderGame } from './ladder-types.js';

/** The queue every ladder run shares: workers serve any run. */
const LADDER_QUEUE = 'dnup-ladder';

const BULLMQ = 'bullmq';
const IOREDIS = 'ioredis';
const NODE_CRYPTO = 'node:crypto';
const NODE_FS = 'node:fs';
const NODE_URL = 'node:url';
const NODE_OS = 'node:os';
const WORKER_THREADS = 'node:worker_threads';

/** How long the coordinator waits for a Redis that went away before it stops (the run is kept). */
const REDIS_PATIENCE_MS = 60_000;
/** How long the coordinator waits with no game finished before it looks for failed jobs (and again). */
const SWEEP_MS = 10_000;
/** How many times a game whose job failed by stalling goes back on the queue before the run stops. */
const MAX_STALL_RETRIES = 3;
/** BullMQ's reason for a job that stalled more often than a worker's `maxStalledCount`. */
const STALLED = 'job stalled more than allowable limit';
/** The longest run id. */
const MAX_RUN_ID = 100;
/** Finished runs stay in Redis this long, so that `--resume` can still collect them. */
const KEEP_SECONDS = 7 * 24 * 3600;

const INSTALL = 'install them with: npm install bullmq@6 ioredis@5';

/** A queue run's settings: where Redis is, the run's id, and whether to resume it. */
export interface LadderQueueOptions {
  /** `redis://HOST:PORT[/DB]`. */
  readonly url: string;
  /** The run's id: letters, digits, `.`, `_` and `-`, at most 100 (default: one made from the settings). */
  readonly run?: string;
  /** Continue a run of this id (collect what was done meanwhile, queue the games still missing). */
  readonly resume?: boolean;
  /** Called with a worker's refusal of a job (who, which game, why), before the ladder stops with `QUEUE_REFUSED`. */
  readonly onRefusal?: (refusal: QueueRefusal) => void;
  /**
   * How long to wait for a Redis that went away, in ms (default 60,000); past it the ladder stops
   * with `QUEUE_REDIS`, and the run stays in Redis for `resume`.
   */
  readonly patienceMs?: number;
  /**
   * How long no game may finish before the coordinator looks for failed jobs of the run, and how
   * often it looks again, in ms (default 10,000). A job that failed by stalling (its workers
   * stopped or died while playing it, more often than BullMQ allows) is put back on the queue up
   * to 3 times per game; past that, or failed otherwise, the ladder stops with `QUEUE_FAILED`.
   */
  readonly sweepMs?: number;
  /** Called once when Redis goes away mid-run and once when it is back. */
  readonly onRedis?: (up: boolean) => void;
}

/** A worker's refusal of a job: who, which game, why. */
export interface QueueRefusal {
  readonly worker: string;
  readonly g: number;
  readonly reason: string;
}

/** What a run keeps in Redis, beside its jobs: everything a worker needs to play its games. */
interface RunMeta {
  readonly version: string;
  readonly spec: LadderSpec;
  readonly games: number;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  /** Bot modules by name: paths as `file:` URLs, packages by name (each worker resolves them where it runs). */
  readonly modules: Readonly<Record<string, string>>;
  /** Each module's sha256 of its file's bytes, hex. */
  readonly hashes: Readonly<Record<string, string>>;
}

type Bull = typeof import('bullmq');
type Redis = import('ioredis').Redis;

const queueError = (
  code: 'QUEUE_UNAVAILABLE' | 'QUEUE_REDIS' | 'QUEUE_REFUSED' | 'QUEUE_FAILED',
  message: string,
  name: string,
) => new BotError(code, message, { name });

async function loadPeer<T>(name: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ name)) as T;
  } catch (e) {
    const missing = /Cannot find (module|package)|ERR_MODULE_NOT_FOUND|Failed to load url/i.test(
      `${(e as { code?: unknown } | null)?.code} ${(e as Error | null)?.message}`,
    );
    throw queueError(
      'QUEUE_UNAVAILABLE',
      `A ladder on a queue needs the ${name} package, an optional peer dependency of dnup, which ${missing ? 'is not installed' : `cannot be loaded (${String((e as Error | null)?.message ?? e).slice(0, 200)})`}: ${INSTALL}.`,
      name,
    );
  }
}

/** An error's message on one line of at most 500 characters (it reaches the coordinator's one-line error). */
const oneLine = (e: unknown): string =>
  String((e as Error | null)?.message ?? e)
    .replace(/\s*\n\s*/g, ' ')
    .slice(0, 500);

/** BullMQ and ioredis, or `QUEUE_UNAVAILABLE` saying how to install them. */
async function loadQueuePeers(): Promise<{ bull: Bull; Redis: new (url: string, o: object) => Redis }> {
  const bull = await loadPeer<Bull>(BULLMQ);
  const io = await loadPeer<Record<string, unknown>>(IOREDIS);
  const Redis = (io.Redis ?? io.default) as new (url: string, o: object) => Redis;
  return { bull, Redis };
}

/** The package's version, read from its package.json (dist/… or src/bots/… below it). */
async function dnupVersion(): Promise<string> {
  const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === 'dnup' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not there: one level up
    }
  }
  return 'unknown';
}

/**
 * Each module's sha256 (hex) of its file's bytes, by name (`urls`: `file:` URLs); `BAD_ARENA_OPTIONS`
 * for a file that cannot be read, named as `given` names it.
 */
async function moduleHashes(
  urls: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> = urls,
): Promise<Record<string, string>> {
  const { createHash } = (await import(/* @vite-ignore */ NODE_CRYPTO)) as typeof import('node:crypto');
  const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  const { fileURLToPath } = (await import(/* @vite-ignore */ NODE_URL)) as typeof import('node:url');
  const out: Record<string, string> = {};
  for (const [name, url] of Object.entries(urls)) {
    try {
      out[name] = createHash('sha256')
        .update(readFileSync(fileURLToPath(url)))
        .digest('hex');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException | null)?.code;
      throw new BotError(
        'BAD_ARENA_OPTIONS',
        `The bot module ${given[name] ?? name} cannot be loaded: ${code === 'ENOENT' ? 'there is no such file' : String((e as Error).message).slice(0, 200)} (${url}).`,
        { name },
      );
    }
  }
  return out;
}

const keys = (run: string) => ({
  meta: `dnup:run:${run}:meta`,
  results: `dnup:run:${run}:results`,
  done: `dnup:run:${run}:done`,
  refusals: `dnup:run:${run}:refusals`,
});

const jobId = (run: string, g: number): string => `${run}-${g}`;

/** The Redis URL checked: `redis://HOST:PORT[/DB]` (or rediss://). */
function checkUrl(url: unknown): string {
  if (typeof url !== 'string' || !/^rediss?:\/\/[^\s/]+(\/\d{1,2})?\/?$/.test(url))
    throw new BotError(
      'BAD_LADDER_OPTIONS',
      `A queue is a Redis URL such as redis://127.0.0.1:6379 or redis://host:6379/2, not ${JSON.stringify(String(url)).slice(0, 120)}.`,
      { name: 'queue.url' },
    );
  return url;
}

const redisOptions = { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: true } as const;

/** Connects, or `QUEUE_REDIS` within about 5 s. */
async function connect(R: new (url: string, o: object) => Redis, url: string): Promise<Redis> {
  const redis = new R(url, { ...redisOptions, retryStrategy: () => 500 });
  redis.on('error', () => {}); // reported by the calls that fail
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      5000,
    );
  } catch (e) {
    redis.disconnect();
    throw queueError(
      'QUEUE_REDIS',
      `Redis at ${url} cannot be reached (${String((e as Error | null)?.message ?? e).slice(0, 120)}): start it, or give another --queue.`,
      url,
    );
  }
  return redis;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (x) => {
        clearTimeout(t);
        resolve(x);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** The default run id: a digest of everything that decides the games. */
async function defaultRun(meta: RunMeta): Promise<string> {
  const { createHash } = (await import(/* @vite-ignore */ NODE_CRYPTO)) as typeof import('node:crypto');
  return `ladder-${createHash('sha256').update(JSON.stringify(meta)).digest('hex').slice(0, 16)}`;
}

/**
 * The coordinator: queues the games `todo` of the run (those without an outcome in Redis), and
 * hands each outcome to `finish` as it arrives, the outcomes already in Redis first. Resolves
 * when every game of `todo` has one. The run names its bot modules as `portable` gives them
 * (packages by name, for each worker to resolve), with the sha256 of the files `urls` lead to here.
 */
export async function playOnQueue(
  options: LadderQueueOptions,
  spec: LadderSpec,
  games: number,
  botOptions: Omit<BotOptions, 'seed'>,
  portable: Readonly<Record<string, string>>,
  urls: Readonly<Record<string, string>>,
  todo: readonly number[],
  check: (x: unknown, i: number) => LadderGame,
  finish: (r: PlayedLadderGame) => void,
): Promise<{ run: string }> {
  const url = checkUrl(options.url);
  const { bull, Redis: R } = await loadQueuePeers();
  const meta: RunMeta = {
    version: await dnupVersion(),
    spec,
    games,
    botOptions,
    modules: portable,
    hashes: await moduleHashes(urls, portable),
  };
  const run = options.run ?? (await defaultRun(meta));
  if (!/^[\w.-]+$/.test(run) || run.length > MAX_RUN_ID)
    throw new BotError(
      'BAD_LADDER_OPTIONS',
      `A run id is 1 to ${MAX_RUN_ID} letters, digits, dots, dashes or underscores, not ${JSON.stringify(run).slice(0, 120)}.`,
      { name: 'queue.run' },
    );
  const k = keys(run);
  const redis = await connect(R, url);
  const queue = new bull.Queue(LADDER_QUEUE, { connection: { url, ...redisOptions } });
  queue.on('error', () => {});
  try {
    const text = JSON.stringify(meta);
    const fresh = (await redis.set(k.meta, text, 'NX')) === 'OK';
    if (!fresh) {
      if (!options.resume)
        throw queueError(
          'QUEUE_REFUSED',
          `The run id ${run} is already in use on ${url}: add --resume to collect that run, or give another --run.`,
          run,
        );
      const kept = await redis.get(k.meta);
      if (kept !== text)
        throw queueError(
          'QUEUE_REFUSED',
          `The run ${run} on ${url} was started with other settings, another dnup version or other bot modules: resume it as it was started, or give another --run.`,
          run,
        );
    }
    const want = new Set(todo);
    const seen = new Set<number>();
    const take = (g: number, json: string | null): void => {
      if (!want.has(g) || seen.has(g) || json === null) return;
      let parsed: { game: unknown; forfeit: Forfeit | null };
      try {
        parsed = JSON.parse(json) as { game: unknown; forfeit: Forfeit | null };
      } catch {
        throw queueError(
          'QUEUE_REFUSED',
          `The outcome of game ${g} in Redis is not JSON: the run ${run} is corrupt.`,
          run,
        );
      }
      const game = check(parsed.game, g);
      if (game.g !== g) throw queueError('QUEUE_REFUSED', `The outcome kept as game ${g} is game ${game.g}.`, run);
      seen.add(g);
      finish({ game, forfeit: parsed.forfeit ?? null });
    };
    // what was done before (a resumed run): collected first
    const before = await redis.hgetall(k.results);
    for (const [g, json] of Object.entries(before)) take(Number(g), json);
    const missing = todo.filter((g) => !seen.has(g));
    if (options.resume) {
      // a refused or failed job stays failed under its id, which a new add would not replace
      for (const job of await queue.getFailed(0, -1))
        if ((job.data as { run?: unknown } | undefined)?.run === run) await job.remove();
    }
    const version = meta.version;
    for (let i = 0; i < missing.length; i += 1000)
      await queue.addBulk(
        missing.slice(i, i + 1000).map((g) => ({
          name: 'game',
          data: { run, g, version },
          opts: { jobId: jobId(run, g), removeOnComplete: true, removeOnFail: 1000, attempts: 1 },
        })),
      );
    await collect({ options, bull, url, run, redis, queue, want, seen, take });
    await Promise.all(Object.values(k).map((key) => redis.expire(key, KEEP_SECONDS)));
    return { run };
  } finally {
    redis.removeAllListeners('close'); // closed by us: not Redis going away
    redis.disconnect();
    // a Redis gone away never answers close: cut the connection, so that the process can end
    await within(queue.close(), 2000).catch(() => within(queue.disconnect(), 1000).catch(() => {}));
  }
}

/** What the coordinator's loop works with. */
interface Collecting {
  readonly options: LadderQueueOptions;
  readonly bull: Bull;
  readonly url: string;
  readonly run: string;
  readonly redis: Redis;
  readonly queue: import('bullmq').Queue;
  /** The games to collect, and those collected. */
  readonly want: ReadonlySet<number>;
  readonly seen: ReadonlySet<number>;
  /** Collects a game's outcome (its JSON in Redis). */
  readonly take: (g: number, json: string | null) => void;
}

/**
 * The coordinator's loop: collects outcomes as workers report them, until every game of `want`
 * has one. Stops with `QUEUE_REFUSED` when a worker refused a job, `QUEUE_FAILED` when a job of
 * the run failed (past {@link MAX_STALL_RETRIES} for a stalled one), `QUEUE_REDIS` when Redis
 * stays away past the patience; each time the run is kept in Redis, for `--resume`.
 */
async function collect(c: Collecting): Promise<void> {
  const { options, url, run, redis, want, seen } = c;
  const k = keys(run);
  const patience = options.patienceMs ?? REDIS_PATIENCE_MS;
  const sweepMs = options.sweepMs ?? SWEEP_MS;
  // one call's limit: a Redis gone away is noticed within the patience, however short
  const callMs = Math.max(200, Math.min(5000, patience / 2));
  // told at once when the connection drops, and when it is back
  let lostAt = 0;
  redis.on('close', () => {
    if (lostAt > 0 || seen.size >= want.size) return;
    lostAt = Date.now();
    options.onRedis?.(false);
  });
  redis.on('ready', () => {
    if (lostAt === 0) return;
    lostAt = 0;
    options.onRedis?.(true);
  });
  let offset = 0;
  let refusals = 0;
  let down = 0;
  let progressAt = Date.now();
  let sweptAt = Date.now();
  const retried = new Map<number, number>();
  const refused = async (): Promise<void> => {
    const lines = await within(redis.lrange(k.refusals, refusals, -1), callMs);
    refusals += lines.length;
    const first = lines[0];
    if (first === undefined) return;
    const x = JSON.parse(first) as QueueRefusal;
    options.onRefusal?.(x);
    throw queueError(
      'QUEUE_REFUSED',
      `Worker ${x.worker} refused game ${x.g} of run ${run}: ${x.reason}. The run is kept: fix or stop that worker, then start again with --resume.`,
      x.worker,
    );
  };
  while (seen.size < want.size) {
    try {
      const ids = await within(redis.lrange(k.done, offset, offset + 999), callMs);
      offset += ids.length;
      const gs = ids.map(Number).filter((g) => want.has(g) && !seen.has(g));
      if (gs.length > 0) {
        const values = await within(redis.hmget(k.results, ...gs.map(String)), callMs);
        gs.forEach((g, i) => c.take(g, values[i] ?? null));
        progressAt = Date.now();
      }
      await refused();
      // a job that failed waits for no worker: looked for now and then while nothing finishes
      const now = Date.now();
      if (now - progressAt >= sweepMs && now - sweptAt >= sweepMs) {
        sweptAt = now;
        await within(sweepFailed(c, retried, refused), callMs * 4);
      }
      down = 0;
      if (ids.length === 1000) continue;
    } catch (e) {
      if (e instanceof BotError) throw e;
      if (down === 0) down = lostAt || Date.now();
      if (Date.now() - down > patience)
        throw queueError(
          'QUEUE_REDIS',
          `Redis at ${url} went away for more than ${Math.round(patience / 1000)} s, so this coordinator stops; nothing is lost: the run ${run} is kept in Redis, and workers keep what they finish once it is back. Start again with --resume then.`,
          url,
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The failed jobs of the run: one that failed by stalling (workers that stopped or died while
 * playing it, more than BullMQ allows) goes back on the queue, at most {@link MAX_STALL_RETRIES}
 * times per game; past that, or failed otherwise, the run stops with `QUEUE_FAILED` (a worker's
 * refusal, if there is one, first: it says more).
 */
async function sweepFailed(c: Collecting, retried: Map<number, number>, refused: () => Promise<void>): Promise<void> {
  const { run, want, seen, queue } = c;
  const prefix = `${run}-`;
  for (const id of await queue.getRanges(['failed'], 0, -1)) {
    const rest = id.startsWith(prefix) ? id.slice(prefix.length) : '';
    if (!/^\d{1,9}$/.test(rest)) continue;
    const g = Number(rest);
    if (!want.has(g) || seen.has(g)) continue;
    const job = await c.bull.Job.fromId(queue, id);
    if (job === undefined || (job.data as { run?: unknown } | null)?.run !== run) continue;
    // finished after all (a lock that lapsed at the very end): the loop collects it
    if ((await c.redis.hexists(keys(run).results, String(g))) === 1) continue;
    const reason = String(job.failedReason ?? 'no reason given')
      .slice(0, 200)
      .replace(/\.$/, '');
    const stalled = reason === STALLED;
    const times = retried.get(g) ?? 0;
    if (stalled && times < MAX_STALL_RETRIES) {
      retried.set(g, times + 1);
      await job.retry('failed');
      continue;
    }
    await refused();
    throw queueError(
      'QUEUE_FAILED',
      `Game ${g} of run ${run} failed on the queue: ${reason}${stalled ? ` (put back ${times} times already: the workers that play it stop or die before it ends, such as a bot that crashes its process or runs it out of memory)` : ''}. The run is kept in Redis and nothing is lost: fix the cause, then start again with --resume, which queues that game again.`,
      String(g),
    );
  }
}

/** Settings of {@link serveQueue}. */
export interface QueueWorkerOptions {
  /** `redis://HOST:PORT[/DB]`. */
  readonly url: string;
  /** Games played at once, each in its own worker thread (default 1). */
  readonly workers?: number;
  /** The worker script, as for `runArena`. */
  readonly workerScript?: string;
  /** One line per event worth telling (a refusal, a foreign job), once each. */
  readonly log?: (line: string) => void;
  /** This worker's name in refusals (default: host name and process id). */
  readonly name?: string;
}

/** A running queue worker: `close` stops it (the games under way are played again elsewhere). */
export interface QueueWorker {
  close(): Promise<void>;
}

/**
 * A worker of ladder runs: plays the games of any run on the queue at `url` until closed, each in
 * a worker thread of its own (so that job locks keep renewing), and keeps each outcome in Redis.
 * Refuses (and tells the coordinator) a job of another dnup version, or whose bot modules differ
 * from the files at their paths here or cannot be loaded here (a package named by the run is
 * resolved from the directory this process runs in).
 */
export async function serveQueue(options: QueueWorkerOptions): Promise<QueueWorker> {
  const url = checkUrl(options.url);
  const { bull, Redis: R } = await loadQueuePeers();
  const version = await dnupVersion();
  const { hostname } = (await import(/* @vite-ignore */ NODE_OS)) as typeof import('node:os');
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const log = options.log ?? (() => {});
  const redis = await connect(R, url);
  const logged = new Set<string>();
  const once = (key: string, line: string): void => {
    if (logged.has(key)) return;
    logged.add(key);
    log(line);
  };
  const runs = new Map<string, Promise<RunMeta>>();
  const script = await workerScriptOf(options.workerScript, 1);
  const threads = script === undefined ? undefined : new Threads(script);
  const refuse = async (run: string, g: number, reason: string): Promise<never> => {
    once(`${run}:${reason}`, `refused the jobs of run ${run}: ${reason}`);
    await redis.rpush(keys(run).refusals, JSON.stringify({ worker: name, g, reason } satisfies QueueRefusal));
    throw new bull.UnrecoverableError(reason);
  };
  const metaOf = async (run: string): Promise<RunMeta> => {
    const text = await redis.get(keys(run).meta);
    if (text === null) throw new Error(`the run ${run} has no settings in Redis`);
    return JSON.parse(text) as RunMeta;
  };
  const processor = async (job: { id?: string; data: unknown }): Promise<void> => {
    const d = job.data as { run?: unknown; g?: unknown; version?: unknown } | null;
    if (
      typeof d !== 'object' ||
      d === null ||
      typeof d.run !== 'string' ||
      !/^[\w.-]{1,100}$/.test(d.run) ||
      !Number.isSafeInteger(d.g) ||
      typeof d.version !== 'string' ||
      job.id !== jobId(d.run, d.g as number)
    ) {
      once(`foreign:${job.id}`, `refused job ${String(job.id).slice(0, 120)}: it is not a dnup ladder game`);
      throw new bull.UnrecoverableError('not a dnup ladder game');
    }
    const run = d.run;
    const g = d.g as number;
    if (d.version !== version)
      return refuse(run, g, `the run was made by dnup ${d.version.slice(0, 40)}, this worker is dnup ${version}`);
    let meta: RunMeta;
    try {
      let p = runs.get(run);
      if (p === undefined) {
        p = metaOf(run);
        runs.set(run, p);
        if (runs.size > 100) runs.delete(runs.keys().next().value!);
      }
      meta = await p;
    } catch (e) {
      runs.delete(run);
      return refuse(run, g, `its settings cannot be read (${String((e as Error).message).slice(0, 200)})`);
    }
    if (!Number.isSafeInteger(g) || g < 0 || g >= meta.games) return refuse(run, g, `game ${g} is not in the run`);
    // paths as the coordinator resolved them, packages where this worker runs
    let here: RunMeta;
    let hashes: Record<string, string>;
    try {
      here = { ...meta, modules: (await resolveModules(meta.modules)).urls };
      hashes = await moduleHashes(here.modules, meta.modules);
    } catch (e) {
      return refuse(run, g, oneLine(e).replace(/\.$/, ''));
    }
    for (const [m, h] of Object.entries(meta.hashes))
      if (hashes[m] !== h)
        return refuse(
          run,
          g,
          `the bot module ${m} here (${here.modules[m]}) differs from the coordinator's (sha256 ${hashes[m]?.slice(0, 12)}…, not ${h.slice(0, 12)}…)`,
        );
    let played: PlayedLadderGame;
    try {
      played = threads === undefined ? await playHere(here, g) : await threads.play(run, here, g);
    } catch (e) {
      // a module that cannot be loaded here, or a worker thread that failed: the coordinator hears why
      return refuse(run, g, oneLine(e).replace(/\.$/, ''));
    }
    const k = keys(run);
    // the first outcome of a game is kept: a game played twice counts once
    await redis.multi().hsetnx(k.results, String(g), JSON.stringify(played)).rpush(k.done, String(g)).exec();
  };
  const worker = new bull.Worker(LADDER_QUEUE, processor, {
    connection: { url, ...redisOptions },
    concurrency: options.workers ?? 1,
    // a killed worker's game goes back on the queue within about 15 s
    lockDuration: 10_000,
    stalledInterval: 5_000,
    maxStalledCount: 10,
  });
  worker.on('error', (e) => once(`error:${e.message}`, `Redis: ${e.message.slice(0, 200)}`));
  return {
    async close() {
      await within(worker.close(true), 5000).catch(() => {});
      threads?.close();
      redis.disconnect();
    },
  };
}

type Thread = InstanceType<typeof import('node:worker_threads').Worker>;

/**
 * Worker threads kept between games, per run (a thread holds its run's settings and loaded bot
 * modules: starting one per game would cost more than a fast game). A thread is dropped when its
 * bot ran past the move limit (its work may go on) or when it failed.
 */
class Threads {
  private idle: { run: string; thread: Thread; beat: Heartbeat }[] = [];
  constructor(private readonly script: string) {}

  async play(run: string, meta: RunMeta, g: number): Promise<PlayedLadderGame> {
    const lineups = lineupsOf(meta.spec.bots.length, meta.spec.players);
    // threads of other runs are of no more use once a new run is served
    for (const t of this.idle.filter((x) => x.run !== run)) void t.thread.terminate();
    this.idle = this.idle.filter((x) => x.run === run);
    const kept = this.idle.pop();
    const { thread, beat } = kept ?? (await this.spawn(meta));
    const limitMs = meta.spec.limitMs;
    return new Promise<PlayedLadderGame>((resolve, reject) => {
      let over = false;
      const end = (keep: boolean): void => {
        over = true;
        clearInterval(watch);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
        if (keep) this.idle.push({ run, thread, beat });
        else void thread.terminate();
      };
      const lost = (kind: HungDecision['kind'], message: string, ms: number, cause: unknown): void => {
        if (over) return;
        const seat = beat.seat(g);
        end(false);
        if (seat < 0) return reject(cause instanceof Error ? cause : new Error(message));
        resolve(hungLadderGame(meta.spec, lineups, g, beat.read(seat, kind, message, null, ms)));
      };
      const onMessage = (reply: ArenaWorkerReply): void => {
        if (over || 'moved' in reply) return;
        if ('error' in reply) {
          end(false);
          return reject(new Error(reply.error.message));
        }
        const r = reply.result as PlayedLadderGame;
        end(r.forfeit?.kind !== 'time');
        resolve(r);
      };
      const onError = (e: Error): void => lost('error', `its worker thread stopped on ${e.message}`, 0, e);
      const onExit = (code: number): void =>
        lost('error', `its worker thread exited with code ${code} during the game`, 0, undefined);
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      const watch = setInterval(
        () => {
          const ms = beat.running(g);
          if (ms > limitMs + 50)
            lost('time', `took ${ms.toFixed(1)} ms for one move, past the limit of ${limitMs} ms`, ms, undefined);
        },
        Math.max(5, Math.min(100, Math.floor(limitMs / 20))),
      );
      thread.postMessage({ ladderGame: g } satisfies ArenaWorkerRequest);
    });
  }

  private async spawn(meta: RunMeta): Promise<{ thread: Thread; beat: Heartbeat }> {
    const { Worker } = (await import(/* @vite-ignore */ WORKER_THREADS)) as typeof import('node:worker_threads');
    const beat = new Heartbeat(meta.spec.maxMoves);
    const workerData: ArenaWorkerData = {
      ladder: meta.spec,
      botOptions: meta.botOptions,
      modules: meta.modules,
      heartbeat: beat.buffer,
    };
    const execArgv = workerExecArgv(process.execArgv);
    const path = this.script.startsWith('file:') ? new URL(this.script) : this.script;
    const thread = new Worker(path, execArgv === undefined ? { workerData } : { workerData, execArgv });
    return { thread, beat };
  }

  close(): void {
    for (const t of this.idle.splice(0)) void t.thread.terminate();
  }
}

/** Plays ladder game `g` of a run in this thread (the sources running without a build). */
async function playHere(meta: RunMeta, g: number): Promise<PlayedLadderGame> {
  const lineups = lineupsOf(meta.spec.bots.length, meta.spec.players);
  const makeBot = botMaker(await loadBotModules(meta.modules), meta.botOptions);
  return playLadderGame(meta.spec, lineups, g, makeBot);
}
