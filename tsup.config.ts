import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // the library: ESM and CommonJS with their own type declarations
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    treeshake: true,
  },
  {
    // executables: the demo and the command line, ESM only
    entry: { demo: 'src/cli/demo.ts', cli: 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
