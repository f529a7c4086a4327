/**
 * Your turn, noticed away from the board: the tab's title and icon change while it is your turn and
 * go back after; a sound and a vibration mark its start when the player chose them on New game.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON, YOUR_TURN_ICON } from '../../apps/play/src/board/turn-icons';
import { buildPlayground, findChromium, launchChromium, ROOT, serveStatic } from './server.js';

const SITE = join(ROOT, 'test-results', 'e2e-turn-signals');
let context: BrowserContext;
let page: Page;
let server: Server;
let baseUrl: string;
const pageErrors: string[] = [];
const chromiumPath = findChromium();

const myTurn = (p: Page): Promise<string | null> => p.locator('#game').getAttribute('data-my-turn');
const icon = (p: Page): Promise<string | null> => p.locator('link[rel="icon"]').getAttribute('href');

// without a browser, playground.test.ts says so in one line (and fails under CI)
describe.skipIf(chromiumPath === null)('your turn, noticed, in headless Chromium', () => {
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

  it('marks the tab while it is your turn, in the page language, and takes the mark off after your move', async () => {
    await page.goto(`${baseUrl}?lang=en#seats=human,greedy,random&name=Ada&speed=slow`);
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
    // drawn once the move's frame is painted, not in its task
    await expect.poll(() => page.title()).toBe('● Your turn — dnup playground');
    await expect.poll(() => icon(page)).toBe(YOUR_TURN_ICON);
    await page.click('#rotate');
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('false');
    await expect.poll(() => page.title()).toBe('dnup playground');
    await expect.poll(() => icon(page)).toBe(ICON);
    // the bots play, then it is Ada's turn again: marked again, in French after a change of language
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
    await page.goto(`${baseUrl}?lang=fr#seats=human,greedy,random&name=Ada&speed=slow`);
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => page.title()).toBe('● À vous de jouer — dnup — terrain de jeu');
    // no sound or vibration unless chosen
    expect(await page.evaluate(() => document.documentElement.dataset.turnAlerts)).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  it('sounds and vibrates at the start of your turn once chosen on New game, and remembers the choice', async () => {
    await page.goto(`${baseUrl}?lang=en#setup`);
    const box = page.locator('#turn-alerts');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    expect(await page.evaluate(() => localStorage.getItem('dnup.turnAlerts'))).toBe('1');
    await page.goto(`${baseUrl}?lang=en#seats=human,greedy,random&name=Ada&speed=slow`);
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.turnAlerts)).toBe('1');
    await page.click('#rotate');
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('false');
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
    // once per turn, not once per redraw
    expect(await page.evaluate(() => document.documentElement.dataset.turnAlerts)).toBe('2');
    await page.goto(`${baseUrl}?lang=en#setup`);
    expect(await page.locator('#turn-alerts').isChecked()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('downloads the online client only when the page first talks to a game server', async () => {
    const fetched: string[] = [];
    const seen = (r: { url(): string }): void => {
      if (/\/colyseus-[\w-]+\.js$/.test(r.url())) fetched.push(r.url());
    };
    page.context().on('request', seen);
    try {
      await page.goto(`${baseUrl}?lang=en#seats=human,greedy,greedy&name=Ada&speed=instant`);
      await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
      const moves = (): Promise<number> =>
        page.evaluate(() => Number(document.getElementById('game')?.dataset.moveCount));
      const before = await moves();
      await page.click('#rotate');
      await expect
        .poll(async () => (await moves()) > before + 1 && (await myTurn(page)) === 'true', { timeout: 30_000 })
        .toBe(true);
      expect(fetched, 'an offline game').toEqual([]);
      // "Play online" lists the server's rooms: the client is fetched then, once
      await page.click('#nav-online');
      await expect.poll(() => fetched.length, { timeout: 30_000 }).toBe(1);
      expect(pageErrors).toEqual([]);
    } finally {
      page.context().off('request', seen);
    }
  });

  it('offers a hint on your turn: a strong bot move, searched off the page thread, shown as a selection with a sentence', async () => {
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const networks: string[] = [];
    const seen = (url: string): void => {
      const m = /network-(\d)p-[\w-]+\.js/.exec(url);
      if (m) networks.push(m[1]!);
    };
    const onRequest = (r: { url(): string }): void => seen(r.url());
    page.context().on('request', onRequest);
    try {
      // 4 players: the search alone (the network guides it at 3 players only), so no network is fetched
      await page.goto(`${baseUrl}?lang=fr#seats=human,greedy,random,greedy&name=Ada&speed=fast`);
      await askHint(page);
      expect(networks).toEqual([]);
      // 3 players: the 3-player network, fetched on the first hint, and no other
      await page.goto(`${baseUrl}?lang=fr#seats=human,greedy,random&name=Ada&speed=fast`);
      await askHint(page);
      expect(networks).toEqual(['3']);
      // the network out of reach (the connection dropped): the search answers alone
      await page.context().route(/network-3p-[\w-]+\.js/, (route) => route.abort());
      try {
        await page.goto(`${baseUrl}?lang=fr#seats=human,random,greedy&name=Ada&speed=fast`);
        await askHint(page);
        expect(networks).toEqual(['3', '3']);
      } finally {
        await page.context().unroute(/network-3p-[\w-]+\.js/);
      }
      // the hint's worker out of reach: the page says there is no hint, each time it is asked
      let tries = 0;
      await page.context().route(/hint-worker-[\w-]+\.js/, (route) => {
        tries++;
        return route.abort();
      });
      try {
        await page.goto(`${baseUrl}?lang=fr#seats=human,random,greedy&name=Ada&speed=fast`);
        for (let i = 1; i <= 2; i++) {
          await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe('true');
          await page.click('#hint');
          // a worker whose script never loaded is not asked again: each question starts one
          await expect.poll(() => tries, { timeout: 30_000 }).toBe(i);
          await expect
            .poll(() => page.textContent('#message'), { timeout: 30_000 })
            .toBe('Pas d’indice cette fois : le bot fort n’a pas pu répondre.');
        }
      } finally {
        await page.context().unroute(/hint-worker-[\w-]+\.js/);
      }
      expect(workers.some((u) => u.includes('hint-worker'))).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      page.context().off('request', onRequest);
    }
  });
});

/** Asks for a hint on the viewer's turn and checks the answer: a sentence, and the cards of a play or an add selected. */
async function askHint(p: Page): Promise<void> {
  await expect.poll(() => myTurn(p), { timeout: 30_000 }).toBe('true');
  await p.click('#hint');
  await expect
    .poll(() => p.textContent('#message'), { timeout: 30_000 })
    .toMatch(/^Un bot fort (jouerait|ajouterait|prendrait|retournerait)/);
  const text = (await p.textContent('#message'))!;
  const selected = await p.locator('#hand [aria-pressed="true"]').count();
  // a play or an add selects its cards; a take or a rotation selects none
  expect(selected > 0).toBe(/jouerait|ajouterait/.test(text));
}
