/**
 * `dnup arena`: many games between bots (built in, or your modules) with seats rotated, played in
 * worker threads by a referee, then a table (or JSON) of win rates with 95% Wilson intervals,
 * forfeits, time per move and game length. Progress and forfeits go to stderr: a bar on a
 * terminal, a line every tenth of the games otherwise, and one line per forfeit at the end.
 */
import { availableParallelism } from 'node:os';
import type { BotOptions } from '../bots/index.js';
import { runArena, type ArenaResult } from '../arena.js';
import { isBotError } from '../bots/errors.js';
import {
  CliError,
  COMMON_EXITS,
  addNeural,
  COMMAND_LINE_BOTS,
  defineBot,
  EXIT,
  forfeitLines,
  isModuleSpec,
  parseCommand,
  print,
  progress,
  wholeNumber,
} from './cli-support.js';

/** The help text of `dnup arena`. */
const ARENA_HELP = `Usage: dnup arena --players N --games G --seats LIST [options]

Plays G games between bots, seats rotated so that every bot plays every seat
equally, and prints each bot's win rate with its 95% Wilson interval, its fair share,
its forfeits, its time per move (mean and 99th percentile) and the average game
length. The same seed gives the same games whatever the number of workers (for
budgets in playouts; a budget in milliseconds depends on the machine).

The arena is a referee: games run in worker threads, and a bot that throws (or
rejects), returns something that is not a move, returns an illegal move, or is
still thinking past the move limit loses that game (a forfeit: ranked last, the
others keep their order by score; in the duel the opponent wins). The run goes on,
a stuck worker is replaced, and each forfeit is printed on stderr (bot, game, seat,
kind, message); --json lists them in full with the bot's stack and the game's record
up to the forfeit. The move limit: with --ms N, N + max(N, 100) ms (a bot may
overrun its budget by its own size or by 100 ms, whichever is more); without --ms,
10000 ms; --move-limit MS sets it.

Options:
  -p, --players N      2 to 5 players per game (required)
  -g, --games G        number of games (required)
  -b, --seats LIST     one bot per seat, comma-separated, exactly N of them (--bots is the
                       same); a bot is a built-in one, a name given with --bot, or a module
                       path such as ./mybot.js. The built-in bots:
                       ${COMMAND_LINE_BOTS.join(', ')}
      --bot [NAME=]PATH   your bot: a module exporting a bot factory (default export or
                       makeBot; docs/guides/bot-authors.md), named NAME or after its file;
                       PATH may be an installed package's name (my-bot, @me/bot), found
                       from this directory. It runs in every worker. Repeat for several bots
  -s, --seed S         the arena's seed (default "arena")
      --playouts P     search bots' budget per move in playouts (montecarlo default 100;
                       ismcts: iterations)
      --ms T           search bots' budget per move in milliseconds (ismcts and expert default 20)
      --move-limit MS  the most one move may take before the bot forfeits the game, in
                       milliseconds (default: T + max(T, 100) with --ms T, else 10000)
  -w, --workers N      worker threads (default: this machine's ${availableParallelism()} cores)
      --max-moves M    stop a game after M moves, without a winner (default 20000)
      --json           print the results as JSON, forfeits in full (docs/guides/bot-authors.md)
  -h, --help           show this help

Exit status: 0 the arena was played, forfeits or not (the referee did its job) · 2 bad
arguments, an unknown option, or a bot module that cannot be loaded (a syntax error
names its line) or exports no factory ·
${COMMON_EXITS}.`;

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
  readonly moveLimitMs: number | undefined;
  readonly json: boolean;
}

