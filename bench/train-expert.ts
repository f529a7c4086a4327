/**
 * `npx tsx bench/train-expert.ts [samples per player count, default 20000] [--montecarlo P]`: fits the `expert`
 * bot's model of a round cut short (src/bots/expert-model.ts, `CUT_WEIGHTS`) and prints the
 * weights to paste there, with the held-out fit beside the `ismcts` bot's rule (fewer distinct
 * values, sooner out). Deterministic: fixed seeds, so the same weights come out on any machine.
 *
 * With `--montecarlo P` it fits nothing new: it asks whether a model trained on stronger play
 * would judge better. Positions and outcomes come from whole games of `montecarlo` bots at P
 * playouts a move at 3 players; it prints the held-out fit, on those games, of the shipped
 * weights beside weights trained on 70% of them (issue 25: "a model trained on stronger play").
 */
import { CUT_WEIGHTS, FEATURE_NAMES, FEATURES, fit, montecarloSamples, samples, train } from './train-expert-data.js';

const flag = process.argv.indexOf('--montecarlo');
const strongPlayouts = flag >= 0 ? Number(process.argv[flag + 1]) : null;
const wanted = Number(
  process.argv.slice(2).filter((_, i, a) => !(a[i] === '--montecarlo' || a[i - 1] === '--montecarlo'))[0] ??
    (strongPlayouts === null ? 20000 : 6000),
);
if (strongPlayouts !== null) {
  const data = await montecarloSamples(3, wanted, 'train-expert-montecarlo-3', strongPlayouts);
  const cut = Math.floor(data.length * 0.7);
  const held = data.slice(cut);
  const shipped = fit(held, Float64Array.from(CUT_WEIGHTS[3]));
  const own = fit(held, train(data.slice(0, cut)));
  console.log(
    `3 players, ${data.length} positions of montecarlo games at ${strongPlayouts} playouts a move; held-out log-likelihood per place (likeliest seat out first): shipped weights ${shipped.logLik.toFixed(4)} (${(shipped.top1 * 100).toFixed(1)}%), weights trained on these games ${own.logLik.toFixed(4)} (${(own.top1 * 100).toFixed(1)}%)`,
  );
  process.exit(0);
}

const rows: { [players: number]: number[] } = {};
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
  console.error(
    `${players} players: ${data.length} samples; held-out log-likelihood per place ${a.logLik.toFixed(4)} (distinct values: ${b.logLik.toFixed(4)}), likeliest seat out first ${(a.top1 * 100).toFixed(1)}% (distinct values: ${(b.top1 * 100).toFixed(1)}%)`,
  );
  rows[players] = Array.from(w, (x) => Number(x.toFixed(4)));
}
console.error(FEATURE_NAMES.map((n, i) => `${i}: ${n}`).join('; '));
console.log(
  `export const CUT_WEIGHTS: Readonly<Record<3 | 4 | 5, readonly number[]>> = {\n${[3, 4, 5].map((p) => `  ${p}: [${rows[p]?.join(', ')}],`).join('\n')}\n};`,
);
