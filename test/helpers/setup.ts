/**
 * Loaded before every test file (vitest.config.ts setupFiles): fast-check's default run count (100)
 * follows FUZZ_SCALE like the explicit ones (test/helpers/scale.ts).
 */
import fc from 'fast-check';
import { scaled } from './scale.js';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: scaled(100) });
