/**
 * Benchmarks time the built package (dist/), as its users get it. Run by tsx in the repository,
 * 'dnup' resolves to the source instead (the tsconfig's paths, there for the typecheck and the
 * tests), which tsx compiles file by file, wrapping every function made at run time in a naming
 * call (docs/benchmarks.md says what that cost). So a benchmark started that way starts again
 * with bench/tsconfig.dist.json, where 'dnup' is dist/.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAgain } from './expose-gc.js';

const DIST_TSCONFIG = fileURLToPath(new URL('./tsconfig.dist.json', import.meta.url));

/**
 * Runs the script at `url` again ({@link runAgain}) with 'dnup' resolved to dist/; returns at once
 * when 'dnup' is dist/ already.
 */
export function onBuiltPackage(url: string): void {
  const resolved = import.meta.resolve('dnup');
  if (/\/dist\/[^/]+\.js$/.test(resolved)) return;
  if (!existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) {
    console.error('bench: the package is not built: run npx tsup (npm run bench builds it)');
    process.exit(2);
  }
  if (process.env.TSX_TSCONFIG_PATH === DIST_TSCONFIG)
    throw new Error(`'dnup' resolves to ${resolved}, not to dist/: build the package first (npx tsup)`);
  runAgain(url, [], { TSX_TSCONFIG_PATH: DIST_TSCONFIG });
}
