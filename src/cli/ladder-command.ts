/**
 * `dnup ladder`: several bots on the same duplicate deals, every lineup with every seat rotation,
 * over worker threads; a table (or JSON) of openskill ratings beside win rates with Wilson
 * intervals. `--out` keeps every finished game in a file, `--resume` continues from it.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BotOptions } from '../bots/index.js';
import { runLadder, type LadderGame, type LadderResult } from '../arena.js';
import { moduleUrls } from '../arena/bot-modules.js';
import { RATING_ORDERS } from '../arena/ladder-ratings.js';
import { usageError, workersText, writeForfeits } from './arena-command.js';
import {
  clip,
  CliError,
  COMMON_EXITS,
  addNeural,
  COMMAND_LINE_BOTS,
  defineBot,
  EXIT,
  isModuleSpec,
  onStop,
  parseCommand,
  print,
  progress,
  wholeNumber,
} from './cli-support.js';

/** The help text of `dnup ladder`. */
const LADDER_HELP = `Usage: dnup ladder --bots LIST --games G [options]

Plays bots against each other on the same pre-generated deals (duplicate deals):
every lineup of P of the bots plays every deal once with each rotation of its seats,
so every bot holds every seat's cards. Prints each bot's rating (openskill: mu, sigma
and mu - 3 sigma, best first) beside its win rate with a 95% Wilson interval. The
same seed gives the same result whatever the number of workers, for budgets in
playouts (a budget in milliseconds depends on the machine). Needs the openskill
package: npm install openskill@5.

The ladder is a referee, as dnup arena is (see dnup arena --help): a bot that throws,
returns something that is not a legal move, or is still thinking past the move limit
loses that game (a forfeit: rated last, the others by their scores) and the run goes
on; each forfeit is printed on stderr, and in full in --json and the --out file. The
move limit: with --ms N, N + max(N, 100) ms; without --ms, 10000 ms; --move-limit MS
sets it.

Options:
  -b, --bots LIST      2 to 16 bots, comma-separated: built-in ones, names given with --bot,
                       or module paths such as ./mybot.js; a name may repeat (each copy
                       is rated apart, as name#2, name#3...). The built-in bots:
                       ${COMMAND_LINE_BOTS.join(', ')}
  -p, --players P      seats per game, 2 to 5 (default: the number of bots, if 5 or fewer)
  -g, --games G        games in all: a whole number of deals, a multiple of
                       (lineups x P), where lineups is the number of ways to choose P bots
      --bot [NAME=]PATH   your bot: a module exporting a bot factory, or an installed package
                       of one (my-bot, @me/bot; see dnup arena --help)
  -s, --seed S         the ladder's seed (default "ladder")
      --playouts N     search bots' budget per move in playouts
      --ms T           search bots' budget per move in milliseconds
      --move-limit MS  the most one move may take before the bot forfeits the game, in
                       milliseconds (default: T + max(T, 100) with --ms T, else 10000)
  -w, --workers N      worker threads (default: this machine's ${availableParallelism()} cores)
      --max-moves M    stop a game after M moves, without a winner or rating (default 20000)
  -o, --out FILE       keep the settings and every finished game in FILE (JSON), rewritten
                       at most about once a second and at the end, with the result
      --resume         continue the run kept in --out FILE: play only the games it lacks
                       (with the same settings; --games may grow); the result is the one
                       an uninterrupted run gives. Refused when a bot module changed since
                       the file was written (the file keeps each module's sha256)
      --queue URL      play the games on many machines through Redis (redis://HOST:PORT[/DB]):
                       each game is a job for \`dnup worker --queue URL\` processes; needs
                       npm install bullmq@6 ioredis@5 (docs/guides/bot-authors.md)
      --run ID         the queue run's id (default: one made from the settings); with
                       --resume, collect what the workers did meanwhile and go on
      --patience S     how long to wait for a Redis that went away before stopping, in
                       seconds (default 60); the run stays in Redis, for --resume
      --json           print the result as JSON (docs/guides/bot-authors.md)
  -h, --help           show this help

Exit status: 0 the ladder was played, forfeits or not (the referee did its job) · 2 bad
arguments, an unknown option, a bot module that cannot be loaded, a bad --out file, a
refused --resume, openskill missing; on a --queue: bullmq missing, Redis unreachable or
away past --patience, a job refused by a worker or failed (the run stays in Redis) ·
${COMMON_EXITS}
(130 and 143 once the games finished so far are saved in the --out file).`;

