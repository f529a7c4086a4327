import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // the library: ESM and CommonJS with their own type declarations
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // no source maps: dist is plain, unminified JavaScript (see CHANGELOG)
    sourcemap: false,
    clean: true,
    target: 'node20',
    treeshake: true,
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
