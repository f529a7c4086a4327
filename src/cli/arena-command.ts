/**
 * `dnup arena --players N --games G --bots a,b,c [--seed S] [--playouts P] [--ms T] [--max-moves M]`:
 * many games between built-in bots with seats rotated, then a table of win rates with 95%
 * Wilson intervals and the average game length. A progress bar is drawn on stderr when it is a terminal.
 */
import { BOT_NAMES, botByName, runArena, type ArenaResult, type BotOptions } from '../bots/index.js';
import { BotError } from '../bots/errors.js';

const USAGE = `usage: dnup arena --players N --games G --bots a,b,c [--seed S] [--playouts P] [--ms T] [--max-moves M]
  bots: ${BOT_NAMES.join(', ')}; a list shorter than N is filled with its last name.
  --playouts, --ms: the Monte-Carlo bot's budget per move (default 100 playouts).`;

interface ArenaArgs {
  players: number;
  games: number;
  lineup: string[];
  seed: string;
  botOptions: BotOptions;
  maxMoves: number;
}

function wholeNumber(flag: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(n)) throw new BotError('BAD_ARENA_OPTIONS', `${flag} needs a whole number, not ${text === undefined ? 'nothing' : JSON.stringify(text)}.`);
  return n;
}

function parseArgs(args: readonly string[]): ArenaArgs {
  const values = new Map<string, string>();
  const flags = ['--players', '--games', '--bots', '--seed', '--playouts', '--ms', '--max-moves'];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!flags.includes(flag)) throw new BotError('BAD_ARENA_OPTIONS', `unknown option ${JSON.stringify(args[i])}.\n${USAGE}`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new BotError('BAD_ARENA_OPTIONS', `${flag} needs a value.\n${USAGE}`);
    values.set(flag, value);
  }
  for (const required of ['--players', '--games', '--bots']) {
    if (!values.has(required)) throw new BotError('BAD_ARENA_OPTIONS', `${required} is required.\n${USAGE}`);
  }
  const lineup = values.get('--bots')!.split(',').map((s) => s.trim());
  for (const name of lineup) botByName(name); // unknown names fail before any game is played
  const botOptions: { -readonly [K in keyof BotOptions]: BotOptions[K] } = {};
  if (values.has('--playouts')) botOptions.playouts = wholeNumber('--playouts', values.get('--playouts'));
  if (values.has('--ms')) botOptions.timeMs = wholeNumber('--ms', values.get('--ms'));
  return {
    players: wholeNumber('--players', values.get('--players')),
    games: wholeNumber('--games', values.get('--games')),
    lineup,
    seed: values.get('--seed') ?? 'arena',
    botOptions,
    maxMoves: values.has('--max-moves') ? wholeNumber('--max-moves', values.get('--max-moves')) : 20_000,
  };
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result as a plain-text table. */
export function formatArena(result: ArenaResult, seed: string): string {
  const head = ['bot', 'seats', 'wins', 'win rate', '95% CI', 'fair share', '× fair', 'ms/move'];
  const rows = result.rows.map((r) => [
    r.bot,
    String(r.seats),
    String(r.wins),
    percent(r.winRate),
    `[${percent(r.interval[0])}, ${percent(r.interval[1])}]`,
    percent(r.fairShare),
    (r.winRate / r.fairShare).toFixed(2),
    r.msPerMove.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [
    `dnup arena: ${result.games} games, ${result.players} players, seats rotated, seed ${JSON.stringify(seed)}`,
    line(head),
    ...rows.map(line),
    `average game length: ${result.averageMoves.toFixed(1)} moves, ${result.averageRounds.toFixed(2)} rounds; unfinished: ${result.unfinished}`,
  ].join('\n');
}

function progressBar(total: number): (done: number) => void {
  if (!process.stderr.isTTY) return () => {};
  const width = 30;
  return (done) => {
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games`);
    if (done === total) process.stderr.write('\n');
  };
}

/**
 * Runs `dnup arena` with the arguments after `arena`; prints the table to stdout.
 *
 * @param args - command-line arguments, e.g. `['--players', '3', '--games', '1000', '--bots', 'greedy,random']`.
 * @returns the exit code: 0, or 2 after printing `dnup: <message>` to stderr for bad arguments.
 * @example
 * ```ts
 * process.exitCode = await arenaCommand(process.argv.slice(3));
 * ```
 */
export async function arenaCommand(args: readonly string[]): Promise<number> {
  try {
    if (args.includes('--help') || args.includes('-h')) {
      console.log(USAGE);
      return 0;
    }
    const a = parseArgs(args);
    const result = await runArena({
      players: a.players,
      games: a.games,
      lineup: a.lineup,
      seed: a.seed,
      maxMoves: a.maxMoves,
      makeBot: (name, seed) => botByName(name, { ...a.botOptions, seed }),
      onGame: progressBar(a.games),
    });
    console.log(formatArena(result, a.seed));
    return 0;
  } catch (e) {
    process.stderr.write(`dnup: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
