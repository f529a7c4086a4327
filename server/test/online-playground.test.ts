/**
 * "Play online" end to end: the playground built with Vite and served on loopback, a game
 * server in this process, and two Chromium pages (two people) plus a greedy bot playing a whole
 * 3-player game through the server. One page reloads mid-game and gets its seat back at the
 * same move. Chromium is Debian's (CHROMIUM_PATH, then the usual paths); outside CI the test is
 * skipped with one line when none is found, under CI=true it fails.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from 'dnup';
import { tempDir, testServer } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const browserPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && existsSync(p));
if (!browserPath && process.env.CI !== 'true') console.warn('Play online browser test skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

describe.skipIf(!browserPath && process.env.CI !== 'true')('Play online in two Chromium pages', () => {
  let game: Awaited<ReturnType<typeof testServer>>;
  let site: Server;
  let siteUrl = '';
  let browser: BrowserContext;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!browserPath) throw new Error('CI=true and no Chromium: .ci/run installs it (scripts/ensure-chromium.sh)');
    const out = tempDir('dnup-online-site-');
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'docs/playground', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT });
    site = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = normalize(join(out, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(out + sep)) return void res.writeHead(403).end();
      readFile(file).then(
        (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
    game = await testServer({ botDelayMs: 20, roundPauseMs: 100, reconnectSeconds: 30, ratePerSecond: 50, rateBurst: 100 });
    browser = await chromium.launchPersistentContext(tempDir('dnup-online-profile-'), {
      executablePath: browserPath,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => site?.close(done));
    await game?.close();
  });

  async function page(): Promise<Page> {
    const p = await browser.newPage();
    p.setDefaultTimeout(90_000); // two shared cores: a page can wait long for its turn of the CPU
    p.on('pageerror', (e) => errors.push(e.message));
    return p;
  }

  const data = (p: Page) =>
    p.locator("#online-table").evaluate((e) => ({ ...(e as unknown as { dataset: Record<string, string> }).dataset })).catch(() => null) as Promise<Record<string, string> | null>;

  it('two people and a bot play a whole game; a reload mid-game gets the seat back', async () => {
    const server = `ws://127.0.0.1:${game.port}`;
    const ana = await page();
    await ana.goto(`${siteUrl}#online&server=${encodeURIComponent(server)}`);
    await ana.fill('#online-name', 'Ana');
    await ana.selectOption('#online-players', '3');
    await ana.selectOption('#online-seat-0', 'human');
    await ana.selectOption('#online-seat-1', 'human');
    await ana.selectOption('#online-seat-2', 'greedy');
    await ana.click('#online-create');
    await ana.waitForSelector('#online-people');
    const code = (await ana.textContent('#online-code'))!.trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const link = await ana.getAttribute('#online-link', 'href');
    expect(link).toContain(`online=${code}`);

    // Ben opens the shared link and joins
    const ben = await page();
    await ben.goto(link!);
    await ben.fill('#online-name', 'Ben');
    await ben.click('#online-join');
    await ben.waitForSelector('#online-status');
    await ana.waitForSelector('#online-status');
    await expect.poll(() => ana.locator('#online-people li[data-connected="true"]').count()).toBe(2);
    expect(await ana.textContent('#online-people')).toContain('Ben');

    // play: each page presses its first move button at every new move count; Ben reloads once
    const pressed = new Map<Page, number>();
    let reloaded = false;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const [a, b] = await Promise.all([data(ana), data(ben)]);
      if (a?.status === 'gameOver' && b?.status === 'gameOver') break;
      if (Date.now() > deadline) throw new Error(`no game over in time: ${JSON.stringify([a, b])}`);
      // on Ben's turn, before his page has pressed anything at this count: no one else may move
      // meanwhile (Ana's moves are refused, the bot waits), so nothing in flight can land
      if (!reloaded && b && Number(b.moveCount) >= 12 && b.myTurn === 'true' && pressed.get(ben) !== Number(b.moveCount)) {
        const seat = b.seat;
        const count = b.moveCount;
        reloaded = true;
        await ben.reload();
        await ben.waitForSelector('#online-status');
        const after = (await data(ben))!;
        expect(after.seat).toBe(seat);
        // the game waits for Ben while he is away, so he comes back at the very same move
        expect(after.moveCount).toBe(count);
        continue;
      }
      for (const [p, d] of [[ana, a], [ben, b]] as const) {
        if (d?.myTurn === 'true' && pressed.get(p) !== Number(d.moveCount)) {
          pressed.set(p, Number(d.moveCount));
          await p.locator('#online-moves button').first().click().catch(() => {});
        }
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(reloaded).toBe(true);
    expect(await ana.textContent('#online-over')).toMatch(/Game over: .* wins\./);
    const records = await game.store.finished();
    const record = records.find((r) => r.metadata?.room === code)!;
    expect(replay(record).ok).toBe(true);
    expect(record.players).toEqual(['Ana', 'Ben', 'Greedy bot']);
    expect(errors).toEqual([]);
    expect(game.problems).toEqual([]);
  }, 360_000);
});
