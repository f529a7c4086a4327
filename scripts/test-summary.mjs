// Prints the totals of the last vitest runs as one plain line: "N passed, N failed[, N skipped]",
// summed over the JSON reports named on the command line (default: the unit run's and the
// end-to-end run's, as `npm run test:all` writes them). A missing report counts as a failure.
import { readFileSync } from 'node:fs';

const files =
  process.argv.length > 2 ? process.argv.slice(2) : ['test-results/vitest.json', 'test-results/vitest-e2e.json'];
/** The first line of a failure message, cut to 300 characters. */
const firstLine = (m) =>
  String(m ?? '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    failed++;
    console.error(`test-summary: no vitest report found (${file})`);
    continue;
  }
  const p = report.numPassedTests ?? 0;
  // failed tests, plus files that failed with no failed test (an import or hook error); not
  // numFailedTestSuites, which counts each failed test again for its file and its describe
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const f = (report.numFailedTests ?? 0) + brokenFiles;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.error(`test-summary: ${file}: ${p} passed, ${f} failed, ${s} skipped`);
  // named here, at the end of the log, where a truncated CI log still shows them
  for (const r of report.testResults ?? []) {
    const where = String(r.name ?? '?').replace(/^.*?\/(test|server)\//, '$1/');
    const tests = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (r.status === 'failed' && tests.length === 0) console.error(`  FAILED ${where}: ${firstLine(r.message)}`);
    for (const a of tests)
      console.error(`  FAILED ${where} > ${a.fullName ?? a.title ?? '?'}: ${firstLine((a.failureMessages ?? [])[0])}`);
  }
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
