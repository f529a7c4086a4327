/**
 * Vite config of the playground. `npm run playground` serves it, `npm run build:playground`
 * builds it into apps/play/dist. The page imports `dnup` straight from the repository's
 * source, so it always plays the rules of this checkout.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // relative asset paths: the built page works from any folder of the docs site
  base: './',
  resolve: {
    alias: [
      { find: /^dnup$/, replacement: here('../../src/index.ts') },
      // the hint worker's bot (its networks are fetched one player count at a time)
      { find: /^dnup\/neural$/, replacement: here('../../src/neural.ts') },
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    // DNUP_NO_MINIFY=1 keeps names readable in a profile
    minify: !process.env.DNUP_NO_MINIFY,
    // the page carries the library and the hint worker its bots: their budgets are in .size-limit.cjs
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      // Colyseus' client, loaded on first use online (online/colyseus.ts), in a chunk named for its budget
      output: {
        manualChunks: (id: string) => (/node_modules\/(colyseus\.js|@colyseus)\//.test(id) ? 'colyseus' : undefined),
      },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
