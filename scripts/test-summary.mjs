// Prints the totals of the last vitest run as one plain line: "N passed, N failed[, N skipped]".
import { readFileSync } from 'node:fs';

let report;
try {
  report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  console.error('test-summary: no vitest report found (test-results/vitest.json)');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
