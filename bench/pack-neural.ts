/**
 * `npx tsx bench/pack-neural.ts [--from bench/results/neural] [2 3 4 5]`: writes the networks
 * that bench/train-neural.ts or train-neural-ppo.ts trained (FROM/Pp/weights.json) into
 * src/neural/networks/, the weights the package ships (base64 of little-endian float32, as
 * trained). Player counts without a trained network are left out.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const i = process.argv.indexOf('--from');
const from = i >= 0 ? process.argv[i + 1]! : 'bench/results/neural';
const wanted = process.argv
  .slice(2)
  .filter((a, k, all) => a !== '--from' && all[k - 1] !== '--from')
  .map(Number);
const counts = wanted.length > 0 ? wanted : [2, 3, 4, 5];
mkdirSync('src/neural/networks', { recursive: true });
const packed: number[] = [];
for (const players of counts) {
  const file = join(from, `${players}p`, 'weights.json');
  if (!existsSync(file)) continue;
  const w = JSON.parse(readFileSync(file, 'utf8')) as { players: number; shape: unknown; params: string };
  const curve = join(from, `${players}p`, 'curve.json');
  const points = existsSync(curve) ? (JSON.parse(readFileSync(curve, 'utf8')) as { phase?: string }[]) : [];
  // train-neural-ppo.ts marks each point with its phase; train-neural.ts's curve starts at iteration 0
  const epochs = points.filter((x) => x.phase === 'imitate').length;
  const training =
    epochs > 0
      ? `${epochs} epochs of imitation and ${points.length - epochs} PPO iterations of bench/train-neural-ppo.ts`
      : `${Math.max(0, points.length - 1)} iterations of bench/train-neural.ts`;
  writeFileSync(
    `src/neural/networks/network-${players}p.ts`,
    `/** The ${players}-player network of the neural bot after ${training} (curve: ${from}/${players}p/curve.json). Written by bench/pack-neural.ts: do not edit. */\n` +
      `export const NETWORK_${players}P = ${JSON.stringify({ players: w.players, shape: w.shape, data: w.params })} as const;\n`,
  );
  packed.push(players);
}
// written as the formatter writes them, so that npm run format:check passes
if (packed.length)
  execFileSync('npx', ['--no-install', 'biome', 'format', '--write', 'src/neural/networks'], { stdio: 'ignore' });
console.log(packed.length ? `packed: ${packed.map((p) => `${p} players`).join(', ')}` : 'nothing to pack');
