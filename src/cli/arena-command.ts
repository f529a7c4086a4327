/**
 * `dnup arena`: many games between built-in bots with seats rotated, spread over worker threads,
 * then a table (or JSON) of win rates with 95% Wilson intervals, time per move and game length.
 * Progress goes to stderr: a bar on a terminal, a line every tenth of the games otherwise.
 */
import { availableParallelism } from 'node:os';
import { BOT_NAMES, type BotOptions } from '../bots/index.js';
import { runArena, type ArenaResult } from '../arena.js';
import { isBotError } from '../bots/errors.js';
import { CliError, EXIT, parseCommand, print } from './cli-support.js';

/** The help text of `dnup arena`. */
export const ARENA_HELP = `Usage: dnup arena --players N --games G --bots LIST [options]

Plays G games between built-in bots, seats rotated so that every bot plays every seat
equally, and prints each bot's win rate with its 95% Wilson interval, its fair share,
its time per move (mean and 99th percentile) and the average game length. The same seed
gives the same games whatever the number of workers (for budgets in playouts; a budget
in milliseconds depends on the machine).

Options:
  -p, --players N      2 to 5 players per game (required)
  -g, --games G        number of games (required)
  -b, --bots LIST      bot names, comma-separated, one per seat; a shorter list is filled
                       with its last name (bots: ${BOT_NAMES.join(', ')})
  -s, --seed S         the arena's seed (default "arena")
      --playouts P     search bots' budget per move in playouts (montecarlo default 100;
                       ismcts: iterations)
      --ms T           search bots' budget per move in milliseconds (ismcts default 20)
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
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new CliError(`--${flag} must be a whole number from 1 up, not ${JSON.stringify(text)} (see dnup arena --help)`);
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
      bots: { type: 'string', short: 'b' },
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
  const bots = text('bots');
  if (bots === undefined) throw new CliError('--bots is required (see dnup arena --help)');
  const lineup = bots.split(',').map((s) => s.trim());
  if (lineup.length > players) throw new CliError(`--bots gives ${lineup.length} names for ${players} players; give 1 to ${players}`);
  const botOptions: { -readonly [K in keyof BotOptions]: BotOptions[K] } = {};
  if (text('playouts') !== undefined) botOptions.playouts = wholeNumber('playouts', text('playouts'));
  if (text('ms') !== undefined) botOptions.timeMs = wholeNumber('ms', text('ms'));
  return {
    players,
    games: wholeNumber('games', text('games')),
    lineup,
    seed: text('seed') ?? 'arena',
    botOptions,
    workers: wholeNumber('workers', text('workers'), availableParallelism()),
    maxMoves: wholeNumber('max-moves', text('max-moves'), 20_000),
    json: values.json === true,
  };
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result as a plain-text table. */
export function formatArena(result: ArenaResult, seed: string): string {
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
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [
    `dnup arena: ${result.games} games, ${result.players} players, seats rotated, seed ${JSON.stringify(seed)}, ${result.workers} worker${result.workers === 1 ? '' : 's'}`,
    line(head),
    ...rows.map(line),
    `average game length: ${result.averageMoves.toFixed(1)} moves, ${result.averageRounds.toFixed(2)} rounds; unfinished: ${result.unfinished}`,
  ].join('\n');
}

/** The JSON that `dnup arena --json` prints: the arena's settings and its result. */
export function arenaJson(result: ArenaResult, a: Pick<ArenaArgs, 'seed' | 'lineup' | 'botOptions' | 'maxMoves'>, elapsedMs: number): string {
  return JSON.stringify(
    {
      seed: a.seed,
      lineup: a.lineup,
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
