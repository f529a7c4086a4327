/**
 * The `neural` bot: scores every legal move with a small network (network.ts) from the mover's
 * observation and the move's features (move-features.ts), and plays the best. No search: one
 * forward pass of the observation and one small one per move.
 */
import { ArgumentError, type Move } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from '../bots/bot.js';
import { readBotInput } from '../bots/bot-input.js';
import { BotError } from '../bots/errors.js';
import { assertStandardDeck } from '../encodings/standard-game.js';
import { observationLength, writeObservation } from '../encodings/observation.js';
import { moveFeatureLength, writeMoveFeatures } from './move-features.js';
import { MoveScorer, parameterLayout, type NeuralWeights } from './network.js';
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

/** Checks a network against the player count's input sizes (`BAD_ARGUMENT` otherwise). */
function scorerOf(w: NeuralWeights): MoveScorer {
  if (typeof w !== 'object' || w === null || typeof w.shape !== 'object' || w.shape === null)
    throw new ArgumentError('BAD_ARGUMENT', `A network is { players, shape, params }, not ${describeValue(w)}.`);
  const players = w.players;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5)
    throw new ArgumentError('BAD_ARGUMENT', `A network is for 2 to 5 players, not ${describeValue(players)}.`);
  const s = w.shape;
  const wanted = { observation: observationLength(players), features: moveFeatureLength(players) };
  const whole = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) > 0 && (x as number) <= 4096;
  if (s.observation !== wanted.observation || s.features !== wanted.features || !whole(s.hidden1) || !whole(s.hidden2))
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `A ${players}-player network takes ${wanted.observation} observation inputs and ${wanted.features} move features.`,
    );
  if (!(w.params instanceof Float32Array) || w.params.length !== parameterLayout(s).length)
    throw new ArgumentError('BAD_ARGUMENT', `This network's shape has ${parameterLayout(s).length} weights.`);
  const own = Float32Array.from(w.params); // read once: the caller's array can change nothing afterwards
  for (let i = 0; i < own.length; i++)
    if (!Number.isFinite(own[i]!)) throw new ArgumentError('BAD_ARGUMENT', 'A network weight is not a finite number.');
  return new MoveScorer(
    { observation: s.observation, features: s.features, hidden1: s.hidden1, hidden2: s.hidden2 },
    own,
  );
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
  const scorers: (MoveScorer | undefined)[] = [];
  if (!Array.isArray(networks))
    throw new ArgumentError('BAD_ARGUMENT', `networks is a list of networks, not ${describeValue(networks)}.`);
  for (const w of networks) {
    const s = scorerOf(w);
    if (scorers[w.players] !== undefined)
      throw new ArgumentError('BAD_ARGUMENT', `Two networks for ${w.players} players: give one per player count.`);
    scorers[w.players] = s;
  }
  let obs = new Float32Array(0);
  let feat = new Float32Array(0);
  return {
    name: name ?? 'neural',
    chooseMove: (view, moves): Move => {
      const input = readBotInput(view, moves);
      const v = input.view;
      const n = v.players.length;
      const scorer = scorers[n];
      if (scorer === undefined)
        throw new BotError('BAD_BOT_INPUT', `This neural bot has no network for ${n} players.`, { name: 'view' });
      assertStandardDeck(v.deck, 'neuralBot');
      const list = input.moves;
      if (list.length === 1) return list[0]!;
      const F = scorer.shape.features;
      if (obs.length !== scorer.shape.observation) obs = new Float32Array(scorer.shape.observation);
      if (feat.length < F) feat = new Float32Array(F);
      writeObservation(v, obs, 0);
      scorer.setPosition(obs);
      let best = 0;
      let bestScore = -Infinity;
      for (let i = 0; i < list.length; i++) {
        writeMoveFeatures(v, list[i]!, feat, 0);
        const s = scorer.score(feat);
        if (s > bestScore) {
          bestScore = s;
          best = i;
        }
      }
      return list[best]!;
    },
  };
}

/** The shipped networks, decoded once for every {@link makeBot} (each bot copies its weights). */
let shipped: readonly NeuralWeights[] | undefined;

/**
 * `dnup/neural` as a bot module, the factory the arena, the ladder and `dnup play` call once per
 * game and seat: `neuralBot()` with the shipped networks. The command line's bot `neural` is this
 * module (`dnup arena --seats neural,greedy,greedy`). The options (a seed, a search budget) are
 * not read: the bot makes no random choice and does not search.
 *
 * @example
 * ```ts
 * import { runArena } from 'dnup/arena';
 * const result = await runArena({ players: 2, games: 10, seed: 1, lineup: ['neural', 'greedy'], botModules: { neural: 'dnup/neural' } });
 * ```
 */
export function makeBot(_options?: unknown): Bot {
  shipped ??= neuralNetworks();
  return networkBot(shipped, undefined);
}
