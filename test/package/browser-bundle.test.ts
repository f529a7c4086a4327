/**
 * A browser app built by Vite from the packed package: importing the root entry
 * brings no worker asset and no `node:` import, however much of the root it uses; the arena,
 * which runs on worker threads, is its own entry (dnup/arena) and brings its worker only there
 * (the control, which shows the check can fail).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';

type Output = Rolldown.RolldownOutput['output'][number];

function run(cmd: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  }
}

let dir = '';

beforeAll(() => {
  // a fresh build: the package must be the one these sources make
  run(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js')], ROOT);
  dir = mkdtempSync(join(tmpdir(), 'dnup-vite-'));
  const packed = (
    JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT)) as {
      filename: string;
    }[]
  )[0]!;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'dnup-browser-app', version: '0.0.0', private: true, type: 'module' }),
  );
  run(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      join(dir, packed.filename),
    ],
    dir,
  );
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Builds an app of one page whose script is `main`; returns Vite's output files. */
async function buildApp(name: string, main: string): Promise<Output[]> {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(join(root, 'main.js'), main);
  const result = await build({
    root,
    logLevel: 'silent',
    configFile: false,
    build: { write: false, outDir: join(root, 'dist') },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output);
}

const text = (f: Output): string =>
  f.type === 'chunk' ? f.code : typeof f.source === 'string' ? f.source : Buffer.from(f.source).toString('utf8');
const workerAssets = (files: readonly Output[]): string[] =>
  files.filter((f) => /worker/i.test(f.fileName) || /new Worker\(|worker_threads/.test(text(f))).map((f) => f.fileName);
const nodeImports = (files: readonly Output[]): string[] =>
  files.flatMap((f) =>
    [...text(f).matchAll(/\b(?:from|import)\s*\(?\s*["'](node:[\w/]+)["']/g)].map((m) => `${f.fileName}: ${m[1]}`),
  );
const jsBytes = (files: readonly Output[]): number =>
  files.filter((f) => f.fileName.endsWith('.js')).reduce((n, f) => n + Buffer.byteLength(text(f)), 0);

describe('a Vite app using the packed package', () => {
  it('importing createGame from the root gets no worker asset and no node: import', async () => {
    const files = await buildApp(
      'core',
      "import { createGame } from 'dnup';\ndocument.body.textContent = JSON.stringify(createGame(3, 'vite').turn);\n",
    );
    expect(files.map((f) => f.fileName).some((n) => n.endsWith('.js'))).toBe(true);
    expect(workerAssets(files)).toEqual([]);
    expect(nodeImports(files)).toEqual([]);
    // the core alone: 12.1 kB of JavaScript measured; every root export is over 140 kB
    expect(jsBytes(files)).toBeLessThan(40_000);
    console.log(
      `vite app (createGame): ${files.map((f) => `${f.fileName} ${Buffer.byteLength(text(f))} B`).join(', ')}`,
    );
  }, 120_000);

  it('importing every export of the root still gets no worker asset and no node: import', async () => {
    const files = await buildApp(
      'whole',
      "import * as dnup from 'dnup';\nconsole.log(Object.keys(dnup).length, dnup.describeMove, dnup.botByName, dnup.wilsonInterval(3, 10));\n",
    );
    expect(workerAssets(files)).toEqual([]);
    expect(nodeImports(files)).toEqual([]);
    console.log(`vite app (import *): ${files.map((f) => `${f.fileName} ${Buffer.byteLength(text(f))} B`).join(', ')}`);
  }, 120_000);

  it('importing runArena from dnup/arena brings the worker (the control)', async () => {
    const files = await buildApp('arena', "import { runArena } from 'dnup/arena';\nconsole.log(runArena);\n");
    expect(workerAssets(files).length).toBeGreaterThan(0);
  }, 120_000);
});
