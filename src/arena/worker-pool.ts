/**
 * The pool of worker threads that plays an arena's, a ladder's or a watched game's jobs, and the
 * messages it exchanges with them. The pool watches every decision through each worker's
 * heartbeat and stops a worker whose bot runs past the move limit.
 */
import type { Move } from '../core/index.js';
import type { BotFailure } from '../bots/bot.js';
import type { BotOptions } from '../bots/by-name.js';
import { BotError } from '../bots/errors.js';
import type { ArenaGame, ArenaSpec, PlayedGame, PlaySpec } from './arena-types.js';
import { fileOf } from './bot-modules.js';
import { Heartbeat, type HungDecision } from './heartbeat.js';
import type { LadderSpec, PlayedLadderGame } from './ladder-types.js';
import { errorOf, failureLine, failureOf, timeMessage } from './referee.js';

/** What a worker is started with: the games' settings (an arena's or a ladder's), the bots' budget, the bot modules' URLs by name and its heartbeat. */
export interface ArenaWorkerData {
  readonly spec?: ArenaSpec;
  /** A ladder's settings (src/arena/ladder.ts), as plain data. */
  readonly ladder?: LadderSpec;
  /** One game watched move by move (`dnup play`). */
  readonly play?: PlaySpec;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  readonly modules: Readonly<Record<string, string>>;
  /** Shared memory the worker writes at each decision and move ({@link Heartbeat}). */
  readonly heartbeat?: SharedArrayBuffer;
}

/** What the main thread and a worker say to each other. */
export type ArenaWorkerRequest =
  | { readonly game: number }
  | { readonly ladderGame: number }
  | { readonly playGame: number }
  | { readonly stop: true };
/** A worker's answer: a game's outcome, or why dnup failed (never a bot: a bot's failure is a forfeit in the outcome). */
export type ArenaWorkerReply =
  | { readonly result: ArenaGame | PlayedLadderGame | PlayedGame }
  | { readonly moved: Move }
  | { readonly error: BotFailure; readonly loading?: boolean };

const WORKER_THREADS = 'node:worker_threads';
const NODE_FS = 'node:fs';

/**
 * The Node flags to start a worker with: `undefined` (a worker inherits this process's flags, as
 * Node does by default, V8 and process-wide ones such as `--expose-gc` included) unless a script
 * was given on the command line (`node --input-type=module -e …`), whose flags a worker refuses:
 * then this process's flags without them.
 */
export function workerExecArgv(argv: readonly string[]): string[] | undefined {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (['-e', '--eval', '-p', '--print', '--input-type'].includes(flag))
      i++; // and its value
    else if (!/^--(input-type|eval|print)=/.test(flag)) kept.push(flag);
  }
  return kept.length === argv.length ? undefined : kept;
}

/**
 * Starts one worker. Flags given explicitly are checked by Node, which refuses V8 and
 * process-wide ones (`--expose-gc`, `--max-old-space-size=…`) and names them: start again once
 * without those (the process already applies them).
 */
