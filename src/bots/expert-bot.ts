/**
 * The `expert` bot: the `ismcts` bot's root race with a search tree below each candidate and a
 * learned judgement of rounds cut short. With 3–5 players, each decision races the
 * greedy heuristic's best few moves by sequential halving over sampled worlds ({@link determinize}:
 * the bot sees only its player view), every candidate played from the same world in each round.
 *
 * With 3 players, below each candidate grows an information-set tree (as in the `ismcts` bot's duel): a node for
 * every seat's move, each seat choosing by UCB1 for its own value (max^n), the moves widened in
 * the greedy heuristic's order (1 + √visits). The seat's own moves are told apart by card, a
 * rival's by what the seat would see of it (a play's value and size, an add's or a take's target),
 * so that the nodes of rivals' moves are shared by every world where the rival could make them.
 * Below the tree, greedy players (a little noise) go on to three laps of the table after the
 * candidate. Where a race alone scores each candidate by greedy replies, the tree lets rivals
 * answer with their best replies and the seat plan its next turn. With 4 and 5 players a seat's
 * next turn lies deeper and the trees did not pay, so there the race alone is the default
 * (`search` chooses).
 *
 * With 4 and 5 players the race's edge shrinks as the budget grows when its playouts are greedy,
 * so there the playouts' players use the learned playout policy (`playout-policy.ts`: the greedy
 * heuristic's features weighed to predict the moves `montecarlo` bots choose) and play the round
 * out (`playoutPolicy`, `playoutCap`). At 5 players they draw their moves from the policy's
 * softmax, the distribution its weights were fitted as (`policyTemperature` 1, no `noise`); at 4
 * they take its best move with a random one a tenth of the time. The measurements behind each
 * choice are in docs/arena.md, "How expert was built and measured".
 *
 * Where the `ismcts` bot ranks the seats still in a cut round by a hand-written count (distinct
 * values, ties by turn order), this bot asks a Plackett–Luce model fitted to where such playouts
 * really went out (`expert-model.ts`, trained by `bench/train-expert.ts`) for the chance of
 * every first and second place, and values the playout for each seat by the expected chance to
 * win the game that the places' tokens give (`game-value.ts`).
 *
 * The duel has no tokens and its tree already plans the seat's two turns: there this bot plays
 * as the `ismcts` bot does.
 */
import type { Move } from '../core/index.js';
import { readBotInput } from './bot-input.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';
import { ExpertSearch } from './expert-search.js';
import { ismctsBot } from './ismcts-bot.js';
import { readExpertOptions, type ExpertOptions } from './expert-options.js';
import { RepetitionGuard } from './repetition.js';

export type { ExpertOptions };

/**
 * The `expert` bot, the strongest built in: the `ismcts` bot's race at the root, a search tree
 * below each candidate, and rounds cut short judged by a model learned from playouts (see the
 * module comment). It sees only its player view.
 * Back in a position it chose a move in before this round, it chooses among the moves it has not
 * played there yet, so that two searches never pass a card back and forth for ever.
 *
 * @param options - budget (`timeMs`, default 20; or `iterations`), seed and search settings.
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 * @example
 * ```ts
 * const bot = expertBot({ timeMs: 100, seed: 1 });
 * const fixed = expertBot({ iterations: 1000, seed: 1 }); // reproducible on any machine
 * ```
 */
export function expertBot(options: ExpertOptions = {}): Bot {
  const settings = readExpertOptions(options); // read once, checked
  const now = settings.now ?? (() => performance.now());
  // the duel: the ismcts bot's tree, with the same budget and a seed of its own
  const duel = ismctsBot({
    seed: `${String(settings.seed ?? 'expert')}/duel`,
    ...(settings.timeMs === undefined ? {} : { timeMs: settings.timeMs }),
    ...(settings.iterations === undefined ? {} : { iterations: settings.iterations }),
    ...(settings.candidates === undefined ? {} : { candidates: settings.candidates }),
    ...(settings.playoutCap === undefined ? {} : { playoutCap: settings.playoutCap }),
    ...(settings.exploration === undefined ? {} : { exploration: settings.exploration }),
    noise: settings.noise ?? 0.1,
    now,
  });
  const search = new ExpertSearch(settings);

  // the duel's bot keeps its own memory of repeated positions
  const repeats = new RepetitionGuard();
  const chooseMove = (view: PlayerView, moves: readonly Move[]): Move => {
    const start = now(); // the budget covers reading the input too
    const input = readBotInput(view, moves); // a view from outside is checked; the moves must be its legal ones
    if (input.view.players.length === 2) return duel.chooseMove(input.view, input.moves) as Move;
    const move = search.choose(input.view, repeats.fresh(input.view, input.moves), start);
    repeats.chose(input.view, move);
    return move;
  };
  return { name: 'expert', chooseMove };
}
