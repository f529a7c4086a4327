/**
 * The client's finished games kept on the device (src/saved-games.ts), against a
 * stand-in for the browser's localStorage: what cannot be read is forgotten, the list stays bounded.
 * (The game being played, sealed with WebCrypto, is tested in Chromium: test/e2e/saved-games.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGame, recordOf } from 'dnup';
import { addRecentGame, RECENT_GAMES, recentGames } from '../src/saved-games';

const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

describe('games kept on the device', () => {
  beforeEach(() => store.clear());

  it('lists finished games newest first, at most ten, leaving out what it cannot read', () => {
    const record = recordOf(createGame(['Ada', 'Ben'], 1), []);
    for (let i = 0; i < RECENT_GAMES + 3; i++)
      addRecentGame({ date: `2026-12-${String(i + 1).padStart(2, '0')}`, seat: 0, winner: i % 2, record });
    const list = recentGames();
    expect(list).toHaveLength(RECENT_GAMES);
    expect(list[0]!.date).toBe(`2026-12-${RECENT_GAMES + 3}`);
    store.set('dnup-recent-games', JSON.stringify([{ junk: 1 }, list[0], 'x']));
    expect(recentGames()).toEqual([list[0]]);
    store.set('dnup-recent-games', 'not json');
    expect(recentGames()).toEqual([]);
  });
});
