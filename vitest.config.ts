import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects (issue 24): `unit` is `npm test`, the developer's run (unit, property and docs-example
 * tests, under two minutes on the 2-core machine); `e2e` is `npm run test:e2e`, the suites that start
 * a browser, a game server or a build of the package. Anything under test/e2e/, server/test/ or
 * test/package/ is end-to-end by its folder; `npm run test:all` runs both, as CI does.
 */
export const E2E = [
  'test/e2e/**/*.test.ts',
  'server/test/**/*.test.ts',
  // npm pack, installs, bundles and a Vite build of the packed package
  'test/package/**/*.test.ts',
  // builds of the API site (typedoc) and of the API reports (api-extractor), tens of seconds each
  'test/docs/site.test.ts',
  'test/api/**/*.test.ts',
];

export default defineConfig({
  // the game server (server/) imports the library by its name: run it against this checkout's source
  resolve: { alias: { dnup: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    // a time limit catches hangs, not slowness (speed is the benchmark's job): CI runs the
    // properties at FUZZ_SCALE 1 under coverage, where a loaded 2-core machine took over 120 s
    testTimeout: process.env.CI === 'true' ? 600_000 : 120_000,
    // fast-check's default run count follows FUZZ_SCALE (npm test runs at 0.2, CI at 1)
    setupFiles: ['test/helpers/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // the playground's own unit tests sit beside it
          include: ['test/**/*.test.ts', 'apps/play/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E],
        },
      },
      // the playground is built once for every end-to-end file (test/e2e/global-setup.ts)
      { extends: true, test: { name: 'e2e', include: E2E, globalSetup: ['test/e2e/global-setup.ts'] } },
    ],
    // the JSON report lets .ci/run print one plain "N passed, N failed" line (test:e2e writes its own)
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // line coverage of the library by the unit run, measured in CI (CI=true) or on demand
    // (COVERAGE=1 npm test); the run fails below the thresholds. test:e2e turns it off.
    coverage: {
      provider: 'v8',
      enabled: process.env.CI === 'true' || process.env.COVERAGE === '1',
      include: ['src/**/*.ts'],
      // entry points that only run as a process (the command line) or a worker thread (the arena's
      // referee), and the queue ladder, which needs Redis: their tests (e2e) spawn them, and V8
      // measures this process only
      exclude: [
        // the playground's sources (its unit tests load them): the library alone is measured
        'apps/**',
        'src/cli/main.ts',
        'src/arena/arena-worker.ts',
        'src/arena/ladder-queue.ts',
        'src/cli/worker-command.ts',
      ],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      // the unit run at FUZZ_SCALE 0.2 measured 96.1 % lines, 94.6 % statements, 90.3 % branches,
      // 97.1 % functions (issue 24; CI runs at 1, which can only cover more); about 2 points below
      thresholds: { lines: 94, statements: 92, branches: 88, functions: 95 },
    },
  },
});
