import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the game server (server/) imports the library by its name: run it against this checkout's source
  resolve: { alias: { dnup: fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts', 'server/test/**/*.test.ts'],
    testTimeout: 120_000,
    // the JSON report lets .ci/run print one plain "N passed, N failed" line
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
