/**
 * Play online when things go wrong, in real Chromium against a real game server: a
 * page reloaded during another seat's reconnection countdown shows what is left of it (the
 * server's `reconnectDeadline`), not the full time; the move in flight when the connection drops
 * is sent again after the page gets back in and lands exactly once, whether the drop lost the
 * move or only its answer; a `RATE_LIMITED` refusal is followed by the same move sent again, and
 * the page slows its pace; a move that loses a race with the turn clock is refused with the name
 * of the seat to play, in French, Dutch and English. The server is spied on through the room's
 * message handler (what reached it, when), and its store says what landed.
 * Without Chromium the test is skipped with one line outside CI; under CI=true it fails.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { matchMaker, type Client } from '@colyseus/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apply, createGame, greedyBot, legalMoves, playerView, type GameState, type Move } from '../../src/index.js';
import { testServer } from '../../server/test/helpers.js';
import { sameMove } from '../../apps/play/src/same-move.js';
import { nextTurn, perform, waitDom, type BoardState } from './online-page.js';
import { buildPlayground, findChromium, HOW_TO_ENABLE, launchBrowser, ROOT, serveStatic } from './server.js';

const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SITE = join(ROOT, 'test-results', 'online-races-site');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The reconnection time of the test server, in seconds. */
const RECONNECT_SECONDS = 30;
/** The turn clock of the race test, in seconds. */
const CLOCK_SECONDS = 4;

const chromiumPath = findChromium();
const inCi = process.env.CI === 'true';
if (!chromiumPath && !inCi) console.warn(`Play online races browser test skipped: ${HOW_TO_ENABLE}`);

type Running = Awaited<ReturnType<typeof testServer>>;
let browser: Browser;
let site: Server;
let siteUrl = '';
/** A server with no rate limit to speak of; the last test's allows a message every 2 s after a burst of 2. */
let game: Running;
let tight: Running | undefined;
/** Rooms are configured per process (Colyseus' matchMaker): the rate-limited server runs last, alone. */
let gameClosed = false;
const errors: string[] = [];

async function newPage(size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return page;
}

