/** Benchmarks that force collections run with `--expose-gc`; started without it, they start again with it. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs the script at `url` again with `--expose-gc` (and tsx's loader, in `process.execArgv` when
 * run by tsx) and exits with its status, unless `gc` is already there.
 */
export function withExposedGc(url: string): void {
  if (typeof globalThis.gc === 'function') return;
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, '--expose-gc', fileURLToPath(url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(r.status ?? 1);
}
