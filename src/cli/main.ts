/**
 * The `dnup` command line: settle disputes about dnup games (replay a record, check a
 * position), play a game between bots, and run bot arenas and ladders. Errors print as `dnup: <message>`,
 * never as a stack trace.
 */
import { readFileSync } from 'node:fs';
import { arenaCommand } from './arena-command.js';
import { checkCommand } from './check-command.js';
import { ladderCommand } from './ladder-command.js';
import { clip, CliError, COMMON_EXITS, EXIT, print, runStopHandlers, SIGNAL_EXIT } from './cli-support.js';
import { playCommand } from './play-command.js';
import { replayCommand } from './replay-command.js';
import { workerCommand } from './worker-command.js';

/** The package version, read next to the built file (dist/cli.js → package.json). */
function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

const help = (): string => `dnup ${version()}: the rules of the card game dnup, as a referee and a player

Usage:
  dnup replay <record.json>     replay a game record and judge every move
  dnup check <position>         check a position and list its legal moves, or judge
                                moves there (--move, --moves)
  dnup play [options]           play a whole game between bots, yours included
  dnup arena [options]          play many games between bots and compare them
  dnup ladder [options]         rate several bots on duplicate deals (needs openskill)
  dnup worker --queue URL       play the games of ladders spread over many machines
  dnup <command> --help         help for one command
  dnup --version                print the version

The arena and the ladder are referees: a bot that throws, returns something that is
not a legal move, or runs past the move limit loses that game (a forfeit), and the
run goes on.

Files are read up to 16 MiB. Exit status: 0 success (an arena or a ladder with
forfeits too) · 1 an illegal move or an invalid position (replay, check), a bot that
fails in play · 2 bad usage: an unknown command or option, a missing or unreadable
file, a file over 16 MiB or not UTF-8 text, bad JSON or not a game record, a bot
module that cannot be loaded, a refused --resume ·
${COMMON_EXITS}.`;

async function run(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'replay':
      return replayCommand(rest);
    case 'check':
      return checkCommand(rest);
    case 'play':
      return playCommand(rest);
    case 'arena':
      return arenaCommand(rest);
    case 'ladder':
      return ladderCommand(rest);
    case 'worker':
      return workerCommand(rest);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      print(help());
      return command === undefined ? EXIT.usage : EXIT.ok;
    case '-v':
    case '--version':
      print(version());
      return EXIT.ok;
    default:
      throw new CliError(
        `unknown command ${JSON.stringify(command)}; the commands are replay, check, play, arena, ladder and worker (see dnup --help)`,
      );
  }
}

// a reader that stops early (`dnup play | head`) is not an error
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

// Ctrl-C and kill: what a command must keep is kept (a ladder saves its games), then the process
// exits with 130 or 143, which also stops every worker thread (a bot in a loop included)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // a command that keeps something says so itself (the ladder: the games kept, and where)
    if (runStopHandlers(signal) === 0) process.stderr.write(`dnup: stopped by ${signal}\n`);
    process.exit(SIGNAL_EXIT[signal]);
  });
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (e) {
  const cli = e instanceof CliError;
  process.stderr.write(
    `dnup: ${cli ? e.message : `internal error (a bug in dnup, please report it): ${clip(String((e as Error | null)?.message ?? e), 500)}`}\n`,
  );
  process.exitCode = cli ? e.exitCode : EXIT.internal;
}
