/**
 * The `montecarlo` bot: flat Monte Carlo over determinizations. For each decision it ranks the
 * legal moves with the greedy heuristic, keeps the best few, and shares a playout budget among
 * them with UCB1. Each playout samples a full state consistent with the bot's view
 * ({@link determinize}), plays the candidate, then lets greedy players (with a little noise)
 * finish the round; the reward is the round's outcome for the bot's seat.
 */
import {
  apply,
  legalMoves,
  type Move,
  type Seed,
  type GameState,
  seededRandom,
  type RandomSource,
} from '../core/index.js';
import { describeValue, randomBelow } from '../core/internal.js';
import { positiveWhole, readBotInput, readBotOptions } from './bot-input.js';
import { determinize } from '../views/determinize.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';
import { BotError } from './errors.js';
import { pickGreedy as greedyMove, scoresOf as greedyScores } from './greedy-bot.js';
import { GOING_OUT_SCORE } from './greedy-facts.js';
import { outlookOfTrusted, outlookOf } from './outlook.js';
import { RepetitionGuard } from './repetition.js';

/** Settings of {@link monteCarloBot}. */
export interface MonteCarloOptions {
  /** Seeds sampling and playouts. */
  readonly seed?: Seed;
  /** Playouts per decision (default 100): deterministic for a seed. */
  readonly playouts?: number;
  /** A time budget per decision in milliseconds; when set, playouts stop at whichever limit comes first. */
  readonly timeMs?: number;
  /** How many of the greedy heuristic's best moves are explored (default 6). */
  readonly candidates?: number;
  /** Chance that a playout player picks a random move instead of the greedy one (default 0.1). */
  readonly noise?: number;
  /** Moves after which a playout is cut and judged by hand sizes (default 400). */
  readonly playoutCap?: number;
}

/** The round's outcome for `seat`, in [0, 1]. */
function reward(start: PlayerView, end: GameState, seat: number): number {
  if (end.winner !== null) return end.winner === seat ? 1 : 0;
  if (end.status === 'playing') {
    // cut playout: fewer cards than the closest rival is good
    let rival = Infinity;
    for (let s = 0; s < end.hands.length; s++)
      if (s !== seat && !end.out.includes(s)) rival = Math.min(rival, end.hands[s]!.length);
    const mine = end.hands[seat]!.length;
    return rival === Infinity ? 0.5 : 0.5 + Math.max(-0.5, Math.min(0.5, (rival - mine) / 10));
  }
  if (end.scoring === 'rounds') return end.out[0] === seat ? 1 : 0;
  const gain = (s: number) => end.scores[s]! - start.scores[s]!;
  let rivalGain = 0;
  for (let s = 0; s < end.scores.length; s++) if (s !== seat) rivalGain = Math.max(rivalGain, gain(s));
  return (gain(seat) - rivalGain + 2) / 4;
}

function playout(state: GameState, rng: RandomSource, noise: number, cap: number): GameState {
  let s = state;
  for (let i = 0; i < cap && s.status === 'playing'; i++) {
    const moves = legalMoves(s);
    const move = rng() < noise ? moves[randomBelow(rng, moves.length)]! : greedyMove(outlookOfTrusted(s), moves, rng);
    s = apply(s, move);
  }
  return s;
}

/**
 * The `montecarlo` bot. With the default 100 playouts it takes about 10 ms per decision
 * on a laptop; the budget is by count so that games replay identically for a seed.
 * Back in a position it chose a move in before this round, it chooses among the moves it has not
 * played there yet, so that two searches never pass a card back and forth for ever.
 *
 * @param options - budget and seed.
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget that is not a positive number.
 * @example
 * ```ts
 * const bot = monteCarloBot({ playouts: 400, seed: 3 });
 * ```
 */
export function monteCarloBot(options: MonteCarloOptions = {}): Bot {
  const settings = readBotOptions<MonteCarloOptions>('The Monte-Carlo bot', options); // read once: later changes to `options` change nothing
  const rng = seededRandom(settings.seed ?? 'montecarlo');
  const playouts = settings.playouts ?? 100;
  const width = settings.candidates ?? 6;
  const noise = settings.noise ?? 0.1;
  const cap = settings.playoutCap ?? 400;
  const timeMs = settings.timeMs;
  for (const [key, v] of [
    ['playouts', playouts],
    ['candidates', width],
    ['playoutCap', cap],
    ['timeMs', timeMs ?? 1],
  ] as const)
    positiveWhole('The Monte-Carlo bot', key, v);
  if (!(noise >= 0 && noise <= 1))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The Monte-Carlo bot's noise must be from 0 to 1, not ${describeValue(noise)}.`,
      { name: `noise = ${describeValue(noise)}` },
    );
  const repeats = new RepetitionGuard();
  const chooseMove = (view: PlayerView, moves: readonly Move[]): Move => {
    const input = readBotInput(view, moves); // a view from outside is checked; the moves must be its legal ones
    const move = choose(input.view, repeats.fresh(input.view, input.moves));
    repeats.chose(input.view, move);
    return move;
  };
  const choose = (view: PlayerView, moves: readonly Move[]): Move => {
    if (moves.length === 1) return moves[0]!;
    const scores = greedyScores(outlookOf(view), moves);
    const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    if (scores[order[0]!]! >= GOING_OUT_SCORE) return moves[order[0]!]!; // going out now cannot be improved on
    const candidates = order.slice(0, width).map((i) => moves[i]!);
    const total = new Array<number>(candidates.length).fill(0);
    const visits = new Array<number>(candidates.length).fill(0);
    const deadline = timeMs === undefined ? Infinity : performance.now() + timeMs;
    for (let n = 0; n < playouts; n++) {
      if (performance.now() > deadline) break; // every playout: a clock read costs far less than one
      let pick = n;
      if (n >= candidates.length) {
        let best = -Infinity;
        for (let i = 0; i < candidates.length; i++) {
          const ucb = total[i]! / visits[i]! + 0.7 * Math.sqrt(Math.log(n) / visits[i]!);
          if (ucb > best) {
            best = ucb;
            pick = i;
          }
        }
      }
      const end = playout(apply(determinize(view, rng), candidates[pick]!), rng, noise, cap);
      total[pick]! += reward(view, end, view.seat);
      visits[pick]!++;
    }
    let choice = 0;
    for (let i = 1; i < candidates.length; i++)
      if (visits[i]! > visits[choice]! || (visits[i] === visits[choice] && total[i]! > total[choice]!)) choice = i;
    return candidates[choice]!;
  };
  return { name: 'montecarlo', chooseMove };
}
