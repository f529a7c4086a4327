/**
 * Runs once before the end-to-end files: builds the playground (apps/play) a single time; each
 * file that serves it copies this build (server.ts `buildPlayground`) instead of building again.
 */
import { join } from 'node:path';
import { buildPlayground, PLAY_BUILD_ENV, ROOT } from './server.js';

export default async function setup(): Promise<void> {
  const dir = join(ROOT, 'test-results', 'play-build');
  delete process.env[PLAY_BUILD_ENV];
  await buildPlayground(dir);
  // the test files' processes start after this and inherit it
  process.env[PLAY_BUILD_ENV] = dir;
}
