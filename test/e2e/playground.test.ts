/**
 * The playground in a real browser (issue 5): Debian's Chromium driven by playwright-core plays a
 * game against bots through clicks and drags, is refused an illegal move with the library's
 * reason, downloads the record and steps through it in the replay viewer. Screenshots of every
 * step go to test-results/screenshots (ignored by git).
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apply, createGame, type GameRecord } from '../../src/index.js';
import { buildPlayground, launchChromium, requireChromium, ROOT, serveStatic } from './server.js';

const OUT = join(ROOT, 'test-results');
const SHOTS = join(OUT, 'screenshots');
const SITE = join(OUT, 'e2e-playground');
const SEED = 'e2e-seed-1';

let context: BrowserContext;
let page: Page;
let server: Server;
let baseUrl: string;
let recordPath = '';
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The card ids of the hand, in the order shown. */
async function handOrder(): Promise<number[]> {
  const ids = await page.locator('#hand .hand-card').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
  return ids;
}

/** Waits until the human is to move or the round or game is over; returns which. */
async function waitForMyTurnOrEnd(): Promise<'mine' | 'roundOver' | 'gameOver'> {
  const game = page.locator('#game');
  await page.waitForSelector('#game[data-my-turn="true"], #game[data-status="roundOver"], #game[data-status="gameOver"]', { timeout: 30_000 });
  const status = await game.getAttribute('data-status');
  if (status === 'roundOver' || status === 'gameOver') return status;
  return 'mine';
}

/** The hand as (id, active value) pairs read from the page. */
async function handCards(): Promise<{ id: number; value: number }[]> {
  return page.locator('#hand .card').evaluateAll((els) =>
    els.map((el) => ({ id: Number(el.getAttribute('data-card-id')), value: Number(el.getAttribute('data-active')) })),
  );
}

