/**
 * Bot modules: files or packages that export a bot factory, resolved from the working directory,
 * loaded once (in this thread or a worker) and checked, with a sentence for every way to fail.
 */
import type { Bot } from '../bots/bot.js';
import { BOT_NAMES, botByName, type BotOptions } from '../bots/by-name.js';
import { BotError } from '../bots/errors.js';
import { describeValue } from '../core/internal.js';
import type { BotFactory } from './arena-types.js';
import { failureLine, failureOf } from './referee.js';

/** Calls a factory once before any game, so that a broken one is refused with a sentence rather than forfeiting every game. */
export function checkFactory(
  makeBot: (name: string, seed: string) => Bot,
  name: string,
  modules: Readonly<Record<string, string>>,
): void {
  const where = modules[name];
  let bot: unknown;
  try {
    bot = makeBot(name, 'check');
  } catch (e) {
    if (where === undefined) throw e; // a built-in bot's own refusal: UNKNOWN_BOT, BAD_BOT_OPTIONS
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot factory of ${describeValue(name)} (${where}) threw ${failureLine(failureOf(e))} when called with { seed: 'check', name: ${describeValue(name)} }.`,
      { name, input: where },
    );
  }
  if (typeof bot !== 'object' || bot === null || typeof (bot as Bot).chooseMove !== 'function')
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot factory of ${describeValue(name)} must return a bot { name, chooseMove }, not ${describeValue(bot)}.`,
      { name: where ?? name },
    );
}

/** How long loading one bot module may take before it is refused (a top-level await that never settles). */
const MODULE_LOAD_LIMIT_MS = 10_000;

/** A bot module's factory, checked; `given` is the path as the user wrote it, for messages. */
async function loadBotModule(name: string, url: string, given: string): Promise<BotFactory> {
  let loaded: Record<string, unknown>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not finish loading within ${MODULE_LOAD_LIMIT_MS / 1000} s`)),
        MODULE_LOAD_LIMIT_MS,
      );
    });
    loaded = (await Promise.race([import(/* @vite-ignore */ url), late])) as Record<string, unknown>;
  } catch (e) {
    throw await moduleLoadError(name, url, given, e);
  } finally {
    clearTimeout(timer);
  }
  const factory = typeof loaded.default === 'function' ? loaded.default : loaded.makeBot;
  if (typeof factory !== 'function') {
    const names = Object.keys(loaded).slice(0, 8);
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${given} exports no bot factory: it must export default (or export makeBot) a function ({ seed }) => ({ name, chooseMove }); it exports ${names.length === 0 ? 'nothing' : names.join(', ')} (${url}).`,
      { name, input: url },
    );
  }
  return factory as BotFactory;
}

const NODE_CHILD = 'node:child_process';
const NODE_FS = 'node:fs';