const whole = (flag: string, text: string | undefined, fallback?: number): number =>
  wholeNumber('arena', flag, text, fallback);

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
      'move-limit': { type: 'string' },
      workers: { type: 'string', short: 'w' },
      'max-moves': { type: 'string' },
      json: { type: 'boolean' },
    },
    0,
  );
  if (!parsed) return undefined;
  const { text, values } = parsed;
  const players = whole('players', text('players'));
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
  addNeural(modules, lineup);
  if (lineup.length !== players) {
    const example = Array.from({ length: players }, (_, i) => lineup[Math.min(i, lineup.length - 1)]!).join(',');
    throw new CliError(
      `--${flag} lists ${lineup.length} bot${lineup.length === 1 ? '' : 's'} for ${players} players: name one bot per seat, for example --seats ${example}`,
    );
  }
  const botOptions: { -readonly [K in keyof BotOptions]: BotOptions[K] } = {};
  if (text('playouts') !== undefined) botOptions.playouts = whole('playouts', text('playouts'));
  if (text('ms') !== undefined) botOptions.timeMs = whole('ms', text('ms'));
  return {
    players,
    games: whole('games', text('games')),
    lineup,
    modules,
    seed: text('seed') ?? 'arena',
    botOptions,
    workers: whole('workers', text('workers'), availableParallelism()),
    maxMoves: whole('max-moves', text('max-moves'), 20_000),
    moveLimitMs: text('move-limit') === undefined ? undefined : whole('move-limit', text('move-limit')),
    json: values.json === true,
  };
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result as a plain-text table. */
function formatArena(result: ArenaResult, seed: string): string {
  const head = ['bot', 'seats', 'wins', 'win rate', '95% CI', 'fair share', '× fair', 'forfeits', 'ms/move', 'p99 ms'];
  const rows = result.rows.map((r) => [
    r.bot,
    String(r.seats),
    String(r.wins),
    percent(r.winRate),
    `[${percent(r.interval[0])}, ${percent(r.interval[1])}]`,
    percent(r.fairShare),
    (r.winRate / r.fairShare).toFixed(2),
    String(r.forfeits),
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
    `dnup arena: ${result.games} games, ${result.players} players, seats rotated, seed ${JSON.stringify(seed)}, ${workersText(result.workers)}, move limit ${result.moveLimitMs} ms`,
    `seats in the first game: ${seats}`,
    line(head),
    ...rows.map(line),
    `average game length: ${result.averageMoves.toFixed(1)} moves, ${result.averageRounds.toFixed(2)} rounds; unfinished: ${result.unfinished}`,
  ].join('\n');
}

/** "2 workers", or "in this thread". */
export function workersText(workers: number): string {
  return workers === 0 ? 'in this thread' : `${workers} worker${workers === 1 ? '' : 's'}`;
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

/**
 * Runs `dnup arena` with the arguments after `arena`; prints the table (or JSON) to stdout, and
 * the forfeits, one line each, to stderr.
 *
 * @param args - command-line arguments, e.g. `['--players', '3', '--games', '1000', '--bots', 'greedy,random']`.
 * @returns the exit code, 0 (forfeits included: the referee did its job).
 * @throws {@link CliError} for bad arguments or a bot module that cannot be loaded (the command
 *   line prints `dnup: <message>` and exits with 2).
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
      ...(a.moveLimitMs === undefined ? {} : { moveLimitMs: a.moveLimitMs }),
      botOptions: a.botOptions,
      workers: a.workers,
      onGame: progress('arena', a.games, started),
    });
  } catch (e) {
    throw usageError(e, 'arena');
  }
  print(a.json ? arenaJson(result, a, performance.now() - started) : formatArena(result, a.seed));
  const total = result.rows.reduce((n, r) => n + r.forfeits, 0);
  writeForfeits('arena', result.forfeits, total, result.forfeits.length, a.json);
  return EXIT.ok;
}

/**
 * A library refusal before any game as a usage error (exit 2): unknown bots, bad budgets, bot
 * modules that cannot be loaded. A worker that fails is dnup's own fault: left as it is (exit 3).
 */
export function usageError(e: unknown, command: string): unknown {
  if (!isBotError(e) || e.code === 'ARENA_WORKER_FAILED') return e;
  // a module's own problem needs no pointer to the help
  const help =
    e.code === 'RATINGS_UNAVAILABLE' || e.code.startsWith('QUEUE_') || /^The bot (module|factory) /.test(e.message);
  return new CliError(help ? e.message : `${e.message} (see dnup ${command} --help)`);
}

/**
 * The forfeits on stderr, one line each (at most 20), and where their details are: the JSON on
 * stdout, and a ladder's --out file (`file`). `detailed` of the `total` are there in full.
 */
export function writeForfeits(
  command: string,
  forfeits: Parameters<typeof forfeitLines>[1],
  total: number,
  detailed: number,
  json: boolean,
  file?: string,
): void {
  const places = [
    ...(json ? ['under "forfeits" in the JSON above'] : []),
    ...(file === undefined ? [] : [`under "result"."forfeits" in ${file}`]),
  ];
  const where =
    places.length === 0
      ? "run with --json to see each in full (the bot's message and stack, the game's record up to it)"
      : `each is in full ${places.join(' and ')} (the bot's message and stack, the game's record up to it)${detailed < total ? `; ${detailed} of the ${total} are detailed there` : ''}`;
  const lines = forfeitLines(command, forfeits, total, where);
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
}
