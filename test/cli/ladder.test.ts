/**
 * `dnup ladder` as a user runs it: the command line and the arena's worker built from this
 * checkout's sources, a bot module of your own, --json, --out and --resume (after an edited file
 * and after a real interruption), and every refusal as one line with exit code 2. One copy is
 * built outside the repository, where openskill cannot be found.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';
import { workerExecArgv } from '../../src/arena/worker-pool.js';

const DIR = join(ROOT, 'test', '.tmp', 'ladder-cli');
const DIST = join(DIR, 'dist');
// outside the repository: no node_modules above it, so no openskill
const BARE = mkdtempSync(join(tmpdir(), 'dnup-ladder-bare-'));

const SHEDDER = `export default function makeBot({ seed }) {
  return {
    name: 'shedder',
    chooseMove(view, moves) {
      const plays = moves.filter((m) => m.type === 'play');
      return plays.reduce((best, m) => (m.cards.length > best.cards.length ? m : best), plays[0] ?? moves[0]);
    },
  };
}
`;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'shedder.mjs'), SHEDDER);
  const entry = { cli: join(ROOT, 'src/cli/main.ts'), 'arena-worker': join(ROOT, 'src/arena/arena-worker.ts') };
  await build({
    config: false,
    entry: { ...entry, arena: join(ROOT, 'src/arena.ts') },
    format: ['esm'],
    outDir: DIST,
    target: 'node20',
    silent: true,
  });
  await build({ config: false, entry, format: ['esm'], outDir: join(BARE, 'dist'), target: 'node20', silent: true });
}, 180_000);

afterAll(() => rmSync(BARE, { recursive: true, force: true }));

function ladder(args: readonly string[], dist = DIST): { code: number; out: string; err: string } {
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, [join(dist, 'cli.js'), 'ladder', ...args], {
        cwd: DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      }),
      err: '',
    };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout, err: err.stderr };
  }
}

/** A clean refusal: exit 2, one `dnup:` line, no stack trace. */
function refused(r: ReturnType<typeof ladder>, pattern: RegExp): void {
  expect(r.code, r.err).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toMatch(/^dnup: [^\n]*\n$/);
  expect(r.err).toMatch(pattern);
}

interface Json {
  settings: Record<string, unknown>;
  rows: {
    bot: string;
    module: string | null;
    mu: number;
    sigma: number;
    wins: number;
    msPerMove?: number;
    maxMsPerMove?: number;
  }[];
  workers: number;
  resumed: number;
  elapsedMs?: number;
}

/** What must not depend on workers, resumes or the clock. */
function outcome(text: string): unknown {
  const { workers: _w, resumed: _r, elapsedMs: _e, rows, ...rest } = JSON.parse(text) as Json;
  return { ...rest, rows: rows.map(({ msPerMove: _m, maxMsPerMove: _x, ...row }) => row) };
}

const gamesIn = (file: string): { g: number }[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { games: { g: number }[] }).games;

