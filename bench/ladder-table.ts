/**
 * `npx tsx bench/ladder-table.ts [--brief] [files…]`: the strength table of the ladder runs
 * (docs/arena.md; `--brief`, without times, commits and loads), from the files `dnup ladder --out FILE` keeps in `bench/results/ladder/`
 * (default: every bench/results/ladder/*.json but the *.meta.json beside them, in name order). A run still
 * under way (`dnup ladder --out FILE --resume` continues it) is counted from the games it has
 * finished, and says so. A row is about the first bot of the run's list; the bar is for
 * the lower bound of the 95% Wilson interval: the fair share plus 5 points at 3–5 players, 65% in
 * the duel, over at least 1,000 games (a shorter run is a screen). `FILE.meta.json` gives the commit of the code that played and the machine's load, and
 * `budget` when the bots' budgets are not the run's `--playouts`/`--ms` (bots from modules that set
 * their own, as in the duel, where the same 100 ms buys the two bots different counts); `bot`, a
 * label for the first bot when its name alone does not say which version played (a run of an
 * earlier `expert`); `stopped: true` for a run left unfinished on purpose (superseded), not under way.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LadderGame } from '../src/arena.js';
import { wilsonInterval as libraryInterval } from '../src/arena.js';

/** A file `dnup ladder --out FILE` keeps: the run's settings and its finished games. */
interface LadderFile {
  readonly settings: {
    readonly bots: readonly string[];
    readonly players: number;
    readonly games: number;
    readonly budget: { readonly ms: number | null; readonly playouts: number | null };
  };
  readonly games: readonly LadderGame[];
}

/** `FILE.meta.json`, written by hand beside a kept run. */
interface LadderMeta {
  readonly commit?: string;
  readonly load?: string;
  readonly budget?: string;
  readonly bot?: string;
  readonly stopped?: boolean;
  readonly note?: string;
}

/** A kept run and its meta file, if any. */
export interface KeptRun {
  readonly run: LadderFile;
  readonly meta: LadderMeta | null;
}

const pct = (x: number): string => (x * 100).toFixed(1);

/**
 * The files `dnup ladder --out` kept in `bench/results/FOLDER/` (or the `files` given), each with
 * the `.meta.json` written by hand beside it, if any: every *.json of the folder but the meta
 * files, in name order.
 */
export function keptFiles<R, M>(folder: string, files?: readonly string[]): { file: string; run: R; meta: M | null }[] {
  const dir = fileURLToPath(new URL(`./results/${folder}/`, import.meta.url));
  const paths =
    files ??
    (existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json') && !f.endsWith('.meta.json'))
          .sort()
          .map((f) => join(dir, f))
      : []);
  return paths.map((file) => {
    const metaFile = file.replace(/\.json$/, '.meta.json');
    return {
      file,
      run: JSON.parse(readFileSync(file, 'utf8')) as R,
      meta: existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as M) : null,
    };
  });
}

/** The kept runs, `{ run, meta }`: the given files, or every bench/results/ladder/*.json but the *.meta.json. */
export function keptRuns(files?: readonly string[]): KeptRun[] {
  return keptFiles<LadderFile, LadderMeta>('ladder', files);
}

/**
 * The Markdown table of runs as `dnup ladder --out` keeps them, with the library's Wilson interval
 * passed in (the built one from the command line, the source's in the tests).
 */
export function ladderTable(
  runs: readonly KeptRun[],
  wilsonInterval: (successes: number, trials: number) => readonly [number, number],
  { brief = false }: { brief?: boolean } = {},
): string {
  // the brief table leaves out the times, commits and loads
  const lines = brief
    ? [
        "| lineup | players | games | budget per move | first bot's win rate [95% Wilson interval] | bar to reach (lower bound) | met |",
        '|---|---|---|---|---|---|---|',
      ]
    : [
        "| lineup | players | games | budget per move | first bot's win rate [95% Wilson interval] | bar to reach (lower bound) | met | ms per move, mean | commit, load average |",
        '|---|---|---|---|---|---|---|---|---|',
      ];
  for (const { run, meta } of runs) {
    const { bots, players, games: planned, budget } = run.settings;
    const played = run.games.length;
    const wins = run.games.filter((g) => g.winner === 0).length;
    const [low, high] = wilsonInterval(wins, played);
    const bar = players === 2 ? 0.65 : 1 / players + 0.05;
    // mean thinking time per decision of each bot name
    const time = new Map<string, { ms: number; decisions: number }>();
    for (const g of run.games) {
      g.seats.forEach((entry, seat) => {
        const name = bots[entry] ?? `entry ${entry}`;
        const t = time.get(name) ?? { ms: 0, decisions: 0 };
        t.ms += g.ms[seat] ?? 0;
        t.decisions += g.decisions[seat] ?? 0;
        time.set(name, t);
      });
    }
    const times = [...time].map(([name, t]) => `${name} ${(t.ms / Math.max(1, t.decisions)).toFixed(1)}`).join('; ');
    const spend =
      meta?.budget ??
      [
        budget.ms !== null ? `${budget.ms} ms` : null,
        budget.playouts !== null && budget.playouts < 1e6
          ? `${budget.playouts.toLocaleString('en-US')} playouts`
          : null,
      ]
        .filter(Boolean)
        .join(', ');
    const others = bots.slice(1);
    const against =
      others.length > 1 && others.every((b) => b === others[0]) ? `${others.length} ${others[0]}` : others.join(', ');
    const games =
      played < planned
        ? `${played.toLocaleString('en-US')} of ${planned.toLocaleString('en-US')} (${meta?.stopped ? 'stopped' : 'under way'})`
        : played.toLocaleString('en-US');
    // the bar asks for at least 1,000 games: a shorter finished run is a screen, never the bar met
    const met = played < planned ? (meta?.stopped ? 'no' : 'not yet') : low >= bar && played >= 1000 ? 'yes' : 'no';
    const row = `| ${meta?.bot ?? bots[0]} vs ${against} | ${players} | ${games} | ${spend} | ${pct(wins / Math.max(1, played))}% [${pct(low)}, ${pct(high)}] | ${pct(bar)}% | ${met} |`;
    lines.push(brief ? row : `${row} ${times} | ${meta ? `${meta.commit}, ${meta.load}` : '—'} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const brief = process.argv.includes('--brief');
  const files = process.argv.slice(2).filter((a) => a !== '--brief');
  console.log(ladderTable(keptRuns(files.length > 0 ? files : undefined), libraryInterval, { brief }));
}
