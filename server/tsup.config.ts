import { defineConfig } from 'tsup';

export default defineConfig({
  // 'dnup' is bundled from this checkout's source (tsconfig paths); Colyseus stays external
  entry: { main: 'src/main.ts', loadtest: 'src/loadtest.ts' },
  format: ['esm'],
  outDir: 'dist',
  tsconfig: 'tsconfig.json',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // the load test's client: a dev dependency, installed beside the server
  external: ['colyseus.js'],
  silent: true,
});
