/**
 * `expert` with a network choosing half of its candidates. `expert` races the greedy heuristic's
 * best moves (8 by default); this bot races the heuristic's best half and, for the other half, the
 * moves the network (move-scores.ts) scores best among the rest. The search, its budget and its
 * seed are `expert`'s own: the network's scoring (well under a millisecond) counts in the budget.
 *
 * The network's candidates are used where they were measured to win more than `expert`'s own at
 * the same budget (docs/guides/learning.md); at other player counts, and with a deck the networks
 * were not trained on, the bot plays as `expert`.
 */
import { isStandardDeck, type Move } from '../core/index.js';
import { describeValue } from '../core/internal.js';
import type { Bot } from '../bots/bot.js';
import { positiveWhole, readBotInput } from '../bots/bot-input.js';
import { BotError } from '../bots/errors.js';
import { expertBot, type ExpertOptions } from '../bots/expert-bot.js';
import { GOING_OUT_SCORE } from '../bots/greedy-facts.js';
import { outlookOfView } from '../bots/outlook.js';
import { greedyOrder } from '../bots/greedy-bot.js';
import type { PlayerView } from '../views/player-view.js';
import { MoveScores } from './move-scores.js';
import type { NeuralWeights } from './network.js';
import { neuralNetworks } from './networks.js';

/** Options of {@link neuralExpertBot}: `expert`'s, and the networks. */
export interface NeuralExpertOptions extends ExpertOptions {
  /**
   * Networks, at most one per player count (default: the shipped ones, `neuralNetworks()`). Given
   * here, each is used at its player count; the shipped ones only where they were measured to pay.
   */
  readonly networks?: readonly NeuralWeights[];
  /** A name for tables and records (default `neural-expert`). */
  readonly name?: string;
}

/** The player counts at which the shipped networks' candidates beat `expert`'s own (docs/guides/learning.md). */
export const GUIDED_PLAYER_COUNTS: readonly number[] = Object.freeze([3]);

/**
 * The candidates of a position, as indices into `moves` in their order: the greedy heuristic's best
 * `width − ⌊width / 2⌋`, then the network's best of the others, `width` in all. All of them when
 * there are no more than `width`.
 */
export function guidedCandidates(
  view: PlayerView,
  moves: readonly Move[],
  width: number,
  network: (view: PlayerView, moves: readonly Move[]) => ArrayLike<number>,
): number[] {
  const all = moves.map((_, i) => i);
  if (moves.length <= width) return all;
  const { order: byGreedy, scores: greedy } = greedyOrder(outlookOfView(view), moves);
  if (greedy[byGreedy[0]!]! >= GOING_OUT_SCORE) return [byGreedy[0]!]; // going out now cannot be improved on
  const chosen = new Set(byGreedy.slice(0, width - Math.floor(width / 2)));
  const net = network(view, moves);
  const byNet = all.sort((a, b) => net[b]! - net[a]! || a - b);
  for (let k = 0; chosen.size < width; k++) chosen.add(byNet[k]!);
  return [...chosen].sort((a, b) => a - b);
}

/**
 * The `expert` bot with a network choosing half of the moves its search races: the greedy
 * heuristic's best half of `candidates` (default 8), then the moves the network scores best among
 * the rest. It does so at the player counts where that was measured to pay
 * ({@link GUIDED_PLAYER_COUNTS}: 3 players today), or at those of the `networks` given; elsewhere,
 * and with a custom deck, it plays as `expertBot(options)`, move for move. Building one decodes
 * the shipped networks (about 4 ms), so build it once per game and seat, not per move.
 *
 * @param options - `expert`'s options (budget, seed, search settings), the networks and a name.
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for settings `expert` refuses, or a name or clock of
 *   the wrong kind; {@link ArgumentError} `BAD_ARGUMENT` for a network whose shape does not fit.
 * @example
 * ```ts
 * import { expertBot, playGame } from 'dnup';
 * import { neuralExpertBot } from 'dnup/neural';
 * const result = await playGame(
 *   [neuralExpertBot({ timeMs: 100, seed: 1 }), expertBot({ timeMs: 100, seed: 2 }), expertBot({ timeMs: 100, seed: 3 })],
 *   { seed: 7 },
 * );
 * ```
 */