describe('playground in headless Chromium (issue 5)', () => {
  beforeAll(async () => {
    requireChromium();
    await rm(SHOTS, { recursive: true, force: true });
    await mkdir(SHOTS, { recursive: true });
    await buildPlayground(SITE);
    ({ server, url: baseUrl } = await serveStatic(SITE));
    context = await launchChromium();
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);

  afterEach(() => {
    expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((done) => server?.close(done));
  });

  it('starts a game against bots from the setup form; opponents’ cards stay hidden (rules §3)', async () => {
    await page.goto(baseUrl);
    await page.selectOption('#players', '3');
    await page.selectOption('#seat-0', 'human');
    await page.selectOption('#seat-1', 'greedy');
    await page.selectOption('#seat-2', 'random');
    await page.fill('#seed', SEED);
    await page.selectOption('#speed', 'instant');
    await shot('01-setup');
    await page.click('#start');
    await expect.poll(() => page.locator('#seed-shown').textContent()).toBe(SEED);
    expect(page.url()).toContain(`seed=${SEED}`);
    // 3 players: 30 cards, 10 each (rules §2); only the human's cards are drawn face up
    await expect.poll(() => page.locator('#hand .hand-card').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.seat:not(.me) .mini-hand .card[data-card-id]').count()).toBe(0);
    expect(await page.locator('.badge.star-holder').count()).toBe(1);
    await shot('02-game-started');
  });

  it('reorders the hand by dragging a card and with Alt+arrow keys, and selects with Space (order is cosmetic, rules §3)', async () => {
    const before = await handOrder();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const first = page.locator(`#hand .hand-card[data-card-id="${before[0]}"]`);
    const last = page.locator(`#hand .hand-card[data-card-id="${before[before.length - 1]}"]`);
    const from = (await first.boundingBox())!;
    const to = (await last.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width * 0.9, to.y + to.height / 2, { steps: 10 });
    await shot('03-dragging');
    await page.mouse.up();
    const dragged = await handOrder();
    expect(dragged).toEqual([...before.slice(1), before[0]]);

    await page.locator(`#hand .hand-card[data-card-id="${dragged[0]}"]`).focus();
    await page.keyboard.press('Alt+ArrowRight');
    const keyed = await handOrder();
    expect(keyed).toEqual([dragged[1], dragged[0], ...dragged.slice(2)]);
    // Space on the focused card selects it, and again deselects it
    const focused = page.locator(`#hand .hand-card[data-card-id="${dragged[0]}"]`);
    await page.keyboard.press('Space');
    await expect.poll(() => focused.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => focused.getAttribute('aria-pressed')).toBe('false');
    await shot('04-reordered');
  });

  it('refuses an illegal play and shows the library’s reason (rules §5 A)', async () => {
    expect(await waitForMyTurnOrEnd()).toBe('mine');
    const hand = await handCards();
    const a = hand[0]!;
    const b = hand.find((c) => c.value !== a.value)!;
    expect(b).toBeDefined();
    await page.click(`#hand .hand-card[data-card-id="${a.id}"]`);
    await page.click(`#hand .hand-card[data-card-id="${b.id}"]`);
    await page.click('#play');
    const message = page.locator('#message');
    await expect.poll(() => message.textContent()).toMatch(/^Not allowed: The cards of a set must all show the same value, .*\(rules §5 A\)\.$/);
    expect(await message.getAttribute('role')).toBe('alert');
    expect((await handCards()).length).toBe(hand.length);
    await shot('05-illegal-refused');
    await page.click('#clear');
  });

  it('refuses a card dropped on an opponent’s set of another value (rules §5 B)', async () => {
    // with this seed the bots have played before the human's first turn
    const sets = page.locator('#game .slot.has-set:not([data-slot^="0."])');
    expect(await sets.count()).toBeGreaterThan(0);
    const target = sets.first();
    const value = Number((await target.locator('.set-value').textContent())!.replace('value ', ''));
    const card = (await handCards()).find((c) => c.value !== value)!;
    const from = (await page.locator(`#hand .hand-card[data-card-id="${card.id}"]`).boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => page.locator('#message').textContent()).toMatch(/^Not allowed: .+ \(rules §5 B\)\.$/);
    await shot('05b-add-refused');
  });

  it('takes a set by clicking it: its cards join the hand turning over (rules §5 C, golden rule)', async () => {
    const target = page.locator('#game .slot.has-set:not([data-slot^="0."])').first();
    const setIds = await target.locator('.set-cards .card').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    const before = (await handCards()).length;
    await target.locator('button.take').click();
    // the rotation animation runs on exactly the cards that came from the table
    const spinning = await page.locator('#hand .card.just-rotated').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    expect(spinning.sort((a, b) => a - b)).toEqual(setIds.sort((a, b) => a - b));
    await shot('05c-take-rotating');
    const after = await handCards();
    expect(after.length).toBe(before + setIds.length);
    expect(await page.locator('#log .log-move.mine').last().textContent()).toMatch(/^T \d+ Ada takes /);
  });

  it('plays legal moves through clicks until the round ends, then shows the scores (rules §6)', async () => {
    let turns = 0;
    let end: 'mine' | 'roundOver' | 'gameOver' = await waitForMyTurnOrEnd();
    while (end === 'mine' && turns < 150) {
      turns++;
      // the largest group of one value, played when the page marks it legal; else one high card; else rotate
      const hand = await handCards();
      const groups = new Map<number, number[]>();
      for (const c of hand) groups.set(c.value, [...(groups.get(c.value) ?? []), c.id]);
      const candidates = [...groups.entries()].sort((x, y) => y[1].length - x[1].length || y[0] - x[0]).map(([, ids]) => ids);
      const best = hand.slice().sort((x, y) => y.value - x.value)[0]!;
      candidates.push([best.id]);
      let played = false;
      for (const ids of candidates) {
        for (const id of ids) await page.click(`#hand .hand-card[data-card-id="${id}"]`);
        if ((await page.getAttribute('#play', 'class'))?.includes('legal')) {
          await page.click('#play');
          played = true;
          break;
        }
        await page.click('#clear');
      }
      if (!played) await page.click('#rotate');
      if (turns === 1) await shot('06-first-move');
      end = await waitForMyTurnOrEnd();
    }
    expect(end).toMatch(/roundOver|gameOver/);
    const overlay = page.locator(end === 'roundOver' ? '#round-over' : '#game-over');
    await expect.poll(() => overlay.isVisible()).toBe(true);
    expect(await overlay.locator('.scores tbody tr').count()).toBe(3);
    expect(await page.locator('#log li').count()).toBeGreaterThan(turns);
    await shot('07-round-over');
  });

  it('downloads a record that replays with the library to the same round end (rules §3)', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.overlay .download')]);
    recordPath = join(OUT, 'e2e-record.json');
    await download.saveAs(recordPath);
    const record = JSON.parse(await readFile(recordPath, 'utf8')) as GameRecord;
    expect(record.format).toBe('dnup-record');
    expect(record.seed).toBe(SEED);
    expect(record.players).toHaveLength(3);
    let state = createGame(record.players.slice(), record.seed);
    for (const move of record.moves) state = apply(state, move);
    expect(state.status === 'roundOver' || state.status === 'gameOver').toBe(true);
  });

  it('loads the record into the replay viewer and steps forward and back with verdicts', async () => {
    await page.click('#nav-replay');
    await page.setInputFiles('#record-file', recordPath);
    const position = page.locator('#replay-position');
    const total = JSON.parse(await readFile(recordPath, 'utf8')).moves.length as number;
    await expect.poll(() => position.textContent()).toBe(`Move 0 of ${total}`);
    await page.click('#replay-forward');
    await page.click('#replay-forward');
    await expect.poll(() => position.textContent()).toBe(`Move 2 of ${total}`);
    expect(await page.locator('#replay-step .verdict').textContent()).toBe('✓ legal');
    await shot('08-replay-move-2');
    await page.click('#replay-back');
    await expect.poll(() => position.textContent()).toBe(`Move 1 of ${total}`);
    await page.click('#replay-last');
    await expect.poll(() => position.textContent()).toBe(`Move ${total} of ${total}`);
    await shot('09-replay-end');
  });

  it('shows the verdict of a refused move in a tampered record (rules §5)', async () => {
    const record = JSON.parse(await readFile(recordPath, 'utf8')) as GameRecord;
    // taking from one's own area is never legal: seat of the first mover, area 0
    const starter = createGame(record.players.slice(), record.seed).turn.seat;
    const tampered = { ...record, moves: [{ type: 'take', target: { seat: starter, area: 0 } }, ...record.moves] };
    await page.fill('#record-text', JSON.stringify(tampered));
    await page.click('#record-load-text');
    await page.click('#replay-forward');
    const verdict = page.locator('#replay-step .verdict');
    await expect.poll(() => verdict.textContent()).toBe(
      "✗ refused (NOT_AN_OPPONENT_SET, rules §5 C): Action C works only on an opponent's set, never your own (rules §5 C).",
    );
    expect(await page.locator('#replay-position').textContent()).toBe('Move 1 of ' + String(tampered.moves.length));
    await shot('10-replay-refused');
  });

  it('fits a phone-width screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}#seats=montecarlo,human&seed=${SEED}-duel&speed=instant`);
    await page.waitForSelector('#game[data-my-turn="true"], #game[data-status="roundOver"]');
    // the duel shows two areas per seat (rules §6)
    expect(await page.locator('#game .slot').count()).toBe(4);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('11-phone-duel');
  });
});