function startWorker(
  Worker: typeof import('node:worker_threads').Worker,
  path: string | URL,
  workerData: ArenaWorkerData,
): InstanceType<typeof import('node:worker_threads').Worker> {
  let execArgv = workerExecArgv(process.execArgv);
  for (let attempt = 0; ; attempt++) {
    try {
      return new Worker(path, execArgv === undefined ? { workerData } : { workerData, execArgv });
    } catch (e) {
      if (attempt > 0 || execArgv === undefined || (e as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV')
        throw e;
      const refused = new Set(
        String((e as Error).message)
          .replace(/^[^:]*:\s*/, '')
          .split(/,\s*/),
      );
      execArgv = execArgv.filter((flag) => !refused.has(flag));
    }
  }
}

function defaultWorkerScript(): { readonly href: string; readonly protocol: string } {
  // dist/index.js and dist/index.cjs sit beside dist/arena-worker.js (tsup builds it as its own entry)
  return new URL('./arena-worker.js', import.meta.url);
}

/**
 * The worker script to run games in, or undefined to run them in this thread: only when the
 * default script is missing (the sources run without a build) and one worker was asked for.
 */
export async function workerScriptOf(script: string | undefined, workers: number): Promise<string | undefined> {
  if (script !== undefined) return script;
  const url = defaultWorkerScript();
  if (workers > 1 || url.protocol !== 'file:') return url.href;
  const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  return existsSync(fileOf(url.href)) ? url.href : undefined;
}

/** What a worker pool plays: `count` jobs, and what to do with each outcome. */
export interface PoolJobs<R> {
  readonly count: number;
  /** The message of job i (an arena's or a ladder's game). */
  readonly request: (i: number) => ArenaWorkerRequest;
  /** The outcome of job i when its decision failed from outside (its worker was stopped or died). */
  readonly hung: (i: number, hung: HungDecision) => R;
  readonly finish: (r: R) => void;
  /** True when the worker that played this outcome is to be replaced (a bot ran past the limit: its work may go on). */
  readonly fresh: (r: R) => boolean;
  /** Each move a worker reports as it is played (`dnup play` watches the game). */
  readonly moved?: (move: Move) => void;
}

/** Time left to a decision past the limit before its worker is stopped: the worker's own timer judges a promise first. */
const WATCH_GRACE_MS = 50;

type WorkerClass = typeof import('node:worker_threads').Worker;
type Worker = InstanceType<WorkerClass>;

/** One place in the pool: its worker (none while it is replaced or once told to stop), heartbeat and job (-1 for none). */
interface Slot {
  worker: Worker | undefined;
  heartbeat: Heartbeat;
  job: number;
}

/**
 * Hands jobs out one at a time to `count` workers, so a slow game holds up only its worker, and
 * watches every decision: a worker whose decision runs past `limitMs` is stopped, the game is
 * scored as a time forfeit of the seat deciding, and a fresh worker takes the remaining jobs. A
 * worker that dies during a decision (a bot's `process.exit`, a stray error while it awaits)
 * forfeits the seat deciding; one that dies before its game's first decision (a stray error of
 * the game before) has that game played again, at most twice. A worker that cannot start or
 * answers with an error is dnup's failure: `ARENA_WORKER_FAILED`.
 */
export async function inWorkers<R>(
  workerData: ArenaWorkerData,
  limitMs: number,
  maxMoves: number,
  count: number,
  script: string,
  jobs: PoolJobs<R>,
): Promise<void> {
  const path = script.startsWith('file:') ? new URL(script) : script;
  // loaded only here, by a name bundlers leave alone: the rest of the package runs in browsers too
  const { Worker } = (await import(/* @vite-ignore */ WORKER_THREADS)) as typeof import('node:worker_threads');
  const pool = new WorkerPool(Worker, path, workerData, limitMs, maxMoves, jobs);
  try {
    await pool.run(count);
  } finally {
    await pool.close();
  }
}

/** The state of one {@link inWorkers} run. */
class WorkerPool<R> {
  private readonly slots: Slot[] = [];
  private readonly all = new Set<Worker>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /**
   * True once the pool has answered (every job done, or a failure): nothing a worker says counts
   * then, since terminating the workers makes them exit, which must not be judged.
   */
  private settled = false;
  private next = 0;
  private done = 0;
  /** Jobs whose worker died before their first decision, to be played again (at most twice each). */
  private readonly again: number[] = [];
  private readonly tries = new Map<number, number>();
  private resolve: () => void = () => {};
  private reject: (e: unknown) => void = () => {};

  constructor(
    private readonly Worker: WorkerClass,
    private readonly path: string | URL,
    private readonly workerData: ArenaWorkerData,
    private readonly limitMs: number,
    private readonly maxMoves: number,
    private readonly jobs: PoolJobs<R>,
  ) {}

  /** Starts `count` workers and resolves once every job is done; rejects on dnup's failure or the caller's. */
  run(count: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.timer = setInterval(() => this.watch(), Math.max(5, Math.min(100, Math.floor(this.limitMs / 20))));
      for (let i = 0; i < count; i++) {
        const slot: Slot = { worker: undefined, heartbeat: new Heartbeat(0), job: -1 };
        this.slots.push(slot);
        this.spawn(slot);
      }
    });
  }

  /** Stops watching and ends every worker the pool started. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.all].map((w) => w.terminate()));
  }

  private waiting(): boolean {
    return this.again.length > 0 || this.next < this.jobs.count;
  }

  private stop(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }

  private fail(why: string, cause?: unknown): void {
    this.stop(
      new BotError(
        'ARENA_WORKER_FAILED',
        `An arena worker failed (${String(this.path)}): ${why}`,
        { name: String(this.path), input: why },
        cause,
      ),
    );
  }

  private feed(slot: Slot): void {
    if (this.waiting()) {
      slot.job = this.again.shift() ?? this.next++;
      slot.worker!.postMessage(this.jobs.request(slot.job));
    } else {
      slot.job = -1;
      slot.worker!.postMessage({ stop: true } satisfies ArenaWorkerRequest);
      slot.worker = undefined; // it closes and exits: nothing more to hear from it
    }
  }

  private complete(slot: Slot, r: R, dead: boolean): void {
    slot.job = -1;
    try {
      this.jobs.finish(r);
    } catch (e) {
      this.stop(e); // the caller's onGame threw: its error, as in one thread
      return;
    }
    if (++this.done === this.jobs.count) {
      this.settled = true;
      this.resolve();
      return;
    }
    if (dead || this.jobs.fresh(r)) {
      this.retire(slot);
      if (this.waiting()) this.spawn(slot);
    } else this.feed(slot);
  }

  private retire(slot: Slot): void {
    const w = slot.worker;
    slot.worker = undefined;
    if (w) void w.terminate();
  }

  /** The worker of `slot` died or was stopped during its job: the seat deciding forfeits. */
  private lost(slot: Slot, kind: HungDecision['kind'], message: string, error: BotFailure | null, ms: number): void {
    const job = slot.job;
    const seat = slot.heartbeat.seat(job);
    this.retire(slot);
    if (seat < 0) {
      // no decision of this job was under way: nobody to judge (a stray error of a game before
      // ends a worker between games); the job is played again by a fresh worker
      const n = (this.tries.get(job) ?? 0) + 1;
      if (job < 0 || n > 2) {
        this.fail(message, error === null ? undefined : errorOf(error));
        return;
      }
      this.tries.set(job, n);
      this.again.push(job);
      this.spawn(slot);
      return;
    }
    let r: R;
    try {
      r = this.jobs.hung(job, slot.heartbeat.read(seat, kind, message, error, ms));
    } catch (e) {
      this.stop(e);
      return;
    }
    this.complete(slot, r, true);
  }

  private spawn(slot: Slot): void {
    if (this.settled) return;
    slot.heartbeat = new Heartbeat(this.maxMoves);
    slot.job = -1;
    let worker: Worker;
    try {
      worker = startWorker(this.Worker, this.path, { ...this.workerData, heartbeat: slot.heartbeat.buffer });
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e), e);
      return;
    }
    slot.worker = worker;
    this.all.add(worker);
    this.listen(slot, worker);
    this.feed(slot);
  }

  private listen(slot: Slot, worker: Worker): void {
    worker.on('message', (reply: ArenaWorkerReply) => {
      if (this.settled || slot.worker !== worker) return;
      if ('moved' in reply) return this.jobs.moved?.(reply.moved);
      if ('error' in reply) {
        // a module that loaded in this thread but not in a worker is the module's problem
        if (reply.loading)
          return this.stop(
            new BotError('BAD_ARENA_OPTIONS', `${reply.error.message} (in a worker thread)`, {
              name: 'botModules',
            }),
          );
        return this.fail(failureLine(reply.error), errorOf(reply.error));
      }
      this.complete(slot, reply.result as R, false);
    });
    // an uncaught error is judged when the worker has exited: Node may report the error before
    // a result the worker posted just before it (a bot's stray timer after its game), and it
    // delivers every message before 'exit'
    let died: BotFailure | null = null;
    worker.on('error', (e) => {
      if (this.settled || slot.worker !== worker) return;
      died = failureOf(e);
    });
    worker.on('exit', (code) => {
      if (this.settled || slot.worker !== worker) return;
      if (died !== null) this.lost(slot, 'error', `its worker thread stopped on ${failureLine(died)}`, died, 0);
      else this.lost(slot, 'error', `its worker thread exited with code ${code} during the game`, null, 0);
    });
  }

  private watch(): void {
    if (this.settled) return;
    for (const slot of this.slots) {
      if (slot.job < 0 || slot.worker === undefined) continue;
      const ms = slot.heartbeat.running(slot.job);
      if (ms > this.limitMs + WATCH_GRACE_MS) this.lost(slot, 'time', timeMessage(ms, this.limitMs), null, ms);
    }
  }
}
