/**
 * `npx tsx bench/train-policy.ts gen P N PLAYOUTS FILE [FIRST]` keeps N decisions of `montecarlo` self-play at P
 * players (PLAYOUTS a move, games from number FIRST) in FILE, with their positions; `npx tsx bench/train-policy.ts fit FILE` fits the learned playout
 * policy's weights on 80% of them and prints the held-out fit beside the greedy heuristic's;
 * `npx tsx bench/train-policy.ts versus-greedy P GAMES` plays the shipped weights (no search) in one seat
 * against greedy seats. Deterministic: fixed seeds, `montecarlo` budgets in playouts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  type Decision,
  decisions,
  fit,
  GREEDY_WEIGHTS,
  MOVE_FEATURE_NAMES,
  PLAYOUT_WEIGHTS,
  refeature,
  train,
  versusGreedy,
} from './train-policy-data.js';

/** A FILE written by `gen`. */
interface DecisionFile {
  readonly players: number;
  readonly playouts: number;
  readonly data: Decision[];
}
/** The shipped weights of a player count. */
const shippedWeights = (players: number): readonly number[] => {
  const w = (PLAYOUT_WEIGHTS as { readonly [players: number]: readonly number[] | undefined })[players];
  if (w === undefined) throw new Error(`no shipped playout weights for ${players} players`);
  return w;
};
const usage = 'usage: npx tsx bench/train-policy.ts gen P N PLAYOUTS FILE | fit FILE... | versus-greedy P GAMES';
const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'gen') {
  const [players, count, playouts, file, firstGame = '0'] = args;
  if (file === undefined) throw new Error(usage);
  const data = decisions(
    Number(players),
    Number(count),
    `train-policy-${players}-${playouts}`,
    Number(playouts),
    (n: number) => process.stderr.write(`${n} `),
    Number(firstGame),
  );
  writeFileSync(file, JSON.stringify({ players: Number(players), playouts: Number(playouts), data }));
} else if (cmd === 'fit') {
  const read = (f: string): DecisionFile => JSON.parse(readFileSync(f, 'utf8')) as DecisionFile;
  const data = args.flatMap((f) => read(f).data).map(refeature);
  const cut = Math.floor(data.length * 0.8);
  const w = train(data.slice(0, cut));
  const held = data.slice(cut);
  let best: { logLik: number; top1: number; scale: number } | null = null;
  for (const scale of [0.05, 0.1, 0.2, 0.3, 0.5, 1]) {
    const r = fit(
      held,
      GREEDY_WEIGHTS.map((x) => x * scale),
    );
    if (!best || r.logLik > best.logLik) best = { ...r, scale };
  }
  const own = fit(held, w);
  if (best === null || args[0] === undefined) throw new Error(usage);
  const players = read(args[0]).players;
  const shipped = fit(held, shippedWeights(players));
  console.log(
    `held-out, the shipped ${players}-player weights: logLik ${shipped.logLik.toFixed(4)} top1 ${(shipped.top1 * 100).toFixed(1)}%`,
  );
  console.log(
    `${data.length} decisions; held-out: greedy (scale ${best.scale}) logLik ${best.logLik.toFixed(4)} top1 ${(best.top1 * 100).toFixed(1)}%; learned logLik ${own.logLik.toFixed(4)} top1 ${(own.top1 * 100).toFixed(1)}%`,
  );
  console.log(
    MOVE_FEATURE_NAMES.slice(0, -1)
      .map((n, i) => `${n}: ${w[i]!.toFixed(3)} (greedy ${(GREEDY_WEIGHTS[i]! * best.scale).toFixed(3)})`)
      .join('\n'),
  );
  console.log(JSON.stringify(Array.from(w.slice(0, -1), (x) => Number(x.toFixed(4)))));
} else if (cmd === 'versus-greedy') {
  const [players = Number.NaN, games = Number.NaN] = args.map(Number);
  const wins = versusGreedy(players, games, shippedWeights(players));
  console.log(
    `${players} players: the learned policy in one seat won ${wins} of ${games} games against greedy seats (${((100 * wins) / games).toFixed(1)}%, fair share ${(100 / players).toFixed(1)}%)`,
  );
} else {
  console.error(usage);
  process.exit(2);
}
