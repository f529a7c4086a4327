/**
 * The bots an app offers, each with its budget and a difficulty: one list for the game server's
 * seat kinds and the game client's menus, so that a bot is added in one place. Labels are not
 * here: an app words each id in its own catalogues of words, in every language it speaks.
 */
import { describeValue } from '../core/internal.js';
import type { Bot } from './bot.js';
import { readBotOptions } from './bot-input.js';
import { botByName, type BotName, type BotOptions } from './by-name.js';
import { BotError } from './errors.js';

/** How hard a bot of {@link BOT_CATALOGUE} is to beat, from `beginner` to `expert`. */
export const BOT_DIFFICULTIES = ['beginner', 'easy', 'medium', 'strong', 'expert'] as const;

/** A difficulty of {@link BOT_DIFFICULTIES}. */
export type BotDifficulty = (typeof BOT_DIFFICULTIES)[number];

/** One bot of {@link BOT_CATALOGUE}. */
export interface BotCatalogueEntry {
  /** Stable id, for menus, seat kinds and saved settings. */
  readonly id: string;
  /** The built-in bot it is ({@link botByName}). */
  readonly bot: BotName;
  /** Its budget for {@link botByName}; the seed is given per game. */
  readonly options: Readonly<Omit<BotOptions, 'seed'>>;
  readonly difficulty: BotDifficulty;
}

/** The catalogue frozen to its options: no app can change another's bots. */
function deepFrozen<T extends readonly BotCatalogueEntry[]>(list: T): T {
  for (const b of list) Object.freeze(Object.freeze(b).options);
  return Object.freeze(list);
}

/**
 * The bots an app offers, easiest first. The search bots' budgets suit a browser: `montecarlo`
 * plays 200 playouts per decision, the `ismcts` ones think 50 ms, 200 ms and 1 s per move.
 */
export const BOT_CATALOGUE = /* @__PURE__ */ deepFrozen([
  { id: 'random', bot: 'random', options: {}, difficulty: 'beginner' },
  { id: 'greedy', bot: 'greedy', options: {}, difficulty: 'easy' },
  { id: 'montecarlo', bot: 'montecarlo', options: { playouts: 200 }, difficulty: 'medium' },
  { id: 'ismcts', bot: 'ismcts', options: { timeMs: 200 }, difficulty: 'strong' },
  { id: 'ismcts-strong', bot: 'ismcts', options: { timeMs: 1000 }, difficulty: 'expert' },
] as const) satisfies readonly BotCatalogueEntry[];

/** The id of a bot of {@link BOT_CATALOGUE}. */
export type BotId = (typeof BOT_CATALOGUE)[number]['id'];

/** The ids of {@link BOT_CATALOGUE}, in its order. */
export const BOT_IDS: readonly BotId[] = /* @__PURE__ */ idsOf(BOT_CATALOGUE);

/** The ids of a catalogue, frozen (a function, so that a bundler may drop it unused). */
function idsOf<T extends { readonly id: string }>(list: readonly T[]): readonly T['id'][] {
  return Object.freeze(list.map((b) => b.id));
}

/** True when `id` is the id of a bot of {@link BOT_CATALOGUE}. */
export function isBotId(id: unknown): id is BotId {
  return typeof id === 'string' && (BOT_IDS as readonly string[]).includes(id);
}

/**
 * A bot of {@link BOT_CATALOGUE}, with its budget.
 *
 * @param id - an id of the catalogue.
 * @param options - the seed, and any budget to use instead of the catalogue's (a server that
 *   caps its search bots, say).
 * @throws {@link BotError} `UNKNOWN_BOT` for an id outside the catalogue, `BAD_BOT_OPTIONS` for a bad budget.
 * @example
 * ```ts
 * const bot = catalogueBot('ismcts', { seed: 'game 7/seat 2' });
 * ```
 */
export function catalogueBot(id: BotId, options: BotOptions = {}): Bot {
  const entry = BOT_CATALOGUE.find((b) => b.id === id);
  if (entry === undefined)
    throw new BotError(
      'UNKNOWN_BOT',
      `There is no bot ${describeValue(id)} in the catalogue; its bots are ${BOT_IDS.join(', ')}.`,
      { name: describeValue(id), allowed: BOT_IDS },
    );
  return botByName(entry.bot, { ...entry.options, ...readBotOptions<BotOptions>('catalogueBot', options) });
}
