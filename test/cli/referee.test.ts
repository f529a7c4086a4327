/**
 * The command line as a referee, run as a user runs it (`node dist/cli.js …`, built here from the
 * sources): bot modules that fail, forfeits on stderr and in the JSON, every exit code (0 with
 * forfeits, 1, 2, 3, 130 on SIGINT, 143 on SIGTERM), unknown options and syntax errors in our
 * words, `ladder --resume` refusing a changed module, and `dnup play` with a module.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Options } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type GameRecord } from '../../src/index.js';
import type { Forfeit } from '../../src/arena.js';
import { ROOT } from '../docs/markdown.js';

const DIR = join(ROOT, 'test', '.tmp', 'cli-referee');
const DIST = join(DIR, 'dist');
/** The command line without its worker script: a broken install, dnup's own fault. */
const BROKEN = join(DIR, 'broken');
const WORK = join(DIR, 'work');

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const fixtures = join(ROOT, 'test', 'fixtures', 'bots');
  for (const name of readdirSync(fixtures)) copyFileSync(join(fixtures, name), join(WORK, name));
  const cli = join(ROOT, 'src/cli/main.ts');
  const options: Options = { config: false, format: ['esm'], target: 'node20', silent: true };
  await build({ ...options, entry: { cli, 'arena-worker': join(ROOT, 'src/arena/arena-worker.ts') }, outDir: DIST });
  await build({ ...options, entry: { cli }, outDir: BROKEN });
}, 180_000);

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function dnup(args: readonly string[], dist = DIST): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], {
    cwd: WORK,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A refusal: the exit code, and one `dnup:` line on stderr without a stack trace. */
function oneLine(r: ReturnType<typeof dnup>, code: number, pattern: RegExp): void {
  expect(r.code, r.err).toBe(code);
  expect(r.err).toMatch(/^dnup: [^\n]*\n$/);
  expect(r.err).toMatch(pattern);
  expect(r.err).not.toMatch(/\n\s+at /);
}

/** Starts a command, waits for `ready` on its stderr, sends `signal`; its exit code and how long it took to exit. */
async function stopped(
  args: readonly string[],
  ready: RegExp,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; err: string; ms: number }> {
  const child = spawn(process.execPath, [join(DIST, 'cli.js'), ...args], {
    cwd: WORK,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never saw ${ready} on stderr: ${err}`)), 60_000);
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (ready.test(err)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const sent = Date.now();
  child.kill(signal);
  const code = await exited;
  return { code, err, ms: Date.now() - sent };
}

describe('dnup arena as a referee', () => {
  it('exit 0 with a forfeit: the table counts it, stderr names it in one line, --json holds it in full with a record dnup replay judges legal', () => {
    const args = ['arena', '-p', '2', '-g', '3', '--seats', './throws.mjs,greedy', '-s', 'cli', '-w', '2'];
    const table = dnup(args);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toMatch(/^bot\s+seats\s+wins\s+win rate\s+95% CI\s+fair share\s+× fair\s+forfeits\s+ms\/move/m);
    expect(table.out).toMatch(/^throws\s+1\s+\d+\s+\S+\s+\[.*\]\s+50\.0%\s+\S+\s+1\s/m);
    expect(table.out).toMatch(/, 2 workers, move limit 10000 ms$/m);
    const lines = table.err.split('\n').filter((l) => l.includes('forfeit'));
    expect(lines).toEqual([
      'dnup arena: forfeit: throws, game 1, seat 1, error: TypeError: thrown on purpose by throws.mjs',
      "dnup arena: 1 forfeit (a forfeit loses the bot that game; the run went on); run with --json to see each in full (the bot's message and stack, the game's record up to it)",
    ]);
    const json = dnup([...args, '--json']);
    expect(json.code, json.err).toBe(0);
    const result = JSON.parse(json.out) as { forfeits: Forfeit[]; rows: { bot: string; forfeits: number }[] };
    expect(result.rows.map((r) => [r.bot, r.forfeits])).toEqual([
      ['throws', 1],
      ['greedy', 0],
    ]);
    const [f] = result.forfeits;
    expect(f).toMatchObject({
      bot: 'throws',
      game: 1,
      seat: 1,
      seed: 'cli/1',
      botSeed: 'cli/1/0',
      kind: 'error',
      error: { name: 'TypeError', message: 'thrown on purpose by throws.mjs' },
      refusal: null,
    });
    expect(f!.error!.stack).toMatch(/throws\.mjs:\d+:\d+/);
    expect(json.err).toMatch(/each is in full under "forfeits" in the JSON above/);
    const file = join(WORK, 'forfeit.json');
    writeFileSync(file, JSON.stringify(f!.record));
    const replayed = dnup(['replay', '--quiet', file]);
    expect(replayed.code, replayed.err).toBe(0);
    expect(replayed.out).toContain(`all ${f!.moveNumber} moves are legal`);
  });

  it('a bot in an endless synchronous loop loses on time; its worker is replaced and the other games are played', () => {
    const r = dnup(['arena', '-p', '2', '-g', '4', '--seats', './loops.mjs,greedy', '-w', '1', '--move-limit', '300']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^dnup arena: 4 games, .*, 1 worker, move limit 300 ms$/m);
    expect(r.err).toMatch(
      /^dnup arena: forfeit: loops, game 1, seat 1, time: took \d+\.\d ms for one move, past the limit of 300 ms$/m,
    );
    expect(r.err).toMatch(/^dnup arena: 4\/4 games/m);
  });

  it('exit 2: an unknown option, in our words, for every command', () => {
    for (const command of ['replay', 'check', 'play', 'arena', 'ladder'])
      oneLine(
        dnup([command, '--turbo']),
        2,
        new RegExp(`^dnup: unknown option --turbo for dnup ${command}; see dnup ${command} --help\\n$`),
      );
    oneLine(dnup(['arena', '-x']), 2, /^dnup: unknown option -x for dnup arena; see dnup arena --help\n$/);
    oneLine(dnup(['arena', '--players']), 2, /^dnup: the option --players of dnup arena needs a value; see/);
    oneLine(dnup(['arena', '--json=yes']), 2, /^dnup: the option --json of dnup arena takes no value; see/);
  });

  it('exit 2: a bot module with a syntax error names the file and the line; one without a factory says what to export', () => {
    const seats = (bot: string) => ['arena', '-p', '2', '-g', '1', '--seats', `${bot},greedy`];
    oneLine(
      dnup(seats('./syntax-error.mjs')),
      2,
      /^dnup: The bot module \.\/syntax-error\.mjs has a syntax error at line 3: Unexpected token '\}'\n$/,
    );
    oneLine(
      dnup(seats('./no-factory.mjs')),
      2,
      /^dnup: The bot module \.\/no-factory\.mjs exports no bot factory: it must export default \(or export makeBot\) a function \(\{ seed \}\) => \(\{ name, chooseMove \}\); it exports answer /,
    );
    oneLine(
      dnup(seats('./missing.mjs')),
      2,
      /^dnup: The bot module \.\/missing\.mjs cannot be loaded: there is no such file/,
    );
    oneLine(
      dnup(['play', '--seats', './syntax-error.mjs']),
      2,
      /^dnup: The bot module \.\/syntax-error\.mjs has a syntax error at line 3/,
    );
  });

  it('exit 3: a worker script missing from the install is dnup’s own fault, said in one line', () => {
    oneLine(
      dnup(['arena', '-p', '2', '-g', '2', '--seats', 'greedy,random', '-w', '2'], BROKEN),
      3,
      /^dnup: internal error \(a bug in dnup, please report it\): An arena worker failed/,
    );
  });

  it('exit 143 on SIGTERM, 130 on SIGINT, even with a worker stuck in a loop: no worker keeps the process alive', async () => {
    // game 1 loops for ever under a limit of ten minutes: the worker is busy when the signal comes
    const args = ['arena', '-p', '2', '-g', '3', '--seats', './loops.mjs,greedy', '-w', '1', '--move-limit', '600000'];
    const term = await stopped(args, /1\/3 games/, 'SIGTERM');
    expect(term.code).toBe(143);
    expect(term.ms).toBeLessThan(5000);
    expect(term.err).toMatch(/\ndnup: stopped by SIGTERM\n$/);
    const int = await stopped(args, /1\/3 games/, 'SIGINT');
    expect(int.code).toBe(130);
    expect(int.ms).toBeLessThan(5000);
  });

  it('every command’s help lists every exit code, signals included; forfeits exit 0', () => {
    const top = dnup(['--help']);
    expect(top.code).toBe(0);
    for (const command of ['replay', 'check', 'play', 'arena', 'ladder']) {
      const help = dnup([command, '--help']);
      expect(help.code).toBe(0);
      for (const code of ['0', '2', '3', '130', '143'])
        expect(help.out, `${command} --help: exit ${code}`).toMatch(new RegExp(`\\b${code} [a-z]`));
    }
    for (const text of [top.out, dnup(['arena', '--help']).out, dnup(['ladder', '--help']).out])
      expect(text).toMatch(/forfeits (too|or not)/);
    expect(dnup(['arena', '--help']).out).toMatch(/with --ms N, N \+ max\(N, 100\) ms .*\n.*without --ms,\n10000 ms/);
  });

  it('prints every help within 100 columns, the list of built-in bots included', () => {
    for (const command of [[], ...['replay', 'check', 'play', 'arena', 'ladder', 'worker'].map((c) => [c])]) {
      const help = dnup([...command, '--help']);
      expect(help.code).toBe(0);
      const wide = help.out.split('\n').filter((line) => line.length > 100);
      expect(wide, `dnup ${command.join(' ')} --help`).toEqual([]);
    }
  });
});

describe('dnup ladder --resume and changed bot modules', () => {
  it('refuses a run whose bot module changed since the file was written, naming the file (exit 2); a file without hashes predates the check', () => {
    copyFileSync(join(WORK, 'first.mjs'), join(WORK, 'mine.mjs'));
    const out = join(WORK, 'run.json');
    rmSync(out, { force: true });
    const run = ['ladder', '--bots', './mine.mjs,greedy', '--games', '2', '-w', '1', '--out', out];
    expect(dnup(run).code).toBe(0);
    const kept = JSON.parse(readFileSync(out, 'utf8')) as { settings: { botModuleHashes: Record<string, string> } };
    expect(kept.settings.botModuleHashes.mine).toMatch(/^[0-9a-f]{64}$/);
    expect(dnup([...run, '--games', '4', '--resume']).code).toBe(0);
    appendFileSync(join(WORK, 'mine.mjs'), '// edited\n');
    oneLine(
      dnup([...run, '--games', '6', '--resume']),
      2,
      /^dnup: the bot module \.\/mine\.mjs changed since .*run\.json was written \(its sha256 differs\): resume with the module as it was, or give another --out file to start a new run\n$/,
    );
    const { botModuleHashes: _h, ...older } = kept.settings;
    writeFileSync(out, JSON.stringify({ ...kept, settings: older }));
    oneLine(
      dnup([...run, '--games', '6', '--resume']),
      2,
      /^dnup: .*run\.json predates the check of bot modules \(it keeps no sha256 of \.\/mine\.mjs\), .*give another --out file to start a new run\n$/,
    );
  });
});

describe('dnup play with bot modules', () => {
  it('plays your module move by move, given as in dnup arena', () => {
    const r = dnup(['play', '-p', '2', '--seats', 'greedy,./first.mjs', '-s', '7']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^dnup play: 2 players \(Ana: greedy, Ben: first\), seed "7"/);
    expect(r.out).toMatch(/wins the game/);
    const named = dnup(['play', '-p', '2', '--bot', 'mine=./first.mjs', '--seats', 'greedy,mine', '-s', '7']);
    expect(named.out.split('\n').slice(1)).toEqual(r.out.split('\n').slice(1));
  });

  it('exit 1: a bot that fails is named with its seat, the move and its message; the record up to it replays legal', () => {
    const record = join(WORK, 'failed.json');
    // the bot's seed in play is `${seed}/${seat}`: seed 1 makes seat 1 the faulty bots' game 1
    const r = dnup(['play', '-p', '2', '--seats', 'greedy,./throws.mjs', '-s', '1', '--record', record]);
    oneLine(
      r,
      1,
      /^dnup: the bot throws \(seat 1, Ben\) failed at move \d+: error: TypeError: thrown on purpose by throws\.mjs \(at file:.*throws\.mjs:\d+:\d+\); the game stops there\n$/,
    );
    const kept = JSON.parse(readFileSync(record, 'utf8')) as GameRecord;
    const move = Number(/failed at move (\d+)/.exec(r.err)![1]);
    expect(kept.moves).toHaveLength(move);
    expect(replay(kept).ok).toBe(true);
    expect(kept.metadata).toMatchObject({ forfeit: { seat: 1, kind: 'error' } });
    oneLine(
      dnup(['play', '-p', '2', '--seats', 'greedy,./never-settles.mjs', '-s', '1', '--move-limit', '300', '-q']),
      1,
      /^dnup: the bot never-settles \(seat 1, Ben\) failed at move \d+: time: took \d+\.\d ms for one move, past the limit of 300 ms; the game stops there\n$/,
    );
    // the game runs in a worker: an endless synchronous loop is stopped too
    oneLine(
      dnup(['play', '-p', '2', '--seats', 'greedy,./loops.mjs', '-s', '1', '--move-limit', '300', '-q']),
      1,
      /^dnup: the bot loops \(seat 1, Ben\) failed at move \d+: time: took \d+\.\d ms for one move, past the limit of 300 ms; the game stops there\n$/,
    );
  });
});
