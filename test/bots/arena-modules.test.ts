/**
 * Your own bots in the arena: a module exporting a bot factory, written here as a real
 * file, plays through `dnup arena --bot` / a path in `--seats` and through `runArena({ botModules })`,
 * in every worker thread; a lineup that does not fit the players is refused; the result names
 * every seat.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'tsup';
import { beforeAll, describe, expect, it } from 'vitest';
import { botByName, isBotError } from '../../src/index.js';
import { runArena, type ArenaResult, type BotFactory } from '../../src/arena.js';
import { ROOT } from '../docs/markdown.js';

const DIR = join(ROOT, 'test', '.tmp', 'arena-modules');
const DIST = join(DIR, 'dist');
const BOT = join(DIR, 'shedder.mjs');
const LOG = join(DIR, 'threads.log');

// plays its highest single card when it can, else the first legal move; logs the thread that built it
const SHEDDER = `import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
export function makeBot({ seed }) {
  appendFileSync(${JSON.stringify(LOG)}, threadId + '\\n');
  return {
    name: 'shedder',
    chooseMove(view, moves) {
      const plays = moves.filter((m) => m.type === 'play' && m.cards.length === 1);
      return plays.at(-1) ?? moves[0];
    },
  };
}
`;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(BOT, SHEDDER);
  writeFileSync(join(DIR, 'nothing.mjs'), 'export const answer = 42;\n');
  // the same bot as two installed packages, one of them scoped
  for (const [name, main] of [
    ['qbot', 'index.js'],
    ['@me/bot', 'lib/bot.js'],
  ] as const) {
    const at = join(DIR, 'node_modules', ...name.split('/'));
    mkdirSync(join(at, 'lib'), { recursive: true });
    writeFileSync(join(at, 'package.json'), JSON.stringify({ name, type: 'module', exports: { '.': `./${main}` } }));
    writeFileSync(join(at, main), SHEDDER);
  }
  // a package whose exports name only the "import" condition, which require.resolve cannot use
  const esm = join(DIR, 'node_modules', 'esm-only-bot');
  mkdirSync(esm, { recursive: true });
  writeFileSync(
    join(esm, 'package.json'),
    JSON.stringify({ name: 'esm-only-bot', type: 'module', exports: { '.': { import: './index.js' } } }),
  );
  writeFileSync(join(esm, 'index.js'), SHEDDER);
  // the command line and the arena's worker from this checkout's sources, side by side as in dist/
  await build({
    config: false,
    entry: { cli: join(ROOT, 'src/cli/main.ts'), 'arena-worker': join(ROOT, 'src/arena/arena-worker.ts') },
    format: ['esm'],
    outDir: DIST,
    target: 'node20',
    silent: true,
  });
}, 120_000);

function cli(args: readonly string[], command = 'arena'): { code: number; out: string; err: string } {
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, [join(DIST, 'cli.js'), command, ...args], {
        cwd: DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      err: '',
    };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout, err: err.stderr };
  }
}

/** What must not depend on threads: every count, no timing. */
const outcome = (r: Pick<ArenaResult, 'rows' | 'seats' | 'averageMoves'>) => ({
  rows: r.rows.map(({ bot, seats, wins, fairShare, moves }) => ({ bot, seats, wins, fairShare, moves })),
  seats: r.seats.map(({ seat, bot, wins }) => ({ seat, bot, wins })),
  averageMoves: r.averageMoves,
});

const threads = (): number[] => readFileSync(LOG, 'utf8').trim().split('\n').map(Number);

