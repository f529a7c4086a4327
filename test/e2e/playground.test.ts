/**
 * The playground in a real browser. Chromium, driven by playwright-core, plays
 * whole games to game over at 2, 3, 4 and 5 players through the page only — clicks, drags and
 * keys — on seeds where bots end rounds, so the human must deal after a bot's last move. After
 * every move the page is checked for hidden information: no opponent card that is not public in
 * the DOM, the storage or the downloaded record, and no seed before the game ends. axe-core checks
 * the setup, game, round-over, replay and rules screens; the duel is played on a 390×844 phone
 * screen. Screenshots go to test-results/screenshots (kept by CI), records to test-results/e2e.
 * The human plays what the board hints: each card of a planned play is highlighted as playable,
 * and the sets a selected card may go on are marked, before the click.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  legalMoves,
  playerView,
  replay,
  type GameRecord,
  type GameState,
  type Move,
  type PlayerView,
} from '../../src/index.js';
import { takeSnapshots, snapshotProblems, watchPage } from './leaks.js';
import { buildPlayground, findChromium, HOW_TO_ENABLE, launchChromium, ROOT, serveStatic } from './server.js';
import { humanMove, namesOf, pickSeed, type Seat } from './strategy.js';

const OUT = join(ROOT, 'test-results', 'e2e');
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SITE = join(ROOT, 'test-results', 'e2e-site');
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const chromiumPath = findChromium();
const inCi = process.env.CI === 'true';

let context: BrowserContext;
let server: Server;
let baseUrl: string;
/** Records of finished games, for the replay tests. */
const finished = new Map<number, string>();
/** The replay links their game-over dialogs offered. */
const links = new Map<number, string>();

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Serious or critical accessibility problems axe-core finds on the page as it is now. */
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
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.join(' | ')}`);
}

/** True when the element's box lies inside the viewport as the page is scrolled now. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0
      );
    });
}

/** Expects the element on screen; a failure leaves a screenshot of the page as it was. */
async function expectOnScreen(page: Page, selector: string, what: string): Promise<void> {
  const ok = await inViewport(page, selector);
  if (!ok) await shot(page, `failed-${what.replace(/\W+/g, '-')}`);
  expect(ok, `${what} is on screen`).toBe(true);
}

/** Waits until the page has moved past move `after` and the human is to move, or a round or the game is over. */
async function waitForHuman(page: Page, after: number): Promise<{ status: string; move: number }> {
  const handle = await page
    .waitForFunction(
      (n) => {
        const g = document.getElementById('game');
        if (!g || Number(g.dataset.moveCount) <= n) return null;
        return g.dataset.myTurn === 'true' || g.dataset.status !== 'playing'
          ? { status: g.dataset.status!, move: Number(g.dataset.moveCount) }
          : null;
      },
      after,
      { timeout: 30_000 },
    )
    .catch(async (e: unknown) => {
      await shot(page, `failed-wait-after-move-${after}`, true);
      const state = await page.evaluate(() => ({
        ...document.getElementById('game')?.dataset,
        message: document.getElementById('message')?.textContent,
      }));
      throw new Error(`the page did not come back to the human after move ${after}: ${JSON.stringify(state)}`, {
        cause: e,
      });
    });
  return (await handle.jsonValue()) as { status: string; move: number };
}

/**
 * Clicks a download button and returns the file's JSON. The click is a dispatched event, so the
 * keyboard focus of a person playing stays where it was.
 */
async function download(page: Page, selector: string): Promise<{ text: string; json: Record<string, unknown> }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).dispatchEvent('click')]);
  const text = await readFile((await file.path())!, 'utf8');
  return { text, json: JSON.parse(text) as Record<string, unknown> };
}

/** The view frames a player record must hold: the library's player views, less the game's fixed facts. */
function expectedFrame(state: GameState, seat: number): unknown {
  const { format: _f, players: _p, deck: _d, seat: _s, ...rest } = playerView(state, seat);
  return JSON.parse(JSON.stringify(rest));
}

/** Drags the hand card `id` onto the element `target`. */
async function drag(page: Page, id: number, target: string): Promise<void> {
  const card = page.locator(`#hand .hand-card[data-card-id="${id}"]`);
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  const to = (await page.locator(target).boundingBox())!;
  expect(to.y, 'the set to drop on is on screen with the hand').toBeGreaterThanOrEqual(0);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 15, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 30), { steps: 8 });
  await page.mouse.up();
}

/** How a game's human plays through the page. */
interface Style {
  readonly keyboard: boolean;
  readonly phone: boolean;
}

