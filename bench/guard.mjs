/**
 * The benchmark guard of issue 26: `npm run bench` fails (exit code 1; the tests never do) when
 * random playouts through the public API (legalMoves + apply) fall more than 10% below the ratio
 * to the contract baseline (bench/contract-baseline.mjs) recorded in bench/reducer-guard.json.
 * A ratio of two engines timed in one run, interleaved, survives most of a machine's load; a
 * regression of the reducer does not. After a deliberate change of speed, record the new figures
 * with `node bench/run.mjs --record-guard` (on a quiet machine) and commit the JSON file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const FILE = new URL('./reducer-guard.json', import.meta.url);
/** How far below the recorded ratio a run may fall before the bench fails. */
export const TOLERANCE = 0.1;

/**
 * Checks `ratios` ({ players, ratio } with ratio = reducer moves/s ÷ contract moves/s, measured in
 * one run) against the recorded figures; prints a table; sets process.exitCode = 1 on a drop.
 */
export function checkReducerGuard(ratios, { table, fmt }) {
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  if (process.argv.includes('--record-guard')) {
    const record = {
      what: 'random playouts through the public API (legalMoves + apply) ÷ the contract baseline (bench/contract-baseline.mjs), same games, one run; bench/guard.mjs fails npm run bench below 90% of these',
      recorded: new Date().toISOString(),
      loadAverage: load,
      reducerOverContract: Object.fromEntries(ratios.map((r) => [String(r.players), Number(r.ratio.toFixed(3))])),
    };
    writeFileSync(FILE, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Guard figures recorded in bench/reducer-guard.json (load average ${load}).\n`);
    return;
  }
  const recorded = JSON.parse(readFileSync(FILE, 'utf8')).reducerOverContract;
  let failed = false;
  const rows = ratios.map(({ players, ratio }) => {
    const want = recorded[String(players)];
    if (want === undefined) return [`${players} players`, fmt(ratio, 3), '—', '—', 'not recorded'];
    const floor = want * (1 - TOLERANCE);
    const ok = ratio >= floor;
    if (!ok) failed = true;
    return [`${players} players`, fmt(ratio, 3), fmt(want, 3), fmt(floor, 3), ok ? 'ok' : 'FAILED'];
  });
  console.log(`Benchmark guard (bench/guard.mjs): reducer ÷ contract baseline against bench/reducer-guard.json, load average ${load}`);
  table(['', 'now', 'recorded', 'floor (−10%)', 'verdict'], rows);
  if (failed) {
    console.log('The reducer is more than 10% slower against the contract baseline than recorded: find the regression (node bench/reducer.mjs --dist old=… compares builds), or record new figures on purpose with --record-guard.\n');
    process.exitCode = 1;
  }
}
