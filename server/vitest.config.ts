import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the server imports 'dnup' by name: tests run it against this checkout's source, no build needed
  resolve: { alias: { dnup: fileURLToPath(new URL('../src/index.ts', import.meta.url)) } },
  // hooks build the server and start processes: slow on a busy machine
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