/** Why a module failed to load, in one sentence; a syntax error names its file and line. */
async function moduleLoadError(name: string, url: string, given: string, e: unknown): Promise<BotError> {
  const failure = failureOf(e);
  const code = (e as { code?: unknown } | null)?.code;
  // the module itself, not one it imports ("Cannot find module '/x/b.js' imported from /x/a.js";
  // under Vite the path may be relative to its root)
  const absent = /Cannot find (?:module|package) '([^']+)'/.exec(failure.message)?.[1];
  const itself =
    absent === undefined
      ? failure.message.includes(fileOf(url))
      : fileOf(url).endsWith(absent.startsWith('file:') ? fileOf(absent) : absent);
  if (code === 'ERR_MODULE_NOT_FOUND' && itself)
    return new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${given} cannot be loaded: there is no such file (${url}).`,
      { name, input: url },
    );
  if (failure.name === 'SyntaxError') {
    const where = locate(failure.stack ?? '') ?? (await checkSyntax(url));
    const file = where === undefined || where.file === fileOf(url) ? given : where.file;
    return new BotError(
      'BAD_ARENA_OPTIONS',
      `The bot module ${file} has a syntax error${where === undefined ? '' : ` at line ${where.line}`}: ${failure.message}`,
      { name, input: url },
    );
  }
  return new BotError(
    'BAD_ARENA_OPTIONS',
    `The bot module ${given} cannot be loaded (${url}): ${failureLine(failure)}`,
    { name, input: url },
  );
}

/** A `file:` URL's path, else the URL. */
export function fileOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return url;
  }
}

/** `file:line` at the head of a syntax error's stack (where newer Node versions put it). */
function locate(stack: string): { file: string; line: number } | undefined {
  const head = stack.split('\n', 1)[0] ?? '';
  const m = /^(?:file:\/\/)?(.+?):(\d+)$/.exec(head.trim());
  return m ? { file: decodeURIComponent(m[1]!), line: Number(m[2]) } : undefined;
}

/**
 * The line of a module's syntax error, as `node --check` reports it (Node 20's `import()` error
 * does not carry it); undefined when the check passes (the error is in a module it imports) or
 * cannot run.
 */
async function checkSyntax(url: string): Promise<{ file: string; line: number } | undefined> {
  try {
    const { spawnSync } = (await import(/* @vite-ignore */ NODE_CHILD)) as typeof import('node:child_process');
    const r = spawnSync(process.execPath, ['--check', fileOf(url)], { encoding: 'utf8', timeout: 10_000 });
    return r.status === 0 ? undefined : locate(r.stderr ?? '');
  } catch {
    return undefined;
  }
}

/**
 * Every bot module's factory by name, loaded once (in this thread, or in a worker).
 *
 * @param given - the paths as the user wrote them, by name, for messages (default: the URLs).
 */
export async function loadBotModules(
  modules: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> = modules,
): Promise<ReadonlyMap<string, BotFactory>> {
  const factories = new Map<string, BotFactory>();
  for (const [name, url] of Object.entries(modules))
    factories.set(name, await loadBotModule(name, url, given[name] ?? url));
  return factories;
}

/** The arena's bot maker: module bots by their factory, the others built in. */
export function botMaker(
  factories: ReadonlyMap<string, BotFactory>,
  botOptions: Omit<BotOptions, 'seed'>,
): (name: string, seed: string) => Bot {
  return (name, seed) => {
    const factory = factories.get(name);
    return factory ? factory({ ...botOptions, seed, name }) : botByName(name, { ...botOptions, seed });
  };
}

const NODE_URL = 'node:url';
const NODE_PATH = 'node:path';
const NODE_MODULE = 'node:module';

/** This package's own name, alone or with a path in it (`dnup/neural`). */
const OWN_PACKAGE = /^dnup(\/|$)/;

/** A path (`./`, `../`, `/`, `C:\\`) or a `file:` URL, as opposed to a package name. */
const PATH_FORM = /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/]|file:)/;

/**
 * Bot modules resolved from the working directory, by name: `urls` as `file:` URLs, and
 * `portable` as another machine resolves them (a path as its `file:` URL, a package by its name,
 * which each machine resolves where it runs). A bare name is a package (`my-bot`, `@me/bot`,
 * `@me/bot/sub`), found as `require.resolve` finds it from the working directory, unless it ends
 * in `.js`, `.mjs` or `.cjs` and a file of that name is there (a path written without `./`). This
 * package's own name (`dnup/neural`) is this copy of it, found from here.
 *
 * @throws {@link BotError} `BAD_ARENA_OPTIONS` for a name of a built-in bot, or a package that
 *   is not installed there.
 */
export async function resolveModules(
  modules: Readonly<Record<string, string>>,
): Promise<{ urls: Record<string, string>; portable: Record<string, string> }> {
  const names = Object.keys(modules);
  if (names.length === 0) return { urls: {}, portable: {} };
  const clash = names.find((n) => (BOT_NAMES as readonly string[]).includes(n) || n === 'mc');
  if (clash !== undefined)
    throw new BotError(
      'BAD_ARENA_OPTIONS',
      `A bot module cannot take the name of a built-in bot (${clash}): name it otherwise.`,
      { name: clash, allowed: BOT_NAMES },
    );
  // loaded only here, by names bundlers leave alone, like worker_threads below
  const { pathToFileURL } = (await import(/* @vite-ignore */ NODE_URL)) as typeof import('node:url');
  const { resolve } = (await import(/* @vite-ignore */ NODE_PATH)) as typeof import('node:path');
  const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs');
  const { createRequire } = (await import(/* @vite-ignore */ NODE_MODULE)) as typeof import('node:module');
  const urls: Record<string, string> = {};
  const portable: Record<string, string> = {};
  for (const [name, where] of Object.entries(modules)) {
    if (where.startsWith('file:')) urls[name] = new URL(where).href;
    else if (PATH_FORM.test(where) || (/\.[cm]?js$/.test(where) && existsSync(resolve(where))))
      urls[name] = pathToFileURL(resolve(where)).href;
    else {
      const from = resolve('.');
      try {
        // this package by its own name (dnup/neural) is this very copy, wherever the command runs
        const base = OWN_PACKAGE.test(where) ? import.meta.url : resolve(from, 'package.json');
        urls[name] = pathToFileURL(createRequire(base).resolve(where)).href;
      } catch (e) {
        const code = (e as { code?: unknown } | null)?.code;
        const short = `./${where.replace(/^@[^/]+\//, '')}.js`;
        throw new BotError(
          'BAD_ARENA_OPTIONS',
          `The bot module ${where} cannot be loaded: ${
            code === 'MODULE_NOT_FOUND'
              ? `no package ${where} is installed in ${from} or a folder above it; install it there, or give a path such as ${short}.`
              : code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
                ? `the "exports" of its package.json give require.resolve, which finds packages here, no entry for ${where} (one under the "import" condition only needs a "default" beside it); add one, or give the file's path.`
                : `the package ${where} cannot be resolved from ${from} (${String((e as Error | null)?.message ?? e)
                    .split('\n')[0]!
                    .slice(0, 200)}); install it there, or give a path such as ${short}.`
          }`,
          { name, input: where },
        );
      }
      portable[name] = where;
      continue;
    }
    portable[name] = urls[name];
  }
  return { urls, portable };
}

/** Bot modules as `file:` URLs, paths and package names resolved from the working directory ({@link resolveModules}). */
export async function moduleUrls(modules: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  return (await resolveModules(modules)).urls;
}