/** The largest --out file `--resume` reads (100,000 games of 5 seats fit in about 20 MB). */
const MAX_LADDER_FILE_BYTES = 64 * 1024 * 1024;

/** What a ladder file's settings hold: everything that decides the games, except their number. */
interface LadderSettings {
  readonly bots: readonly string[];
  /** Bot modules by name, as `file:` URLs. */
  readonly botModules: Readonly<Record<string, string>>;
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  readonly budget: { readonly playouts: number | null; readonly ms: number | null };
  readonly maxMoves: number;
  /** The move limit given with --move-limit, or null for the default (which follows from the budget). */
  readonly moveLimitMs: number | null;
  /** Each bot module's sha256 (hex) of its file's bytes, by name: `--resume` refuses a changed module. */
  readonly botModuleHashes: Readonly<Record<string, string>>;
}

interface LadderArgs {
  readonly settings: LadderSettings;
  /** Bot modules by name, paths as given. */
  readonly modules: Record<string, string>;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  readonly workers: number;
  readonly json: boolean;
  readonly out: string | undefined;
  readonly resume: boolean;
  /** The Redis URL of a queue run, and its id. */
  readonly queue: string | undefined;
  readonly run: string | undefined;
  readonly patienceMs: number | undefined;
}

const whole = (flag: string, text: string | undefined, fallback?: number): number =>
  wholeNumber('ladder', flag, text, fallback);

/** The sha256 of a bot module's file, hex: what `--resume` compares. */
function moduleHash(url: string, given: string): string {
  try {
    return createHash('sha256')
      .update(readFileSync(fileURLToPath(url)))
      .digest('hex');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException | null)?.code;
    const why = code === 'ENOENT' ? 'there is no such file' : clip(e instanceof Error ? e.message : String(e), 200);
    throw new CliError(`The bot module ${given} cannot be loaded: ${why} (${url}).`);
  }
}

async function parseLadderArgs(args: readonly string[]): Promise<LadderArgs | undefined> {
  const parsed = parseCommand(
    'ladder',
    LADDER_HELP,
    args,
    {
      bots: { type: 'string', short: 'b' },
      players: { type: 'string', short: 'p' },
      games: { type: 'string', short: 'g' },
      bot: { type: 'string', multiple: true },
      seed: { type: 'string', short: 's' },
      playouts: { type: 'string' },
      ms: { type: 'string' },
      workers: { type: 'string', short: 'w' },
      'max-moves': { type: 'string' },
      'move-limit': { type: 'string' },
      out: { type: 'string', short: 'o' },
      resume: { type: 'boolean' },
      json: { type: 'boolean' },
      queue: { type: 'string' },
      run: { type: 'string' },
      patience: { type: 'string' },
    },
    0,
  );
  if (!parsed) return undefined;
  const { text, values } = parsed;
  const list = text('bots');
  if (list === undefined)
    throw new CliError('--bots is required: the bots to rate, comma-separated (see dnup ladder --help)');
  const modules: Record<string, string> = {};
  for (const spec of (values.bot as string[] | undefined) ?? []) defineBot(modules, spec, '--bot');
  const bots = list.split(',').map((entry) => {
    const name = entry.trim();
    return isModuleSpec(name) ? defineBot(modules, name, '--bots') : name;
  });
  addNeural(modules, bots);
  // the default is written out, so that a resumed run compares the same settings
  if (text('players') === undefined && bots.length > 5)
    throw new CliError(
      `${bots.length} bots do not fit one table: give --players P, the seats per game (2 to 5); every lineup of P of them plays every deal`,
    );
  const players = text('players') === undefined ? bots.length : whole('players', text('players'));
  if (players !== null && (players < 2 || players > 5))
    throw new CliError(`--players must be from 2 to 5, not ${players} (rules §2)`);
  const botOptions: { -readonly [K in keyof BotOptions]: BotOptions[K] } = {};
  if (text('playouts') !== undefined) botOptions.playouts = whole('playouts', text('playouts'));
  if (text('ms') !== undefined) botOptions.timeMs = whole('ms', text('ms'));
  const out = text('out');
  const queue = text('queue');
  if (values.resume === true && out === undefined && queue === undefined)
    throw new CliError(
      '--resume continues the run kept in an --out file or on a --queue: give --out FILE or --queue URL (see dnup ladder --help)',
    );
  for (const flag of ['run', 'patience'])
    if (text(flag) !== undefined && queue === undefined)
      throw new CliError(`--${flag} is for a queue run: give --queue URL too (see dnup ladder --help)`);
  // paths and package names resolved as runLadder resolves them
  let botModules: Record<string, string>;
  try {
    botModules = await moduleUrls(modules);
  } catch (e) {
    throw usageError(e, 'ladder');
  }
  const botModuleHashes: Record<string, string> = {};
  for (const [name, url] of Object.entries(botModules)) botModuleHashes[name] = moduleHash(url, modules[name]!);
  return {
    settings: {
      bots,
      botModules,
      players,
      games: whole('games', text('games')),
      seed: text('seed') ?? 'ladder',
      budget: { playouts: botOptions.playouts ?? null, ms: botOptions.timeMs ?? null },
      maxMoves: whole('max-moves', text('max-moves'), 20_000),
      moveLimitMs: text('move-limit') === undefined ? null : whole('move-limit', text('move-limit')),
      botModuleHashes,
    },
    modules,
    botOptions,
    workers: whole('workers', text('workers'), availableParallelism()),
    json: values.json === true,
    out,
    resume: values.resume === true,
    queue,
    run: text('run'),
    patienceMs: text('patience') === undefined ? undefined : whole('patience', text('patience')) * 1000,
  };
}

