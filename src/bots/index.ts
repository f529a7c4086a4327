/**
 * Built-in bots, whole games between bots, and the arena. A bot sees only its seat's
 * player view and returns a move, at once or as a promise.
 */
export { playGame, type Bot, type PlayGameOptions } from './bot.js';
export { BotError, isBotError, BOT_ERROR_CODES, type BotErrorCode } from './errors.js';
export { randomBot } from './random-bot.js';
export { greedyBot, greedyMove, greedyScores } from './greedy-bot.js';
export { GOING_OUT_SCORE } from './greedy-facts.js';
export { outlookOfState, outlookOfView, type Outlook } from './outlook.js';
export { monteCarloBot, type MonteCarloOptions } from './montecarlo-bot.js';
export { ismctsBot, type IsmctsOptions } from './ismcts-bot.js';
export { expertBot, type ExpertOptions } from './expert-bot.js';
export { wilsonInterval } from './wilson-interval.js';
// runArena (worker threads, Node only) is the entry dnup/arena: src/arena.ts

export { BOT_NAMES, botByName, type BotName, type BotOptions } from './by-name.js';
export {
  BOT_CATALOGUE,
  BOT_DIFFICULTIES,
  BOT_IDS,
  catalogueBot,
  isBotId,
  type BotCatalogueEntry,
  type BotDifficulty,
  type BotId,
} from './catalogue.js';
