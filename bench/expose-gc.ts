/** Benchmarks that force collections run with `--expose-gc`; started without it, they start again with it. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs the script at `url` again in a new process, with `flags` added to this one's (tsx's loader
 * is among them when run by tsx) and `env` to its environment, and exits with its status.
 */
export function runAgain(url: string, flags: readonly string[], env: Record<string, string> = {}): never {
  const r = spawnSync(process.execPath, [...process.execArgv, ...flags, fileURLToPath(url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  process.exit(r.status ?? 1);
}

/** Runs the script at `url` again with `--expose-gc` ({@link runAgain}), unless `gc` is already there. */
export function withExposedGc(url: string): void {
  if (typeof globalThis.gc !== 'function') runAgain(url, ['--expose-gc']);
}
