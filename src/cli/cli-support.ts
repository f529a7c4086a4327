/**
 * What every `dnup` command shares: argument parsing, whole numbers, bot modules named on the
 * command line, progress lines, reading files, stopping on a signal, and errors without stack
 * traces.
 */
import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BOT_NAMES } from '../bots/by-name.js';

/**
 * Exit codes of every command: 0 success (an arena or ladder with forfeits too: the referee did
 * its job); 1 an illegal move or invalid position (replay, check; play when a bot fails); 2 bad
 * usage or input; 3 an internal error (a bug in dnup, never a bot's); 130 SIGINT; 143 SIGTERM.
 */
export const EXIT = { ok: 0, rejected: 1, usage: 2, internal: 3, interrupted: 130, terminated: 143 } as const;

/** The exit codes every command shares, as its help says them. */
export const COMMON_EXITS =
  '3 an internal error (a bug in dnup: please report it) · 130 stopped by SIGINT\n(Ctrl-C) · 143 stopped by SIGTERM';

/** The exit code of a command stopped by a signal: 128 + the signal's number, as shells report it. */
export const SIGNAL_EXIT = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated } as const;

type StopSignal = keyof typeof SIGNAL_EXIT;
const onStops = new Set<(signal: StopSignal) => void>();

/**
 * Runs `handler` when the command is stopped by SIGINT or SIGTERM, before the process exits
 * (main.ts exits with 130 or 143); returns the function that removes it. A ladder saves its games.
 */
export function onStop(handler: (signal: StopSignal) => void): () => void {
  onStops.add(handler);
  return () => onStops.delete(handler);
}

/** Runs the handlers {@link onStop} holds (main.ts, on a signal); returns how many there were. */
export function runStopHandlers(signal: StopSignal): number {
  const handlers = [...onStops];
  for (const handler of handlers) {
    try {
      handler(signal);
    } catch {
      // stopping anyway: a handler's failure must not keep the process alive
    }
  }
  return handlers.length;
}

/** An error the command line reports as `dnup: <message>` and exits with `exitCode`, no stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command's parsed arguments: option values by long name, and the positional arguments. */
export interface ParsedCommand {
  readonly values: { readonly [name: string]: string | boolean | undefined };
  readonly positionals: readonly string[];
  /** The value of a string option, or undefined. */
  readonly text: (name: string) => string | undefined;
  /** The first positional argument, required: `what` names it in the error. */
  readonly file: (what: string) => string;
}

/**
 * `parseArgs` with strict checking, turning its errors into usage errors that point at `--help`.
 * Prints `help` and returns undefined for `--help`.
 */
export function parseCommand(
  command: string,
  help: string,
  args: readonly string[],
  options: Options,
  maxPositionals: number,
): ParsedCommand | undefined {
  let parsed: {
    values: { [name: string]: string | boolean | (string | boolean)[] | undefined };
    positionals: string[];
  };
  const all: Options = { ...options, help: { type: 'boolean', short: 'h' } };
  try {
    parsed = parseArgs({ args: args.slice(), options: all, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(argumentProblem(command, all, e));
  }
  if (parsed.positionals.length > maxPositionals && parsed.values.help !== true) {
    throw new CliError(
      `dnup ${command} takes at most ${maxPositionals} argument${maxPositionals === 1 ? '' : 's'}, not ${parsed.positionals.length} (see dnup ${command} --help)`,
    );
  }
  const values = parsed.values as ParsedCommand['values'];
  if (values.help === true) {
    // every command's help lists every exit code; the shared ones are added where a help lacks them
    print(/\b143\b/.test(help) ? help : `${help}\nEvery command also exits with:\n${COMMON_EXITS}.`);
    return undefined;
  }
  const positionals = parsed.positionals;
  return {
    values,
    positionals,
    text: (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
    file: (what) => {
      const path = positionals[0];
      if (path === undefined) throw new CliError(`dnup ${command} needs ${what} (see dnup ${command} --help)`);
      return path;
    },
  };
}

/** An option as the user wrote it, e.g. `--players` or `-p`, from a parseArgs message. */
function quotedOption(message: string): string | undefined {
  return /'(-{1,2}[^'\s,=]+)/.exec(message)?.[1];
}

/** The long name of an option written short (`-p` → `--players`). */
function longName(options: Options, written: string): string {
  if (written.startsWith('--')) return written;
  const entry = Object.entries(options).find(([, o]) => o.short === written.slice(1));
  return entry ? `--${entry[0]}` : written;
}

/** parseArgs' refusal in our words: which option, which command, and where the help is. */
function argumentProblem(command: string, options: Options, e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  const written = quotedOption(message);
  const see = `see dnup ${command} --help`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && written !== undefined)
    return `unknown option ${clip(written, 60)} for dnup ${command}; ${see}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && written !== undefined) {
    const name = longName(options, /'-\w, (--[^\s']+)/.exec(message)?.[1] ?? written);
    const type = options[name.slice(2)]?.type;
    return type === 'boolean'
      ? `the option ${name} of dnup ${command} takes no value; ${see}`
      : `the option ${name} of dnup ${command} needs a value; ${see}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `dnup ${command} takes no argument ${clip(JSON.stringify(/'([^']*)'/.exec(message)?.[1] ?? ''), 60)}; ${see}`;
  return `${clip(message.split('\n')[0] ?? '', 200)} (${see})`;
}