/** A room created from the lobby: `seats` after the creator's (human or a bot kind), an optional turn clock. */
async function createRoom(
  page: Page,
  server: Running,
  o: { lang: string; name: string; seats: readonly string[]; clock?: string },
): Promise<string> {
  await page.goto(`${siteUrl}?lang=${o.lang}#online&server=${encodeURIComponent(`ws://127.0.0.1:${server.port}`)}`);
  await page.fill('#online-name', o.name);
  await page.click('#online-new');
  await page.selectOption('#online-players', String(o.seats.length + 1));
  for (const [i, kind] of o.seats.entries()) await page.selectOption(`#online-seat-${i + 1}`, kind);
  if (o.clock) await page.selectOption('#online-clock', o.clock);
  await page.click('#online-create');
  // the welcome puts the room's code in the page's address (a game with no other person starts at once)
  await page.waitForURL(/[#&]online=[A-Z2-9]{6}/);
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).get('online')!;
}

/** A second person joins by the room's link. */
async function joinByLink(page: Page, host: Page, lang: string, name: string): Promise<void> {
  const link = await host.inputValue('#online-link');
  await page.goto(link.replace('#', `?lang=${lang}#`));
  await page.fill('#online-name', name);
  await page.click('#online-join');
}

/** The full state at `move` of a room's game, from the server's store (a move is stored before anyone sees it). */
async function stateAt(server: Running, code: string, move: number): Promise<GameState> {
  const stored = (await server.store.unfinished()).find((g) => g.id === code);
  if (!stored)
    throw new Error(
      `room ${code} is not in the store (${(await server.store.unfinished()).map((g) => g.id).join(', ')}; problems: ${server.problems.join(' | ')})`,
    );
  let state = createGame(stored.players, stored.seed);
  for (const m of stored.moves.slice(0, move)) state = apply(state, m);
  return state;
}

async function storedMoves(server: Running, code: string): Promise<readonly Move[]> {
  return (await server.store.unfinished()).find((g) => g.id === code)?.moves ?? [];
}

/** One `move` message as it reached the room: when, from which seat, and what it said. */
interface Arrival {
  readonly at: number;
  readonly seat: number | null;
  readonly move: Move;
  readonly moveCount: number;
}

/**
 * Spies on the room's `move` messages: each is recorded, then `hook` decides what happens to it
 * (`pass()` hands it to the room as usual). The room's own handler still judges every message.
 */
function spyMoves(
  code: string,
  hook: (client: Client, arrival: Arrival, pass: () => void) => void = (_c, _a, pass) => pass(),
): Arrival[] {
  const room = matchMaker.getLocalRoomById(code);
  const handlers = (
    room as unknown as { onMessageHandlers: Record<string, { callback: (client: Client, message: unknown) => void }> }
  ).onMessageHandlers;
  const original = handlers.move!.callback;
  const arrivals: Arrival[] = [];
  handlers.move!.callback = (client, message) => {
    const m = message as { move: Move; moveCount: number };
    const arrival = {
      at: Date.now(),
      seat: (client.userData as { seat: number | null }).seat,
      move: m.move,
      moveCount: m.moveCount,
    };
    arrivals.push(arrival);
    hook(client, arrival, () => original(client, message));
  };
  return arrivals;
}

/** The network drops under a client: its socket dies without a close handshake. */
function dropSocket(client: Client): void {
  (client.ref as unknown as { terminate(): void }).terminate();
}

/** The room's game on the server (its private state, read for the race). */
function serverMoveCount(code: string): number {
  return (matchMaker.getLocalRoomById(code) as unknown as { game: GameState | null }).game?.moveCount ?? -1;
}

/** Waits until it is this page's turn to play (dealing the next round when a round ends), and returns the board there. */
async function myTurn(page: Page, after: number): Promise<BoardState> {
  for (let last = after; ; ) {
    const board = await nextTurn(page, last, true);
    if (board.status === 'gameOver') throw new Error('the game ended before the test was done');
    if (board.status === 'playing' && board.myTurn) return board;
    await perform(page, { type: 'nextRound' });
    last = board.move;
  }
}

/** What the greedy bot would play for `seat` at move `n`. */
async function greedyAt(server: Running, code: string, n: number, seat: number): Promise<Move> {
  const state = await stateAt(server, code, n);
  return greedyBot().chooseMove(playerView(state, seat), legalMoves(state)) as Move;
}

/** A legal move at `n` other than `not` (so a move played in its place can be told apart); prefers a play. */
async function otherMove(server: Running, code: string, n: number, not: Move): Promise<Move> {
  const state = await stateAt(server, code, n);
  const moves = legalMoves(state).filter((m) => !sameMove(m, not));
  return moves.find((m) => m.type === 'play') ?? moves.find((m) => m.type === 'rotate') ?? moves[0]!;
}

/** Milliseconds left of seat `seat`'s reconnection countdown on the board, and its words, once shown. */
async function countdown(page: Page, seat: number): Promise<{ left: number; text: string }> {
  return waitDom(
    page,
    (s) => {
      const badge = document.querySelector(`#online-game [data-seat="${s}"] .badge.away[data-deadline]`);
      return badge
        ? { left: Number(badge.getAttribute('data-deadline')) - Date.now(), text: badge.textContent ?? '' }
        : null;
    },
    seat,
  );
}

describe.skipIf(!chromiumPath && !inCi)('Play online when things go wrong, in real Chromium', () => {
  beforeAll(async () => {
    if (!chromiumPath) throw new Error(`CI=true: ${HOW_TO_ENABLE}`);
    const [, a] = await Promise.all([
      buildPlayground(SITE),
      testServer({ botDelayMs: 0, roundPauseMs: 60_000, reconnectSeconds: RECONNECT_SECONDS }),
    ]);
    game = a;
    ({ server: site, url: siteUrl } = await serveStatic(SITE));
    browser = await launchBrowser(chromiumPath);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => site?.close(done));
    if (!gameClosed) await game?.close();
    await tight?.close();
  });

  it("a page reloaded during another seat's reconnection countdown shows what is left of it, not the full time", async () => {
    const ana = await newPage(DESKTOP);
    const code = await createRoom(ana, game, { lang: 'fr', name: 'Ana', seats: ['human'] });
    const ben = await newPage(PHONE);
    await joinByLink(ben, ana, 'fr', 'Ben');
    await Promise.all([ana, ben].map((p) => p.waitForSelector('#online-game[data-move-count]')));
    // Ben's tab closes: his seat waits RECONNECT_SECONDS for him
    await ben.context().close();
    const first = await countdown(ana, 1);
    expect(first.left).toBeGreaterThan((RECONNECT_SECONDS - 5) * 1000);
    expect(first.left).toBeLessThanOrEqual(RECONNECT_SECONDS * 1000);
    expect(first.text).toMatch(/^reconnexion… \d+ s$/);
    await new Promise((r) => setTimeout(r, 3000));
    // Ana reloads: her page learns of Ben's drop only now, and counts down from the server's deadline
    await ana.reload();
    await ana.waitForSelector('#online-game[data-move-count]');
    const after = await countdown(ana, 1);
    expect(after.left, 'the countdown after a reload goes on from where it was').toBeLessThanOrEqual(first.left - 2500);
    expect(after.left).toBeGreaterThan((RECONNECT_SECONDS - 15) * 1000);
    expect(Number(/(\d+) s$/.exec(after.text)?.[1])).toBeLessThanOrEqual(RECONNECT_SECONDS - 2);
    // the people list above the board says the same
    const listed = (await ana.textContent('#online-people li[data-seat="1"] .online-seat-state'))?.trim() ?? '';
    expect(Number(/(\d+) s$/.exec(listed)?.[1]), `the people list: ${listed}`).toBeLessThanOrEqual(
      RECONNECT_SECONDS - 2,
    );
    await ana.screenshot({ path: join(SHOTS, 'races-reconnecting-fr-1280x800.png') });
    await ana.click('#online-leave');
    await ana.context().close();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('the move in flight when the connection drops is sent again after the page is back, and lands exactly once', async () => {
    const ana = await newPage(DESKTOP);
    const code = await createRoom(ana, game, { lang: 'en', name: 'Ana', seats: ['greedy'] });
    await ana.waitForSelector('#online-game[data-move-count]');
    await ana.selectOption('#game-speed', 'instant');
    let drop: 'move' | 'answer' | null = null;
    const arrivals = spyMoves(code, (client, arrival, pass) => {
      if (arrival.seat !== 0 || drop === null) return pass();
      const how = drop;
      drop = null;
      // the network drops with the move on its way (lost), or once it arrived (its answer lost)
      if (how === 'answer') pass();
      dropSocket(client);
    });
    const landsOnce = async (how: 'move' | 'answer', after: number): Promise<number> => {
      const board = await myTurn(ana, after);
      const n = board.move;
      const move = await greedyAt(game, code, n, 0);
      const staleLines = (): number =>
        game.refusalLines.filter((l) => l.startsWith(`refused STALE_MOVE room=${code} `)).length;
      const staleBefore = staleLines();
      drop = how;
      await perform(ana, move);
      // the page gets back in by itself and the game goes on past the move
      await waitDom(
        ana,
        (k) =>
          document.querySelector('.online-strip')?.getAttribute('data-connection') === 'connected' &&
          Number(document.getElementById('online-game')?.dataset.moveCount) > k,
        n,
      );
      const mine = arrivals.filter((a) => a.seat === 0 && a.moveCount === n);
      // lost with the move: sent again once back. Lost with its answer: sent again unless the page,
      // back within its 150 ms gap, already saw the view the move made (then there is nothing to send)
      expect(
        mine.length,
        `${how} lost: sends of the move (arrivals ${JSON.stringify(arrivals.slice(-4).map((x) => [x.seat, x.moveCount, x.move.type]))})`,
      ).toBeGreaterThanOrEqual(how === 'move' ? 2 : 1);
      expect(
        mine.every((a) => sameMove(a.move, move)),
        'the same move each time',
      ).toBe(true);
      const stored = await storedMoves(game, code);
      expect(sameMove(stored[n]!, move), 'the move landed at its place').toBe(true);
      expect(stored.length > n + 1 ? sameMove(stored[n + 1]!, move) : false, 'and not twice').toBe(false);
      // exactly once: every send after the one that landed was refused STALE_MOVE (the first, when the
      // drop lost the move itself, never reached the game), and the page said nothing of it
      expect(staleLines() - staleBefore).toBe(mine.length - (how === 'move' ? 2 : 1));
      expect((await ana.textContent('#online-game #message'))?.trim()).toBe('');
      return n;
    };
    const n = await landsOnce('move', -1);
    await landsOnce('answer', n);
    expect(game.refusalLines.filter((l) => l.includes(`room=${code} `) && !l.startsWith('refused STALE_MOVE'))).toEqual(
      [],
    );
    await ana.click('#online-leave');
    await ana.context().close();
  });

  it('a move that loses a race with the turn clock is refused naming the seat to play: a bot in French, a person in Dutch, in English', async () => {
    const ana = await newPage(DESKTOP);
    // Ana, a greedy bot, then Ben, with a turn clock
    const code = await createRoom(ana, game, { lang: 'fr', name: 'Ana', seats: ['greedy', 'human'], clock: '15' });
    // the form offers 15 s at the least; this room's clock is made shorter before the game starts
    (matchMaker.getLocalRoomById(code) as unknown as { turnSeconds: number }).turnSeconds = CLOCK_SECONDS;
    const ben = await newPage(PHONE);
    await joinByLink(ben, ana, 'nl', 'Ben');
    await Promise.all([ana, ben].map((p) => p.waitForSelector('#online-game[data-move-count]')));
    for (const p of [ana, ben]) await p.selectOption('#game-speed', 'instant');
    // each person's move (and its resends) is held at the server until the turn clock has played for them
    let hold: { seat: number; n: number } | null = null;
    spyMoves(code, (_client, arrival, pass) => {
      if (arrival.seat !== hold?.seat || arrival.moveCount !== hold.n) return pass();
      const wait = (): void => void (serverMoveCount(code) > arrival.moveCount ? pass() : setTimeout(wait, 20));
      wait();
    });
    const race = async (
      page: Page,
      seat: number,
      after: number,
    ): Promise<{ n: number; text: string; clockNote: string }> => {
      const board = await myTurn(page, after);
      const n = board.move;
      // a clock of a few seconds is in its last seconds from the start: urgent
      await page.waitForSelector('#online-clock-left.urgent', { timeout: 5_000 });
      // and a timed room offers no hint
      expect(await page.locator('#online-game #hint').count()).toBe(0);
      // on a phone, the board scrolled to the hand: the clock and the last move are still in sight
      if (page === ben) {
        const inSight = await page.evaluate(() =>
          ['#online-clock-left', '#online-game #last-move'].map((sel) => {
            const r = document.querySelector(sel)!.getBoundingClientRect();
            return { sel, top: Math.round(r.top), bottom: Math.round(r.bottom), height: innerHeight };
          }),
        );
        for (const r of inSight) expect(r.top >= 0 && r.bottom <= r.height, JSON.stringify(r)).toBe(true);
        await page.screenshot({ path: join(SHOTS, 'races-your-turn-nl-390x844.png') });
      }
      hold = { seat, n };
      // Escape clears an earlier refusal still shown
      await page.locator('#online-game #hand .hand-card').first().focus();
      await page.keyboard.press('Escape');
      expect((await page.textContent('#online-game #message'))?.trim()).toBe('');
      await perform(page, await otherMove(game, code, n, await greedyAt(game, code, n, seat)));
      const text = await waitDom(
        page,
        // the refusal (an error), after the note that the clock played for this person (info)
        () => (document.querySelector('#online-game #message.error')?.textContent ?? '').trim() || null,
        null,
        30_000,
      );
      // the log says the clock played that move for this person, in their words
      const clockNote = await waitDom(
        page,
        () => [...document.querySelectorAll('#online-game #log .by-clock')].at(-1)?.textContent ?? null,
        null,
        10_000,
      );
      return { n, text, clockNote };
    };
    const a = await race(ana, 0, -1);
    expect(a.clockNote).toBe('Temps écoulé : un coup a été joué pour vous.');
    // the seat after Ana's is the bot's, named by its kind in French
    expect(a.text).toBe('Interdit : C’est au tour de Facile 2, pas au vôtre (règles §4).');
    const b = await race(ben, 2, a.n);
    // the seat after Ben's is Ana's
    expect(b.text).toBe('Niet toegestaan: Ana is aan de beurt, niet jij (regels §4).');
    expect(b.clockNote).toBe('De tijd is om: er is een zet voor je gespeeld.');
    // and Ana's log tells of Ben's, by name
    expect(await ana.locator('#online-game #log .by-clock').allTextContents()).toContain(
      'Temps écoulé : un coup a été joué pour Ben.',
    );
    await ana.selectOption('#header-language', 'en');
    const c = await race(ana, 0, b.n);
    expect(c.text).toBe('Not allowed: It is Easy 2’s turn, not yours (rules §4).');
    // the server refused the late moves as stale, and the game went on without them
    expect(
      game.refusalLines.filter((l) => l.startsWith(`refused STALE_MOVE room=${code} `)).length,
    ).toBeGreaterThanOrEqual(3);
    await ana.screenshot({ path: join(SHOTS, 'races-refused-en-1280x800.png') });
    await ben.screenshot({ path: join(SHOTS, 'races-refused-nl-390x844.png') });
    for (const p of [ana, ben]) await p.context().close();
    expect(errors).toEqual([]);
  }, 120_000);
  it('after RATE_LIMITED the same move is sent again and lands; the page then keeps a wider gap between messages', async () => {
    await game.close();
    gameClosed = true;
    const limitedServer = await testServer({
      botDelayMs: 0,
      roundPauseMs: 60_000,
      reconnectSeconds: RECONNECT_SECONDS,
      ratePerSecond: 0.5,
      rateBurst: 2,
    });
    tight = limitedServer;
    const ana = await newPage(DESKTOP);
    // when the page sends each room message (Colyseus' ROOM_DATA frames, 13): its own clock, so the
    // gaps are the page's pacing, without the network's or a loaded server's jitter
    await ana.addInitScript(() => {
      const sent: number[] = [];
      (window as unknown as { sentAt: number[] }).sentAt = sent;
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
        const bytes =
          data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : ArrayBuffer.isView(data)
              ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
              : null;
        if (bytes && bytes[0] === 13) sent.push(performance.now());
        return send.call(this, data);
      };
    });
    const code = await createRoom(ana, limitedServer, { lang: 'en', name: 'Ana', seats: ['greedy'] });
    await ana.waitForSelector('#online-game[data-move-count]');
    await ana.selectOption('#game-speed', 'instant');
    const arrivals = spyMoves(code);
    const limited = (): boolean =>
      limitedServer.refusalLines.some((l) => l.startsWith(`refused RATE_LIMITED room=${code} `));
    // Ana rotates her hand the moment she may (a script in the page clicks Rotate, or deals): her
    // messages then go as fast as the page's pacing lets them. The server allows 2 at once, then
    // one every 2 s: the third is refused
    await ana.evaluate(() => {
      const w = window as unknown as { stopClicking?: () => void };
      const tick = (): void => {
        const g = document.getElementById('online-game');
        const rotate = g?.dataset.myTurn === 'true' ? g.querySelector<HTMLButtonElement>('#rotate') : null;
        const button =
          g?.querySelector<HTMLButtonElement>('dialog[open] #next-round') ??
          rotate ??
          g?.querySelector<HTMLButtonElement>('#deal');
        if (button && !button.disabled) button.click();
      };
      const observer = new MutationObserver(tick);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      w.stopClicking = () => observer.disconnect();
      tick();
    });
    const firstDrop = (): number =>
      arrivals
        .filter((a) => a.seat === 0)
        .findIndex((a, i, all) => all.slice(i + 1).some((b) => b.moveCount === a.moveCount));
    // until the refused move came again and four more messages followed it
    await vi.waitUntil(
      () => {
        const list = arrivals.filter((a) => a.seat === 0);
        const d = firstDrop();
        return d >= 0 && list.length >= d + 6;
      },
      { timeout: 40_000, interval: 50 },
    );
    await ana.evaluate(() => (window as unknown as { stopClicking: () => void }).stopClicking());
    const mine = arrivals.filter((a) => a.seat === 0);
    expect(limited(), 'the rate limit bit').toBe(true);
    const d = firstDrop();
    const first = mine[d]!;
    const again = mine.filter((a) => a.moveCount === first.moveCount);
    expect(
      again.every((a) => sameMove(a.move, first.move)),
      'the same move sent again',
    ).toBe(true);
    await vi.waitUntil(async () => (await storedMoves(limitedServer, code)).length > first.moveCount, {
      timeout: 10_000,
    });
    expect(
      sameMove((await storedMoves(limitedServer, code))[first.moveCount]!, first.move),
      'the refused move landed',
    ).toBe(true);
    // the page's pace, on its own clock: 150 ms between messages at first, at least twice that from
    // the first drop on, and a second before the refused move went again
    const sentAt = await ana.evaluate(() => (window as unknown as { sentAt: number[] }).sentAt.slice());
    // in order, one for one with what reached the room (the spy was in place before the first)
    expect(sentAt.length).toBeGreaterThanOrEqual(mine.length);
    const gaps = sentAt.slice(1).map((t, i) => Math.round(t - sentAt[i]!));
    expect(
      Math.min(...gaps.slice(0, d)),
      `gaps before the drop: ${gaps.slice(0, d).join(', ')} ms`,
    ).toBeGreaterThanOrEqual(149);
    expect(gaps[d], 'the pause after RATE_LIMITED').toBeGreaterThanOrEqual(999);
    expect(Math.min(...gaps.slice(d)), `gaps from the drop on: ${gaps.slice(d).join(', ')} ms`).toBeGreaterThanOrEqual(
      299,
    );
    // the page was never closed for flooding, and said nothing to the player about it
    expect(await ana.getAttribute('.online-strip', 'data-connection')).toBe('connected');
    expect(await ana.locator('#online-game #message.error').count()).toBe(0);
    await ana.click('#online-leave');
    await ana.context().close();
  });
});
