/**
 * Real server processes for the crash and scale-out tests: the server bundled with tsup (as
 * `npm run server` runs it), started with `node`, killed with SIGKILL or stopped with SIGTERM;
 * and a throwaway redis-server on a loopback port.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort, tempDir } from './helpers.js';

const SERVER = resolve(import.meta.dirname, '..');

/** Bundles the server into its own folder under server/.test-build (node finds Colyseus from there). */
export async function buildServer(name: string): Promise<string> {
  const out = join(SERVER, '.test-build', `${name}-${process.pid}`);
  mkdirSync(out, { recursive: true });
  const tsup = join(SERVER, '..', 'node_modules', 'tsup', 'dist', 'cli-default.js');
  await promisify(execFile)(process.execPath, [tsup, '--out-dir', out], { cwd: SERVER });
  return join(out, 'main.js');
}

/** A server process and what it printed. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  output: string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
}

/** Starts `main` and resolves once it listens. */
export async function startProcess(main: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      BOT_DELAY_MS: '0',
      ROUND_PAUSE_MS: '0',
      RATE_PER_SECOND: '100000',
      RATE_BURST: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = {
    child,
    port,
    output: '',
    exited: new Promise((done) => child.once('exit', (code) => done(code))),
  };
  await new Promise<void>((ready, fail) => {
    const onData = (d: Buffer): void => {
      proc.output += d.toString();
      if (proc.output.includes('listening on')) ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening:\n${proc.output}`)));
    setTimeout(() => fail(new Error(`the server did not listen within 30 s:\n${proc.output}`)), 30_000).unref();
  });
  return proc;
}

/** Stops a server gracefully (SIGTERM) and waits for it. */
export async function stopProcess(p: ServerProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const t = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await p.exited;
  clearTimeout(t);
}

/** Where Debian's redis-server is, or null. */
export function findRedisServer(): string | null {
  for (const p of [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'])
    if (p && existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** A redis-server the test started: stopped (SIGTERM) and started again on the same port and folder. */
export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  /** Stops it and waits for its exit; nothing when it is not running. */
  stop(): Promise<void>;
  /** Starts it again after {@link RedisProcess.stop} (what it kept is back only when persistent). */
  start(): Promise<void>;
}

/**
 * A redis-server of its own on a free loopback port. `persistent` keeps every write in an
 * append-only file, synced at once, so that a test can stop Redis mid-run and start it again
 * with nothing lost; otherwise nothing is kept.
 */
export async function startRedis(binary: string, options: { persistent?: boolean } = {}): Promise<RedisProcess> {
  const port = await freePort();
  const dir = tempDir('dnup-redis-');
  const keep = options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const start = async (): Promise<void> => {
    const c = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...keep, '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    exited = new Promise((done) => c.once('exit', done));
    let out = '';
    await new Promise<void>((ready, fail) => {
      const onData = (d: Buffer): void => {
        out += d.toString();
        if (/Ready to accept connections/i.test(out)) ready();
      };
      c.stdout!.on('data', onData);
      c.stderr!.on('data', onData);
      c.once('exit', (code) => fail(new Error(`redis-server exited (${code}):\n${out}`)));
      setTimeout(() => fail(new Error(`redis-server did not start:\n${out}`)), 15_000).unref();
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What `GET /stats` says of a process. */
export async function statsOf(
  p: ServerProcess,
): Promise<{ rooms: number; process: string; codes: string[]; cpuMs: number; heapUsed: number }> {
  return (await (await fetch(`http://127.0.0.1:${p.port}/stats`)).json()) as {
    rooms: number;
    process: string;
    codes: string[];
    cpuMs: number;
    heapUsed: number;
  };
}

/** A redis-server for a test file: DNUP_TEST_REDIS_URL (CI), else one of its own; null when there is none. */
export async function testRedis(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const external = process.env.DNUP_TEST_REDIS_URL;
  if (external) return { url: external, stop: async () => {} };
  const binary = findRedisServer();
  return binary ? startRedis(binary) : null;
}

/** True when the scale-out tests can run (or must, under CI); prints the one skip line otherwise. */
export function redisAvailable(what: string): boolean {
  const available = findRedisServer() !== null || process.env.DNUP_TEST_REDIS_URL !== undefined;
  if (!available && process.env.CI !== 'true')
    console.warn(`${what} skipped: no redis-server found (apt-get install redis-server, or set DNUP_TEST_REDIS_URL)`);
  return available || process.env.CI === 'true';
}
