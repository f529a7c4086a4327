/**
 * Watching the page for hidden information. A script put into the page before it loads
 * takes a snapshot after every change of the DOM: which cards are drawn face up, the move count,
 * and whether the seed shows anywhere (DOM, form values, URL, storage). The test then judges every
 * snapshot against the full game state of that move, computed with the library from the seed.
 */
import type { Page } from 'playwright-core';
import type { CardId, GameState } from '../../src/index.js';

/** One snapshot of the page. */
export interface Snapshot {
  /** `data-move-count` of the game screen (-1 before a game starts). */
  readonly move: number;
  /** `data-status` of the game screen; `gameOver` too once the online screens show the server's game over. */
  readonly status: string;
  /**
   * The board is drawing a move event by event (`data-animating`): it shows the steps between
   * move `move` and the next one, both views the page holds, so a card is judged against both.
   */
  readonly animating?: boolean;
  /** Card ids drawn face up in the game screen (hidden or not). */
  readonly ids: readonly CardId[];
  /** Card ids drawn in the replay viewer, its kind and the move it shows. */
  readonly replay: { readonly kind: string; readonly move: number; readonly ids: readonly CardId[] };
  /** Card ids drawn anywhere else. */
  readonly elsewhere: readonly CardId[];
  readonly seedInDom: boolean;
  readonly seedInFields: boolean;
  readonly seedInUrl: boolean;
  readonly seedInStorage: boolean;
  /** The seed is among the finished games kept on the device (allowed once the game is over). */
  readonly seedInRecent: boolean;
  /** localStorage (but the finished games kept) and sessionStorage, as JSON. */
  readonly storage: string;
}

/**
 * Starts the snapshots on every page load of `page`; `seed` is the one to look for, `gameId` the
 * id of the element the board is drawn in (`game` offline, `online-game` online). With `now`, the
 * page as it is also starts taking them at once (an online seed is known only once the game began).
 */
export async function watchPage(page: Page, seed: string, gameId = 'game', now = false): Promise<void> {
  const script = ({ secret, id }: { secret: string; id: string }): void => {
    const w = window as unknown as { __snaps: unknown[] };
    w.__snaps = [];
    const take = (): void => {
      const game = document.getElementById(id);
      const idsIn = (root: Element | null): number[] =>
        root
          ? [
              ...new Set(
                [...root.querySelectorAll('[data-card-id]')].map((el) => Number(el.getAttribute('data-card-id'))),
              ),
            ]
          : [];
      const viewer = document.getElementById('replay-viewer');
      const elsewhere = [...document.querySelectorAll('[data-card-id]')].filter(
        (el) => !game?.contains(el) && !viewer?.contains(el),
      );
      // the finished games kept for the New game page hold their records (seeds revealed at their end)
      const { 'dnup-recent-games': recent = '', ...local } = { ...localStorage } as Record<string, string>;
      const storage = JSON.stringify({ local, session: { ...sessionStorage } });
      const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
        (el) => el.value.includes(secret),
      );
      w.__snaps.push({
        move: Number(game?.dataset.moveCount ?? -1),
        // the online screens show the record and its seed once the server said the game is over
        status: document.getElementById('online-over') ? 'gameOver' : (game?.dataset.status ?? ''),
        animating: game?.dataset.animating === 'true',
        ids: idsIn(game),
        replay: { kind: viewer?.dataset.kind ?? '', move: Number(viewer?.dataset.move ?? -1), ids: idsIn(viewer) },
        elsewhere: elsewhere.map((el) => Number(el.getAttribute('data-card-id'))),
        seedInDom: document.documentElement.outerHTML.includes(secret),
        seedInFields: fields,
        seedInUrl: location.href.includes(encodeURIComponent(secret)) || location.href.includes(secret),
        seedInStorage: storage.includes(secret),
        seedInRecent: recent.includes(secret),
        storage,
      });
    };
    new MutationObserver(take).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    if (document.body) take();
  };
  await page.addInitScript(script, { secret: seed, id: gameId });
  if (now) await page.evaluate(script, { secret: seed, id: gameId });
}

/** The snapshots taken since the last call. */
export async function takeSnapshots(page: Page): Promise<Snapshot[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __snaps: Snapshot[] };
    return w.__snaps.splice(0);
  });
}

/** The cards of other seats' hands that no one but their holder may know at `state` (rules §3, §8). */
function hiddenCards(state: GameState, viewer: number): Set<CardId> {
  const hidden = new Set<CardId>();
  state.hands.forEach((hand, seat) => {
    if (seat === viewer) return;
    const known = new Set(state.known[seat]);
    for (const c of hand) if (!known.has(c.id)) hidden.add(c.id);
  });
  return hidden;
}

/** Every problem of a snapshot, judged on the state of its move; empty when it hides all it must. */
export function snapshotProblems(s: Snapshot, states: readonly GameState[], viewer: number): string[] {
  const problems: string[] = [];
  const over = s.status === 'gameOver';
  if (!over && s.seedInDom) problems.push(`move ${s.move}: the seed is in the DOM`);
  if (!over && s.seedInFields) problems.push(`move ${s.move}: the seed is in a form field`);
  if (!over && s.seedInUrl) problems.push(`move ${s.move}: the seed is in the URL`);
  if (s.seedInStorage) problems.push(`move ${s.move}: the seed is in storage`);
  if (!over && s.seedInRecent) problems.push(`move ${s.move}: the seed is among the finished games before the end`);
  if (/"hands"|dnup-record/.test(s.storage))
    problems.push(`move ${s.move}: storage holds a record or hands: ${s.storage.slice(0, 80)}`);
  if (over) return problems;
  // a card being dragged is drawn on the body: it must be one of the viewer's
  const judge = (move: number, ids: readonly CardId[], where: string): void => {
    if (ids.length === 0) return;
    const state = states[move];
    if (!state) {
      problems.push(`${where} shows move ${move}, beyond the game the test knows`);
      return;
    }
    const hidden = hiddenCards(state, viewer);
    // mid-animation the steps lead to the next view: hidden means hidden in both
    const after = s.animating && move === s.move ? states[move + 1] : undefined;
    const hiddenAfter = after ? hiddenCards(after, viewer) : null;
    const shown = ids.filter((id) => hidden.has(id) && (hiddenAfter === null || hiddenAfter.has(id)));
    if (shown.length > 0) problems.push(`move ${move}: hidden cards ${shown.join(', ')} are drawn in ${where}`);
  };
  judge(s.move, s.ids, 'the game');
  judge(s.move, s.elsewhere, 'the page outside the game and the replay');
  // the replay of a game in progress shows, at each move, what the player saw then
  if (s.replay.kind === 'player') judge(s.replay.move, s.replay.ids, 'the replay of the running game');
  else if (s.replay.ids.length > 0)
    problems.push(`move ${s.move}: the replay shows a full record before the game is over`);
  return problems;
}
