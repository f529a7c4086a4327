/** The `random` bot: a uniformly random legal move. */
import { readBotInput } from './bot-input.js';
import { type Seed, seededRandom } from '../core/index.js';
import { randomBelow } from '../core/internal.js';
import type { Bot } from './bot.js';

/**
 * A bot that plays a uniformly random legal move (reproducible from its seed).
 *
 * @param seed - seeds its choices.
 * @example
 * ```ts
 * const { state } = await playGame([randomBot(1), randomBot(2)], { seed: 'x' });
 * ```
 */
export function randomBot(seed: Seed = 'random'): Bot {
  const rng = seededRandom(seed);
  return {
    name: 'random',
    chooseMove: (view, moves) => {
      const input = readBotInput(view, moves);
      return input.moves[randomBelow(rng, input.moves.length)]!;
    },
  };
}