/**
 * A whole number from 1 up given to an option, or `fallback` when it is not given (required
 * when there is no fallback).
 */
export function wholeNumber(command: string, flag: string, text: string | undefined, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) throw new CliError(`--${flag} is required (see dnup ${command} --help)`);
    return fallback;
  }
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1)
    throw new CliError(
      `--${flag} must be a whole number from 1 up, not ${JSON.stringify(clip(text, 40))} (see dnup ${command} --help)`,
    );
  return n;
}

/** Where {@link progress} writes and what it reads the time from (a test hands in its own). */
export interface ProgressOutput {
  /** Writes text as it is, no newline added. */
  readonly write: (text: string) => void;
  /** A terminal: one bar, redrawn in place. */
  readonly tty: boolean;
  /** The time in milliseconds. */
  readonly now: () => number;
}

const stderrOutput = (): ProgressOutput => ({
  write: (text) => void process.stderr.write(text),
  tty: process.stderr.isTTY === true,
  now: () => performance.now(),
});

/** The rate is measured over about this long, so that it follows machines joining or leaving a queue run. */
const RATE_WINDOW_MS = 30_000;
/** Games finished closer together than this count as one burst (a resume collecting what was done). */
const BURST_MS = 250;

/** `3.4 games/s`, `0.25 games/s`, `120 games/s`. */
function rateText(perSecond: number): string {
  const digits = perSecond >= 10 ? 0 : perSecond >= 1 ? 1 : 2;
  return `${perSecond.toFixed(digits)} games/s`;
}

/** `45 s`, `12 min 5 s`, `3 h 20 min`. */
function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * Progress on stderr for `dnup arena` and `dnup ladder`: games done of `total`, the rate in games
 * a second over the last 30 s or so, and the time left at that rate. On a terminal a bar redrawn
 * in place (`[#####.....] 100/200 games, 3.4 games/s, 29 s left`), else a line at every tenth
 * of the games (`dnup arena: 20/200 games (10%), 3 s, 6.7 games/s, 27 s left`). Games handed in
 * at once (a resume collecting what was done meanwhile) count as done but not in the rate.
 *
 * @param started - when the command started, by `output.now`.
 * @returns the function to call with the number of games done, after each game.
 */