describe('bot modules in the arena', () => {
  it('runArena loads a module in every worker, with the results of the same factory in this thread', async () => {
    const settings = { players: 3, games: 6, lineup: ['shedder', 'greedy', 'greedy'], seed: 'modules' };
    rmSync(LOG, { force: true });
    const workers = await runArena({
      ...settings,
      botModules: { shedder: BOT },
      workers: 2,
      workerScript: join(DIST, 'arena-worker.js'),
    });
    // this thread checked the factory once; each worker built its own bots
    expect(new Set(threads().filter((t) => t !== 0)).size).toBe(2);
    const { makeBot } = (await import(pathToFileURL(BOT).href)) as { makeBot: BotFactory };
    const inThread = await runArena({
      ...settings,
      makeBot: (name, seed) => (name === 'shedder' ? makeBot({ seed }) : botByName(name, { seed })),
    });
    expect(workers.workers).toBe(2);
    expect(outcome(workers)).toEqual(outcome(inThread));
    expect(workers.seats).toEqual([
      { seat: 0, bot: 'shedder', module: pathToFileURL(BOT).href, wins: expect.any(Number), forfeits: 0 },
      { seat: 1, bot: 'greedy', module: null, wins: expect.any(Number), forfeits: 0 },
      { seat: 2, bot: 'greedy', module: null, wins: expect.any(Number), forfeits: 0 },
    ]);
    expect(workers.rows.find((r) => r.bot === 'greedy')).toMatchObject({ seats: 2, fairShare: 2 / 3 });
    expect(workers.seats.reduce((n, s) => n + s.wins, 0) + workers.unfinished).toBe(6);
  }, 120_000);

  it('refuses a lineup that does not fit the players, a module without a factory and a missing module, with a code and a sentence', async () => {
    const base = { players: 3, games: 1, seed: 1 };
    const refusal = (o: Parameters<typeof runArena>[0]) =>
      runArena(o).then(
        () => undefined,
        (e: unknown) => e,
      );
    const short = await refusal({ ...base, lineup: ['shedder', 'greedy'], botModules: { shedder: BOT } });
    expect(isBotError(short)).toBe(true);
    expect(short).toMatchObject({
      code: 'BAD_ARENA_OPTIONS',
      message: 'A lineup of 2 bots does not fit 3 players: name one bot per seat, for example shedder,greedy,greedy.',
    });
    expect(
      await refusal({ ...base, lineup: ['x', 'greedy', 'greedy'], botModules: { x: join(DIR, 'nothing.mjs') } }),
    ).toMatchObject({
      code: 'BAD_ARENA_OPTIONS',
      message: expect.stringMatching(
        /^The bot module .*nothing\.mjs exports no bot factory: it must export default \(or export makeBot\) .*; it exports answer/,
      ),
    });
    expect(
      await refusal({ ...base, lineup: ['x', 'greedy', 'greedy'], botModules: { x: join(DIR, 'missing.mjs') } }),
    ).toMatchObject({
      code: 'BAD_ARENA_OPTIONS',
      message: expect.stringMatching(/cannot be loaded: there is no such file/),
    });
    // the module is there, a module it imports is not: that one is named, not "no such file"
    writeFileSync(join(DIR, 'lonely.mjs'), "export { makeBot } from './absent.mjs';\n");
    expect(
      await refusal({ ...base, lineup: ['x', 'greedy', 'greedy'], botModules: { x: join(DIR, 'lonely.mjs') } }),
    ).toMatchObject({
      code: 'BAD_ARENA_OPTIONS',
      message: expect.stringMatching(
        /^The bot module \S+lonely\.mjs cannot be loaded \(file:\S+lonely\.mjs\): .*Cannot find module '\S+absent\.mjs' imported from \S+lonely\.mjs$/,
      ),
    });
    expect(
      await refusal({ ...base, lineup: ['greedy', 'greedy', 'greedy'], botModules: { greedy: BOT } }),
    ).toMatchObject({ code: 'BAD_ARENA_OPTIONS', message: expect.stringMatching(/name of a built-in bot \(greedy\)/) });
  });

  it('dnup arena --bot NAME=PATH and a path in --seats play the module on workers, and name every seat', () => {
    rmSync(LOG, { force: true });
    const named = cli([
      '-p',
      '3',
      '-g',
      '6',
      '-s',
      'modules',
      '-w',
      '2',
      '--bot',
      'mine=./shedder.mjs',
      '--seats',
      'mine,greedy,greedy',
      '--json',
    ]);
    expect(named.code, named.err).toBe(0);
    expect(new Set(threads().filter((t) => t !== 0)).size).toBe(2);
    const result = JSON.parse(named.out) as ArenaResult & { lineup: string[]; botModules: Record<string, string> };
    expect(result).toMatchObject({
      workers: 2,
      lineup: ['mine', 'greedy', 'greedy'],
      botModules: { mine: './shedder.mjs' },
    });
    expect(result.seats.map((s) => [s.seat, s.bot, s.module])).toEqual([
      [0, 'mine', pathToFileURL(BOT).href],
      [1, 'greedy', null],
      [2, 'greedy', null],
    ]);
    const byPath = cli(['-p', '3', '-g', '6', '-s', 'modules', '-w', '2', '--seats', './shedder.mjs,greedy,greedy']);
    expect(byPath.code, byPath.err).toBe(0);
    expect(byPath.out).toMatch(/^seats in the first game: 0 shedder \(file:.*shedder\.mjs\), 1 greedy, 2 greedy$/m);
    // the same games as under the other name
    const wins = (text: string) => /^shedder\s+1\s+(\d+)/m.exec(text)?.[1];
    expect(wins(byPath.out)).toBe(String(result.rows.find((r) => r.bot === 'mine')!.wins));
  }, 120_000);

  it('dnup arena refuses a lineup that does not fit and a module without a factory (exit 2, one line)', () => {
    const short = cli(['-p', '3', '-g', '2', '--seats', './shedder.mjs,greedy']);
    expect(short).toMatchObject({ code: 2, out: '' });
    expect(short.err).toBe(
      'dnup: --seats lists 2 bots for 3 players: name one bot per seat, for example --seats shedder,greedy,greedy\n',
    );
    const empty = cli(['-p', '2', '-g', '2', '--seats', './nothing.mjs,greedy']);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/^dnup: The bot module \.\/nothing\.mjs exports no bot factory: it must export default/);
    expect(empty.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('a module under several names', () => {
  it('gives a module factory the name the lineup gives it, so one module serves several names', async () => {
    const two = join(DIR, 'two-names.mjs');
    // its bot fails at once, saying which name it was made for (the forfeit keeps the bot's message)
    writeFileSync(
      two,
      `export default ({ seed, name }) => ({ name: 'x', chooseMove() { throw new Error('made for ' + name + ' with ' + typeof seed); } });\n`,
    );
    for (const workers of [1, 2]) {
      const result = await runArena({
        players: 2,
        games: 4,
        seed: 'names',
        lineup: ['alpha', 'beta'],
        botModules: { alpha: two, beta: two },
        workers,
        ...(workers > 1 ? { workerScript: join(DIST, 'arena-worker.js') } : {}),
      });
      expect(result.forfeits.length).toBe(4);
      for (const f of result.forfeits) expect(f.message).toContain(`made for ${f.bot} with string`);
      expect(new Set(result.forfeits.map((f) => f.bot))).toEqual(new Set(['alpha', 'beta']));
    }
  }, 120_000);
});

describe('bot modules as installed packages', () => {
  it('a bot module given as a package name is found from the working directory, and hashed as a path is', () => {
    const byName = cli([
      '-p',
      '2',
      '-g',
      '4',
      '-s',
      'packages',
      '--bot',
      'mine=qbot',
      '--seats',
      'mine,@me/bot',
      '--json',
    ]);
    expect(byName.code, byName.err).toBe(0);
    const result = JSON.parse(byName.out) as ArenaResult;
    expect(result.seats.map((s) => [s.bot, s.module])).toEqual([
      ['mine', pathToFileURL(join(DIR, 'node_modules', 'qbot', 'index.js')).href],
      ['bot', pathToFileURL(join(DIR, 'node_modules', '@me', 'bot', 'lib', 'bot.js')).href],
    ]);
    // the same games as the same code given by path
    const byPath = cli([
      '-p',
      '2',
      '-g',
      '4',
      '-s',
      'packages',
      '--seats',
      'mine=./shedder.mjs,bot=./shedder.mjs',
      '--json',
    ]);
    expect(outcome(result)).toEqual(outcome(JSON.parse(byPath.out) as ArenaResult));
    // not installed: one line, exit 2
    const missing = cli(['-p', '2', '-g', '2', '--bot', 'mine=no-such-bot', '--seats', 'mine,greedy']);
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toMatch(
      /^dnup: The bot module no-such-bot cannot be loaded: no package no-such-bot is installed in \S+ or a folder above it; install it there, or give a path such as \.\/no-such-bot\.js\.\n$/,
    );
    // exported for "import" only: said so, with what to add
    const esmOnly = cli(['-p', '2', '-g', '2', '--bot', 'e=esm-only-bot', '--seats', 'e,greedy']);
    expect(esmOnly).toMatchObject({ code: 2, out: '' });
    expect(esmOnly.err).toMatch(
      /^dnup: The bot module esm-only-bot cannot be loaded: the "exports" of its package\.json .*no entry for esm-only-bot \(one under the "import" condition only needs a "default" beside it\); add one, or give the file's path\.\n$/,
    );
    // the ladder keeps the sha256 of the file the package leads to: an edit of it refuses --resume
    const out = join(DIR, 'ladder-package.json');
    rmSync(out, { force: true });
    const ladder = ['--bots', 'mine,greedy', '--bot', 'mine=qbot', '--games', '2', '--playouts', '1', '--out', out];
    const first = cli(ladder, 'ladder');
    expect(first.code, first.err).toBe(0);
    const main = join(DIR, 'node_modules', 'qbot', 'index.js');
    writeFileSync(main, `${SHEDDER}// edited\n`);
    try {
      const again = cli([...ladder, '--resume'], 'ladder');
      expect(again).toMatchObject({ code: 2, out: '' });
      expect(again.err).toMatch(/^dnup: the bot module qbot changed since \S+ was written \(its sha256 differs\)/);
    } finally {
      writeFileSync(main, SHEDDER);
    }
  }, 120_000);
});
