/**
 * The `ismcts` bot: single-observer information-set Monte Carlo tree search (Cowling, Powley
 * and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), with the
 * greedy heuristic as a prior (a justified variant, below).
 *
 * One tree over the bot's information set: its nodes are move sequences from the decision, not
 * states. Each iteration samples a full state consistent with the bot's player view
 * ({@link determinize}; the bot never sees anything else), walks down the tree along moves that
 * are legal in that sample (UCB1 with availability counts: a child's exploration term counts
 * the iterations in which it could have been chosen), adds one node, lets greedy players (a
 * little noise) play on for three laps of the table on the search fast path ({@link Playout}),
 * and credits every node with the outcome for the seat that moved into it (max^n for 3–5
 * players): the round's result if it ended, else the places that the turns each hand still
 * needs predict. With tokens (3–5 players) an outcome is worth the chance it gives each seat to
 * win the game, among equally strong seats (rules §6; `game-value.ts`): the bot plays for the
 * game, not for the round's tokens.
 *
 * The variant, and why: dnup's branching is wide (every subset of equal cards is a move), and a
 * budget of milliseconds allows a few hundred iterations, so each node considers its moves in
 * the greedy heuristic's order and widens progressively (1 + √visits moves, 2 + √visits in the
 * duel), and the root keeps only the heuristic's best few, as the flat Monte-Carlo bot does.
 * Short playouts judged by a heuristic buy several times more iterations than playing every
 * round out. A move that empties the hand is taken at once.
 *
 * With 3–5 players the root is a race instead (`root: 'halving'`): sequential halving (Karnin,
 * Koren and Somekh, "Almost Optimal Exploration in Multi-Armed Bandits", ICML 2013), which
 * H-MCTS puts at the root of a search because a decision wants the best move (simple regret),
 * not the most rewarded iterations that UCB1 aims at (Pepels, Cazenave, Winands and Lanctot,
 * "Minimizing Simple and Cumulative Regret in Monte-Carlo Tree Search", CGW 2014). The budget
 * is split into log₂(candidates) equal phases; in each, rounds sample one world and play every
 * candidate still racing out from that same world with the same random stream (common random
 * numbers, as in perfect-information Monte Carlo: differences between candidates come from the
 * moves, not from the deal), and at the end of a phase the worse half leaves. At 3–5 players a
 * seat's next own turn lies 3–5 plies down, so a few hundred iterations never build opponent
 * nodes worth their noise; pairing the samples is what sharpens the choice. Measured against
 * a reference of 300 paired full playouts per candidate on 100 positions per player count, it
 * lowered the mean regret of the chosen move below both UCB1 at the root and flat Monte Carlo
 * at the same 10 ms budget.
 *
 * With 3 players the race alone was only level with flat Monte Carlo at 10 ms: 33.4 % [30.5,
 * 36.4] of 1,000 games (fair share 33.3 %; 400-game runs of 34.5 %, 39.0 % and 38.3 % had been
 * on either side of it). What made it better was the reward: a round's tokens valued by the
 * chance they give to win the game (`game-value.ts`) instead of the tokens gained against the best
 * rival's; then equal need broken by turn order in a cut playout, and a faster greedy heuristic
 * (typed arrays instead of Maps) under the playouts of both bots. On the same deals, 1,000 games
 * each, machine load about 3: 35.6 % with the game value alone, 40.2 % [37.2, 43.3] with the
 * rest, and 37.0 % [34.1, 40.0] in the run the README reports. Tried at 3 players without a gain that held: 6 candidates instead of 8
 * (38.5 % in a 200-game screen whose deals gave 8 candidates 37.0 %, then 31.3 % in 400 games),
 * 4 candidates, a 6-lap playout, playouts to the round's end, goal-aware scoring of cut
 * playouts, and keeping the heuristic's best move unless a rival beats it by a standard error of
 * the paired difference.
 */
import type { Move } from '../core/index.js';
import { readBotInput } from './bot-input.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';
import { IsmctsSearch } from './ismcts-search.js';
import { readIsmctsOptions, type IsmctsOptions } from './ismcts-options.js';
import { RepetitionGuard } from './repetition.js';

export type { IsmctsOptions };

/**
 * The `ismcts` bot: information-set Monte Carlo tree search on a time budget (see the module
 * comment). It sees only its player view.
 * Back in a position it chose a move in before this round, it chooses among the moves it has not
 * played there yet, so that two searches never pass a card back and forth for ever.
 *
 * @param options - budget (`timeMs`, default 20; or `iterations`), seed and search settings.
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 * @example
 * ```ts
 * const bot = ismctsBot({ timeMs: 50, seed: 1 });
 * const fixed = ismctsBot({ iterations: 300, seed: 1 }); // reproducible on any machine
 * ```
 */
export function ismctsBot(options: IsmctsOptions = {}): Bot {
  const settings = readIsmctsOptions(options); // read once: later changes to `options` change nothing
  const now = settings.now ?? (() => performance.now());
  const search = new IsmctsSearch(settings);
  const repeats = new RepetitionGuard();
  const chooseMove = (view: PlayerView, moves: readonly Move[]): Move => {
    const start = now(); // the budget covers reading the input too
    const input = readBotInput(view, moves); // a view from outside is checked; the moves must be its legal ones
    const move = search.choose(input.view, repeats.fresh(input.view, input.moves), start);
    repeats.chose(input.view, move);
    return move;
  };
  return { name: 'ismcts', chooseMove };
}
