/**
 * `npm run loadtest` as a user runs it on a laptop: a few rooms for a few seconds, people moving
 * as fast as they may. The bundled load test is run in its own process, as the script runs it.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './processes.js';

let loadtest = '';
beforeAll(async () => {
  loadtest = join(dirname(await buildServer('loadtest')), 'loadtest.js');
});

/** Runs the load test with `args`; its exit code and the report it printed. */
async function run(args: string[]): Promise<{ code: number; report: Record<string, unknown>; output: string }> {
  const { stdout, stderr, code } = await promisify(execFile)(process.execPath, [loadtest, ...args], {
    timeout: 90_000,
  }).then(
    (r) => ({ ...r, code: 0 }),
    (e: { stdout: string; stderr: string; code: number }) => e,
  );
  const json = stdout.slice(stdout.indexOf('{'));
  return { code, report: JSON.parse(json) as Record<string, unknown>, output: stdout + stderr };
}

describe('the load test', () => {
  it('passes with two rooms and no think time: people keep to the rate limit', async () => {
    const { code, report, output } = await run(['--rooms', '2', '--seconds', '3']);
    expect(output).not.toContain('RATE_LIMITED');
    expect(report.problems).toBe(0);
    expect(code).toBe(0);
    expect(report.movesPerSecond as number).toBeGreaterThan(0);
    expect(report.storedGamesReplayed as number).toBeGreaterThanOrEqual(2);
  });

  it('refuses options out of range with its own sentence and status 2', async () => {
    const r = await promisify(execFile)(process.execPath, [loadtest, '--rooms', '0']).catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect((r as { code: number }).code).toBe(2);
    expect((r as { stderr: string }).stderr).toContain('--rooms is 1–2000');
  });
});