/** Performs `move` through the page; returns the keys pressed. */
async function perform(page: Page, move: Move, view: PlayerView, style: Style, turn: number): Promise<number> {
  let keys = 0;
  const press = async (key: string): Promise<void> => {
    keys++;
    await page.keyboard.press(key);
  };
  if (move.type === 'play' && style.keyboard) {
    const order = await page
      .locator('#hand .hand-card')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    let at = order.indexOf(Number(await page.evaluate(() => document.activeElement?.getAttribute('data-card-id'))));
    expect(at, 'the turn starts with the keyboard in the hand').toBeGreaterThanOrEqual(0);
    const value = view.hand.find((c) => c.id === move.cards[0])!.active;
    if (value <= 10 && view.hand.filter((c) => c.active === value).length === move.cards.length) {
      // every card of that value: one digit key per card
      for (let i = 0; i < move.cards.length; i++) await press(value === 10 ? '0' : String(value));
    } else {
      for (const id of move.cards) {
        const to = order.indexOf(id);
        while (at < to) await press('ArrowRight'), at++;
        while (at > to) await press('ArrowLeft'), at--;
        await press('Space');
      }
    }
    await press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('play');
    expect(await page.getAttribute('#play', 'class')).toContain('legal');
    await press('Enter');
  } else if (move.type === 'rotate' && style.keyboard) {
    await press('Tab'); // Play is disabled with nothing selected: Tab goes on to Rotate
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rotate');
    await press('Enter');
  } else if (move.type === 'play') {
    for (const id of move.cards) await page.click(`#hand .hand-card[data-card-id="${id}"]`);
    expect(await page.isEnabled('#play'), 'Play is enabled for a legal selection').toBe(true);
    expect(await page.getAttribute('#play', 'class')).toContain('legal');
    await page.click('#play');
  } else if (move.type === 'rotate') {
    await page.click('#rotate');
  } else if (move.type === 'take') {
    // with nothing selected, a tap on the set takes it; else its Take button
    if (turn % 2 === 0) await page.click(`#game [data-slot="${move.target.seat}.${move.target.area}"] .slot-caption`);
    else await page.click(`#game [data-slot="${move.target.seat}.${move.target.area}"] button.take`);
  } else if (move.type === 'add') {
    const slot = `#game [data-slot="${move.target.seat}.${move.target.area}"]`;
    if (turn % 2 === 0 && !style.phone) await drag(page, move.card, slot);
    else {
      await page.click(`#hand .hand-card[data-card-id="${move.card}"]`);
      // the board marks the sets the selected card may go on
      expect(await page.getAttribute(slot, 'class'), 'the target set is marked for the selected card').toContain(
        'can-drop',
      );
      if (turn % 3 === 1)
        await page.click(`${slot} .slot-caption`); // a tap on the set itself
      else await page.click(`${slot} button.add`);
    }
  } else {
    throw new Error(`the human does not play ${move.type} from the game screen`);
  }
  return keys;
}

/**
 * Tries a refused add (a card onto a set of another value): with one card selected, every set
 * offers Add, marked where the add is legal; an Add the rules refuse says why in the message line
 * with its rule (no reason hidden in a tooltip), as a tap on the set itself does, naming faces.
 */
