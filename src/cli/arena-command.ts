/**
 * `dnup arena`: many games between bots (built in, or your modules) with seats rotated, spread over worker threads,
 * then a table (or JSON) of win rates with 95% Wilson intervals, time per move and game length.
 * Progress goes to stderr: a bar on a terminal, a line every tenth of the games otherwise.
 */
import { availableParallelism } from 'node:os';
import { basename, extname } from 'node:path';
import { BOT_NAMES, type BotOptions } from '../bots/index.js';
import { runArena, type ArenaResult } from '../arena.js';
import { isBotError } from '../bots/errors.js';
import { CliError, EXIT, parseCommand, print } from './cli-support.js';

/** The help text of `dnup arena`. */
const ARENA_HELP = `Usage: dnup arena --players N --games G --seats LIST [options]

Plays G games between bots, seats rotated so that every bot plays every seat
equally, and prints each bot's win rate with its 95% Wilson interval, its fair share,
its time per move (mean and 99th percentile) and the average game length. The same seed
gives the same games whatever the number of workers (for budgets in playouts; a budget
in milliseconds depends on the machine).

Options:
  -p, --players N      2 to 5 players per game (required)
  -g, --games G        number of games (required)
  -b, --seats LIST     one bot per seat, comma-separated, exactly N of them (--bots is the
                       same); a bot is a built-in one (${BOT_NAMES.join(', ')}), a name
                       given with --bot, or a module path such as ./mybot.js
      --bot [NAME=]PATH   your bot: a module exporting a bot factory (default export or
                       makeBot; docs/guides/bot-authors.md), named NAME or after its file;
                       it runs in every worker. Repeat for several bots
  -s, --seed S         the arena's seed (default "arena")
      --playouts P     search bots' budget per move in playouts (montecarlo default 100;
                       ismcts: iterations)
      --ms T           search bots' budget per move in milliseconds (ismcts and expert default 20)
  -w, --workers N      worker threads (default: this machine's ${availableParallelism()} cores)
      --max-moves M    stop a game after M moves, without a winner (default 20000)
      --json           print the results as JSON (docs/guides/bot-authors.md)
  -h, --help           show this help

Exit status: 0 the arena was played · 2 bad arguments.`;

/** The parsed arguments of `dnup arena`. */
interface ArenaArgs {
  readonly players: number;
  readonly games: number;
  readonly lineup: string[];
  /** Bot modules by name, paths as given (runArena resolves them from the working directory). */
  readonly modules: Record<string, string>;
  readonly seed: string;
  readonly botOptions: Omit<BotOptions, 'seed'>;
  readonly workers: number;
  readonly maxMoves: number;
  readonly json: boolean;
}

function wholeNumber(flag: string, text: string | undefined, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) throw new CliError(`--${flag} is required (see dnup arena --help)`);
    return fallback;
  }
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1)
    throw new CliError(
      `--${flag} must be a whole number from 1 up, not ${JSON.stringify(text)} (see dnup arena --help)`,
    );
  return n;
}

function parseArenaArgs(args: readonly string[]): ArenaArgs | undefined {
  const parsed = parseCommand(
    'arena',
    ARENA_HELP,
    args,
    {
      players: { type: 'string', short: 'p' },
      games: { type: 'string', short: 'g' },
      seats: { type: 'string', short: 'b' },
      bots: { type: 'string' },
      bot: { type: 'string', multiple: true },
      seed: { type: 'string', short: 's' },
      playouts: { type: 'string' },
      ms: { type: 'string' },
      workers: { type: 'string', short: 'w' },
      'max-moves': { type: 'string' },
      json: { type: 'boolean' },
    },
    0,
  );
  if (!parsed) return undefined;
  const { text, values } = parsed;
  const players = wholeNumber('players', text('players'));
  if (players < 2 || players > 5) throw new CliError(`--players must be from 2 to 5, not ${players} (rules §2)`);
  if (text('seats') !== undefined && text('bots') !== undefined)
    throw new CliError('give the lineup once, with --seats or --bots (see dnup arena --help)');
  const flag = text('bots') === undefined ? 'seats' : 'bots';
  const list = text(flag);
  if (list === undefined) throw new CliError('--seats is required: one bot per seat (see dnup arena --help)');
  const modules: Record<string, string> = {};
  for (const spec of (values.bot as string[] | undefined) ?? []) defineBot(modules, spec, '--bot');
  const lineup = list.split(',').map((entry) => {
    const name = entry.trim();
    // a path (or NAME=PATH) in the lineup loads that module, as --bot does
    return isModuleSpec(name) ? defineBot(modules, name, `--${flag}`) : name;
  });
  if (lineup.length !== players) {
    const example = Array.from({ length: players }, (_, i) => lineup[Math.min(i, lineup.length - 1)]!).join(',');
    throw new CliError(
      `--${flag} lists ${lineup.length} bot${lineup.length === 1 ? '' : 's'} for ${players} players: name one bot per seat, for example --seats ${example}`,
    );
  }
  const botOptions: { -readonly [K in keyof BotOptions]: BotOptions[K] } = {};
  if (text('playouts') !== undefined) botOptions.playouts = wholeNumber('playouts', text('playouts'));
  if (text('ms') !== undefined) botOptions.timeMs = wholeNumber('ms', text('ms'));
  return {
    players,
    games: wholeNumber('games', text('games')),
    lineup,
    modules,
    seed: text('seed') ?? 'arena',
    botOptions,
    workers: wholeNumber('workers', text('workers'), availableParallelism()),
    maxMoves: wholeNumber('max-moves', text('max-moves'), 20_000),
    json: values.json === true,
  };
}

