/** Finding the browser of the end-to-end tests without assuming one distribution's path. */
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './server.js';

describe('findChromium', () => {
  it('takes DNUP_CHROMIUM first, then CHROME_PATH, as given', () => {
    expect(findChromium({ DNUP_CHROMIUM: '/x/chrome', CHROME_PATH: '/y/chrome' }, [])).toBe('/x/chrome');
    expect(findChromium({ CHROME_PATH: '/y/chrome' }, [])).toBe('/y/chrome');
  });

  it('then the first executable of the usual places, then a chromium on the PATH, else null', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dnup-find-chromium-'));
    const exe = join(dir, 'chromium-browser');
    const plain = join(dir, 'google-chrome');
    await writeFile(exe, '#!/bin/sh\n');
    await chmod(exe, 0o755);
    await writeFile(plain, 'not executable');
    expect(findChromium({}, [plain, exe])).toBe(exe);
    expect(findChromium({ PATH: dir }, [])).toBe(exe);
    expect(findChromium({ PATH: '' }, [plain])).toBeNull();
  });
});
