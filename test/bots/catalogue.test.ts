/** The bot catalogue: one list of the bots an app offers, each a built-in bot with a budget and a difficulty. */
import { describe, expect, it } from 'vitest';
import {
  BOT_CATALOGUE,
  BOT_DIFFICULTIES,
  BOT_IDS,
  BOT_NAMES,
  catalogueBot,
  createGame,
  isBotError,
  isBotId,
  legalMoves,
  playerView,
  type BotId,
} from '../../src/index.js';

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isBotError(e) ? e.code : 'not a BotError';
  }
  return undefined;
}

describe('BOT_CATALOGUE', () => {
  it('lists each bot once, a built-in bot with a known difficulty, easiest first', () => {
    expect(new Set(BOT_IDS).size).toBe(BOT_CATALOGUE.length);
    expect(BOT_IDS).toEqual(BOT_CATALOGUE.map((b) => b.id));
    for (const b of BOT_CATALOGUE) {
      expect(BOT_NAMES).toContain(b.bot);
      expect(BOT_DIFFICULTIES).toContain(b.difficulty);
      expect(isBotId(b.id)).toBe(true);
    }
    const ranks = BOT_CATALOGUE.map((b) => BOT_DIFFICULTIES.indexOf(b.difficulty));
    expect(ranks).toEqual(ranks.slice().sort((a, b) => a - b));
    // one bot per difficulty, so that a menu names each by its difficulty alone
    expect(BOT_CATALOGUE.map((b) => b.difficulty)).toEqual([...BOT_DIFFICULTIES]);
    expect(BOT_CATALOGUE.find((b) => b.id === 'ismcts')).toEqual({
      id: 'ismcts',
      bot: 'ismcts',
      options: { timeMs: 200 },
      difficulty: 'strong',
    });
    expect(isBotId('alphadnup')).toBe(false);
    expect(isBotId('human')).toBe(false);
  });

  it('cannot be changed: an app cannot alter another app’s bots', () => {
    expect(Object.isFrozen(BOT_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(BOT_IDS)).toBe(true);
    for (const b of BOT_CATALOGUE) expect(Object.isFrozen(b) && Object.isFrozen(b.options)).toBe(true);
  });
});

describe('catalogueBot', () => {
  it('makes each bot of the catalogue, which chooses a legal move from its view', async () => {
    const state = createGame(3, 'catalogue');
    const view = playerView(state, state.turn.seat);
    for (const { id, bot } of BOT_CATALOGUE) {
      // a few playouts keep the search bots quick here; their own budget applies otherwise
      const b = catalogueBot(id, { seed: 1, playouts: 4 });
      expect(b.name).toBe(bot);
      expect(legalMoves(state)).toContainEqual(await b.chooseMove(view, legalMoves(view)));
    }
  });

  it('refuses an id outside the catalogue and options that are not settings, with a BotError', () => {
    expect(codeOf(() => catalogueBot('alphadnup' as BotId))).toBe('UNKNOWN_BOT');
    expect(codeOf(() => catalogueBot('human' as BotId))).toBe('UNKNOWN_BOT');
    expect(codeOf(() => catalogueBot('greedy', null as never))).toBe('BAD_BOT_OPTIONS');
    expect(codeOf(() => catalogueBot('montecarlo', { playouts: -1 }))).toBe('BAD_BOT_OPTIONS');
    expect(codeOf(() => catalogueBot('greedy', { seed: 'ok' }))).toBeUndefined();
  });
});
