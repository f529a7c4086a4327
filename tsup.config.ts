import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // the library: ESM and CommonJS with their own type declarations. The root (index) is
    // browser-clean; the arena, with its worker threads, is its own entry (dnup/arena); so are the
    // encodings for learning agents (dnup/encodings) and the neural bot with its weights (dnup/neural),
    // which apps that do not import them never ship
    entry: { index: 'src/index.ts', arena: 'src/arena.ts', encodings: 'src/encodings.ts', neural: 'src/neural.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // no source maps: dist is plain, unminified JavaScript (see CHANGELOG)
    sourcemap: false,
    clean: true,
    target: 'node20',
    treeshake: true,
    // import.meta.url in the CommonJS build too: runArena finds dist/arena-worker.js beside it
    shims: true,
  },
  {
    // the arena's worker thread, its own entry beside index.js and index.cjs (ESM: "type": "module")
    entry: { 'arena-worker': 'src/arena/arena-worker.ts' },
    format: ['esm'],
    sourcemap: false,
    target: 'node20',
  },
  {
    // the command line, ESM only
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    // no source maps: dist is plain, unminified JavaScript (see CHANGELOG)
    sourcemap: false,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
