/**
 * The benchmark guard of issue 26: `npm run bench` fails (exit code 1; the tests never do) when
 * random playouts through the public API (legalMoves + apply) fall more than 10% below the ratio
 * to the contract baseline (bench/contract-baseline.ts) recorded in bench/results/reducer-guard.json.
 * A ratio of two engines timed in one run, interleaved, survives most of a machine's load; a
 * regression of the reducer does not. After a deliberate change of speed, record the new figures
 * with `npm run bench -- --record-guard` (on a quiet machine) and commit the JSON file.
 * On a quiet 2-core machine one ratio still swung from 0.41 to 0.62 between runs of the same
 * build, so a player count found below its floor is measured again (up to RETRIES more times,
 * reducer and contract only) and fails only if no measure reaches the floor.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const FILE = new URL('./results/reducer-guard.json', import.meta.url);
/** bench/results/reducer-guard.json. */
interface GuardRecord {
  readonly what: string;
  readonly recorded: string;
  readonly loadAverage: string;
  /** The ratio by player count. */
  readonly reducerOverContract: { readonly [players: string]: number | undefined };
}

/** How far below the recorded ratio a run may fall before the bench fails. */
export const TOLERANCE = 0.1;
/** Further measures of a player count found below its floor before the bench fails. */
export const RETRIES = 2;

/**
 * Checks `ratios` ({ players, ratio } with ratio = reducer moves/s ÷ contract moves/s, measured in
 * one run) against the recorded figures; a ratio below its floor is measured again with
 * `remeasure(players)` (resolving to a new ratio) and the best kept; prints a table; sets
 * process.exitCode = 1 on a drop that every measure showed.
 */
export async function checkReducerGuard(
  ratios: readonly { readonly players: number; readonly ratio: number }[],
  {
    table,
    fmt,
    remeasure,
  }: {
    /** Prints a table: a header row, then the rows. */
    table: (header: string[], rows: string[][]) => void;
    /** A number with `digits` decimals. */
    fmt: (x: number, digits: number) => string;
    /** One more ratio measured for `players`. */
    remeasure?: (players: number) => Promise<number>;
  },
): Promise<void> {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  if (process.argv.includes('--record-guard')) {
    const record: GuardRecord = {
      what: 'random playouts through the public API (legalMoves + apply) ÷ the contract baseline (bench/contract-baseline.ts), same games, one run; bench/guard.ts fails npm run bench below 90% of these',
      recorded: new Date().toISOString(),
      loadAverage: load,
      reducerOverContract: Object.fromEntries(ratios.map((r) => [String(r.players), Number(r.ratio.toFixed(3))])),
    };
    writeFileSync(FILE, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Guard figures recorded in bench/results/reducer-guard.json (load average ${load}).\n`);
    return;
  }
  const recorded = (JSON.parse(readFileSync(FILE, 'utf8')) as GuardRecord).reducerOverContract;
  let failed = false;
  const rows: string[][] = [];
  for (const { players, ratio: first } of ratios) {
    const want = recorded[String(players)];
    if (want === undefined) {
      rows.push([`${players} players`, fmt(first, 3), '—', '—', '1', 'not recorded']);
      continue;
    }
    const floor = want * (1 - TOLERANCE);
    let ratio = first;
    let measures = 1;
    while (ratio < floor && remeasure && measures <= RETRIES) {
      ratio = Math.max(ratio, await remeasure(players));
      measures++;
    }
    const ok = ratio >= floor;
    if (!ok) failed = true;
    rows.push([
      `${players} players`,
      fmt(ratio, 3),
      fmt(want, 3),
      fmt(floor, 3),
      String(measures),
      ok ? 'ok' : 'FAILED',
    ]);
  }
  console.log(
    `Benchmark guard (bench/guard.ts): reducer ÷ contract baseline against bench/results/reducer-guard.json, load average ${load}`,
  );
  table(['', 'now (best)', 'recorded', 'floor (−10%)', 'measures', 'verdict'], rows);
  if (failed) {
    console.log(
      `The reducer stayed more than 10% slower against the contract baseline than recorded in ${RETRIES + 1} measures: find the regression (npx tsx bench/reducer.ts --dist old=… compares builds), or record new figures on purpose with --record-guard.\n`,
    );
    process.exitCode = 1;
  }
}