/** A lineup entry or --bot value that names a module: a path, a file: URL, or NAME=either. */
export function isModuleSpec(entry: string): boolean {
  const where = entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : entry;
  return /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(where) || /\.[cm]?js$/.test(where);
}

/** Records `[NAME=]PATH` in `modules`; returns the bot's name (NAME, or the file's name). */
export function defineBot(modules: Record<string, string>, spec: string, flag: string): string {
  const eq = spec.indexOf('=');
  const path = eq < 0 ? spec : spec.slice(eq + 1);
  const name = eq < 0 ? basename(path, extname(path)) : spec.slice(0, eq).trim();
  if (path === '' || !isModuleSpec(path))
    throw new CliError(`${flag} ${JSON.stringify(spec)} is not a module path: write ./mybot.js or mybot=./mybot.js`);
  if (!/^[\w.-]{1,64}$/.test(name))
    throw new CliError(
      `${flag} ${JSON.stringify(spec)}: a bot's name is 1 to 64 letters, digits, dots, dashes or underscores`,
    );
  if ((BOT_NAMES as readonly string[]).includes(name) || name === 'mc')
    throw new CliError(
      `${flag} ${JSON.stringify(spec)}: ${name} is a built-in bot; give yours another name (NAME=${path})`,
    );
  if (modules[name] !== undefined && modules[name] !== path)
    throw new CliError(`${flag} ${JSON.stringify(spec)}: the name ${name} is already given to ${modules[name]}`);
  modules[name] = path;
  return name;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result as a plain-text table. */
function formatArena(result: ArenaResult, seed: string): string {
  const head = ['bot', 'seats', 'wins', 'win rate', '95% CI', 'fair share', '× fair', 'ms/move', 'p99 ms'];
  const rows = result.rows.map((r) => [
    r.bot,
    String(r.seats),
    String(r.wins),
    percent(r.winRate),
    `[${percent(r.interval[0])}, ${percent(r.interval[1])}]`,
    percent(r.fairShare),
    (r.winRate / r.fairShare).toFixed(2),
    r.msPerMove.toFixed(2),
    r.p99MsPerMove.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const seats = result.seats.map((s) => `${s.seat} ${s.bot}${s.module === null ? '' : ` (${s.module})`}`).join(', ');
  return [
    `dnup arena: ${result.games} games, ${result.players} players, seats rotated, seed ${JSON.stringify(seed)}, ${result.workers} worker${result.workers === 1 ? '' : 's'}`,
    `seats in the first game: ${seats}`,
    line(head),
    ...rows.map(line),
    `average game length: ${result.averageMoves.toFixed(1)} moves, ${result.averageRounds.toFixed(2)} rounds; unfinished: ${result.unfinished}`,
  ].join('\n');
}

/** The JSON that `dnup arena --json` prints: the arena's settings and its result. */
function arenaJson(
  result: ArenaResult,
  a: Pick<ArenaArgs, 'seed' | 'lineup' | 'modules' | 'botOptions' | 'maxMoves'>,
  elapsedMs: number,
): string {
  return JSON.stringify(
    {
      seed: a.seed,
      lineup: a.lineup,
      ...(Object.keys(a.modules).length > 0 ? { botModules: a.modules } : {}),
      budget: { playouts: a.botOptions.playouts ?? null, ms: a.botOptions.timeMs ?? null },
      maxMoves: a.maxMoves,
      ...result,
      elapsedMs: Math.round(elapsedMs),
    },
    null,
    2,
  );
}

/** Progress on stderr: a redrawn bar on a terminal, else a line at every tenth of the games. */
function progress(total: number, started: number): (done: number) => void {
  if (process.stderr.isTTY) {
    const width = 30;
    return (done) => {
      const filled = Math.round((done / total) * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games`);
      if (done === total) process.stderr.write('\n');
    };
  }
  let shown = 0;
  return (done) => {
    const tenth = Math.floor((done * 10) / total);
    if (tenth === shown) return;
    shown = tenth;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    process.stderr.write(`dnup arena: ${done}/${total} games (${Math.floor((done * 100) / total)}%), ${seconds} s\n`);
  };
}

/**
 * Runs `dnup arena` with the arguments after `arena`; prints the table (or JSON) to stdout.
 *
 * @param args - command-line arguments, e.g. `['--players', '3', '--games', '1000', '--bots', 'greedy,random']`.
 * @returns the exit code, 0.
 * @throws {@link CliError} for bad arguments (the command line prints `dnup: <message>` and exits with 2).
 */
export async function arenaCommand(args: readonly string[]): Promise<number> {
  const a = parseArenaArgs(args);
  if (!a) return EXIT.ok;
  const started = performance.now();
  let result: ArenaResult;
  try {
    result = await runArena({
      players: a.players,
      games: a.games,
      lineup: a.lineup,
      ...(Object.keys(a.modules).length > 0 ? { botModules: a.modules } : {}),
      seed: a.seed,
      maxMoves: a.maxMoves,
      botOptions: a.botOptions,
      workers: a.workers,
      onGame: progress(a.games, started),
    });
  } catch (e) {
    // unknown bot names and bad budgets are usage errors, reported before any game is played
    if (isBotError(e) && e.code !== 'ARENA_WORKER_FAILED') throw new CliError(`${e.message} (see dnup arena --help)`);
    throw e;
  }
  print(a.json ? arenaJson(result, a, performance.now() - started) : formatArena(result, a.seed));
  return EXIT.ok;
}
