/**
 * The minimal client of the UI guide (docs/examples/minimal-client) in a real browser:
 * esbuild bundles it against this checkout's source, Chromium plays a whole game in it through
 * its buttons only — a refusal with its reason, plays the hints allow, takes, rotations, deals —
 * while the bots hold the other seats, and every move is narrated event by event.
 */
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, HOW_TO_ENABLE, launchChromium, ROOT, serveStatic } from './server.js';

const EXAMPLE = join(ROOT, 'docs', 'examples', 'minimal-client');
const OUT = join(ROOT, 'test-results', 'e2e');
const chromiumPath = findChromium();
const inCi = process.env.CI === 'true';

/** Bundles the example into a fresh folder, with `dnup` read from src/. */
async function buildExample(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dnup-minimal-client-'));
  await build({
    entryPoints: [join(EXAMPLE, 'main.ts')],
    bundle: true,
    format: 'esm',
    outfile: join(dir, 'main.js'),
    alias: { dnup: join(ROOT, 'src', 'index.ts') },
    logLevel: 'warning',
  });
  await copyFile(join(EXAMPLE, 'index.html'), join(dir, 'index.html'));
  return dir;
}

/** Waits until the page waits for the human: their turn, a round to deal, or the game's end. */
async function waitForHuman(page: Page): Promise<string> {
  await page.waitForFunction(
    () => ['you', 'roundOver', 'gameOver'].includes(document.body.dataset.turn ?? ''),
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => document.body.dataset.turn!);
}

/** One move through the page: a hinted single card, else a hinted set of two, else a take, else a rotation. */
async function humanTurn(page: Page): Promise<string> {
  const single = page.locator('button.card.hint[data-sizes~="1"]');
  if ((await single.count()) > 0) {
    await single.first().click();
    await page.click('#play');
    const candidate = page.locator('button.candidate');
    if ((await candidate.count()) > 0) {
      await candidate.first().click();
      return 'ambiguous';
    }
    return 'play';
  }
  const take = page.locator('button.take');
  if ((await take.count()) > 0) {
    await take.first().click();
    return 'take';
  }
  await page.click('#rotate');
  return 'rotate';
}

if (chromiumPath === null && !inCi) {
  console.warn(`minimal client browser test skipped: ${HOW_TO_ENABLE}`);
  it.skip(`minimal client in Chromium: ${HOW_TO_ENABLE}`, () => undefined);
} else {
  describe('the minimal client in Chromium', () => {
    let context: BrowserContext;
    let server: Server;
    let url: string;

    beforeAll(async () => {
      if (chromiumPath === null) throw new Error(`CI=true but ${HOW_TO_ENABLE}`);
      const served = await serveStatic(await buildExample());
      server = served.server;
      url = served.url;
      context = await launchChromium(chromiumPath);
      await mkdir(OUT, { recursive: true });
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      server?.close();
    });

    it('refuses an unhinted card with the rule it breaks, then plays a whole game to its end', async () => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${url}?pause=0&seed=e2e minimal`);
      let turn = await waitForHuman(page);
      // a card the hints leave dim, played alone: the page shows checkMove's sentence and keeps the turn
      const dim = page.locator('button.card:not(.hint)');
      if (turn === 'you' && (await dim.count()) > 0) {
        await dim.first().click();
        await page.click('#play');
        await expect.poll(() => page.textContent('#message')).toMatch(/\(rules §\d/);
        await dim.first().click(); // unselect
      }
      const done: Record<string, number> = {};
      for (let i = 0; i < 500 && turn !== 'gameOver'; i++) {
        const kind = turn === 'roundOver' ? 'deal' : await humanTurn(page);
        if (turn === 'roundOver') await page.click('#deal');
        done[kind] = (done[kind] ?? 0) + 1;
        turn = await waitForHuman(page);
      }
      await page.screenshot({ path: join(OUT, 'minimal-client.png'), fullPage: true });
      expect(turn).toBe('gameOver');
      expect(await page.textContent('#status')).toMatch(/won the game/);
      expect(done.play ?? 0).toBeGreaterThan(0);
      // every event of every move was narrated, in the second person for the human's own
      const log = await page.locator('#log li').allTextContents();
      expect(log.length).toBeGreaterThan(20);
      expect(log.some((line) => /^You (play|take|rotate|add)/.test(line))).toBe(true);
      expect(log.some((line) => /^(Ben|Cy) (plays|takes|rotates|adds)/.test(line))).toBe(true);
      expect(errors).toEqual([]);
    }, 300_000);
  });
}