export function progress(
  command: string,
  total: number,
  started: number,
  output: ProgressOutput = stderrOutput(),
): (done: number) => void {
  const { write, tty, now } = output;
  // (time, games done) samples, one per BURST_MS at most: a game within BURST_MS of the newest
  // sample's start moves it (a burst of games becomes one step, not a rate)
  const samples: { start: number; t: number; done: number }[] = [];
  const pace = (done: number, t: number): string => {
    const newest = samples.at(-1);
    if (newest !== undefined && t - newest.start < BURST_MS) {
      newest.t = t;
      newest.done = done;
    } else samples.push({ start: t, t, done });
    while (samples.length > 2 && t - samples[1]!.t >= RATE_WINDOW_MS) samples.shift();
    const oldest = samples[0]!;
    const perMs = t > oldest.t && done > oldest.done ? (done - oldest.done) / (t - oldest.t) : 0;
    if (perMs === 0 || done >= total) return '';
    return `, ${rateText(perMs * 1000)}, ${durationText((total - done) / perMs)} left`;
  };
  if (tty) {
    const width = 30;
    return (done) => {
      const filled = Math.round((done / total) * width);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games${pace(done, now())}`;
      // \x1b[K clears what a longer line left behind
      write(`\r${line}\x1b[K${done === total ? '\n' : ''}`);
    };
  }
  let shown = 0;
  return (done) => {
    const t = now();
    const rate = pace(done, t);
    const tenth = Math.floor((done * 10) / total);
    if (tenth === shown) return;
    shown = tenth;
    const seconds = ((t - started) / 1000).toFixed(0);
    write(`dnup ${command}: ${done}/${total} games (${Math.floor((done * 100) / total)}%), ${seconds} s${rate}\n`);
  };
}

/** The module of the command line's bots `neural` and `neural-expert` (resolved from this copy of the package). */
const NEURAL_MODULE = 'dnup/neural';
/** The command line's names for the bots of dnup/neural. */
const NEURAL_NAMES: readonly string[] = ['neural', 'neural-expert'];

/** The bots the command line knows by name: the built-in ones, and `neural` and `neural-expert`, both the module dnup/neural. */
export const COMMAND_LINE_BOTS: readonly string[] = [...BOT_NAMES, ...NEURAL_NAMES];

/**
 * Adds dnup/neural to `modules` as the bots `neural` and `neural-expert` that `names` use (its
 * factory tells them apart by the name it is given; defineBot refuses both names for --bot): it
 * stays out of every other run, its weights unloaded.
 */
export function addNeural(modules: Record<string, string>, names: readonly string[]): void {
  for (const name of NEURAL_NAMES) if (names.includes(name)) modules[name] ??= NEURAL_MODULE;
}

/** A package name, with or without a scope and a path inside it: `my-bot`, `@me/bot`, `@me/bot/dist/bot.js`. */
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/i;

/**
 * A lineup entry or --bot value that surely names a module: a path, a file: URL, a scoped package
 * (`@me/bot`), or NAME=any of them. A bare `my-bot` in a lineup is a bot's name: give a package
 * without a scope with --bot.
 */
export function isModuleSpec(entry: string): boolean {
  const where = entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : entry;
  return (
    /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/.test(where) || /\.[cm]?js$/.test(where) || /^@[\w.-]+\/./.test(where)
  );
}

/**
 * Records `[NAME=]WHERE` in `modules`, WHERE a path or a package name (resolved from the working
 * directory); returns the bot's name (NAME, or the file's or package's last name).
 */
export function defineBot(modules: Record<string, string>, spec: string, flag: string): string {
  const eq = spec.indexOf('=');
  const path = eq < 0 ? spec : spec.slice(eq + 1);
  const name = eq < 0 ? basename(path, extname(path)) : spec.slice(0, eq).trim();
  if (path === '' || !(isModuleSpec(path) || PACKAGE.test(path)))
    throw new CliError(
      `${flag} ${JSON.stringify(spec)} is not a module path or package name: write ./mybot.js, mybot=./mybot.js or mybot=my-bot-package`,
    );
  if (!/^[\w.-]{1,64}$/.test(name))
    throw new CliError(
      `${flag} ${JSON.stringify(spec)}: a bot's name is 1 to 64 letters, digits, dots, dashes or underscores`,
    );
  if (COMMAND_LINE_BOTS.includes(name) || name === 'mc')
    throw new CliError(
      `${flag} ${JSON.stringify(spec)}: ${name} is a built-in bot; give yours another name (NAME=${path})`,
    );
  if (modules[name] !== undefined && modules[name] !== path)
    throw new CliError(`${flag} ${JSON.stringify(spec)}: the name ${name} is already given to ${modules[name]}`);
  modules[name] = path;
  return name;
}

/** At most this many forfeits are printed one per line; the JSON lists them all. */
const MAX_FORFEIT_LINES = 20;

/**
 * One line per forfeit (bot, game, seat, kind, message), at most 20, then how many there were
 * (`total`) and where the details are: what `dnup arena` and `dnup ladder` print on stderr.
 */
export function forfeitLines(
  command: string,
  forfeits: readonly {
    readonly bot: string;
    readonly game: number;
    readonly seat: number;
    readonly kind: string;
    readonly message: string;
  }[],
  total: number,
  details: string,
): string[] {
  if (total === 0) return [];
  const lines = forfeits
    .slice(0, MAX_FORFEIT_LINES)
    .map(
      (f) => `dnup ${command}: forfeit: ${f.bot}, game ${f.game}, seat ${f.seat}, ${f.kind}: ${clip(f.message, 300)}`,
    );
  const shown = Math.min(forfeits.length, MAX_FORFEIT_LINES);
  if (total > shown)
    lines.push(`dnup ${command}: … and ${total - shown} more forfeit${total - shown === 1 ? '' : 's'}`);
  lines.push(
    `dnup ${command}: ${total} forfeit${total === 1 ? '' : 's'} (a forfeit loses the bot that game; the run went on); ${details}`,
  );
  return lines;
}

/**
 * The largest input the command line reads, in bytes (16 MiB): room for a position or record with
 * a custom deck of 65,536 cards, pretty-printed. Anything longer is refused before it is parsed.
 */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** Why a file cannot be read, in a few words. */
function readFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return clip(e instanceof Error ? e.message : String(e), 200);
}

/**
 * The text of a file, or of standard input for `-`: at most {@link MAX_INPUT_BYTES} bytes of UTF-8
 * (a byte-order mark is dropped). Reads in chunks and stops past the limit, so an endless source
 * (`/dev/zero`, a pipe that never ends) is refused instead of filling the memory.
 */
export async function readText(path: string): Promise<string> {
  const name = path === '-' ? 'standard input' : path;
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = path === '-' ? process.stdin : createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > MAX_INPUT_BYTES) {
        stream.destroy();
        throw new CliError(`${name} is too large: dnup reads at most ${MAX_INPUT_BYTES} bytes (16 MiB).`);
      }
      chunks.push(bytes);
    }
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${name}: ${readFailure(e)}`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size));
  } catch {
    throw new CliError(`${name} is not text: it is not valid UTF-8.`);
  }
}

/**
 * `text` on one line, cut to at most `max` characters (an ellipsis marks the cut): no line grows
 * with the input, and no line break or other control character of a file (which a parser's
 * message may quote) splits a message or reaches the terminal; they are written as escapes.
 */
export function clip(text: string, max: number): string {
  const one = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/**
 * One problem or refusal as one line, `CODE at path: sentence (rules §N).`, citing its rule once:
 * the library's sentences for moves and records already end with their citation, a position
 * problem's does not and gets its `rule` here (else a sentence would read "(rules §5 A): … (rules §5 A)").
 */
export function problemLine(p: {
  readonly code: string;
  readonly path?: string;
  readonly rule?: string;
  readonly message: string;
}): string {
  const where = p.path ? ` at ${p.path}` : '';
  const cites = /\brules §/.test(p.message);
  const sentence = cites || !p.rule ? p.message : `${p.message.replace(/\.$/, '')} (rules ${p.rule}).`;
  return `${p.code}${where}: ${sentence}`;
}

/** Writes lines to standard output. */
export function print(...lines: string[]): void {
  process.stdout.write(lines.map((l) => `${l}\n`).join(''));
}

/** Indents every line of a block. */
export function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}
