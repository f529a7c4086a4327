/**
 * `dnup ladder` run in this process (test/cli/ladder.test.ts runs the built command line as a
 * user does): table and JSON output, --out then --resume, and the refusals, as coded CliErrors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../src/cli/cli-support.js';
import { ladderCommand } from '../../src/cli/ladder-command.js';

function captured(): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(console, 'log').mockImplementation((...s: unknown[]) => void (out += `${s.join(' ')}\n`));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  return { out: () => out, err: () => err };
}

async function refusal(args: string[]): Promise<CliError> {
  const e = await ladderCommand(args).then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(CliError);
  return e as CliError;
}

afterEach(() => vi.restoreAllMocks());

describe('dnup ladder, in process', () => {
  it('prints a table ranked by rating, and the same games as JSON', async () => {
    const io = captured();
    expect(await ladderCommand(['--bots', 'greedy,random', '--games', '4', '--seed', 'in', '--workers', '1'])).toBe(0);
    const table = io.out();
    expect(table).toMatch(/greedy/);
    expect(table).toMatch(/random/);
    expect(table.indexOf('greedy')).toBeLessThan(table.lastIndexOf('random'));
    expect(await ladderCommand(['-b', 'greedy,random', '-g', '4', '-s', 'in', '-w', '1', '--json'])).toBe(0);
    const json = JSON.parse(io.out().slice(table.length)) as {
      settings: { seed: string; games: number };
      rows: unknown[];
    };
    expect(json.settings).toMatchObject({ seed: 'in', games: 4 });
    expect(json.rows.length).toBe(2);
    expect(await ladderCommand(['--help'])).toBe(0);
    expect(io.out()).toContain('Usage: dnup ladder');
  }, 120_000);

  it('keeps its games with --out, refuses to overwrite them, and --resume plays only the missing ones to the same result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dnup-ladder-'));
    const file = join(dir, 'run.json');
    const io = captured();
    expect(
      await ladderCommand(['-b', 'greedy,random,random', '-p', '3', '-g', '6', '-w', '1', '--out', file, '--json']),
    ).toBe(0);
    const whole = JSON.parse(readFileSync(file, 'utf8')) as { games: { g: number }[]; result: unknown };
    expect(whole.games.map((x) => x.g)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(
      (await refusal(['-b', 'greedy,random,random', '-p', '3', '-g', '6', '-w', '1', '--out', file])).message,
    ).toMatch(/exists: add --resume/);
    // half the games lost: the resumed run ends where the whole one did
    writeFileSync(file, JSON.stringify({ ...whole, result: null, games: whole.games.slice(0, 3) }));
    expect(
      await ladderCommand([
        '-b',
        'greedy,random,random',
        '-p',
        '3',
        '-g',
        '6',
        '-w',
        '1',
        '--out',
        file,
        '--resume',
        '--json',
      ]),
    ).toBe(0);
    // everything but the timings
    const steady = (r: unknown): string =>
      JSON.stringify(r, (k, v: unknown) => (/ms|time|elapsed|resumed/i.test(k) ? undefined : v));
    const resumed = JSON.parse(readFileSync(file, 'utf8')).result as { resumed: number };
    expect(steady(resumed)).toBe(steady(whole.result));
    expect(resumed.resumed).toBe(3);
    // a file that is not a ladder's
    writeFileSync(file, '{"format":"something else"}');
    expect(
      (await refusal(['-b', 'greedy,random,random', '-p', '3', '-g', '6', '-w', '1', '--out', file, '--resume']))
        .exitCode,
    ).toBe(2);
    // --resume with no file yet starts the run
    expect(
      await ladderCommand(['-b', 'greedy,random', '-g', '2', '-w', '1', '--out', join(dir, 'new.json'), '--resume']),
    ).toBe(0);
    expect(io.err()).toMatch(/does not exist yet: starting the run/);
  }, 120_000);

  it('refuses bad arguments with a sentence and exit status 2', async () => {
    captured();
    for (const args of [
      ['--bots', 'greedy,nobody', '--games', '2'],
      ['--bots', 'greedy,random', '--games', '3'],
      ['--bots', 'greedy', '--games', '2'],
      ['--bots', 'greedy,random', '--games', 'many'],
      ['--bots', 'greedy,random', '--games', '2', '--workers', '0'],
      ['--games', '2'],
    ]) {
      const e = await refusal(args);
      expect(e.exitCode, args.join(' ')).toBe(2);
      expect(e.message.length, args.join(' ')).toBeGreaterThan(10);
    }
  }, 60_000);
});
