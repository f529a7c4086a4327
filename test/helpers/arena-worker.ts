/** The arena's worker script built from this checkout's sources, as tsup.config.ts builds it. */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where {@link buildArenaWorker} puts the worker script for `dir`. */
export const arenaWorkerPath = (dir: string): string => join(ROOT, 'test', '.tmp', dir, 'arena-worker.js');

/** Builds the worker into test/.tmp/`dir` (emptied first) and returns the script's path. */
export async function buildArenaWorker(dir: string): Promise<string> {
  const out = join(ROOT, 'test', '.tmp', dir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    config: false,
    entry: { 'arena-worker': join(ROOT, 'src/arena/arena-worker.ts') },
    format: ['esm'],
    outDir: out,
    target: 'node20',
    silent: true,
  });
  const script = arenaWorkerPath(dir);
  if (!existsSync(script)) throw new Error(`the arena worker was not built at ${script}`);
  return script;
}
