/** What every `dnup` command shares: argument parsing, reading files, and errors without stack traces. */
import { createReadStream } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit codes of every command. */
export const EXIT = { ok: 0, rejected: 1, usage: 2, internal: 3 } as const;

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
  try {
    parsed = parseArgs({
      args: args.slice(),
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message.split('\n')[0]} (see dnup ${command} --help)`);
  }
  if (parsed.positionals.length > maxPositionals && parsed.values.help !== true) {
    throw new CliError(
      `dnup ${command} takes at most ${maxPositionals} argument${maxPositionals === 1 ? '' : 's'}, not ${parsed.positionals.length} (see dnup ${command} --help)`,
    );
  }
  const values = parsed.values as ParsedCommand['values'];
  if (values.help === true) {
    print(help);
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
 * problem's does not and gets its `rule` here (issue 24: "(rules §5 A): … (rules §5 A)").
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
