// Prints the totals of the last vitest runs as one plain line: "N passed, N failed[, N skipped]",
// summed over the JSON reports named on the command line (default: the unit run's and the
// end-to-end run's, as `npm run test:all` writes them). A missing report counts as a failure.
import { readFileSync } from 'node:fs';

const files =
  process.argv.length > 2 ? process.argv.slice(2) : ['test-results/vitest.json', 'test-results/vitest-e2e.json'];
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
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