export function neuralExpertBot(options: NeuralExpertOptions = {}): Bot {
  const own = readNeuralExpertOptions(options);
  return networkExpertBot(own.networks ?? neuralNetworks(), own);
}

/**
 * {@link neuralExpertBot} with its options read and its networks given (internal): it names no
 * shipped network, so a bundle that reaches the bot only through `neuralExpertBotFor` carries at
 * most one player count's weights. `own.networks` undefined: `networks` are shipped ones, used only
 * at {@link GUIDED_PLAYER_COUNTS}.
 */
export function networkExpertBot(networks: readonly NeuralWeights[], own: NeuralExpertSettings): Bot {
  const { name, rest } = own;
  const scores = new MoveScores(networks);
  const guided = (players: number): boolean =>
    scores.has(players) && (own.networks !== undefined || GUIDED_PLAYER_COUNTS.includes(players));
  const width = (rest.candidates as number | undefined) ?? 8;
  const base = typeof rest.now === 'function' ? (rest.now as () => number) : () => performance.now();
  // The budget counts from this bot's start: `expert` takes its start from its first reading of
  // the clock, which is given the time this bot began (the network's scoring included).
  let startedAt: number | null = null;
  const clock = (): number => {
    const t = startedAt ?? base();
    startedAt = null;
    return t;
  };
  const expert = expertBot({ ...rest, now: clock } as ExpertOptions);
  return {
    name: name ?? 'neural-expert',
    chooseMove: (view, moves): Move | Promise<Move> => {
      const start = base();
      const input = readBotInput(view, moves);
      const v = input.view;
      let list = input.moves;
      if (guided(v.players.length) && isStandardDeck(v.deck)) {
        const picked = guidedCandidates(v, list, width, (w, m) => scores.of(w, m));
        list = picked.map((i) => list[i]!);
      }
      startedAt = start;
      return expert.chooseMove(v, list);
    },
  };
}

/** The options of {@link neuralExpertBot} as read once: the networks and name apart, the rest for `expert`. */
export interface NeuralExpertSettings {
  readonly networks: readonly NeuralWeights[] | undefined;
  readonly name: string | undefined;
  readonly rest: Record<string, unknown>;
}

/** The options read once: the networks and name apart, the rest for `expert` (which checks them). */
export function readNeuralExpertOptions(options: unknown): NeuralExpertSettings {
  if (options === undefined) return { networks: undefined, name: undefined, rest: {} };
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The neural expert bot takes its settings as an object of plain values, not ${describeValue(options)}.`,
      { name: `options = ${describeValue(options)}` },
    );
  const rest: Record<string, unknown> = {};
  let networks: unknown;
  let name: unknown;
  try {
    for (const key of Object.keys(options)) {
      const value: unknown = (options as Record<string, unknown>)[key];
      if (key === 'networks') networks = value;
      else if (key === 'name') name = value;
      else rest[key] = value;
    }
  } catch {
    throw new BotError('BAD_BOT_OPTIONS', 'The neural expert bot could not read its settings.', { name: 'options' });
  }
  if (name !== undefined && typeof name !== 'string')
    throw new BotError('BAD_BOT_OPTIONS', "The neural expert bot's name must be a string.", { name: 'name' });
  if (rest.now !== undefined && typeof rest.now !== 'function')
    throw new BotError('BAD_BOT_OPTIONS', "The neural expert bot's clock (now) must be a function.", { name: 'now' });
  positiveWhole('The neural expert bot', 'candidates', rest.candidates as number | undefined);
  return { networks: networks as readonly NeuralWeights[] | undefined, name, rest };
}