const FORMAT = 'dnup-ladder';

/** The result as JSON data, without the list of games (the --out file has them). */
function resultData(result: LadderResult): Omit<LadderResult, 'gameList'> {
  const { gameList: _games, ...rest } = result;
  return rest;
}

/** The --out file's text: the settings, the result (or null), one game per line by game number. */
function fileText(settings: LadderSettings, games: readonly LadderGame[], result: LadderResult | null): string {
  const head = JSON.stringify({
    format: FORMAT,
    version: 1,
    settings,
    result: result === null ? null : resultData(result),
  });
  const lines = games.map((g) => JSON.stringify(g));
  return `${head.slice(0, -1)},\n"games":[${lines.length === 0 ? '' : `\n${lines.join(',\n')}\n`}]}\n`;
}

/** Writes the file whole, through a temporary file and a rename, so that it is never half written. */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (e) {
    throw new CliError(`cannot write ${path}: ${clip(e instanceof Error ? e.message : String(e), 200)}`);
  }
}

/** Reads a ladder file's text, at most {@link MAX_LADDER_FILE_BYTES}. */
function readLadderFile(path: string): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new CliError(`cannot resume from ${path}: it is not a file`);
    size = stat.size;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${path}: ${clip(e instanceof Error ? e.message : String(e), 200)}`);
  }
  if (size > MAX_LADDER_FILE_BYTES)
    throw new CliError(`${path} is too large for a ladder file: ${size} bytes, more than ${MAX_LADDER_FILE_BYTES}`);
  const buffer = Buffer.alloc(size);
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
  } finally {
    closeSync(fd);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new CliError(`${path} is not a ladder file: it is not UTF-8 text`);
  }
}

/** The games kept in a ladder file made with the same settings (the number of games may grow). */
function resumeFrom(path: string, settings: LadderSettings, given: Readonly<Record<string, string>>): unknown[] {
  let file: unknown;
  try {
    file = JSON.parse(readLadderFile(path));
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(
      `${path} is not a ladder file: it is not JSON (${clip((e as Error).message, 120)}); remove it or give another --out file`,
    );
  }
  const f = file as { format?: unknown; version?: unknown; settings?: unknown; games?: unknown } | null;
  if (
    typeof f !== 'object' ||
    f === null ||
    f.format !== FORMAT ||
    f.version !== 1 ||
    typeof f.settings !== 'object' ||
    f.settings === null ||
    !Array.isArray(f.games)
  ) {
    throw new CliError(
      `${path} is not a ladder file of this version (format "${FORMAT}", version 1, with settings and games); remove it or give another --out file`,
    );
  }
  const kept = f.settings as Record<string, unknown>;
  for (const key of ['bots', 'botModules', 'players', 'seed', 'budget', 'maxMoves'] as const) {
    if (JSON.stringify(kept[key]) !== JSON.stringify(settings[key])) {
      throw new CliError(
        `${path} was started with other settings (${key}: ${clip(JSON.stringify(kept[key]) ?? 'none', 120)}, not ${clip(JSON.stringify(settings[key]), 120)}): resume it with the settings it was started with, or give another --out file`,
      );
    }
  }
  // a module edited since: its games and the new ones would be two different bots under one name
  const names = Object.keys(settings.botModuleHashes);
  const hashes = kept.botModuleHashes;
  if (names.length > 0 && (typeof hashes !== 'object' || hashes === null))
    throw new CliError(
      `${path} predates the check of bot modules (it keeps no sha256 of ${names.map((n) => given[n] ?? n).join(', ')}), so dnup cannot tell whether its games were played by the modules as they are now: give another --out file to start a new run`,
    );
  for (const name of names) {
    if ((hashes as Record<string, unknown>)[name] !== settings.botModuleHashes[name])
      throw new CliError(
        `the bot module ${given[name] ?? name} changed since ${path} was written (its sha256 differs): resume with the module as it was, or give another --out file to start a new run`,
      );
  }
  // files written before the move limit existed have no such key: their runs had no limit
  if ('moveLimitMs' in kept && kept.moveLimitMs !== settings.moveLimitMs)
    throw new CliError(
      `${path} was started with other settings (moveLimitMs: ${clip(JSON.stringify(kept.moveLimitMs) ?? 'none', 40)}, not ${JSON.stringify(settings.moveLimitMs)}): resume it with the settings it was started with, or give another --out file`,
    );
  if (f.games.length > settings.games)
    throw new CliError(
      `${path} holds ${f.games.length} games, more than --games ${settings.games}: resume it with --games ${kept.games as number} or more`,
    );
  return f.games;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result as a plain-text table, best rated first. */
/** Where a queue run's games were played, without the URL's password. */
function queueText(url: string): string {
  let host = url;
  try {
    const u = new URL(url);
    host = `${u.host}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    // the ladder refused a bad URL before any game: not reached
  }
  return `on the queue at ${host}`;
}

