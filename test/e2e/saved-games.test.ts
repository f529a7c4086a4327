/**
 * Games kept on the device: an offline game comes back after a reload (not a new deal), kept
 * sealed, and the New game page lists the last finished games, each with a replay and its record.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botByName, playGame } from '../../src/index.js';
import { buildPlayground, findChromium, launchChromium, ROOT, serveStatic } from './server.js';

const SITE = join(ROOT, 'test-results', 'e2e-saved-games');
let context: BrowserContext;
let page: Page;
let server: Server;
let baseUrl: string;
const pageErrors: string[] = [];
const chromiumPath = findChromium();

const handOf = (p: Page): Promise<string[]> =>
  p
    .locator('#hand .card')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-card-id')}:${el.getAttribute('data-active')}`));

// without a browser, playground.test.ts says so in one line (and fails under CI)
describe.skipIf(chromiumPath === null)('games kept on the device, in headless Chromium', () => {
  beforeAll(async () => {
    await buildPlayground(SITE);
    ({ server, url: baseUrl } = await serveStatic(SITE));
    context = await launchChromium(chromiumPath!);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((done) => server?.close(done));
  });

  it('an offline game comes back after a reload, at the same move with the same hand', async () => {
    await page.goto(`${baseUrl}#seats=human,greedy,random&name=Ada&speed=instant`);
    const game = page.locator('#game');
    await expect.poll(() => game.getAttribute('data-my-turn'), { timeout: 30_000 }).toBe('true');
    const count = Number(await game.getAttribute('data-move-count'));
    await page.click('#rotate');
    await expect
      .poll(async () => Number(await game.getAttribute('data-move-count')), { timeout: 30_000 })
      .toBeGreaterThan(count);
    await expect.poll(() => game.getAttribute('data-my-turn'), { timeout: 30_000 }).toBe('true');
    const before = { count: await game.getAttribute('data-move-count'), hand: await handOf(page) };
    // kept sealed: encrypted, so that storage shows neither the seed nor the moves
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('dnup-current-game')))
      .toMatch(/^\{"iv":"[\w+/=]+","data":"[\w+/=]+"\}$/);
    await page.reload();
    await expect.poll(() => game.getAttribute('data-move-count'), { timeout: 30_000 }).toBe(before.count);
    expect(await handOf(page)).toEqual(before.hand);
    // a kept game that no longer plays is forgotten: a new deal, no error
    await page.evaluate(() =>
      localStorage.setItem(
        'dnup-current-game',
        JSON.stringify({
          seats: ['human', 'greedy', 'random'],
          name: 'Ada',
          seed: 'x',
          moves: [{ type: 'nextRound' }],
        }),
      ),
    );
    await page.reload();
    await expect.poll(() => game.getAttribute('data-move-count'), { timeout: 30_000 }).not.toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('lists the finished games on New game, newest first, each replayed on a click', async () => {
    const { record } = await playGame([botByName('greedy', { seed: 1 }), botByName('random', { seed: 2 })], {
      seed: 'recent',
      names: ['Ada', 'Easy 2'],
    });
    const winner = record.players.indexOf('Ada') === 0 ? 0 : 1;
    await page.evaluate((entry) => localStorage.setItem('dnup-recent-games', JSON.stringify([entry, { junk: true }])), {
      date: '2026-12-05T10:00:00.000Z',
      seat: 0,
      winner,
      record,
    });
    await page.goto(`${baseUrl}`);
    await page.click('#nav-setup');
    const items = page.locator('#recent-games li');
    await expect.poll(() => items.count()).toBe(1); // what cannot be read is not shown
    expect(await items.first().textContent()).toContain('Ada, Easy 2');
    await items.first().locator('button.replay').click();
    expect(await page.isVisible('#replay')).toBe(true);
    await expect.poll(() => page.locator('#replay-position').textContent()).toBe(`Move 0 of ${record.moves.length}`);
    expect(pageErrors).toEqual([]);
  });
});
