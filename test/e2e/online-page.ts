/**
 * Helpers of the online browser tests (online.test.ts, online-races.test.ts): waiting on the
 * page's DOM changes (a MutationObserver in the page, no polling), and playing a move through
 * the online board's controls as a person does.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Move } from '../../src/index.js';

/**
 * Resolves with `test(arg)` once it is truthy, checking after every change of the page's DOM (a
 * MutationObserver in the page: no polling); fails after `ms`.
 */
export async function waitDom<A, R>(
  page: Page,
  test: (arg: A) => R | null | undefined | false,
  arg: A,
  ms = 30_000,
): Promise<R> {
  return page.evaluate(
    ({ source, a, timeout }) =>
      new Promise<R>((resolve, reject) => {
        // eslint-disable-next-line no-new-func -- the test function travels as text into the page
        const fn = new Function(`return (${source})`)() as (x: A) => R;
        const check = (): boolean => {
          const r = fn(a as A);
          if (!r) return false;
          observer.disconnect();
          clearTimeout(timer);
          resolve(r);
          return true;
        };
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`timed out after ${timeout} ms waiting for ${source.slice(0, 200)}`));
        }, timeout);
        if (!check())
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { source: test.toString(), a: arg, timeout: ms },
  );
}

/** Waits until the text of `selector` is `text` (or matches it). */
export async function waitText(page: Page, selector: string, text: string | RegExp): Promise<void> {
  const found = await waitDom(
    page,
    ({ sel, want, re }) => {
      const t = document.querySelector(sel)?.textContent?.trim() ?? null;
      return t !== null && (re ? new RegExp(want).test(t) : t === want) ? t : null;
    },
    { sel: selector, want: typeof text === 'string' ? text : text.source, re: typeof text !== 'string' },
  ).catch(async (e: unknown) => {
    throw new Error(
      `${selector}: wanted ${String(text)}, found ${JSON.stringify(
        await page
          .locator(selector)
          .first()
          .textContent({ timeout: 100 })
          .catch(() => null),
      )}`,
      { cause: e },
    );
  });
  expect(found).toMatch(text);
}

/** The board's state on a page, once it is drawn. */
export interface BoardState {
  readonly move: number;
  readonly status: string;
  readonly myTurn: boolean;
}

/** Waits (on DOM changes, not a timer) until the board is past move `after` and the page has something to do, or the game is over. */
export async function nextTurn(page: Page, after: number, dealer: boolean): Promise<BoardState> {
  return waitDom(
    page,
    ({ n, deal }) => {
      const g = document.getElementById('online-game');
      if (!g || g.hidden || g.dataset.moveCount === undefined) return null;
      const state = {
        move: Number(g.dataset.moveCount),
        status: g.dataset.status ?? '',
        myTurn: g.dataset.myTurn === 'true',
      };
      if (state.status === 'gameOver' && document.getElementById('online-over')) return state;
      if (state.move <= n) return null;
      return state.myTurn || (deal && state.status === 'roundOver') ? state : null;
    },
    { n: after, deal: dealer },
  );
}

/** Plays `move` through the board, as a person would: cards tapped, then Play; a set tapped to take it, or a card then the set's Add. */
export async function perform(page: Page, move: Move): Promise<void> {
  const board = '#online-game';
  if (move.type === 'play') {
    for (const id of move.cards) await page.click(`${board} #hand .hand-card[data-card-id="${id}"]`);
    expect(await page.isEnabled(`${board} #play`), 'Play is enabled for a legal selection').toBe(true);
    await page.click(`${board} #play`);
  } else if (move.type === 'rotate') {
    await page.click(`${board} #rotate`);
  } else if (move.type === 'take') {
    await page.click(`${board} [data-slot="${move.target.seat}.${move.target.area}"] button.take`);
  } else if (move.type === 'add') {
    await page.click(`${board} #hand .hand-card[data-card-id="${move.card}"]`);
    await page.click(`${board} [data-slot="${move.target.seat}.${move.target.area}"] button.add`);
  } else {
    // the round is over: the dialog's "next round", or Deal under the table once it is closed
    const next = page.locator(`${board} dialog[open] #next-round`);
    // the dialog opens a frame or two after the round's last move is drawn: Deal tapped in that
    // moment would land under the opening dialog
    await next.waitFor({ state: 'visible', timeout: 2000 }).catch(() => undefined);
    if (await next.count()) await next.click();
    else await page.click(`${board} #deal`);
  }
}
