/**
 * The library marks the states it makes with a private field stamped by `new` on a class
 * whose constructor returns its argument. A bundler that takes that call for a pure one drops it,
 * and then every state is checked in full on every call (ten times slower, still correct, so no
 * other test notices). This runs the built entry, and the same code bundled and minified.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';

const ENTRY = join(ROOT, 'dist', 'index.js');

const PROGRAM = `import { apply, createGame, legalMoves, loadState, loadView, playerView } from './dist/index.js';
let s = createGame(3, 1);
const trusted = [];
for (let i = 0; i < 10; i++) { trusted.push(loadState(s) === s); s = apply(s, legalMoves(s)[0]); }
const copy = JSON.parse(JSON.stringify(s));
const view = playerView(s, 0);
console.log(JSON.stringify({ trusted: trusted.every(Boolean), copy: loadState(copy) === copy, spread: loadState({ ...s }) === s, view: loadView(view) === view }));`;

beforeAll(() => {
  if (!existsSync(ENTRY))
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
}, 120_000);

const EXPECTED = { trusted: true, copy: false, spread: false, view: true };

describe('the mark of a state the library made survives the build and bundlers', () => {
  it('the built entry trusts its own states and views, and no copy of them', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROGRAM], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(EXPECTED);
  });

  it('the same, bundled and minified by esbuild', async () => {
    const out = await build({
      stdin: { contents: PROGRAM, resolveDir: ROOT, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
    });
    const run = execFileSync(process.execPath, ['--input-type=module', '-e', out.outputFiles[0]!.text], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(run)).toEqual(EXPECTED);
  });
});
