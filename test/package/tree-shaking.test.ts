/**
 * A bundler keeps only what an app imports from the built entry: the rules core alone carries no
 * sentence catalogue, bot or record code (the catalogues are built with pure calls for this); an app
 * that loads the neural bot by player count carries no network until it asks for one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';
import { NETWORK_2P } from '../../src/neural/networks/network-2p.js';
import { NETWORK_3P } from '../../src/neural/networks/network-3p.js';
import { NETWORK_4P } from '../../src/neural/networks/network-4p.js';
import { NETWORK_5P } from '../../src/neural/networks/network-5p.js';

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

/** A piece of each shipped network's weights (base64), 2 to 5 players. */
const pieces = [NETWORK_2P, NETWORK_3P, NETWORK_4P, NETWORK_5P].map((n) => n.data.slice(1000, 1060));

/**
 * An app of one module, `code` after importing `name` from the built dnup/neural, built by Vite
 * (Rolldown) as the game client is: what it loads with itself (its entry and the chunks it imports
 * statically, transitively) and the code of every chunk. (esbuild keeps a bare import of each
 * network's chunk, so an app bundled by esbuild fetches all four with itself.)
 */
async function viteSplit(code: string, name: string): Promise<{ upfront: string; chunks: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'dnup-split-'));
  writeFileSync(
    join(dir, 'app.js'),
    `import { ${name} } from ${JSON.stringify(join(ROOT, 'dist', 'neural.js'))};\n${code}`,
  );
  const built = (await viteBuild({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      modulePreload: false,
      rollupOptions: { input: join(dir, 'app.js'), preserveEntrySignatures: 'exports-only' },
    },
  })) as { output: { type: string; fileName: string; isEntry?: boolean; code?: string; imports?: string[] }[] };
  rmSync(dir, { recursive: true, force: true });
  const chunks = built.output.filter((o) => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set<string>();
  const visit = (file: string): void => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const i of byName.get(file)?.imports ?? []) visit(i);
  };
  visit(chunks.find((c) => c.isEntry)!.fileName);
  return { upfront: [...loaded].map((n) => byName.get(n)!.code).join('\n'), chunks: chunks.map((c) => c.code!) };
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
    // without a call, a part equal to the library's own data taken as that data: loadView 20% faster);
    // 65.8 kB with the one-pass check of a sound state's cards, table and turn (quick-invariants.ts,
    // 1.7 kB) and the reader's comparison of model records by name (1.3 kB): loadView 31 → 20 µs
    expect(core.length).toBeLessThan(66_500);
  });

  it('neuralBotFor alone leaves every network out of the app, each a chunk fetched on first use', async () => {
    const { upfront, chunks } = await viteSplit(
      'export const hint = async (view, moves) => (await neuralBotFor(view.players.length)).chooseMove(view, moves);',
      'neuralBotFor',
    );
    for (const piece of pieces) {
      expect(upfront).not.toContain(piece);
      expect(chunks.filter((c) => c.includes(piece))).toHaveLength(1);
    }
    expect(new Set(pieces.map((piece) => chunks.findIndex((c) => c.includes(piece)))).size).toBe(4);
    // the control: neuralBot() needs every network at once, so the app carries them all
    const all = await bundle(`import { neuralBot } from './dist/neural.js'; console.log(neuralBot().name);`);
    for (const piece of pieces) expect(all).toContain(piece);
  });

  it('neuralExpertBotFor alone, as the hint worker uses it, carries no network with the app', async () => {
    const { upfront, chunks } = await viteSplit(
      'export const hint = async (view, moves) => (await neuralExpertBotFor(view.players.length, { timeMs: 400 })).chooseMove(view, moves);',
      'neuralExpertBotFor',
    );
    for (const piece of pieces) expect(upfront).not.toContain(piece);
    expect(chunks.filter((c) => c.includes(pieces[1]!))).toHaveLength(1); // the 3-player one, fetched when asked for
    // the control: neuralExpertBot() decodes every shipped network, so the app carries them all
    const all = await bundle(
      `import { neuralExpertBot } from './dist/neural.js'; console.log(neuralExpertBot().name);`,
    );
    for (const piece of pieces) expect(all).toContain(piece);
  });

  it('describeMove brings the catalogues along (the control)', async () => {
    const words = await bundle(`import { describeMove, createGame, legalMoves } from './dist/index.js';
const s = createGame(3, 1); console.log(describeMove(s, legalMoves(s)[0], 'fr'));`);
    for (const marker of ['pour gagner', 'om te winnen', 'to win']) expect(words).toContain(marker);
  });
});
