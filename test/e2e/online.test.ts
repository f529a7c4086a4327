/**
 * Play online end to end: a real game server in this process on loopback, the
 * playground built with Vite, and real Chromium through playwright-core. Two people, each in a
 * browser context of their own (one in French at 1280×800, one in Dutch on a 390×844 phone that
 * joins by the room's link), and a greedy bot play a whole 3-player game through the board. After
 * every change of each page's DOM a snapshot is taken (leaks.ts) and judged against the full state
 * of that move: no card hidden from that seat may reach the page or its storage. The phone reloads
 * mid-game and gets its seat back at the same move; a spectator in a third context watches to the
 * end. axe-core checks every online screen (lobby, create, waiting, game, game over), and each is
 * photographed at 390×844, 768×1024, 1280×800 and 1920×1080 into test-results/screenshots/.
 * Without Chromium the test is skipped with one line outside CI; under CI=true it fails.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  greedyBot,
  formatMove,
  legalMoves,
  playerView,
  replay,
  type GameRecord,
  type GameState,
  type Move,
} from '../../src/index.js';
import { freePort, testServer } from '../../server/test/helpers.js';
import { snapshotProblems, takeSnapshots, watchPage } from './leaks.js';
import { nextTurn, perform, waitDom, waitText } from './online-page.js';
import { buildPlayground, findChromium, HOW_TO_ENABLE, launchBrowser, ROOT, serveStatic } from './server.js';
import { en } from '../../apps/play/src/i18n/en.js';
import { fr } from '../../apps/play/src/i18n/fr.js';
import { nl } from '../../apps/play/src/i18n/nl.js';

const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SITE = join(ROOT, 'test-results', 'online-site');
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const PHONE = SIZES[0];
const DESKTOP = SIZES[2];

const chromiumPath = findChromium();
const inCi = process.env.CI === 'true';
if (!chromiumPath && !inCi) console.warn(`Play online browser test skipped: ${HOW_TO_ENABLE}`);

let browser: Browser;
let site: Server;
let siteUrl = '';
let game: Awaited<ReturnType<typeof testServer>>;
const errors: string[] = [];

/** Every accessibility problem axe-core finds on the page as it is now. */
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

/** Every string a catalogue can produce: its strings, and its functions called with sample arguments. */
function phrases(catalogue: unknown): string[] {
  if (typeof catalogue === 'string') return [catalogue];
  if (typeof catalogue === 'function')
    return [
      (catalogue as (...a: unknown[]) => string)(2, 3, 'X'),
      (catalogue as (...a: unknown[]) => string)(1, 1, 'X'),
    ];
  if (typeof catalogue === 'object' && catalogue !== null) return Object.values(catalogue).flatMap(phrases);
  return [];
}
const wordsOf = (texts: readonly string[]): Set<string> => new Set(texts.flatMap((s) => s.match(/\p{L}{3,}/gu) ?? []));
const translated = new Set([...wordsOf(phrases([fr, nl]))].flatMap((w) => [w, w.toLowerCase()]));
/** English words of the page's catalogues (the board's and the online screens') that French and Dutch never use. */
const ENGLISH_ONLY = new Set(
  [...wordsOf(phrases([en]))].filter((w) => !translated.has(w) && !translated.has(w.toLowerCase())),
);

/** English-only words shown in the online section and its nav button (names of people and bots aside). */
async function englishOnScreen(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    for (const root of [document.getElementById('online'), document.getElementById('nav-online')]) {
      if (!root) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        // the log is the library's sentences in the chosen language (its own tests judge them)
        const shown =
          el !== null &&
          el.closest('[hidden], #log') === null &&
          (el.getClientRects().length > 0 || el.closest('.sr-only') !== null);
        if (shown && n.textContent?.trim()) out.push(n.textContent.trim());
      }
      for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]'))
        for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a)!);
    }
    return out;
  });
  // the server names its bots in English ("Greedy bot"), but the page words a bot seat by its kind
  // (board.ts): no exception for them. Hashes, seeds and codes are no words (a run of letters inside them)
  const words = (t: string): string =>
    t
      .split(/\s+/)
      .filter((w) => !/\d/.test(w))
      .join(' ');
  return texts
    .map(words)
    .flatMap((t) => ((t.match(/\p{L}{3,}/gu) ?? []).some((w) => ENGLISH_ONLY.has(w)) ? [t.slice(0, 80)] : []));
}

