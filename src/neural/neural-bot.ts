/**
 * The `neural` bot: scores every legal move with a small network (network.ts) from the mover's
 * observation and the move's features (move-features.ts), and plays the best. No search: one
 * forward pass of the observation and one small one per move.
 */
import type { Move } from '../core/index.js';
import type { Bot } from '../bots/bot.js';
import { readBotInput } from '../bots/bot-input.js';
import { BotError } from '../bots/errors.js';
import { assertStandardDeck } from '../encodings/standard-game.js';
import { MoveScores } from './move-scores.js';
import type { NeuralWeights } from './network.js';
import { neuralNetworks } from './networks.js';

/** Options of {@link neuralBot}. */
export interface NeuralBotOptions {
  /**
   * Networks, at most one per player count (default: the shipped ones, `neuralNetworks()`); a game
   * of a player count without one gets `BAD_BOT_INPUT` from `chooseMove`.
   */
  readonly networks?: readonly NeuralWeights[];
  /** A name for tables and records (default `neural`). */
  readonly name?: string;
}

/**
 * A bot that plays the legal move its network scores highest (ties: the first in canonical order).
 * Deterministic: no random choice.
 *
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for a network whose shape does not fit its player count.
 * @example
 * ```ts
 * import { playGame, greedyBot } from 'dnup';
 * import { neuralBot } from 'dnup/neural';
 * const result = await playGame([neuralBot(), greedyBot(), greedyBot(), greedyBot()], { seed: 1 });
 * ```
 */
export function neuralBot(options: NeuralBotOptions = {}): Bot {
  return networkBot(options?.networks ?? neuralNetworks(), options?.name);
}

/**
 * {@link neuralBot} with the networks given (internal): it names no shipped network, so a bundle
 * that reaches the bot only through `neuralBotFor` carries one player count's weights, not all.
 */
export function networkBot(networks: readonly NeuralWeights[], name: string | undefined): Bot {
  const scores = new MoveScores(networks);
  return {
    name: name ?? 'neural',
    chooseMove: (view, moves): Move => {
      const input = readBotInput(view, moves);
      const v = input.view;
      const n = v.players.length;
      if (!scores.has(n))
        throw new BotError('BAD_BOT_INPUT', `This neural bot has no network for ${n} players.`, { name: 'view' });
      assertStandardDeck(v.deck, 'neuralBot');
      const list = input.moves;
      if (list.length === 1) return list[0]!;
      const s = scores.of(v, list);
      let best = 0;
      for (let i = 1; i < s.length; i++) if (s[i]! > s[best]!) best = i;
      return list[best]!;
    },
  };
}
