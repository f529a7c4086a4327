/**
 * A sandbox for cases that may exhaust memory: a child process with a heap limit runs a named
 * scenario of fuzz-scenarios.ts (bundled from the sources with tsup, so it uses the public API of
 * src/ exactly as the tests do). A case that hangs, or whose allocation kills the process (one
 * edited card id can make the library allocate gigabytes, and V8 then aborts the whole process,
 * worker threads included), fails with a message instead of taking the test run down; the next
 * case gets a fresh process. Properties using it are asynchronous (fc.asyncProperty).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { CASE_MS } from './fuzz.js';
import type { ScenarioName, ScenarioResult } from './fuzz-scenarios.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'node_modules', '.cache', 'dnup-fuzz');
/** The sandbox's heap limit: far above what any sound case needs. */
const SANDBOX_HEAP_MB = 256;

/**
 * Bundles one entry of the sources with tsup into node_modules/.cache/dnup-fuzz (a per-process
 * name, so parallel test files and test/cli's own build of dist/ never race); returns its path.
 */
export async function bundleEntry(entry: string, name: string): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const file = `${name}-${process.pid}`;
  await build({
    entry: { [file]: join(ROOT, entry) },
    outDir: OUT,
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    config: false,
    silent: true,
    dts: false,
    sourcemap: false,
    clean: false,
    splitting: false,
    external: ['fast-check'],
  });
  return join(OUT, `${file}.js`);
}

let bundle: string | undefined;

/** Bundles the scenarios with the library sources (once per test file, about a second). */
export async function buildSandbox(): Promise<void> {
  bundle ??= await bundleEntry(join('test', 'helpers', 'fuzz-scenarios.ts'), 'scenarios');
}

interface Live {
  readonly process: ChildProcess;
  /** Resolves once the bundle is loaded: the case timer starts only then (a loaded machine may take seconds to start node). */
  readonly ready: Promise<boolean>;
}

let child: Live | undefined;
/** The request waiting for an answer, and the process it was sent to. */
let pending: { from: ChildProcess; resolve: (r: ScenarioResult) => void } | undefined;

function start(): Live {
  if (!bundle) throw new Error('call buildSandbox() in beforeAll first');
  const c = fork(bundle, [], {
    execArgv: [`--max-old-space-size=${SANDBOX_HEAP_MB}`],
    serialization: 'advanced', // structured clone: BigInt, -0, NaN and holes survive the trip
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, DNUP_FUZZ_SANDBOX: '1' },
  });
  let stderr = '';
  c.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  let onReady: (ok: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    onReady = resolve;
  });
  c.on('message', (m) => {
    if ((m as { ready?: boolean }).ready === true) {
      onReady(true);
      return;
    }
    if (pending?.from !== c) return;
    const p = pending;
    pending = undefined;
    p.resolve(m as ScenarioResult);
  });
  c.on('exit', (code, signal) => {
    onReady(false);
    if (child?.process === c) child = undefined;
    if (pending?.from !== c) return; // a process killed after its timeout: nobody waits for it
    const p = pending;
    pending = undefined;
    const oom = /out of memory/i.test(stderr) ? 'OUT OF MEMORY' : `the sandbox died (exit ${code ?? signal})`;
    p.resolve({ ok: false, message: `${oom}: ${stderr.split('\n').find((l) => /FATAL|Error/.test(l)) ?? ''}`.trim() });
  });
  return { process: c, ready };
}

/**
 * Runs scenario `name` on `input` in the sandbox; rejects with an Error describing the failure
 * when the scenario fails, hangs, or the sandbox runs out of memory.
 */
export async function inSandbox(name: ScenarioName, input: unknown, ms = CASE_MS): Promise<void> {
  child ??= start();
  const live = child;
  if (!(await live.ready)) throw new Error('the sandbox process did not start');
  const c = live.process;
  let timer: NodeJS.Timeout | undefined;
  const answer = await new Promise<ScenarioResult>((resolve) => {
    pending = { from: c, resolve };
    timer = setTimeout(() => {
      pending = undefined;
      if (child === live) child = undefined;
      c.kill('SIGKILL');
      resolve({
        ok: false,
        message: `HANG or OUT OF MEMORY: no answer within ${ms} ms (the sandbox heap is ${SANDBOX_HEAP_MB} MB)`,
      });
    }, ms);
    c.send({ name, input });
  });
  clearTimeout(timer);
  if (!answer.ok) throw new Error(answer.message);
}

/** Stops the sandbox process and removes its bundle (afterAll). */
export async function stopSandbox(): Promise<void> {
  const c = child?.process;
  child = undefined;
  if (c && c.exitCode === null) {
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill();
    await exited;
  }
  if (bundle) rmSync(bundle, { force: true });
  bundle = undefined;
}
