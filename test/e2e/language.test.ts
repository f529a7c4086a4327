/**
 * The playground's language switch: the page's words and the library's
 * sentences in the log and in a refusal come in French or Dutch, chosen by the menu or by
 * `?lang=` in the link, and the choice is remembered for the next visit.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayground, findChromium, launchBrowser, launchChromium, ROOT, serveStatic } from './server.js';

const SITE = join(ROOT, 'test-results', 'e2e-language');
let context: BrowserContext;
let page: Page;
let server: Server;
let baseUrl: string;
const pageErrors: string[] = [];
const chromiumPath = findChromium();

// without a browser, playground.test.ts says so in one line (and fails under CI)
describe.skipIf(chromiumPath === null)('playground language switch in headless Chromium', () => {
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

  it('tells the game in French with ?lang=fr, then refuses a mixed set in Dutch after switching', async () => {
    await page.goto(`${baseUrl}?lang=fr`);
    expect(await page.locator('#header-language').inputValue()).toBe('fr');
    expect(await page.textContent('#start')).toBe('Commencer la partie');
    await page.selectOption('#players', '3');
    await page.selectOption('#seat-0', 'human');
    await page.selectOption('#seat-1', 'greedy');
    await page.selectOption('#seat-2', 'greedy');
    await page.click('details.field summary');
    await page.fill('#seed', 'e2e-language');
    await page.selectOption('#speed', 'instant');
    await page.click('#start');
    await page.waitForSelector('#game[data-my-turn="true"]', { timeout: 30_000 });
    const log = await page.locator('#log').textContent();
    expect(log).toMatch(/ joue | retourne | prend | ajoute /);
    expect(log).not.toMatch(/ plays | rotates | takes | adds /);

    await page.selectOption('#header-language', 'nl');
    expect(page.url()).toContain('lang=nl');
    // the page's own words follow at once, without a reload
    expect(await page.textContent('#rotate')).toBe('Hand omdraaien ⟲');
    const hand = await page
      .locator('#hand .card')
      .evaluateAll((els) =>
        els.map((el) => ({ id: el.getAttribute('data-card-id'), value: el.getAttribute('data-active') })),
      );
    const a = hand[0]!;
    const b = hand.find((c) => c.value !== a.value)!;
    await page.click(`#hand .hand-card[data-card-id="${a.id}"]`);
    await page.click(`#hand .hand-card[data-card-id="${b.id}"]`);
    // a mixed selection is not a move: Play stays disabled, the reason in Dutch beside it
    expect(await page.isDisabled('#play')).toBe(true);
    await expect
      .poll(() => page.locator('#play-reason').textContent())
      .toMatch(/De kaarten van een set moeten allemaal dezelfde actieve waarde tonen.*\(regels §5 A\)\.$/);
    // remembered: a link without ?lang= opens in Dutch
    await page.goto(baseUrl);
    expect(await page.locator('#header-language').inputValue()).toBe('nl');
    expect(await page.textContent('#start')).toBe('Spel beginnen');
    expect(pageErrors).toEqual([]);
  });

  it("shows the players' rulebook in the page's language, its cards drawn as on the board, the reference one link away", async () => {
    const words = {
      en: { title: 'How to play dnup', section: '§5 The four actions', rotate: 'rotate' },
      fr: { title: 'Comment jouer à dnup', section: '§5 Les quatre actions', rotate: 'Retourner' },
      nl: { title: 'Zo speel je dnup', section: '§5 De vier acties', rotate: 'omdraaien' },
    } as const;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [lang, w] of Object.entries(words)) {
      await page.goto(`${baseUrl}?lang=${lang}#rules`);
      const book = page.locator('#rulebook');
      await expect.poll(() => book.locator('h2').first().textContent()).toBe(w.title);
      expect(await book.getAttribute('lang')).toBe(lang);
      expect(await book.locator('h3').allTextContents()).toContain(w.section);
      expect(await book.textContent()).toContain(w.rotate);
      // every {card:ID:ACTIVE} is a card face: none left as text, each showing its active value
      expect(await book.textContent()).not.toContain('{card:');
      const cards = await book
        .locator('.card')
        .evaluateAll((els) =>
          els.map((el) => [el.getAttribute('data-picture-id'), el.getAttribute('data-picture-active')]),
        );
      // pictures, not cards of a game: nothing a page's leak check reads as a card
      expect(await book.locator('[data-card-id]').count()).toBe(0);
      expect(cards.length).toBeGreaterThan(15);
      expect(cards).toContainEqual(['17', '3']);
      expect(cards).toContainEqual(['17', '6']); // the same card, rotated
      expect(cards).toContainEqual(['3', '1']); // the star card
      await book.screenshot({ path: join(ROOT, 'test-results', 'screenshots', `rulebook-${lang}-390.png`) });
      // the reference for programmers, one link away
      await page.click('#rules-to-reference');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('rules-reference');
    }
    // the language menu redraws the rulebook without a reload
    await page.selectOption('#header-language', 'fr');
    await expect.poll(() => page.locator('#rulebook h2').first().textContent()).toBe(words.fr.title);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(pageErrors).toEqual([]);
  });

  it("a first visit speaks the browser's language; the name typed once is Play online's; bots are named by difficulty", async () => {
    const browser = await launchBrowser(chromiumPath!);
    try {
      // a Dutch browser, nothing kept from an earlier visit: the page opens in Dutch
      const dutch = await browser.newContext({ locale: 'nl-BE' });
      const p = await dutch.newPage();
      await p.goto(baseUrl);
      expect(await p.locator('#header-language').inputValue()).toBe('nl');
      expect(await p.textContent('#start')).toBe('Spel beginnen');
      // each bot is one word, easiest first, the same words as the difficulties
      expect(await p.locator('#seat-1 option').allTextContents()).toEqual([
        expect.any(String), // the person's own seat
        'Beginner',
        'Makkelijk',
        'Gemiddeld',
        'Sterk',
        'Expert',
      ]);
      // the name typed in New game is the one Play online starts from, after a reload too
      await p.fill('#your-name', 'Zoë');
      await p.reload();
      expect(await p.inputValue('#your-name')).toBe('Zoë');
      // no game yet: "Game" is not offered (it would do nothing)
      expect(await p.isVisible('#nav-game')).toBe(false);
      await p.click('#nav-online');
      await expect.poll(() => p.inputValue('#online-name')).toBe('Zoë');
      // one view is current, after a change of language too
      const current = (): Promise<string[]> =>
        p.locator('nav button[aria-current="page"]').evaluateAll((els) => els.map((el) => el.id));
      expect(await current()).toEqual(['nav-online']);
      await p.selectOption('#header-language', 'fr');
      expect(await current()).toEqual(['nav-online']);
      // a game started: "Game" is offered, and current while shown
      await p.click('#nav-setup');
      await p.click('#start');
      await expect.poll(() => current()).toEqual(['nav-game']);
      await p.click('#nav-rules');
      expect(await p.isVisible('#nav-game')).toBe(true);
      await p.click('#nav-game');
      expect(await current()).toEqual(['nav-game']);
      await dutch.close();
      // a browser in a language the page does not have: English
      const other = await browser.newContext({ locale: 'de-DE' });
      const q = await other.newPage();
      await q.goto(baseUrl);
      expect(await q.locator('#header-language').inputValue()).toBe('en');
      await other.close();
    } finally {
      await browser.close();
    }
  });

  it('teaches play, add, take and rotate in a guided duel, on a phone, in French, then plays on', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}?lang=fr`);
    await page.selectOption('#header-language', 'fr');
    await page.click('#guided');
    const guide = page.locator('#guide');
    const stage = (): Promise<string | null> => guide.getAttribute('data-stage');
    await expect.poll(stage).toBe('play');
    expect(await page.textContent('#guide-step')).toMatch(/^À vous, pour votre zone de jeu 1\. Jouez une série/);
    await page.waitForSelector('#game[data-my-turn="true"]');
    const shots = join(ROOT, 'test-results', 'screenshots');
    await page.screenshot({ path: join(shots, 'guided-fr-390-play.png') });
    // another legal move is refused with the lesson's sentence
    await page.click('#rotate');
    await expect.poll(() => page.locator('#message').textContent()).toContain('sélectionnez vos deux 3');
    expect(await stage()).toBe('play');
    // play: the two 3s
    for (const id of [15, 17]) await page.click(`#hand .hand-card[data-card-id="${id}"]`);
    await page.click('#play');
    await expect.poll(stage).toBe('add');
    // add: the 8 onto the Teacher's 8, which beats the person's own two 3s: back in hand as a 4 and a 6
    await page.click('#hand .hand-card[data-card-id="29"]');
    await page.click('#game [data-slot="1.0"] button.add');
    await expect.poll(stage).not.toBe('add');
    await expect
      .poll(() =>
        page
          .locator('#hand .card')
          .evaluateAll((els) =>
            els.map((el) => `${el.getAttribute('data-card-id')}:${el.getAttribute('data-active')}`),
          ),
      )
      .toEqual(expect.arrayContaining(['15:4', '17:6']));
    // the Teacher's two scripted turns, then take: the two 5s
    await expect.poll(stage, { timeout: 20_000 }).toBe('take');
    await page.screenshot({ path: join(shots, 'guided-fr-390-take.png') });
    await page.waitForSelector('#game[data-my-turn="true"]');
    await page.click('#game [data-slot="1.1"] button.take');
    await expect.poll(stage).toBe('rotate');
    await page.waitForSelector('#game[data-my-turn="true"]');
    await page.click('#rotate');
    await expect.poll(stage).toBe('free');
    expect(await page.textContent('#guide-step')).toMatch(/^Vous avez vu les quatre actions/);
    // the Teacher plays on as a bot: the game moves on past the script
    await expect.poll(() => page.locator('#game').getAttribute('data-my-turn'), { timeout: 20_000 }).toBe('true');
    await page.screenshot({ path: join(shots, 'guided-fr-390-free.png') });
    // the guide stays with the game: hidden on other pages, gone in a game of one's own
    await page.click('#nav-rules');
    expect(await guide.isHidden()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(pageErrors).toEqual([]);
  });
});
