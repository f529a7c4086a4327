/** What every `dnup` command shares: argument parsing, reading files, and errors without stack traces. */
import { readFileSync } from 'node:fs';
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
export function parseCommand(command: string, help: string, args: readonly string[], options: Options, maxPositionals: number): ParsedCommand | undefined {
  let parsed: { values: { [name: string]: string | boolean | (string | boolean)[] | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({ args: args.slice(), options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(`${(e as Error).message.split('\n')[0]} (see dnup ${command} --help)`);
  }
  if (parsed.positionals.length > maxPositionals && parsed.values.help !== true) {
    throw new CliError(`dnup ${command} takes at most ${maxPositionals} argument${maxPositionals === 1 ? '' : 's'}, not ${parsed.positionals.length} (see dnup ${command} --help)`);
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

/** The text of a file, or of standard input for `-`. */
export function readText(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new CliError(`cannot read ${path}: ${why}`);
  }
}

/** A file's JSON content. */
export function readJson(path: string): unknown {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`${path} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Writes lines to standard output. */
export function print(...lines: string[]): void {
  process.stdout.write(lines.map((l) => `${l}\n`).join(''));
}

/** Indents every line of a block. */
export function indent(text: string, by = '  '): string {
  return text.split('\n').map((l) => by + l).join('\n');
}
