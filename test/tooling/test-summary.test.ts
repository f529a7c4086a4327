/** scripts/test-summary.mjs: the one line CI prints must count each failed test once. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(__dirname, '../../scripts/test-summary.mjs');

function summary(...reports: object[]): { line: string; code: number } {
  const dir = mkdtempSync(join(tmpdir(), 'dnup-summary-'));
  const files = reports.map((r, i) => {
    const f = join(dir, `r${i}.json`);
    writeFileSync(f, JSON.stringify(r));
    return f;
  });
  try {
    return {
      line: execFileSync('node', [script, ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      code: 0,
    };
  } catch (e) {
    return { line: String((e as { stdout: string }).stdout).trim(), code: (e as { status: number }).status };
  }
}

describe('test-summary', () => {
  it('counts a failed test once, not again for its file and its describe block', () => {
    // what Vitest wrote in CI for one failed test in one describe block of one file
    const report = {
      numPassedTests: 86,
      numFailedTests: 1,
      numFailedTestSuites: 2,
      testResults: [
        { status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    expect(summary(report)).toEqual({ line: '86 passed, 1 failed', code: 1 });
  });

  it('counts a file that failed without a failed test (an import error), and a missing report', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      numFailedTestSuites: 1,
      testResults: [{ status: 'failed', assertionResults: [] }],
    };
    expect(summary(report, { numPassedTests: 2, numFailedTests: 0, testResults: [] })).toEqual({
      line: '5 passed, 1 failed',
      code: 1,
    });
    const dir = mkdtempSync(join(tmpdir(), 'dnup-summary-'));
    let code = 0;
    try {
      execFileSync('node', [script, join(dir, 'absent.json')], { stdio: 'ignore' });
    } catch (e) {
      code = (e as { status: number }).status;
    }
    expect(code).toBe(1);
  });

  it('names each failed test and a broken file with the first line of its message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dnup-summary-'));
    const f = join(dir, 'r.json');
    writeFileSync(
      f,
      JSON.stringify({
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [
          {
            name: '/check/x/test/e2e/a.test.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'a works' },
              {
                status: 'failed',
                fullName: 'a b fails',
                failureMessages: ['\nAssertionError: expected 1 to be 2\n    at x'],
              },
            ],
          },
          {
            name: '/check/x/server/test/b.test.ts',
            status: 'failed',
            message: 'Cannot find module y',
            assertionResults: [],
          },
        ],
      }),
    );
    let err = '';
    try {
      execFileSync('node', [script, f], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      err = String((e as { stderr: string }).stderr);
    }
    expect(err).toContain('FAILED test/e2e/a.test.ts > a b fails: AssertionError: expected 1 to be 2');
    expect(err).toContain('FAILED server/test/b.test.ts: Cannot find module y');
    expect(err).not.toContain('a works');
  });

  it('exits 0 on a clean run, with skipped tests named', () => {
    expect(
      summary({
        numPassedTests: 9,
        numFailedTests: 0,
        numPendingTests: 1,
        testResults: [{ status: 'passed', assertionResults: [] }],
      }),
    ).toEqual({ line: '9 passed, 0 failed, 1 skipped', code: 0 });
  });
});
