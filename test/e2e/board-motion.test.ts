/**
 * Cards that move: on a phone-sized screen the board patches what changed (hand cards keep their
 * nodes across moves) and cards glide from where they were — a bot's played set out of its seat,
 * the viewer's own from the hand. With reduced motion, or at the instant speed, nothing moves.
 * How long the frames of a move take is measured, not tested: `npm run bench:board`.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayground, findChromium, launchChromium, ROOT, serveStatic } from './server.js';

const SITE = join(ROOT, 'test-results', 'e2e-board-motion');
const PHONE = { width: 390, height: 844 };
let context: BrowserContext;
let server: Server;
let baseUrl: string;
const chromiumPath = findChromium();

/** What the page records from its first script on: each card's travel. */
function recorder(): void {
  const w = window as unknown as {
    travels: { card: string | null; leaving: boolean; from: string }[];
  };
  w.travels = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (this: Element, frames, options) {
    const first = Array.isArray(frames) ? (frames[0] as Keyframe | undefined) : undefined;
    const el = this as HTMLElement;
    if (el.dataset.cardId !== undefined || el.classList.contains('card-leaving'))
      w.travels.push({
        card: el.dataset.cardId ?? null,
        leaving: el.classList.contains('card-leaving'),
        from: String(first?.transform ?? ''),
      });
    return animate.call(this, frames, options);
  };
}

const myTurn = (p: Page): Promise<string | null> => p.locator('#game').getAttribute('data-my-turn');
const moveCount = async (p: Page): Promise<number> => Number(await p.locator('#game').getAttribute('data-move-count'));

/** Plays the viewer's move, then waits for the bots to play theirs and the viewer's turn to come back. */
async function playRound(page: Page): Promise<void> {
  const at = await moveCount(page);
  await playASet(page);
  await expect
    .poll(async () => (await myTurn(page)) === 'true' && (await moveCount(page)) > at + 1, { timeout: 90_000 })
    .toBe(true);
}

/** Marks every hand card's node; returns their ids. */
function markHand(page: Page): Promise<(string | null)[]> {
  return page.locator('#hand .hand-card').evaluateAll((els) =>
    els.map((el) => {
      (el as HTMLElement & { mark?: boolean }).mark = true;
      return el.getAttribute('data-card-id');
    }),
  );
}

/** The hand cards' ids, and whether each is the node marked before. */
function handMarks(page: Page): Promise<{ id: string | null; mark: boolean }[]> {
  return page.locator('#hand .hand-card').evaluateAll((els) =>
    els.map((el) => ({
      id: el.getAttribute('data-card-id'),
      mark: (el as HTMLElement & { mark?: boolean }).mark === true,
    })),
  );
}

/** Plays the first legal set of the hand through the page: its cards, then Play. */
async function playASet(page: Page): Promise<void> {
  const playable = page.locator('#hand .hand-card[data-playable="true"]');
  if ((await playable.count()) === 0) {
    await page.click('#rotate');
    return;
  }
  await playable.first().click();
  if (await page.isDisabled('#play')) await page.click('#rotate');
  else await page.click('#play');
}

describe.skipIf(chromiumPath === null)('cards that move, in headless Chromium', () => {
  beforeAll(async () => {
    await buildPlayground(SITE);
    ({ server, url: baseUrl } = await serveStatic(SITE));
    context = await launchChromium(chromiumPath!);
    await context.addInitScript(recorder);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((done) => server?.close(done));
  });

  it('moves the cards of each step on a 390×844 screen, and keeps the hand cards’ nodes', async () => {
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}?lang=fr#seats=human,greedy,greedy,greedy&name=Ada&seed=motion-1&speed=normal`);
    await expect.poll(() => myTurn(page), { timeout: 60_000 }).toBe('true');
    await page.evaluate(() => {
      (window as unknown as { travels: unknown[] }).travels.length = 0;
    });
    const lost: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      // the viewer plays, then every hand card's node is marked: while the others move, a card
      // of the viewer's hand cannot leave it (rules §5), so each must still be the same node
      const at = await moveCount(page);
      await playASet(page);
      await expect.poll(() => moveCount(page), { timeout: 30_000 }).toBeGreaterThan(at);
      await expect.poll(() => page.locator('#game[data-animating]').count(), { timeout: 30_000 }).toBe(0);
      const marked = await markHand(page);
      await expect
        .poll(async () => (await myTurn(page)) === 'true' && (await moveCount(page)) > at + 1, { timeout: 90_000 })
        .toBe(true);
      const now = await handMarks(page);
      expect(now.filter((c) => marked.includes(c.id)).length, 'the hand kept its cards').toBe(marked.length);
      lost.push(...now.filter((c) => marked.includes(c.id) && !c.mark).map((c) => String(c.id)));
    }
    expect(lost, 'hand cards keep their nodes while the others move').toEqual([]);
    // a card held hidden for its move's first frame is shown again, and every parked copy is gone
    await expect
      .poll(() =>
        page.evaluate(() => ({
          hidden: [...document.querySelectorAll<HTMLElement>('[data-card-id]')].filter(
            (el) => el.style.visibility === 'hidden',
          ).length,
          parked: document.querySelectorAll('.card-leaving').length,
        })),
      )
      .toEqual({ hidden: 0, parked: 0 });
    const travels = await page.evaluate(
      () => (window as unknown as { travels: { card: string | null; leaving: boolean; from: string }[] }).travels,
    );
    expect(travels.length, 'cards travelled').toBeGreaterThan(0);
    // a bot's played set comes out of its seat (scaled up from half size)
    expect(travels.some((t) => t.card !== null && t.from.includes('scale(0.5)'))).toBe(true);
    // the viewer's own played cards travel from the hand to the table (full size)
    expect(travels.some((t) => t.card !== null && t.from.includes('translate') && t.from.includes('scale(1)'))).toBe(
      true,
    );
    await page.close();
  });

  it('draws keyboard focus apart from the selection: blue on white, never the selection\u2019s orange', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}?lang=en#seats=human,greedy,greedy&name=Ada&seed=motion-3&speed=instant`);
    await expect.poll(() => myTurn(page), { timeout: 60_000 }).toBe('true');
    await page.locator('#hand .hand-card').first().click();
    await page.keyboard.press('ArrowRight'); // the keyboard moves on: the next card shows focus
    const look = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const selected = document.querySelector('#hand .hand-card[aria-pressed="true"] .card') as HTMLElement;
      return {
        focusVisible: focused.matches(':focus-visible'),
        outline: getComputedStyle(focused).outlineColor,
        selection: getComputedStyle(selected).borderTopColor,
      };
    });
    expect(look.focusVisible).toBe(true);
    expect(look.outline).toBe('rgb(11, 92, 173)');
    expect(look.outline).not.toBe(look.selection);
    await page.close();
  });

  it('moves nothing with reduced motion, or at the instant speed', async () => {
    for (const [motion, speed] of [
      ['reduce', 'normal'],
      ['no-preference', 'instant'],
    ] as const) {
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: motion });
      await page.goto(`${baseUrl}?lang=en#seats=human,greedy,greedy&name=Ada&seed=motion-2&speed=${speed}`);
      await expect.poll(() => myTurn(page), { timeout: 60_000 }).toBe('true');
      await playRound(page);
      const travels = await page.evaluate(() => (window as unknown as { travels: unknown[] }).travels.length);
      expect(travels, `${motion}, ${speed}`).toBe(0);
      await page.close();
    }
  });
});