function formatLadder(result: LadderResult, seed: string, out?: string, queue?: string): string {
  const head = [
    'rank',
    'bot',
    'games',
    'wins',
    'win rate',
    '95% CI',
    'fair',
    'mu',
    'sigma',
    'mu-3sigma',
    'forfeits',
    'ms/move',
  ];
  const rows = result.rows.map((r) => [
    String(r.rank),
    r.bot,
    String(r.games),
    String(r.wins),
    percent(r.winRate),
    `[${percent(r.interval[0])}, ${percent(r.interval[1])}]`,
    percent(r.fairShare),
    r.mu.toFixed(2),
    r.sigma.toFixed(2),
    r.ordinal.toFixed(2),
    String(r.forfeits),
    r.msPerMove.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const modules = result.rows.filter((r) => r.module !== null).map((r) => `${r.bot} = ${r.module}`);
  const lineups = result.gamesPerDeal / result.players;
  return [
    `dnup ladder: ${result.games} games = ${result.deals} deal${result.deals === 1 ? '' : 's'} x ${result.gamesPerDeal} (${lineups} lineup${lineups === 1 ? '' : 's'} x ${result.players} rotations), ${result.players} players, seed ${JSON.stringify(seed)}, ${queue === undefined ? workersText(result.workers) : queueText(queue)}, move limit ${result.moveLimitMs} ms`,
    ...(modules.length > 0 ? [`modules: ${modules.join(', ')}`] : []),
    line(head),
    ...rows.map(line),
    `ratings: openskill (Plackett-Luce), the mean of ${RATING_ORDERS} orders of the games drawn from the seed; a forfeit rates its bot last; games stopped by the move cap are not rated`,
    `average game length: ${result.averageMoves.toFixed(1)} moves, ${result.averageRounds.toFixed(2)} rounds; unfinished: ${result.unfinished}${result.resumed > 0 ? `; resumed: ${result.resumed} games from ${out}` : ''}`,
  ].join('\n');
}

/**
 * Runs `dnup ladder` with the arguments after `ladder`; prints the table (or JSON) to stdout.
 *
 * @param args - command-line arguments, e.g. `['--bots', 'montecarlo,greedy,random', '--games', '30']`.
 * @returns the exit code, 0.
 * @throws {@link CliError} for bad arguments, a bad --out file or openskill missing (exit 2).
 */
export async function ladderCommand(args: readonly string[]): Promise<number> {
  const a = await parseLadderArgs(args);
  if (!a) return EXIT.ok;
  const { settings, out } = a;
  let done: unknown[] = [];
  if (out !== undefined) {
    if (existsSync(out)) {
      if (!a.resume)
        throw new CliError(`${out} exists: add --resume to continue the run it keeps, or give another --out file`);
      done = resumeFrom(out, settings, a.modules);
    } else if (a.resume) {
      process.stderr.write(`dnup ladder: ${out} does not exist yet: starting the run\n`);
    }
  }
  const started = performance.now();
  const games = new Map<number, LadderGame>();
  // runLadder checks the kept games before it plays any other: only then is the file written again
  for (const x of done)
    if (typeof x === 'object' && x !== null && Number.isSafeInteger((x as LadderGame).g))
      games.set((x as LadderGame).g, x as LadderGame);
  let lastWrite = 0;
  let writeCost = 0;
  const save = (result: LadderResult | null): void => {
    if (out === undefined) return;
    const t = performance.now();
    writeAtomically(
      out,
      fileText(
        settings,
        [...games.values()].sort((x, y) => x.g - y.g),
        result,
      ),
    );
    lastWrite = performance.now();
    writeCost = lastWrite - t;
  };
  const show = progress('ladder', settings.games, started);
  // an interrupted run keeps every game finished so far (main.ts then exits with 130 or 143)
  const removeStop = onStop((signal) => {
    if (out !== undefined && games.size > 0) save(null);
    process.stderr.write(
      `dnup ladder: stopped by ${signal}${out === undefined ? '' : `; ${games.size} games kept in ${out}: run again with --resume to continue`}${a.queue === undefined ? '' : `; the queue run stays in Redis and workers go on: run again with --resume to collect it`}\n`,
    );
  });
  let result: LadderResult;
  try {
    result = await runLadder({
      bots: settings.bots,
      players: settings.players,
      games: settings.games,
      seed: settings.seed,
      // as given: a package name stays one, for queue workers to resolve where they run
      ...(Object.keys(a.modules).length > 0 ? { botModules: a.modules } : {}),
      botOptions: a.botOptions,
      workers: a.workers,
      maxMoves: settings.maxMoves,
      ...(settings.moveLimitMs === null ? {} : { moveLimitMs: settings.moveLimitMs }),
      done: done as LadderGame[],
      ...(a.queue === undefined
        ? {}
        : {
            queue: {
              url: a.queue,
              resume: a.resume,
              ...(a.run === undefined ? {} : { run: a.run }),
              ...(a.patienceMs === undefined ? {} : { patienceMs: a.patienceMs }),
              onRedis: (up: boolean) =>
                process.stderr.write(
                  up
                    ? '\ndnup ladder: Redis is back; collecting again\n'
                    : '\ndnup ladder: Redis went away; waiting for it (nothing is lost: the run and what workers finish are kept in Redis)\n',
                ),
            },
          }),
      onGame: (game, count) => {
        games.set(game.g, game);
        show(count);
        // a whole rewrite: at most about once a second, and never more than 5% of the time
        if (out !== undefined && performance.now() - lastWrite >= Math.max(1000, 20 * writeCost)) save(null);
      },
    });
  } catch (e) {
    // bad settings, a bad resume file and a missing openskill are reported before any game is played
    throw usageError(e, 'ladder');
  } finally {
    removeStop();
  }
  for (const game of result.gameList) games.set(game.g, game);
  save(result);
  print(
    a.json
      ? JSON.stringify({ settings, ...resultData(result), elapsedMs: Math.round(performance.now() - started) }, null, 2)
      : formatLadder(result, settings.seed, out, a.queue),
  );
  // every forfeit, those of resumed games included, one line each
  const label = new Map(result.rows.map((r) => [r.entry, r.bot]));
  const all = result.gameList.flatMap((game) =>
    game.forfeit === undefined
      ? []
      : [{ ...game.forfeit, game: game.g, bot: label.get(game.seats[game.forfeit.seat]!) ?? '?' }],
  );
  // the details: those of the games played now (a resumed game keeps its one line only)
  writeForfeits('ladder', all, all.length, result.forfeits.length, a.json, out);
  return EXIT.ok;
}