/** Screenshots of the page at every size (then back to `keep`), axe-core on it, and no English left in French or Dutch. */
async function screen(page: Page, name: string, keep: { width: number; height: number }): Promise<void> {
  expect(await axeProblems(page), `axe on the ${name} screen`).toEqual([]);
  if ((await page.evaluate(() => document.documentElement.lang)) !== 'en')
    expect(await englishOnScreen(page), `English words on the ${name} screen`).toEqual([]);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} at ${size.width}×${size.height}: no sideways scrolling`,
    ).toBeLessThanOrEqual(0);
    // as the offline layout test: no control shown leaves the screen sideways (a 390×844 phone first)
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, select, input, a, textarea, summary')]
        .filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0 && !el.closest('.sr-only'))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.left < -1 || r.right > window.innerWidth + 1)
        .map(
          ({ el, r }) => `${el.id || el.className || el.tagName} spans ${Math.round(r.left)}–${Math.round(r.right)} px`,
        ),
    );
    expect(outside, `${name} at ${size.width}×${size.height}: controls outside the screen`).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `online-${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize(keep);
}

async function newPage(size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return page;
}

/** The full state at `move` of the room's game, from the server's store (a move is stored before anyone sees it). */
async function stateAt(code: string, move: number): Promise<GameState> {
  const stored = (await game.store.unfinished()).find((g) => g.id === code);
  if (!stored) throw new Error(`room ${code} is not in the store`);
  let state = createGame(stored.players, stored.seed);
  for (const m of stored.moves.slice(0, move)) state = apply(state, m);
  return state;
}

