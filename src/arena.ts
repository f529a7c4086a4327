/**
 * dnup/arena — many games between bots, seats rotated, spread over worker threads (Node only):
 * the arena (one lineup, win rates) and the ladder (several bots on duplicate deals, ratings).
 * Its own entry so that the package root stays free of worker threads and `node:` modules: a
 * browser app that imports `dnup` gets none of this.
 *
 * @packageDocumentation
 * @module dnup/arena
 */
export {
  runArena,
  type ArenaOptions,
  type ArenaResult,
  type ArenaRow,
  type ArenaSeat,
} from './arena/arena.js';
export type { BotFactory } from './arena/arena-types.js';
export { moveLimitOf, DEFAULT_MOVE_LIMIT_MS } from './arena/move-limit.js';
export { MAX_FORFEIT_DETAILS } from './arena/referee.js';
export { wilsonInterval } from './bots/wilson-interval.js';
export {
  runLadder,
  MAX_LADDER_GAMES,
  MAX_LADDER_BOTS,
  type LadderOptions,
  type LadderResult,
  type LadderRow,
  type LadderGame,
  type LadderForfeit,
} from './arena/ladder.js';
// the types its options name, so that dnup/arena reads on its own
export type { Bot, BotFailure, Forfeit, ForfeitKind, MoveRefusal } from './bots/bot.js';
export type { BotOptions } from './bots/by-name.js';
export type { Seed } from './core/index.js';
export type { LadderQueueOptions, QueueRefusal } from './arena/ladder-queue.js';
