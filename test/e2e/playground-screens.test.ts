/**
 * The playground's screens at four sizes (390×844, 768×1024, 1280×800, 1920×1080)
 * with 2–5 players, and in its three languages:
 * - layout: nothing wider than the screen, no control outside it, Play in sight once the actions
 *   are scrolled to, and the hand on as few rows as its width allows (13 cards on one row from
 *   1280 px);
 * - words: in French and Dutch, no English word of the page shows (text, labels, titles,
 *   placeholders) on the setup, game, rules and replay screens and the round-over and game-over
 *   dialogs of a whole duel. The words looked for are those of the English catalogue that neither
 *   other catalogue uses, so a string written into the page instead of the catalogues is caught;
 *   text marked with another language (`lang`, e.g. the rules reference, which is English) is not;
 * - axe-core on every screen in every language;
 * - a screenshot of every screen at every size in test-results/screenshots (kept by CI).
 */
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, createGame, playerView, recordOf, type GameState, type Move } from '../../src/index.js';
import { en } from '../../apps/play/src/i18n/en.js';
import { fr } from '../../apps/play/src/i18n/fr.js';
import { nl } from '../../apps/play/src/i18n/nl.js';
import { buildPlayground, findChromium, launchChromium, ROOT, serveStatic } from './server.js';
import { pickSeed, planGame, type Seat } from './strategy.js';

const SITE = join(ROOT, 'test-results', 'e2e-screens');
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const SEATS: Record<number, readonly Seat[]> = {
  2: ['human', 'greedy'],
  3: ['human', 'greedy', 'random'],
  4: ['greedy', 'human', 'random', 'greedy'],
  5: ['random', 'greedy', 'human', 'greedy', 'random'],
};

const chromiumPath = findChromium();
let context: BrowserContext;
let server: Server;
let baseUrl: string;

/** Every string a catalogue can produce: its strings, and its functions called with sample arguments. */
function phrases(catalogue: unknown): string[] {
  if (typeof catalogue === 'string') return [catalogue];
  if (typeof catalogue === 'function')
    return [
      (catalogue as (...a: unknown[]) => string)(2, 3, 'X'),
      (catalogue as (...a: unknown[]) => string)(1, 1, 'X'),
    ];
  if (Array.isArray(catalogue)) return catalogue.flatMap(phrases);
  if (typeof catalogue === 'object' && catalogue !== null) return Object.values(catalogue).flatMap(phrases);
  return [];
}
const wordsOf = (texts: readonly string[]): Set<string> => new Set(texts.flatMap((s) => s.match(/\p{L}{3,}/gu) ?? []));
// the page's catalogues (the online screens' words included); and words French shares with
// English that the library's own French sentences use in the log (« …, en second. »)
const others = new Set([...wordsOf(phrases(fr)), ...wordsOf(phrases(nl)), 'second']);
/** English words of the page that French and Dutch never use: one on a French or Dutch screen is a missed string. */
const ENGLISH_ONLY = [...wordsOf(phrases(en))].filter((w) => !others.has(w) && !others.has(w.toLowerCase()));

/** Text and labels on screen that are in the page's language (not inside an element of another `lang`). */
async function visibleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const out: string[] = [];
    const foreign = (el: Element): boolean => {
      const marked = el.closest('[lang]');
      return marked !== null && marked !== document.documentElement && marked.getAttribute('lang') !== pageLang;
    };
    const shown = (el: Element): boolean =>
      (el.closest('[hidden]') === null && (el as HTMLElement).getClientRects().length > 0) ||
      el.closest('.sr-only') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest('script, style') || foreign(el) || !shown(el)) continue;
      out.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (foreign(el) || el.closest('[hidden]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** English-only words on screen, with the text they were found in. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const text of await visibleWords(page)) {
    const hits = (text.match(/\p{L}{3,}/gu) ?? []).filter((w) => ENGLISH_ONLY.includes(w));
    if (hits.length > 0) found.push(`${hits.join(',')} in "${text.slice(0, 80)}"`);
  }
  return found;
}

