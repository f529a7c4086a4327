/**
 * `node bench/train-expert.mjs [samples per player count, default 20000]`: fits the `expert`
 * bot's model of a round cut short (src/bots/expert-model.ts, `CUT_WEIGHTS`) and prints the
 * weights to paste there, with the held-out fit beside the `ismcts` bot's rule (fewer distinct
 * values, sooner out). Deterministic: fixed seeds, so the same weights come out on any machine.
 * The TypeScript sources are bundled first with esbuild (a dependency of tsup).
 */
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const wanted = Number(process.argv[2] ?? 20000);
const out = join(mkdtempSync(join(tmpdir(), 'dnup-train-')), 'train.mjs');
await build({ entryPoints: [fileURLToPath(new URL('./train-expert-data.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'warning' });
const { samples, train, fit, FEATURE_NAMES, FEATURES } = await import(pathToFileURL(out).href);

const rows = {};
for (const players of [3, 4, 5]) {
  const data = samples(players, wanted, `train-expert-${players}`);
  const cut = Math.floor(data.length * 0.8);
  const w = train(data.slice(0, cut));
  const held = data.slice(cut);
  const base = new Float64Array(FEATURES);
  base[1] = -1;
  base[8] = -0.01; // ties by turn order, as the ismcts bot breaks them
  const a = fit(held, w);
  const b = fit(held, base);
  console.error(`${players} players: ${data.length} samples; held-out log-likelihood per place ${a.logLik.toFixed(4)} (distinct values: ${b.logLik.toFixed(4)}), likeliest seat out first ${(a.top1 * 100).toFixed(1)}% (distinct values: ${(b.top1 * 100).toFixed(1)}%)`);
  rows[players] = Array.from(w, (x) => Number(x.toFixed(4)));
}
console.error(FEATURE_NAMES.map((n, i) => `${i}: ${n}`).join('; '));
console.log(`export const CUT_WEIGHTS: Readonly<Record<3 | 4 | 5, readonly number[]>> = {\n${[3, 4, 5].map((p) => `  ${p}: [${rows[p].join(', ')}],`).join('\n')}\n};`);
