/**
 * `npx tsx bench/ratings-table.ts [files…]`: the ratings table of each ladder of many bots kept in
 * `bench/results/ratings/` (default: every *.json there but the *.meta.json beside them, in name
 * order), as docs/arena.md shows it: each bot's openskill rating (mu, sigma, mu − 3·sigma, by which
 * it is ranked), games, wins and win rate with its 95% Wilson interval, forfeits and time per move.
 * The rows are the ladder's own result (`dnup ladder --out FILE` keeps it); the games, wins and
 * forfeits are counted again from the file's games, and a row that disagrees with them stops the
 * script. `FILE.meta.json` gives the commit and the machine's load.
 */
import { fileURLToPath } from 'node:url';
import type { LadderGame, LadderResult } from '../src/arena.js';
import { keptFiles } from './ladder-table.js';

/** A file `dnup ladder --out FILE` keeps, finished (its `result` written). */
interface RatingsFile {
  readonly settings: {
    readonly bots: readonly string[];
    readonly players: number;
    readonly games: number;
    readonly seed: string;
    readonly budget: { readonly ms: number | null; readonly playouts: number | null };
  };
  readonly result: Pick<LadderResult, 'rows' | 'games'>;
  readonly games: readonly LadderGame[];
}

/** `FILE.meta.json`, written by hand beside a kept run. */
interface RatingsMeta {
  readonly commit?: string;
  readonly load?: string;
}

/** A kept ladder of many bots and its meta file, if any. */
export interface KeptRatings {
  readonly file: string;
  readonly run: RatingsFile;
  readonly meta: RatingsMeta | null;
}

/** The kept ladders: the given files, or every bench/results/ratings/*.json but the *.meta.json. */
export function keptRatings(files?: readonly string[]): KeptRatings[] {
  return keptFiles<RatingsFile, RatingsMeta>('ratings', files);
}

const pct = (x: number): string => (x * 100).toFixed(1);
const fixed = (x: number): string => x.toFixed(2);

/** Games, wins and forfeits of each entry counted from the games, to check the result against. */
function counted(run: RatingsFile): { games: number; wins: number; forfeits: number }[] {
  const out = run.settings.bots.map(() => ({ games: 0, wins: 0, forfeits: 0 }));
  for (const g of run.games) {
    for (const entry of g.seats) out[entry]!.games++;
    if (g.winner !== null) out[g.winner]!.wins++; // the winning entry
    if (g.forfeit !== undefined) out[g.seats[g.forfeit.seat]!]!.forfeits++;
  }
  return out;
}

/** The Markdown table of one kept ladder; throws when its result disagrees with its games. */
export function ratingsTable({ file, run, meta }: KeptRatings): string {
  const { players, budget, seed } = run.settings;
  if (run.games.length !== run.settings.games || run.result.games !== run.games.length)
    throw new Error(
      `${file}: ${run.games.length} games kept of ${run.settings.games}: finish the run first (--resume)`,
    );
  const counts = counted(run);
  const lines = [
    `${run.games.length.toLocaleString('en-US')} games at ${players} players, seed \`${seed}\`, ${
      budget.playouts !== null ? `${budget.playouts.toLocaleString('en-US')} playouts` : `${budget.ms} ms`
    } a move for the search bots${meta?.commit ? `; commit ${meta.commit}, load average ${meta.load}` : ''}:`,
    '',
    '| rank | bot | mu | sigma | mu − 3 sigma | games | wins | win rate [95% Wilson interval] | fair share | forfeits | ms per move |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of run.result.rows) {
    const c = counts[r.entry]!;
    if (c.games !== r.games || c.wins !== r.wins || c.forfeits !== r.forfeits)
      throw new Error(`${file}: the result's row of ${r.name} disagrees with the games kept`);
    lines.push(
      `| ${r.rank} | ${r.name} | ${fixed(r.mu)} | ${fixed(r.sigma)} | ${fixed(r.ordinal)} | ${r.games.toLocaleString('en-US')} | ${r.wins} | ${pct(r.winRate)}% [${pct(r.interval[0])}, ${pct(r.interval[1])}] | ${pct(r.fairShare)}% | ${r.forfeits} | ${r.msPerMove.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  console.log(
    keptRatings(files.length > 0 ? files : undefined)
      .map(ratingsTable)
      .join('\n\n'),
  );
}