async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.join(' | ')}`);
}

/** Layout problems of the page as it is now: overflow, controls outside the screen sideways. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) problems.push(`the page is ${overflow} px wider than the screen`);
    for (const el of document.querySelectorAll<HTMLElement>('button, select, input, a, textarea, summary')) {
      if (el.closest('[hidden]') || el.getClientRects().length === 0 || el.closest('.sr-only')) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > window.innerWidth + 1)
        problems.push(`${el.id || el.className || el.tagName} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
    return problems;
  });
}

/** The hand's rows, and the fewest its width allows for its cards (and how many one row holds). */
async function handRows(page: Page): Promise<{ rows: number; fewest: number; perRow: number; cards: number }> {
  return page.evaluate(() => {
    const hand = document.getElementById('hand')!;
    const cards = [...hand.querySelectorAll<HTMLElement>('.hand-card')];
    const rows = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size;
    const style = getComputedStyle(hand);
    const inner = hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gap = parseFloat(style.columnGap) || 0;
    const width = cards[0]?.getBoundingClientRect().width ?? 1;
    const perRow = Math.max(1, Math.floor((inner + gap) / (width + gap)));
    return { rows, fewest: Math.ceil(cards.length / perRow), perRow, cards: cards.length };
  });
}

async function shot(page: Page, name: string): Promise<void> {
  // the whole page, but the rules (8,000 px of reference text) as the screen shows them
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !name.startsWith('rules') });
}

/** Checks and photographs the page at every size; `tag` names the screen. */
/** True when the game's log is not drawn, or is scrolled to its last entry. */
function logAtEnd(): boolean {
  const log = document.getElementById('log');
  if (log === null || log.getClientRects().length === 0) return true;
  return log.scrollTop + log.clientHeight >= log.scrollHeight - 2;
}

async function everySize(
  page: Page,
  tag: string,
  lang: string,
  check: (size: string) => Promise<void> = async () => undefined,
): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const name = `${size.width}x${size.height}`;
    expect(await layoutProblems(page), `${tag} at ${name} in ${lang}`).toEqual([]);
    // a game's log, never scrolled by the test, shows its last entry at every size
    await expect
      .poll(() => page.evaluate(logAtEnd), { message: `the log's last entry, ${tag} at ${name} in ${lang}` })
      .toBe(true);
    await check(name);
    await shot(page, `${tag}-${lang}-${name}`);
  }
}

/** A whole 3-player game (the e2e strategy's plan), as the library records it. */
async function finishedRecord(): Promise<unknown> {
  const seed = 'x7q9';
  const plan = await planGame(['human', 'greedy', 'random'], seed);
  let state: GameState = createGame(['Ada', 'Bea', 'Cy'], seed);
  const start = state;
  for (const move of plan.moves) state = apply(state, move);
  expect(state.status).toBe('gameOver');
  return recordOf(start, plan.moves);
}