describe('dnup ladder', () => {
  const run = ['--bots', './shedder.mjs,greedy,random', '--games', '6', '--seed', 'cli'];

  it('rates your module beside the built-in bots, the same with 1 and 2 workers, as a table or as JSON', () => {
    const one = ladder([...run, '-w', '1', '--json']);
    const two = ladder([...run, '-w', '2', '--json']);
    expect(one.code, one.err).toBe(0);
    expect(two.code, two.err).toBe(0);
    expect(outcome(two.out)).toEqual(outcome(one.out));
    const json = JSON.parse(one.out) as Json & {
      games: number;
      deals: number;
      gamesPerDeal: number;
      settings: { bots: string[]; players: number };
    };
    expect(json).toMatchObject({
      games: 6,
      deals: 2,
      gamesPerDeal: 3,
      workers: 1,
      settings: { bots: ['shedder', 'greedy', 'random'], players: 3 },
    });
    expect(json.rows.find((r) => r.bot === 'shedder')!.module).toMatch(/^file:.*shedder\.mjs$/);
    expect(json).not.toHaveProperty('gameList');
    const table = ladder([...run, '-w', '1']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(
      /^dnup ladder: 6 games = 2 deals x 3 \(1 lineup x 3 rotations\), 3 players, seed "cli", 1 worker, move limit 10000 ms$/m,
    );
    expect(table.out).toMatch(
      /^rank\s+bot\s+games\s+wins\s+win rate\s+95% CI\s+fair\s+mu\s+sigma\s+mu-3sigma\s+forfeits\s+ms\/move$/m,
    );
    for (const r of json.rows)
      expect(table.out).toMatch(
        new RegExp(`^\\d\\s+${r.bot}\\s+6\\s+${r.wins}\\s.*${r.mu.toFixed(2)}\\s+${r.sigma.toFixed(2)}`, 'm'),
      );
  }, 120_000);

  it('--out keeps every game; --resume after an edited file plays only the missing games and ends as an uninterrupted run', () => {
    const file = join(DIR, 'edited.json');
    rmSync(file, { force: true });
    const whole = ladder([...run, '-w', '1', '--json', '--out', file]);
    expect(whole.code, whole.err).toBe(0);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { format: string; result: unknown; games: { g: number }[] };
    expect(kept).toMatchObject({ format: 'dnup-ladder', version: 1 });
    expect(kept.games.map((g) => g.g)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(kept.result).not.toBeNull();
    // as if the run had stopped after games 0, 2 and 3
    writeFileSync(
      file,
      JSON.stringify({ ...kept, result: null, games: [kept.games[0], kept.games[2], kept.games[3]] }),
    );
    const resumed = ladder([...run, '-w', '2', '--json', '--out', file, '--resume']);
    expect(resumed.code, resumed.err).toBe(0);
    expect((JSON.parse(resumed.out) as Json).resumed).toBe(3);
    expect(outcome(resumed.out)).toEqual(outcome(whole.out));
    expect(gamesIn(file).map((g) => g.g)).toEqual([0, 1, 2, 3, 4, 5]);
    // and the run may grow
    const longer = ladder([
      ...run.slice(0, 2),
      '--games',
      '9',
      '--seed',
      'cli',
      '-w',
      '1',
      '--json',
      '--out',
      file,
      '--resume',
    ]);
    expect(longer.code, longer.err).toBe(0);
    expect((JSON.parse(longer.out) as Json).resumed).toBe(6);
    expect(gamesIn(file)).toHaveLength(9);
  }, 120_000);

  it('stopped by a signal, keeps the games finished so far; --resume ends as an uninterrupted run', async () => {
    const file = join(DIR, 'stopped.json');
    rmSync(file, { force: true });
    const slow = [
      '--bots',
      'montecarlo,greedy,random',
      '--games',
      '9',
      '--seed',
      'stop',
      '--playouts',
      '100',
      '-w',
      '1',
      '--json',
    ];
    const child = spawn(process.execPath, [join(DIST, 'cli.js'), 'ladder', ...slow, '--out', file], {
      cwd: DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal === null ? null : -1))),
    );
    const deadline = Date.now() + 60_000;
    while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await exited;
    const before = existsSync(file) ? gamesIn(file).length : 0;
    if (code === 130) {
      expect(err).toMatch(/stopped by SIGINT; \d+ games kept in .*stopped\.json: run again with --resume to continue/);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(9);
    } else {
      // it finished first, on a fast machine: it exited 0, or the signal came while the process was
      // ending, after its handlers were gone (-1: killed by it); either way the file holds the result
      expect([0, -1]).toContain(code);
      expect(JSON.parse(readFileSync(file, 'utf8')).result, err).not.toBeNull();
    }
    const resumed = ladder([...slow, '--out', file, '--resume']);
    expect(resumed.code, resumed.err).toBe(0);
    const whole = ladder(slow);
    expect(outcome(resumed.out)).toEqual(outcome(whole.out));
  }, 180_000);

  it('refuses bad input in one line, exit 2, before playing', () => {
    refused(ladder(['--bots', 'greedy,nobody', '--games', '2']), /There is no bot called "nobody"/);
    refused(
      ladder(['--bots', 'greedy,random,random', '--games', '4']),
      /games must be a multiple of 3 .*for example 3 or 6/,
    );
    refused(ladder(['--bots', 'greedy,random', '--games', 'ten']), /--games must be a whole number/);
    refused(ladder(['--bots', 'greedy,random', '--games', '2', '--players', '7']), /--players must be from 2 to 5/);
    refused(ladder(['--games', '2']), /--bots is required/);
    refused(
      ladder(['--bots', 'greedy,random,random,greedy,random,greedy', '--games', '30']),
      /^dnup: 6 bots do not fit one table: give --players P, the seats per game \(2 to 5\)/,
    );
    refused(
      ladder(['--bots', 'greedy,random', '--games', '2', '--resume']),
      /--resume continues the run kept in an --out file/,
    );
    const file = join(DIR, 'bad.json');
    writeFileSync(file, '{"format":"dnup-ladder", "games": [');
    refused(ladder(['--bots', 'greedy,random', '--games', '2', '--out', file]), /bad\.json exists: add --resume/);
    refused(
      ladder(['--bots', 'greedy,random', '--games', '2', '--out', file, '--resume']),
      /bad\.json is not a ladder file: it is not JSON/,
    );
    writeFileSync(file, '[1, 2]');
    refused(
      ladder(['--bots', 'greedy,random', '--games', '2', '--out', file, '--resume']),
      /is not a ladder file of this version/,
    );
    const settings = {
      bots: ['greedy', 'random'],
      botModules: {},
      players: 2,
      games: 2,
      seed: 'ladder',
      budget: { playouts: null, ms: null },
      maxMoves: 20000,
    };
    writeFileSync(
      file,
      JSON.stringify({
        format: 'dnup-ladder',
        version: 1,
        settings: { ...settings, seed: 'other' },
        result: null,
        games: [],
      }),
    );
    refused(
      ladder(['--bots', 'greedy,random', '--games', '2', '--out', file, '--resume']),
      /was started with other settings \(seed: "other", not "ladder"\)/,
    );
    writeFileSync(
      file,
      JSON.stringify({ format: 'dnup-ladder', version: 1, settings, result: null, games: [{ g: 0, seats: [1, 0] }] }),
    );
    refused(
      ladder(['--bots', 'greedy,random', '--games', '2', '--out', file, '--resume']),
      /Game 0 of the games to resume does not belong to this ladder: game 0 seats entries 0,1/,
    );
    expect(readFileSync(file, 'utf8')).toContain('"seats":[1,0]'); // left as it was
  }, 120_000);

  it('without openskill, says how to install it (exit 2, no stack trace)', () => {
    const r = ladder(['--bots', 'greedy,random', '--games', '2', '-w', '1'], join(BARE, 'dist'));
    refused(
      r,
      /^dnup: The ladder rates bots with the openskill package, an optional peer dependency of dnup, which is not installed: install it in your project with: npm install openskill@5\.\n$/,
    );
  }, 60_000);

  it('runs on worker threads from a script given on the command line (node --input-type=module -e), whose flags workers cannot take', () => {
    expect(
      workerExecArgv([
        '--input-type=module',
        '-e',
        'x',
        '--max-old-space-size=100',
        '--input-type',
        'module',
        '--print',
        'y',
        '--import',
        'tsx',
      ]),
    ).toEqual(['--max-old-space-size=100', '--import', 'tsx']);
    expect(workerExecArgv(['--import', 'tsx'])).toBeUndefined(); // nothing to leave out: inherit
    const script = `import { runLadder } from ${JSON.stringify(pathToFileURL(join(DIST, 'arena.js')).href)};
const r = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1, workers: 2 });
console.log(r.workers, r.games);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: DIR,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('2 4\n');
  }, 60_000);

  it('runs on worker threads when Node was started with V8 or process-wide flags (npm run bench uses --expose-gc), with or without a script on the command line', () => {
    // given explicitly, these flags make a worker refuse to start; inherited, they are fine
    expect(workerExecArgv(['--expose-gc', '--max-old-space-size=200'])).toBeUndefined();
    const script = `import { runLadder } from ${JSON.stringify(pathToFileURL(join(DIST, 'arena.js')).href)};
const r = await runLadder({ bots: ['greedy', 'random'], games: 4, seed: 1, workers: 2 });
console.log(r.workers, r.games);`;
    const file = join(DIR, 'flags-script.mjs');
    writeFileSync(file, script);
    for (const args of [
      ['--expose-gc', '--max-old-space-size=200', '--stack-size=2000', file],
      ['--expose-gc', '--max-old-space-size=200', '--input-type=module', '-e', script],
    ]) {
      const r = spawnSync(process.execPath, args, { cwd: DIR, encoding: 'utf8', timeout: 60_000 });
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.stdout).toBe('2 4\n');
    }
  }, 120_000);
});
