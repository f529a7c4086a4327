/**
 * A bundler keeps only what an app imports from the built entry: the rules core alone carries no
 * sentence catalogue, bot or record code (the catalogues are built with pure calls for this).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';

const ENTRY = join(ROOT, 'dist', 'index.js');

async function bundle(code: string): Promise<string> {
  const out = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

beforeAll(() => {
  if (!existsSync(ENTRY))
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
}, 120_000);

describe('tree-shaking of the built entry', () => {
  it('the rules core alone leaves out the sentence catalogues, the bots and the records', async () => {
    const core = await bundle(`import { createGame, legalMoves, apply, checkMove } from './dist/index.js';
let s = createGame(3, 1); s = apply(s, legalMoves(s)[0]); console.log(checkMove(s, { type: 'rotate' }).ok);`);
    for (const marker of ['pour gagner', 'om te winnen', 'to win', 'montecarlo', 'dnup-record'])
      expect(core, marker).not.toContain(marker);
    // 30 kB before the trust gateway; it adds the full-state check every state-taking function needs
    // (~10 kB); 45.2 kB since the hand sort can fill a caller's buffer (the fast path's moves by index);
    // 46.8 kB (45.4 before the faster reducer): the private-field mark of states and the hand sort by deck ranks;
    // 49.7 kB with its third pass (explicit marking constructors, unrolled copies of per-seat lists, the
    // table read once per listing), which bought 19-20% fewer instructions a move; 50.35 kB with
    // the tally of each hand by value kept by the fast path's working copy; 57.0 kB with the seal of
    // states and views (src/core/seal.ts, 5.8 kB minified: read-only in fact); 60.2 kB with the
    // library's own copy of each state in place of the state's seal (src/core/own-copy.ts: one copy
    // literal per event kind, and the field-by-field compare); 61.7 kB with the events made again
    // from the state before (own-events.ts) and the moves last listed kept (listed-moves.ts), which
    // bought 10% fewer instructions a move; 62.6 kB with the input reader's fast paths (numbers read
    // without a call, a part equal to the library's own data taken as that data: loadView 20% faster)
    expect(core.length).toBeLessThan(63_000);
  });

  it('describeMove brings the catalogues along (the control)', async () => {
    const words = await bundle(`import { describeMove, createGame, legalMoves } from './dist/index.js';
const s = createGame(3, 1); console.log(describeMove(s, legalMoves(s)[0], 'fr'));`);
    for (const marker of ['pour gagner', 'om te winnen', 'to win']) expect(words).toContain(marker);
  });
});
