/**
 * `dnup worker`: plays the games of ladder runs put on a Redis queue by `dnup ladder --queue`,
 * on this machine, until stopped.
 */
import { availableParallelism } from 'node:os';
import { isBotError } from '../bots/errors.js';
import { serveQueue } from '../arena/ladder-queue.js';
import { CliError, COMMON_EXITS, EXIT, onStop, parseCommand, wholeNumber } from './cli-support.js';

const WORKER_HELP = `Usage: dnup worker --queue redis://HOST:PORT[/DB] [--workers N]

Plays the games of the ladder runs that \`dnup ladder --queue URL\` puts on that Redis,
each in a worker thread of its own, until stopped (Ctrl-C or SIGTERM: the games under
way go back on the queue and are played elsewhere). A worker refuses, and the ladder
then says so, a run made by another dnup version or whose bot modules differ from
the files at the same paths on this machine, or that it cannot load: each machine
needs the modules at the paths the ladder gave, and the bot packages it named
installed where the worker runs. Needs npm install bullmq@6 ioredis@5.

Options:
      --queue URL      the Redis the ladders use (required)
  -w, --workers N      games played at once (default: this machine's ${availableParallelism()} cores)
  -h, --help           show this help

Exit status: 2 bad arguments, Redis unreachable, bullmq or ioredis missing ·
${COMMON_EXITS}.`;

/**
 * Runs `dnup worker` with the arguments after `worker`: serves the queue until a signal stops
 * the process (main.ts then exits with 130 or 143).
 *
 * @param args - command-line arguments, e.g. `['--queue', 'redis://127.0.0.1:6379', '--workers', '2']`.
 * @returns the exit code, 0 for --help; otherwise it never returns.
 * @throws {@link CliError} for bad arguments, Redis unreachable, BullMQ missing (exit 2).
 */
export async function workerCommand(args: readonly string[]): Promise<number> {
  const parsed = parseCommand(
    'worker',
    WORKER_HELP,
    args,
    { queue: { type: 'string' }, workers: { type: 'string', short: 'w' } },
    0,
  );
  if (!parsed) return EXIT.ok;
  const url = parsed.text('queue');
  if (url === undefined)
    throw new CliError('--queue is required: the Redis URL the ladders use (see dnup worker --help)');
  const workers = wholeNumber('worker', 'workers', parsed.text('workers'), availableParallelism());
  if (workers > 256) throw new CliError(`--workers must be at most 256, not ${workers}`);
  const log = (line: string): void => void process.stderr.write(`dnup worker: ${line}\n`);
  try {
    await serveQueue({ url, workers, log });
  } catch (e) {
    if (isBotError(e)) throw new CliError(e.message);
    throw e;
  }
  log(`serving ${url} with ${workers} game${workers === 1 ? '' : 's'} at once; Ctrl-C to stop`);
  onStop(() => log('stopped; the games under way go back on the queue'));
  // until a signal: main.ts exits the process
  return new Promise<number>(() => {});
}