describe.skipIf(chromiumPath === null)('playground screens in Chromium: sizes, languages, axe-core', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    await buildPlayground(SITE);
    ({ server, url: baseUrl } = await serveStatic(SITE));
    context = await launchChromium(chromiumPath!);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((done) => server?.close(done));
  });

  it('finds English-only words to look for (the check can fail)', () => {
    for (const w of ['Play', 'Rotate', 'Take', 'Round', 'discard', 'Your', 'online', 'Public', 'rooms'])
      expect(ENGLISH_ONLY).toContain(w);
  });

  it('lays out the game at 2–5 players at every size: no overflow, Play in sight, the hand on the fewest rows', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const n of [2, 3, 4, 5]) {
      await page.goto(`${baseUrl}?lang=en#seats=${SEATS[n]!.join(',')}&name=Ada&speed=instant`);
      await page.waitForSelector('#game[data-my-turn="true"]', { timeout: 30_000 });
      await everySize(page, `game-${n}p`, 'en', async (size) => {
        const hand = await handRows(page);
        expect(hand.rows, `the hand of ${hand.cards} cards at ${size}, ${n} players (${hand.perRow} a row)`).toBe(
          hand.fewest,
        );
        if (size === '1280x800' || size === '1920x1080')
          expect(hand.perRow, `cards on one row at ${size}`).toBeGreaterThanOrEqual(13);
        const inSight = await page.locator('#play').evaluate((el) => {
          el.scrollIntoView({ block: 'nearest' });
          const r = el.getBoundingClientRect();
          return r.top >= -1 && r.bottom <= window.innerHeight + 1
            ? 'in sight'
            : `${Math.round(r.top)}–${Math.round(r.bottom)} of ${window.innerHeight}`;
        });
        expect(inSight, `Play at ${size}, ${n} players`).toBe('in sight');
        await page.evaluate(() => window.scrollTo(0, 0));
      });
    }
    expect(await axeProblems(page), 'axe on the game screen').toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  for (const lang of ['en', 'fr', 'nl'] as const) {
    it(`shows the setup, rules, replay and game screens in ${lang} with ${lang === 'en' ? 'the English catalogue' : 'no English word'}, clean for axe-core`, async () => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${baseUrl}?lang=${lang}`);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      const screens: [string, () => Promise<void>][] = [
        [
          'setup',
          async () => {
            await page.click('#nav-setup');
            await page.click('details.field summary');
          },
        ],
        [
          'rules',
          async () => {
            await page.click('#nav-rules');
          },
        ],
        [
          'replay',
          async () => {
            await page.click('#nav-replay');
          },
        ],
        // a finished game stepped to its end on the board, and the words of a damaged file
        [
          'replay-record',
          async () => {
            await page.click('#nav-replay');
            await page.fill('#record-text', JSON.stringify(await finishedRecord()));
            await page.click('#record-load-text');
            await page.waitForSelector('#replay-board .board');
            await page.selectOption('#replay #game-speed', 'instant');
            await page.click('#replay-last');
            await expect.poll(() => page.getAttribute('#replay-board', 'data-status')).toBe('gameOver');
          },
        ],
        [
          'replay-damaged',
          async () => {
            await page.fill(
              '#record-text',
              JSON.stringify({ format: 'dnup-playground-player-record', version: 1, players: ['Ada'] }),
            );
            await page.click('#record-load-text');
            await expect
              .poll(() => page.textContent('#replay-viewer .message'))
              .toBe({ en, fr, nl }[lang].errors.record.players);
          },
        ],
        [
          'game-3p',
          async () => {
            await page.goto(`${baseUrl}?lang=${lang}#seats=human,greedy,random&name=Ada&speed=instant`);
            await page.waitForSelector('#game[data-my-turn="true"]', { timeout: 30_000 });
            await page.locator('#hand .hand-card').first().click(); // a selection shows Play's reason
          },
        ],
      ];
      for (const [name, open] of screens) {
        await page.setViewportSize(SIZES[2]);
        await open();
        if (lang !== 'en')
          expect(await englishOnScreen(page), `English words on the ${name} screen in ${lang}`).toEqual([]);
        expect(await axeProblems(page), `axe on the ${name} screen in ${lang}`).toEqual([]);
        if (lang === 'en' && name === 'game-3p') continue; // the layout test photographs the English games
        await everySize(page, name, lang);
      }
      expect(errors).toEqual([]);
      await page.close();
    }, 180_000);
  }

  it('draws each move event by event at the speed the player sets in the game bar', async () => {
    const seats: readonly Seat[] = ['human', 'greedy', 'greedy'];
    const { seed, plan } = await pickSeed(seats, 'e2e-steps-3p', 40);
    const page = await context.newPage();
    await page.addInitScript(() => {
      // every drawn step: whether the board was between two views, the move count, the sentence beside the table
      const w = window as unknown as { __steps: { animating: boolean; move: string; line: string; sets: number }[] };
      w.__steps = [];
      new MutationObserver(() => {
        const game = document.getElementById('game');
        if (!game || game.hidden) return;
        w.__steps.push({
          animating: game.dataset.animating === 'true',
          move: game.dataset.moveCount ?? '',
          line: document.getElementById('last-move')?.textContent ?? '',
          sets: game.querySelectorAll('.slot.has-set').length,
        });
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-animating'] });
    });
    await page.goto(`${baseUrl}?lang=en`);
    await page.selectOption('#players', '3');
    for (const [i, s] of seats.entries()) await page.selectOption(`#seat-${i}`, s);
    await page.selectOption('#speed', 'instant');
    await page.click('details.field summary');
    await page.fill('#seed', seed);
    await page.click('#start');
    await page.waitForSelector('#game[data-my-turn="true"]');
    // the player slows the game down from the game bar
    await page.selectOption('#game-speed', 'fast');
    let state = createGame(['Ada', 'Greedy 2', 'Greedy 3'], seed);
    let played = 0;
    for (let i = 0; i < plan.moves.length && played < 6; i++) {
      const move = plan.moves[i]!;
      if (state.status === 'playing' && state.turn.seat === 0) {
        await page.waitForFunction(
          (n) =>
            document.getElementById('game')?.dataset.moveCount === String(n) &&
            document.getElementById('game')?.dataset.myTurn === 'true',
          i,
          { timeout: 30_000 },
        );
        if (move.type === 'play') {
          for (const id of move.cards) await page.click(`#hand .hand-card[data-card-id="${id}"]`);
          await page.click('#play');
        } else if (move.type === 'rotate') await page.click('#rotate');
        else if (move.type === 'take')
          await page.click(`#game [data-slot="${move.target.seat}.${move.target.area}"] button.take`);
        else if (move.type === 'add') {
          await page.click(`#hand .hand-card[data-card-id="${move.card}"]`);
          await page.click(`#game [data-slot="${move.target.seat}.${move.target.area}"] button.add`);
        } else break;
        played++;
      }
      state = apply(state, move);
    }
    // the log tells the player's own moves to them, in values, never ids
    const log = await page.locator('#log li').allTextContents();
    expect(log.filter((l) => /^You (play|rotate|take|add)/.test(l)).length, log.join('\n')).toBeGreaterThan(0);
    expect(log.join(' ')).not.toMatch(/[Cc]ard \d|seat \d/);
    const steps = await page.evaluate(
      () =>
        (window as unknown as { __steps: { animating: boolean; move: string; line: string; sets: number }[] }).__steps,
    );
    const between = steps.filter((s) => s.animating);
    expect(between.length, 'positions drawn between two views').toBeGreaterThan(0);
    // a step shows its own event's sentence, not only the move's last one
    expect(new Set(between.map((s) => s.line)).size).toBeGreaterThan(1);
    await page.close();
  }, 120_000);

  it('keeps the hand order the player made for the game, in this tab only', async () => {
    const page = await context.newPage();
    // a chosen seed: the same game (and seal) again after the reload
    const url = `${baseUrl}?lang=en#seats=human,greedy&name=Ada&speed=instant&seed=e2e-hand-order`;
    await page.goto(url);
    await page.waitForSelector('#game[data-my-turn="true"]');
    const order = (): Promise<number[]> =>
      page.locator('#hand .hand-card').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    const dealt = await order();
    await page.locator('#hand .hand-card').first().focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Alt+ArrowRight');
    const moved = await order();
    expect(moved).not.toEqual(dealt);
    expect(moved[2]).toBe(dealt[0]);
    // the page drops the seed from its link once dealt: open the same link again, same game
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForSelector('#game[data-my-turn="true"]');
    expect(await order(), 'the order after the page is opened again').toEqual(moved);
    // kept in this tab's sessionStorage, and nowhere in localStorage (whose saved game is encrypted:
    // its random base64 may hold any two digits, so the test looks for the order itself)
    const stored = await page.evaluate(() => ({
      session: Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)]),
      local: Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? '']),
    }));
    expect(
      stored.session.filter(([k, v]) => k?.startsWith('dnup-hand-order:') && v === JSON.stringify(moved)),
    ).toHaveLength(1);
    const written = JSON.stringify(moved).slice(1, -1); // "37,5,…": commas never occur in base64
    for (const [k, v] of stored.local) {
      expect(k, 'never kept beyond the tab').not.toMatch(/hand-order/);
      expect(v, `never kept beyond the tab (${k})`).not.toContain(written);
    }
    await page.close();
  }, 60_000);

  it('drags a card with a finger: onto another place in the hand, and onto a set to add it', async () => {
    const seats: readonly Seat[] = ['human', 'greedy', 'greedy'];
    const { seed, plan } = await pickSeed(seats, 'e2e-touch-3p', 40);
    const phone = await context.browser()!.newContext({ viewport: SIZES[0], hasTouch: true });
    const page = await (phone.pages()[0] ?? phone.newPage());
    const cdp = await phone.newCDPSession(page);
    const touchDrag = async (
      from: { x: number; y: number },
      to: { x: number; y: number },
      before?: () => Promise<void>,
    ): Promise<void> => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
      for (let i = 1; i <= 8; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }],
        });
      }
      await before?.(); // the finger is still down
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const centre = async (selector: string): Promise<{ x: number; y: number }> => {
      const box = (await page.locator(selector).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 30) };
    };
    await page.goto(`${baseUrl}?lang=en#seats=${seats.join(',')}&name=Ada&speed=instant&seed=${seed}`);
    await page.waitForSelector('#game[data-my-turn="true"]');
    const order = (): Promise<number[]> =>
      page.locator('#hand .hand-card').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    const before = await order();
    await page.locator('#hand .hand-card').nth(2).scrollIntoViewIfNeeded();
    await touchDrag(await centre('#hand .hand-card >> nth=0'), await centre('#hand .hand-card >> nth=2'), async () => {
      // while the card is dragged, the hand marks where it will land, and the card itself is dimmed
      expect(await page.locator('#hand .hand-card.drop-before, #hand .hand-card.drop-after').count()).toBe(1);
      expect(await page.locator('#hand .hand-card.dragged').count()).toBe(1);
    });
    const after = await order();
    expect(after, 'the first card dragged by a finger to the third place').not.toEqual(before);
    expect(after.indexOf(before[0]!)).toBeGreaterThan(0);
    // later, an add the plan makes is dragged onto its set by a finger
    let state = createGame(['Ada', 'Greedy 2', 'Greedy 3'], seed);
    let added = false;
    for (let i = 0; i < plan.moves.length && !added; i++) {
      const move = plan.moves[i]!;
      if (state.status === 'playing' && state.turn.seat === 0) {
        await page.waitForFunction(
          (n) =>
            document.getElementById('game')?.dataset.moveCount === String(n) &&
            document.getElementById('game')?.dataset.myTurn === 'true',
          i,
          { timeout: 30_000 },
        );
        if (move.type === 'add') {
          const slot = `#game [data-slot="${move.target.seat}.${move.target.area}"]`;
          await page.locator(`#hand .hand-card[data-card-id="${move.card}"]`).scrollIntoViewIfNeeded();
          const to = await centre(slot);
          expect(to.y, 'the set is on screen with the card').toBeGreaterThan(0);
          await touchDrag(await centre(`#hand .hand-card[data-card-id="${move.card}"]`), to);
          await page.waitForFunction((n) => Number(document.getElementById('game')?.dataset.moveCount) > n, i, {
            timeout: 10_000,
          });
          expect(
            await page.locator(`#hand .hand-card[data-card-id="${move.card}"]`).count(),
            'the card left the hand',
          ).toBe(0);
          added = true;
        } else if (move.type === 'play') {
          for (const id of move.cards) await page.tap(`#hand .hand-card[data-card-id="${id}"]`);
          const chosen = await page
            .locator('#hand .hand-card[aria-pressed="true"]')
            .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
          expect(
            chosen.sort((a, b) => a - b),
            `${await page.textContent('#play-reason')}`,
          ).toEqual(move.cards);
          await page.tap('#play');
        } else if (move.type === 'rotate') await page.tap('#rotate');
        else if (move.type === 'take')
          await page.tap(`#game [data-slot="${move.target.seat}.${move.target.area}"] button.take`);
        else break;
      }
      state = apply(state, move);
    }
    expect(added, 'an add was played by a finger').toBe(true);
    await phone.close();
  }, 120_000);

  for (const lang of ['fr', 'nl'] as const) {
    it(`plays a whole duel in ${lang === 'fr' ? 'French' : 'Dutch'} through the board: every screen and dialog in ${lang}, at every size`, async () => {
      const seats: readonly Seat[] = ['human', 'greedy'];
      const { seed, plan } = await pickSeed(seats, 'e2e-fr-2p', 30);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setViewportSize(SIZES[0]);
      await page.goto(`${baseUrl}?lang=${lang}`);
      // the language chosen on the setup screen is the one the game speaks
      await page.selectOption('#setup-language', lang);
      await page.selectOption('#players', '2');
      await page.selectOption('#seat-0', 'human');
      await page.selectOption('#seat-1', 'greedy');
      await page.selectOption('#speed', 'instant');
      await page.click('details.field summary');
      await page.fill('#seed', seed);
      await page.click('#start');
      const states: GameState[] = [createGame(['Ada', `${{ fr, nl }[lang].bots.short.greedy} 2`], seed)];
      for (const m of plan.moves) states.push(apply(states[states.length - 1]!, m));
      let last = -1;
      let dialogs = 0;
      for (;;) {
        const handle = await page.waitForFunction(
          (n) => {
            const g = document.getElementById('game');
            if (!g || Number(g.dataset.moveCount) <= n) return null;
            return g.dataset.myTurn === 'true' || g.dataset.status !== 'playing'
              ? { status: g.dataset.status!, move: Number(g.dataset.moveCount) }
              : null;
          },
          last,
          { timeout: 30_000 },
        );
        const { status, move } = (await handle.jsonValue()) as { status: string; move: number };
        last = move;
        expect(await englishOnScreen(page), `English words at move ${move}`).toEqual([]);
        if (status !== 'playing') {
          const id = status === 'gameOver' ? 'game-over' : 'round-over';
          await expect.poll(() => page.locator(`dialog#${id}[open]`).count()).toBe(1);
          if (status === 'gameOver') await expect.poll(() => page.textContent('.fair-check')).toContain('✓');
          expect(await englishOnScreen(page), `English words in the ${id} dialog`).toEqual([]);
          if (dialogs++ === 0 || status === 'gameOver') {
            expect(await axeProblems(page), `axe on the ${id} dialog`).toEqual([]);
            await everySize(page, id, lang);
            await page.setViewportSize(SIZES[0]);
          }
          if (status === 'gameOver') break;
          await page.click('#next-round');
          continue;
        }
        const view = playerView(states[move]!, 0);
        const next: Move = plan.moves[move]!;
        expect(next.type === 'nextRound' || view.turn.seat === 0).toBe(true);
        if (next.type === 'play') {
          for (const id of next.cards) await page.click(`#hand .hand-card[data-card-id="${id}"]`);
          await page.click('#play');
        } else if (next.type === 'rotate') await page.click('#rotate');
        else if (next.type === 'take')
          await page.click(`#game [data-slot="${next.target.seat}.${next.target.area}"] button.take`);
        else if (next.type === 'add') {
          await page.click(`#hand .hand-card[data-card-id="${next.card}"]`);
          await page.click(`#game [data-slot="${next.target.seat}.${next.target.area}"] button.add`);
        }
      }
      expect(errors).toEqual([]);
      await page.close();
    }, 240_000);
  }
});