async function tryRefusedAdd(page: Page, view: PlayerView): Promise<boolean> {
  const target = view.table.find((t) => t.seat !== view.seat);
  const card = target && view.hand.find((c) => c.active !== target.value);
  if (!target || !card) return false;
  expect(await page.locator('#game button.add').count(), 'no Add before a card is selected').toBe(0);
  const tableHeight = async (): Promise<number> => (await page.locator('#game .table').boundingBox())!.height;
  const before = await tableHeight();
  await page.click(`#hand .hand-card[data-card-id="${card.id}"]`);
  // selecting a card offers Add on the sets without moving the table (nor the hand and Play below it)
  expect(await tableHeight(), 'the table keeps its height when a card is selected').toBe(before);
  const legal = legalMoves(view);
  const refusedAt: string[] = [];
  for (const set of view.table.filter((t) => t.seat !== view.seat)) {
    const button = `#game [data-slot="${set.seat}.${set.area}"] button.add`;
    const fits = legal.some(
      (m) => m.type === 'add' && m.card === card.id && m.target.seat === set.seat && m.target.area === set.area,
    );
    expect(await page.getAttribute(button, 'class'), `Add your ${card.active} on ${set.seat}.${set.area}`).toMatch(
      fits ? /\blegal\b/ : /^add$/,
    );
    expect(await page.getAttribute(button, 'title'), 'no reason in a tooltip').toBeNull();
    if (!fits) refusedAt.push(button);
  }
  // an Add the rules refuse says why, in words, with its rule
  await page.click(refusedAt[0]!);
  expect((await page.locator('#message').textContent()) ?? '').toMatch(/^Not allowed: .*\(rules §\d+( [A-D])?\)\.$/);
  expect(await page.textContent('#message-rule')).toMatch(/^Read rules §\d+/);
  expect(await page.locator(`#hand .hand-card[data-card-id="${card.id}"]`).getAttribute('aria-pressed')).toBe('true');
  // a tap on the set itself tries the add, and is refused with the reason
  await page.click(`#game [data-slot="${target.seat}.${target.area}"] .slot-caption`);
  // the reason and Play stay on screen, on a phone too
  await expectOnScreen(page, '#message', 'the refusal');
  await expectOnScreen(page, '#play', 'Play after a refusal');
  const text = (await page.locator('#message').textContent()) ?? '';
  expect(text).toMatch(
    /^Not allowed: Your card shows \d+ \(\d+ on its other side\), but that set shows \d+: .*\(rules §5 B\)\.$/,
  );
  expect(text).not.toMatch(/[Cc]ard \d+|seat \d/);
  expect(await page.getAttribute('#message', 'role')).toBe('alert');
  // the refusal's rule opens the rules page at that section
  expect(await page.textContent('#message-rule')).toBe('Read rules §5 B');
  await page.click('#message-rule');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^§5 B /);
  expect(await page.isVisible('#rules')).toBe(true);
  await page.click('#nav-game');
  // Escape clears the selection and the refusal
  await page.locator(`#hand .hand-card[data-card-id="${card.id}"]`).focus();
  await page.keyboard.press('Escape');
  expect(await page.locator('#hand .hand-card[aria-pressed="true"]').count(), 'Escape clears the selection').toBe(0);
  expect(await page.textContent('#message')).toBe('');
  // a mixed selection leaves Play disabled, with the reason beside it
  const other = view.hand.find((c) => c.active !== card.active);
  if (other) {
    await page.click(`#hand .hand-card[data-card-id="${card.id}"]`);
    await page.click(`#hand .hand-card[data-card-id="${other.id}"]`);
    expect(await page.isDisabled('#play'), 'Play is disabled for a mixed selection').toBe(true);
    expect(await page.textContent('#play-reason')).toMatch(
      /^The cards of a set must all show the same value.*\(rules §5 A\)\.$/,
    );
  }
  await page.click('#clear');
  expect(
    await page.evaluate(() => document.activeElement?.closest('#hand') !== null),
    'Clear leaves the keyboard in the hand',
  ).toBe(true);
  return true;
}

/** Fills the setup form and starts the game. */
async function startFromForm(page: Page, seats: readonly Seat[], seed: string): Promise<void> {
  await page.selectOption('#players', String(seats.length));
  for (const [i, s] of seats.entries()) if (s === 'human') await page.selectOption(`#seat-${i}`, 'human');
  for (const [i, s] of seats.entries()) if (s !== 'human') await page.selectOption(`#seat-${i}`, s);
  await page.selectOption('#speed', 'instant');
  await page.click('details.field summary');
  await page.fill('#seed', seed);
  await page.click('#start');
}

interface GameCase {
  readonly seats: readonly Seat[];
  readonly style: Style;
  /** Screens to check with axe-core and photograph in this game. */
  readonly screens: boolean;
  /** At the first round's end, close the dialog to see the table before dealing. */
  readonly seeTableFirst?: boolean;
}