describe.skipIf(!chromiumPath && !inCi)('Play online in real Chromium', () => {
  beforeAll(async () => {
    if (!chromiumPath) throw new Error(`CI=true: ${HOW_TO_ENABLE}`);
    // only this file's own pictures: the folder also holds the offline screens' (playground-screens)
    await mkdir(SHOTS, { recursive: true });
    for (const file of await readdir(SHOTS))
      if (file.startsWith('online-')) await rm(join(SHOTS, file), { force: true });
    const [, running] = await Promise.all([
      buildPlayground(SITE),
      testServer({ botDelayMs: 0, roundPauseMs: 60_000, reconnectSeconds: 30, ratePerSecond: 50, rateBurst: 100 }),
    ]);
    game = running;
    ({ server: site, url: siteUrl } = await serveStatic(SITE));
    browser = await launchBrowser(chromiumPath);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => site?.close(done));
    await game?.close();
  });

  it('says plainly when no server answers', async () => {
    const page = await newPage(DESKTOP);
    const nobody = `ws://127.0.0.1:${await freePort()}`;
    await page.goto(`${siteUrl}#online&server=${encodeURIComponent(nobody)}`);
    // a sentence a player can act on, no command; the address is under Advanced, open for a server not the default
    const NO_SERVER = 'The game server cannot be reached right now. Check your connection and try again in a moment.';
    await waitText(page, '#online-lobby-error', NO_SERVER);
    expect(await page.locator('details.online-advanced').getAttribute('open')).not.toBeNull();
    expect(await page.inputValue('#online-server')).toBe(nobody);
    await page.fill('#online-code-input', 'K7QMZD');
    await page.click('#online-join');
    await waitText(page, '#online-notice', NO_SERVER);
    await page.fill('#online-code-input', 'K7Q');
    await page.click('#online-join');
    await waitText(page, '#online-notice', 'A room code has 6 letters and digits, like K7QMZD.');
    await page.context().close();
    // the browser logs each refused connection as a console error: expected here
    errors.length = 0;
  });

  it("the host starts early: a bot takes the empty person's seat; a private room stays out of the lobby", async () => {
    const server = `ws://127.0.0.1:${game.port}`;
    const host = await newPage(PHONE);
    await host.goto(`${siteUrl}?lang=nl#online&server=${encodeURIComponent(server)}`);
    await host.fill('#online-name', 'Cas');
    await host.click('#online-new');
    await host.selectOption('#online-players', '2');
    await host.selectOption('#online-seat-1', 'human');
    await host.check('#online-private');
    await host.uncheck('#online-reactions-on');
    await host.click('#online-create');
    await waitText(host, '#online-people li[data-seat="1"] .online-seat-state', 'wacht op een persoon');
    const code = (await host.textContent('#online-code'))!.trim();
    expect(
      (await game.store.unfinished()).some((g) => g.id === code),
      'no game stored before the start',
    ).toBe(false);
    const visitor = await newPage(DESKTOP);
    await visitor.goto(`${siteUrl}#online&server=${encodeURIComponent(server)}`);
    await visitor.locator('#online-no-rooms, #online-rooms').first().waitFor();
    expect(await visitor.locator(`#online-rooms li[data-room="${code}"]`).count(), 'a private room is not listed').toBe(
      0,
    );
    await host.click('#online-start');
    await host.waitForSelector('#online-game[data-move-count]');
    const stored = (await game.store.unfinished()).find((g) => g.id === code)!;
    expect(stored.kinds).toEqual(['human', 'greedy']);
    expect(await host.locator('.online-reactions').count(), 'reactions turned off at creation').toBe(0);
    await host.click('#online-leave');
    await host.locator('#online-new').waitFor();
    await host.context().close();
    await visitor.context().close();
  });

  it("a room made to wait for its host stays waiting when full, says so to both, starts on the host's Start, and passes quick reactions", async () => {
    const server = `ws://127.0.0.1:${game.port}`;
    const host = await newPage(DESKTOP);
    await host.goto(`${siteUrl}?lang=en#online&server=${encodeURIComponent(server)}`);
    await host.fill('#online-name', 'Dee');
    await host.click('#online-new');
    await host.selectOption('#online-players', '2');
    await host.selectOption('#online-seat-1', 'human');
    await host.check('#online-private');
    await host.uncheck('#online-start-when-full');
    await host.click('#online-create');
    await host.locator('#online-start').waitFor();
    const link = await host.inputValue('#online-link');
    const guest = await newPage(PHONE);
    await guest.goto(link.replace('#', '?lang=fr#'));
    await guest.fill('#online-name', 'Eli');
    await guest.click('#online-join');
    await waitText(host, '#online-full', 'Everyone is here: start the game when you are ready.');
    await waitText(guest, '#online-full', 'Tout le monde est là : on attend que l’hôte lance la partie.');
    const code = (await host.textContent('#online-code'))!.trim();
    expect(
      (await game.store.unfinished()).some((g) => g.id === code),
      'not started when full',
    ).toBe(false);
    await host.click('#online-start');
    await Promise.all([host, guest].map((p) => p.waitForSelector('#online-game[data-move-count]')));
    const stored = (await game.store.unfinished()).find((g) => g.id === code)!;
    expect(stored.kinds).toEqual(['human', 'human']);
    // a room without a turn clock offers hints (the Hint button on every person's board)
    for (const p of [host, guest]) await p.locator('#online-game #hint').waitFor();
    // a quick reaction from the guest shows beside the guest's seat on both screens; the buttons rest a moment
    await guest.click('.online-reactions .reaction[data-emote="👏"]');
    for (const p of [host, guest]) await waitText(p, '.reaction-bubble[data-seat="1"]', /^👏/);
    expect(await guest.locator('.online-reactions .reaction').first().isDisabled()).toBe(true);
    expect(await guest.locator('.online-reactions .reaction').first().getAttribute('aria-label')).toBe(
      'Envoyer 👍 à la salle',
    );
    for (const p of [host, guest]) await p.context().close();
  });

  it('two people and a bot play a whole game; a reload takes the seat back; a spectator watches to the end; then a rematch', async () => {
    const server = `ws://127.0.0.1:${game.port}`;
    // Ana creates the room, in French, on a laptop screen
    const ana = await newPage(DESKTOP);
    await ana.goto(`${siteUrl}?lang=fr#online&server=${encodeURIComponent(server)}`);
    await ana.locator('#online-no-rooms').waitFor();
    await ana.fill('#online-name', 'Ana');
    await screen(ana, 'lobby', DESKTOP);
    await ana.click('#online-new');
    await ana.selectOption('#online-players', '3');
    await ana.selectOption('#online-seat-1', 'human');
    await ana.selectOption('#online-seat-2', 'greedy');
    await ana.selectOption('#online-clock', '60');
    await screen(ana, 'create', DESKTOP);
    await ana.click('#online-create');
    await ana.locator('#online-people li').nth(2).waitFor();
    const code = (await ana.textContent('#online-code'))!.trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const link = await ana.inputValue('#online-link');
    expect(link).toContain(`online=${code}`);
    await ana.locator('#online-start').waitFor();
    await screen(ana, 'waiting', DESKTOP);

    // the room is listed live in another visitor's lobby
    const spectator = await newPage(DESKTOP);
    await spectator.goto(`${siteUrl}#online&server=${encodeURIComponent(server)}`);
    await waitText(spectator, `#online-rooms li[data-room="${code}"] strong`, 'Ana’s room');
    await screen(spectator, 'lobby-rooms', DESKTOP);

    // Ben opens the link on his phone, in Dutch, and joins: every person's seat is taken, the game starts
    const ben = await newPage(PHONE);
    await ben.goto(link.replace('#', '?lang=nl#'));
    await waitText(ben, '#online-join-title', `Meedoen in kamer ${code}`);
    await ben.fill('#online-name', 'Ben');
    await ben.click('#online-join');
    await Promise.all([ana, ben].map((p) => p.waitForSelector('#online-game[data-move-count]')));

    // the spectator watches from the lobby's list
    await spectator.locator(`#online-rooms li[data-room="${code}"] button`).click();
    await spectator.waitForSelector('#online-game[data-move-count]');

    // from here every DOM change of every page is judged once the seed is known (at the end)
    const seed = (await game.store.unfinished()).find((g) => g.id === code)!.seed;
    const pages = [
      { page: ana, seat: 0 },
      { page: ben, seat: 1 },
      { page: spectator, seat: -1 },
    ];
    for (const { page } of pages) await watchPage(page, seed, 'online-game', true);
    // moves drawn event by event on the phone (fast) and the spectator's screen (slow), at once on Ana's;
    // the spectator's board, slower than the game, must catch up rather than fall ever further behind
    await ana.selectOption('#game-speed', 'instant');
    await ben.selectOption('#game-speed', 'fast');
    await spectator.selectOption('#game-speed', 'slow');
    const snapshots = new Map<Page, Awaited<ReturnType<typeof takeSnapshots>>>(pages.map(({ page }) => [page, []]));
    const collect = async (page: Page): Promise<void> => {
      snapshots.get(page)!.push(...(await takeSnapshots(page)));
    };

    const greedy = greedyBot();
    let reloaded = false;
    let dropped = false;
    let shotGame = false;
    const play = async (page: Page, seat: number): Promise<void> => {
      let last = -1;
      for (;;) {
        const board = await nextTurn(page, last, seat === 0);
        await collect(page);
        if (board.status === 'gameOver') return;
        last = board.move;
        if (seat === 1 && !reloaded && board.move >= 10 && board.status === 'playing') {
          // a reload mid-game: the seat comes back with its token, at the very same move (the game waits)
          reloaded = true;
          await ben.reload();
          const back = await nextTurn(ben, last - 1, false);
          await ben.selectOption('#game-speed', 'fast');
          expect(back.move).toBe(board.move);
          expect(back.myTurn).toBe(true);
          // the log holds the whole game so far, not the last move only (the welcome's history)
          expect(await ben.locator('#online-game #log li.log-move').count()).toBeGreaterThanOrEqual(board.move - 2); // nextRound has no line
          expect(await englishOnScreen(ben), 'English words on the Dutch phone mid-game').toEqual([]);
          await collect(ben);
        }
        if (seat === 0 && !dropped && board.move >= 20 && board.status === 'playing') {
          // the network drops (the socket dies without a close handshake): the page gets back in by itself
          dropped = true;
          const room = matchMaker.getLocalRoomById(code);
          const client = room.clients.find((c) => (c.userData as { seat: number | null }).seat === 0)!;
          (client.ref as unknown as { terminate(): void }).terminate();
          await waitDom(
            ana,
            () => document.querySelector('[data-connection]')?.getAttribute('data-connection') !== 'connected',
            null,
          );
          await waitDom(
            ana,
            (n) =>
              document.querySelector('[data-connection]')?.getAttribute('data-connection') === 'connected' &&
              document.getElementById('online-game')?.dataset.moveCount === String(n),
            board.move,
          );
          await collect(ana);
        }
        if (seat === 0 && !shotGame && board.status === 'playing') {
          shotGame = true;
          // the room has a turn clock: its seconds and whose turn, counted down above the board
          await waitText(ana, '#online-clock-left', /^Encore \d+ s à Ana pour jouer$/);
          await screen(ana, 'game', DESKTOP);
          await screen(spectator, 'spectator', DESKTOP);
        }
        const state = await stateAt(code, board.move);
        const move =
          state.status === 'roundOver'
            ? ({ type: 'nextRound' } as const)
            : await greedy.chooseMove(playerView(state, seat), legalMoves(state));
        await perform(page, move);
      }
    };
    const watch = async (): Promise<void> => {
      await waitDom(spectator, () => document.getElementById('online-over') !== null, null);
      await collect(spectator);
    };
    // the spectator's page keeps its snapshots meanwhile; it is read once the players are done
    await Promise.all([play(ana, 0), play(ben, 1)]);
    await watch();
    expect(reloaded).toBe(true);
    expect(dropped).toBe(true);

    // game over: the record replays, and its seed matches the seal every page showed
    const record = (await game.store.finished()).find((r) => r.metadata?.room === code) as GameRecord;
    const result = replay(record);
    expect(result.ok).toBe(true);
    expect(record.players).toEqual(['Ana', 'Ben', 'Greedy bot']);
    for (const { page } of pages)
      await waitDom(page, () => document.getElementById('online-over')?.dataset.seal === 'ok', null);
    await waitText(ana, '#online-over-title', /gagne la partie\.$/);
    await waitText(ben, '#online-over-title', /wint het spel\.$/);
    expect(await englishOnScreen(ben), 'English words on the Dutch phone at game over').toEqual([]);
    await screen(ana, 'game-over', DESKTOP);
    await screen(spectator, 'spectator-over', DESKTOP);

    // every snapshot of every page against the full state of its move
    const states: GameState[] = [createGame(record.players, record.seed)];
    for (const m of record.moves) states.push(apply(states.at(-1)!, m as Move));

    // the spectator's Details list writes each move it saw in the library's notation ("A 4>1", "N")
    const details = await spectator.$$eval('.notation-list code', (codes) => codes.map((c) => c.textContent ?? ''));
    expect(details.length, 'moves in the Details list').toBeGreaterThan(record.moves.length / 3);
    for (const line of details) {
      const [, count, text] = /^(\d+)\. (?:[^:]+: )?(.+)$/.exec(line) ?? [];
      const n = Number(count);
      expect(text, line).toBe(formatMove(states[n - 1]!, record.moves[n - 1] as Move));
    }
    for (const { page, seat } of pages) {
      await collect(page);
      const all = snapshots.get(page)!;
      expect(all.length, 'snapshots were taken').toBeGreaterThan(record.moves.length / 3);
      expect(
        all.flatMap((s) => snapshotProblems(s, states, seat)),
        `hidden information on seat ${seat}'s page`,
      ).toEqual([]);
    }
    // a rematch: Ana asks (in French), Ben sees it counted (in Dutch) and asks too; a new deal in the same room
    // the host first puts another bot in the bot's seat, from the result card, then asks there
    await ana.click('dialog#game-over #close-result');
    await ana.selectOption('#online-rematch-seat-2', 'random');
    await waitDom(
      ana,
      () => document.querySelector<HTMLSelectElement>('#online-rematch-seat-2')?.value === 'random',
      null,
    );
    await ana.click('#online-rematch-ask');
    await waitText(ben, '#online-rematch-count', '1 van de 2 mensen willen nog een keer spelen');
    await waitText(ana, '#online-rematch-ask', 'Revanche demandée : on attend les autres');
    // "Play again" in the game-over dialog asks for it
    await ben.click('dialog#game-over #play-again');
    for (const p of [ana, ben, spectator])
      await waitDom(
        p,
        // a new board (bots may already have moved) and no result card
        () =>
          document.querySelector('#online-game[data-move-count]') !== null && !document.getElementById('online-over'),
        null,
      );
    const games = (await game.store.unfinished()).filter((g) => g.id === code);
    expect(games.map((g) => g.seed)).not.toContain(record.seed);
    expect(games.map((g) => g.kinds)).toEqual([['human', 'human', 'random']]);
    expect(errors).toEqual([]);
    expect(game.problems).toEqual([]);
  }, 150_000);
});