/** Plays one whole game through the page and checks everything on the way; returns the final record's JSON. */
async function playWholeGame(tag: string, c: GameCase): Promise<string> {
  const { seed, plan } = await pickSeed(c.seats, `e2e-${c.seats.length}p`, 30);
  const human = c.seats.indexOf('human');
  const names = namesOf(c.seats);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.setViewportSize(c.style.phone ? PHONE : DESKTOP);
  await watchPage(page, seed);
  // every result dialog the page opens, in order (a round's must never flash before the game's)
  // and each opens in two frames: the page dims first (the dialog empty), its content comes next
  await page.addInitScript(() => {
    const opened: string[] = [];
    const inOneFrame: string[] = [];
    Object.assign(window, { dialogsOpened: opened, dialogsInOneFrame: inOneFrame });
    new MutationObserver((records) => {
      for (const r of records)
        if (r.target instanceof HTMLDialogElement && r.target.open && r.target.id) {
          opened.push(r.target.id);
          if (!r.target.classList.contains('opening')) inOneFrame.push(r.target.id);
        }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
  });
  // the parts of the board that last a whole game keep their nodes: a drawing patches them and
  // replaces none (a replaced node is restyled and laid out anew, and loses focus and motion)
  await page.addInitScript(() => {
    const replaced: string[] = [];
    (window as unknown as { nodesReplaced: string[] }).nodesReplaced = replaced;
    const lasting = '.seat, .seat-head, .seat-name, .seat-facts, .slot, .slot-caption, .table, #hand, #log, #log-title';
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes) {
          if (n.isConnected || !(r.target as Element).closest?.('#game')) continue; // moved, or not the game's
          if (n instanceof Element && n.matches(lasting)) replaced.push(n.id || n.className);
          else if (n.nodeType === Node.TEXT_NODE && (r.target as Element).matches(lasting))
            replaced.push(`the text of ${(r.target as Element).id || (r.target as Element).className}`);
        }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(baseUrl);
  if (c.screens) {
    expect(await axeProblems(page), 'axe on the setup screen').toEqual([]);
    await shot(page, `${tag}-01-setup`, true);
  }
  await startFromForm(page, c.seats, seed);

  // the deal is sealed: its SHA-256 is shown, never the seed; the short form whole on screen, the
  // full hash one tap away (a touch screen shows no tooltip)
  expect(await page.textContent('#commitment')).toBe(`${sha256(seed).slice(0, 6)}…${sha256(seed).slice(-6)}`);
  const width = (c.style.phone ? PHONE : DESKTOP).width;
  // on a phone the seal is a lock to tap, the short hash beside it elsewhere
  const short = (await page.locator(c.style.phone ? '#sealed summary' : '#commitment').boundingBox())!;
  expect(short.x >= 0 && short.x + short.width <= width, JSON.stringify(short)).toBe(true);
  const seal = (await page.locator('#sealed').boundingBox())!;
  expect(short.x + short.width <= seal.x + seal.width + 1, 'the short hash stays inside the seal').toBe(true);
  await page.click('#sealed summary');
  const fullHash = page.locator('#sealed .seal-full');
  expect(await fullHash.textContent()).toContain(sha256(seed));
  const fullBox = (await fullHash.boundingBox())!;
  expect(fullBox.x >= 0 && fullBox.x + fullBox.width <= width, JSON.stringify(fullBox)).toBe(true);
  await page.click('#sealed summary');
  // the seal was looked at during the first turn: the keyboard goes back to the hand
  if (await page.$('#game[data-my-turn="true"]')) await page.focus('#hand [tabindex="0"]');

  const states: GameState[] = [createGame(names, seed)];
  const advance = (moves: readonly Move[]): void => {
    for (let i = states.length - 1; i < moves.length; i++) states.push(apply(states[i]!, moves[i]!));
  };
  let last = -1;
  let turn = 0;
  let keys = 0;
  let keyTurns = 0;
  let refused = false;
  let noPlayTurns = 0;
  let roundEnds = 0;
  const problems: string[] = [];
  const checkSnapshots = async (): Promise<void> => {
    advance(plan.moves);
    for (const s of await takeSnapshots(page)) problems.push(...snapshotProblems(s, states, human));
    expect(problems, 'hidden information shown').toEqual([]);
  };

  for (;;) {
    const { status, move } = await waitForHuman(page, last);
    last = move;
    await checkSnapshots();
    if (status === 'gameOver') {
      const replaced = await page.evaluate(() => (window as unknown as { nodesReplaced: string[] }).nodesReplaced);
      expect([...new Set(replaced)], 'nodes of lasting parts replaced by a drawing').toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { dialogsInOneFrame: string[] }).dialogsInOneFrame),
      ).toEqual([]);
      // the log shows its last entry (scrolled once the last drawing's frame was painted)
      await expect
        .poll(() =>
          page.evaluate(() => {
            const log = document.getElementById('log')!;
            return log.scrollHeight > log.clientHeight && log.scrollHeight - log.clientHeight - log.scrollTop <= 1;
          }),
        )
        .toBe(true);
      break;
    }
    if (c.style.phone) {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        'no sideways scrolling',
      ).toBeLessThanOrEqual(0);
    }
    if (status === 'roundOver') {
      roundEnds++;
      turn++; // the plan counts the human's deal as one of their moves
      const dialog = page.locator('dialog#round-over[open]');
      await expect.poll(() => dialog.count()).toBe(1);
      const ended = states[move]!;
      const winner = ended.out[0]!;
      expect(await page.textContent('#result-title')).toBe(
        `Round ${ended.round}: ${winner === human ? 'you win' : `${names[winner]} wins`} the round`,
      );
      await expectOnScreen(page, '#result-title', 'the round-over title');
      expect(await page.locator('dialog .scores tbody tr').count()).toBe(c.seats.length);
      if (roundEnds === 1) {
        // the keyboard stays in the modal dialog
        for (let i = 0; i < 7; i++) {
          await page.keyboard.press('Tab');
          expect(
            await page.evaluate(() => document.activeElement?.closest('dialog') !== null),
            `Tab ${i + 1} stays in the dialog`,
          ).toBe(true);
        }
        if (c.screens) {
          expect(await axeProblems(page), 'axe on the round-over dialog').toEqual([]);
          await shot(page, `${tag}-04-round-over`);
        }
      }
      if (roundEnds === 1 && !c.seeTableFirst) {
        await page.click('#next-round');
      } else {
        // closing the dialog (its button, then Escape) shows the final table; "Deal" goes on from there
        if (roundEnds === 1) await page.click('#close-result');
        else await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
        // closing the dialog leaves the keyboard on Deal
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('deal');
        if (roundEnds === 1) await shot(page, `${tag}-05-round-over-table`, true);
        await page.keyboard.press('Enter');
      }
      continue;
    }

    // the human's turn: the hand and Play are on screen without scrolling, the keyboard is in the hand
    if (c.style.phone) {
      await expectOnScreen(page, '#hand .hand-card', 'the first row of the hand');
      await expectOnScreen(page, '#play', 'Play');
    }
    // placed once the turn's frame is painted (and no drawing came after it): a few frames at most
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('#hand') !== null), {
        message: 'the turn starts with the keyboard in the hand',
        timeout: 2000,
      })
      .toBe(true);

    // the record offered now is the player's view: checked frame by frame against the library's views
    const { text, json } = await download(page, '#download');
    expect(json.format).toBe('dnup-playground-player-record');
    expect(text).not.toContain(seed);
    expect(json.seedSha256).toBe(sha256(seed));
    expect(json.moves).toEqual(plan.moves.slice(0, move));
    advance(plan.moves);
    const frames = json.frames as { lines: string[] }[];
    expect(frames).toHaveLength(move + 1);
    frames.forEach(({ lines: _l, ...frame }, i) =>
      expect(frame, `frame ${i} of the player record`).toEqual(expectedFrame(states[i]!, human)),
    );

    if (turn === 2) await writeFile(join(OUT, `${tag}-player-record.json`), text);
    const view = playerView(states[move]!, human);
    const next = humanMove(view, turn);
    expect(next, `move ${move} follows the plan`).toEqual(plan.moves[move]);
    // the board hints every card of a planned play as playable, and no card that no play uses
    const hinted = await page
      .locator('#hand .hand-card[data-playable="true"]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-card-id'))));
    if (next.type === 'play')
      for (const id of next.cards) expect(hinted, `card ${id} of the planned play is hinted`).toContain(id);
    const playable = new Set(legalMoves(view).flatMap((m) => (m.type === 'play' ? m.cards : [])));
    expect(
      hinted.filter((id) => !playable.has(id)),
      'hinted cards no play uses',
    ).toEqual([]);
    // holding nothing that beats the table, the player is told what is left to do
    if (playable.size === 0 && view.status === 'playing') {
      noPlayTurns++;
      await expect
        .poll(() => page.textContent('#play-reason'))
        .toBe('Nothing you hold beats the table: add a card, take a set or rotate your hand.');
    }
    if (!refused && turn >= 1 && !c.style.keyboard) refused = await tryRefusedAdd(page, view);
    if (turn === 1) {
      // every hand card is read with both its values
      const named = page.locator('#hand').getByRole('button', {
        name: /^\d+ ?, other side \d+ ?(, the ★ card)? ?(, can be played)? ?(, can be added to a set)?$/,
      });
      expect(await named.count(), await page.locator('#hand').ariaSnapshot()).toBe(view.hand.length);
      // the game bar stays one row, phone included
      const bar = await page.locator('.game-bar').boundingBox();
      const button = await page.locator('.game-bar button').first().boundingBox();
      expect(bar!.height, 'the game bar is one row').toBeLessThan(button!.height * 1.5);
    }
    if (turn === 1 && c.screens) {
      expect(await axeProblems(page), 'axe on the game screen').toEqual([]);
      await shot(page, `${tag}-02-game`);
      await shot(page, `${tag}-02-game-full`, true);
    }
    if (turn === 2 && c.screens) {
      // the replay of the running game shows only what this player saw
      await page.click('#to-replay');
      await expect.poll(() => page.textContent('#replay-position')).toBe(`Move ${move} of ${move}`);
      expect(await page.textContent('.replay-meta')).toContain('as Ada saw it');
      expect(await page.locator('#replay .seat .mini-hand:not(.backs)').count()).toBe(1);
      await page.click('#replay-first');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.textContent('#replay-position')).toBe(`Move 1 of ${move}`);
      await shot(page, `${tag}-03-replay-so-far`, true);
      await page.click('#nav-game');
      await page.locator(`#hand .hand-card`).first().focus();
    }
    if (turn === 3) {
      await page.click('#sort');
      const actives = await page
        .locator('#hand .card')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-active'))));
      expect(actives).toEqual(actives.slice().sort((a, b) => a - b));
      await page.locator('#hand .hand-card').first().focus();
    }
    const pressed = await perform(page, next, view, c.style, turn);
    if (c.style.keyboard && (next.type === 'play' || next.type === 'rotate')) {
      keys += pressed;
      keyTurns++;
    }
    turn++;
  }

  // every planned game has turns with no play (seeded: test/e2e/strategy.ts)
  expect(noPlayTurns, 'turns with no play').toBeGreaterThan(0);
  // game over: who won, the seed revealed and checked, the full record
  await expect.poll(() => page.locator('dialog#game-over[open]').count()).toBe(1);
  const final = states[states.length - 1]!;
  expect(final.status).toBe('gameOver');
  // one round-over dialog per round before the last, then the game's: the last round's never flashed
  expect(await page.evaluate(() => (window as unknown as { dialogsOpened: string[] }).dialogsOpened)).toEqual([
    ...Array.from({ length: final.round - 1 }, () => 'round-over'),
    'game-over',
  ]);
  expect(await page.textContent('#result-title')).toBe(
    final.winner === human ? 'You win the game!' : `${names[final.winner!]} wins the game`,
  );
  await expectOnScreen(page, '#result-title', 'the game-over title');
  // a moment of confetti and the scores arriving, and nothing that moves with reduced motion
  const moving = (): Promise<{ confetti: string; rows: string }> =>
    page.evaluate(() => ({
      confetti: getComputedStyle(document.querySelector('dialog#game-over .celebration')!).display,
      rows: getComputedStyle(document.querySelector('dialog#game-over .scores-arrive tbody tr')!).animationName,
    }));
  expect(await moving()).toEqual({ confetti: 'block', rows: 'score-arrive' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await moving()).toEqual({ confetti: 'none', rows: 'none' });
  await page.emulateMedia({ reducedMotion: null });
  expect(await page.textContent('#seed-revealed')).toBe(seed);
  await expect.poll(() => page.textContent('.fair-check')).toContain('✓');
  // with the seed out, every hand is shown
  expect(await page.locator('#game .seat .mini-hand:not(.backs)').count()).toBe(c.seats.length);
  const full = await download(page, 'dialog#game-over .download');
  expect(full.json.format).toBe('dnup-record');
  expect(full.json.seed).toBe(seed);
  expect(full.json.moves).toEqual(plan.moves);
  const replayed = replay(full.json);
  expect(replayed.ok && replayed.state.status).toBe('gameOver');
  // the finished game heads the list of recent games kept on the device, and is no longer resumed
  const kept = await page.evaluate(() => ({
    recent: JSON.parse(localStorage.getItem('dnup-recent-games') ?? '[]') as {
      winner: number;
      record: { seed: string };
    }[],
    current: localStorage.getItem('dnup-current-game'),
  }));
  expect(kept.recent[0]).toMatchObject({ winner: final.winner, record: { seed } });
  expect(kept.current).toBeNull();
  if (c.screens) await shot(page, `${tag}-06-game-over`);
  await expect.poll(() => page.getAttribute('#replay-link', 'href')).toMatch(/#replay=[\w-]+$/);
  links.set(c.seats.length, (await page.getAttribute('#replay-link', 'href'))!);
  if (c.screens) {
    // the dialog's replay leaves the modal dialog behind: the viewer answers clicks
    await page.click('#replay-game');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    await expect.poll(() => page.textContent('#replay-position')).toBe(`Move 0 of ${plan.moves.length}`);
    await page.click('#replay-forward', { timeout: 5000 });
    await expect.poll(() => page.textContent('#replay-position')).toBe(`Move 1 of ${plan.moves.length}`);
  }

  expect(problems, 'hidden information shown').toEqual([]);
  expect(roundEnds, 'rounds the human dealt after').toBeGreaterThanOrEqual(plan.roundsEndedByBots);
  expect(plan.roundsEndedByBots).toBeGreaterThan(0);
  if (c.style.keyboard) {
    console.log(`${tag}: ${keys} key presses over ${keyTurns} keyboard turns`);
    expect(keys / Math.max(1, keyTurns), 'key presses per turn').toBeLessThan(8);
  } else expect(refused, 'a refused add was tried and worded with faces').toBe(true);
  expect(errors, 'errors in the page').toEqual([]);
  await page.close();
  return full.text;
}

if (chromiumPath === null && !inCi) {
  // the one line a run without a browser shows (vitest lists skipped tests only when verbose)
  console.warn(`playground browser tests skipped: ${HOW_TO_ENABLE}`);
  it.skip(`playground in Chromium: ${HOW_TO_ENABLE}`, () => undefined);
} else if (chromiumPath === null) {
  it('playground in Chromium: a browser is found under CI', () => {
    throw new Error(`CI=true but ${HOW_TO_ENABLE}`);
  });
} else
  describe('playground in Chromium: whole games', () => {
    beforeAll(async () => {
      await rm(OUT, { recursive: true, force: true });
      await mkdir(OUT, { recursive: true });
      await mkdir(SHOTS, { recursive: true });
      await buildPlayground(SITE);
      ({ server, url: baseUrl } = await serveStatic(SITE));
      context = await launchChromium(chromiumPath!);
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      await new Promise((done) => server?.close(done));
    });

    it('plays a whole duel on a phone screen (390×844), the human dealing after a bot ends a round (rules §6, §8)', async () => {
      finished.set(
        2,
        await playWholeGame('2p-phone', {
          seats: ['human', 'greedy'],
          style: { keyboard: false, phone: true },
          screens: true,
        }),
      );
    }, 300_000);

    it('plays a whole 3-player game with the keyboard only for plays and rotations', async () => {
      finished.set(
        3,
        await playWholeGame('3p-keyboard', {
          seats: ['human', 'greedy', 'random'],
          style: { keyboard: true, phone: false },
          screens: false,
          seeTableFirst: true,
        }),
      );
    }, 300_000);

    it('plays a whole 4-player game with the mouse, screens checked by axe-core', async () => {
      finished.set(
        4,
        await playWholeGame('4p', {
          seats: ['greedy', 'human', 'random', 'greedy'],
          style: { keyboard: false, phone: false },
          screens: true,
        }),
      );
    }, 300_000);

    it('plays a whole 5-player game', async () => {
      finished.set(
        5,
        await playWholeGame('5p', {
          seats: ['random', 'greedy', 'human', 'greedy', 'random'],
          style: { keyboard: false, phone: false },
          screens: false,
          seeTableFirst: true,
        }),
      );
    }, 300_000);

    it('replays a finished game: arrow keys after « Start, the same file twice, a refused move opened where it is refused', async () => {
      const record = finished.get(4) ?? finished.get(2);
      expect(record).toBeDefined();
      const path = join(OUT, 'finished-record.json');
      await writeFile(path, record!);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') pageErrors.push(m.text());
      });
      await page.goto(`${baseUrl}#rules`);
      await expect.poll(() => page.locator('#rules h2').count()).toBeGreaterThan(1);
      expect(await axeProblems(page), 'axe on the rules page').toEqual([]);
      await shot(page, 'rules', false);
      await page.click('#nav-replay');
      const total = (JSON.parse(record!) as GameRecord).moves.length;
      const position = page.locator('#replay-position');
      await page.setInputFiles('#record-file', path);
      await expect.poll(() => position.textContent()).toBe(`Move 0 of ${total}`);
      await page.click('#replay-forward');
      await page.click('#replay-forward');
      await page.click('#replay-first');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => position.textContent()).toBe(`Move 3 of ${total}`);
      expect(await page.textContent('#replay-step .verdict')).toBe('✓ legal');
      // every hand is face up in a finished game's replay
      expect(await page.locator('#replay .seat .mini-hand:not(.backs)').count()).toBeGreaterThan(1);
      expect(await axeProblems(page), 'axe on the replay screen').toEqual([]);
      await shot(page, 'replay-finished', true);
      // the replay is stepped on the game board itself, every move to the end, with no dialog in the way
      const board = page.locator('#replay-board');
      await expect.poll(() => board.getAttribute('data-move-count')).toBe('3');
      await page.selectOption('#replay #game-speed', 'instant');
      for (let i = 3; i < total; i += 1) await page.keyboard.press('ArrowRight');
      await expect.poll(() => position.textContent()).toBe(`Move ${total} of ${total}`);
      await expect.poll(() => board.getAttribute('data-move-count')).toBe(String(total));
      expect(await board.getAttribute('data-status')).toBe('gameOver');
      expect(await page.getAttribute('#replay-forward', 'aria-disabled')).toBe('true');
      expect(await page.locator('#replay dialog[open]').count()).toBe(0);
      expect(await page.locator('#replay #log li.log-move').count(), 'the log holds every move').toBeGreaterThan(
        total / 2,
      );
      await shot(page, 'replay-end', true);
      await page.click('#replay-back');
      await expect.poll(() => board.getAttribute('data-move-count')).toBe(String(total - 1));
      expect(await board.getAttribute('data-status')).toBe('playing');
      // the same file again reloads it
      await page.setInputFiles('#record-file', path);
      await expect.poll(() => position.textContent()).toBe(`Move 0 of ${total}`);

      // a tampered record opens at its refused move
      const parsed = JSON.parse(record!) as GameRecord;
      const starter = createGame(parsed.players.slice(), parsed.seed).turn.seat;
      const tampered = {
        ...parsed,
        moves: [
          ...parsed.moves.slice(0, 2),
          { type: 'take', target: { seat: starter, area: 0 } },
          ...parsed.moves.slice(2),
        ],
      };
      await page.fill('#record-text', JSON.stringify(tampered));
      await page.click('#record-load-text');
      await expect.poll(() => position.textContent()).toBe(`Move 3 of ${tampered.moves.length}`);
      expect(await page.textContent('#replay-step .verdict')).toMatch(/^✗ refused \([A-Z_]+, rules §\d/);
      expect(await page.textContent('#replay-step .verdict'), 'the verdict names players and faces').not.toMatch(
        /seat \d|[Cc]ard \d|area 0/,
      );
      await shot(page, 'replay-refused');

      // a player's record of a running game shows only that player's hand, and a damaged one says why
      await page.setInputFiles('#record-file', join(OUT, '4p-player-record.json'));
      await expect.poll(() => page.textContent('.replay-meta')).toContain('as Ada saw it');
      expect(await page.locator('#replay .seat .mini-hand:not(.backs)').count()).toBe(1);
      await page.keyboard.press('Home');
      await expect.poll(() => position.textContent()).toMatch(/^Move 0 of \d+$/);
      const player = JSON.parse(await readFile(join(OUT, '4p-player-record.json'), 'utf8')) as { frames: unknown[] };
      await page.fill('#record-text', JSON.stringify({ ...player, frames: player.frames.slice(1) }));
      await page.click('#record-load-text');
      await expect
        .poll(() => page.textContent('#replay-viewer .message'))
        .toBe('The player record needs one view per move, plus the deal.');
      await page.fill(
        '#record-text',
        JSON.stringify({ ...player, frames: [{ hand: 'all of them' }, ...player.frames.slice(1)] }),
      );
      await page.click('#record-load-text');
      await expect
        .poll(() => page.textContent('#replay-viewer .message'))
        .toBe('View 0 of the player record has no readable hand.');
      expect(pageErrors, 'errors and warnings of the replay page').toEqual([]);
      await page.close();
    }, 120_000);

    it('links to a finished game replay it; a game without a chosen seed is sealed with a 128-bit secret', async () => {
      const page = await context.newPage();
      await page.goto(`${baseUrl}#seats=human,random&name=Bo&speed=instant`);
      await page.waitForSelector('#game[data-status="playing"]');
      const title = (await page.textContent('#sealed .seal-full')) ?? '';
      const hash = /[0-9a-f]{64}/.exec(title)?.[0];
      expect(hash).toBeDefined();
      expect(page.url()).not.toContain('seed');
      await page.waitForSelector('#game[data-my-turn="true"]');
      const { json } = await download(page, '#download');
      expect(json.seedSha256).toBe(hash);
      expect(Object.keys(json)).not.toContain('seed');

      // the link a game-over dialog offers opens the replay of that game
      const n = links.has(2) ? 2 : 3;
      const record = JSON.parse(finished.get(n)!) as GameRecord;
      const href = links.get(n)!.split('#replay=')[1]!;
      await page.goto(`${baseUrl}#replay=${href}`);
      await expect.poll(() => page.textContent('#replay-position')).toBe(`Move 0 of ${record.moves.length}`);
      expect(await page.textContent('.replay-meta')).toContain(String(record.seed));
      await page.goto(`${baseUrl}#replay=AAAA${href.slice(10)}`);
      await expect.poll(() => page.textContent('#replay-viewer .message')).toMatch(/^This replay link is damaged/);
      await page.close();
    }, 120_000);
  });
