/**
 * The `greedy` heuristic: one-ply evaluation of every legal move from what the seat sees. It
 * sheds cards fast (large sets first), counts the turns a hand still needs (its distinct
 * values), likes beating opponents' sets (their cards go back to them), fears its own set being
 * beaten and returned before its next turn (low values, small sets, opponents close to going
 * out), and takes a set or rotates only when that makes the hand better.
 */
import { isMove, type Move, type RandomSource, type Seed, seededRandom } from '../core/index.js';
import { isRecord, randomBelow, readInput, trustedDeck } from '../core/internal.js';
import { guarded, readBotInput } from './bot-input.js';
import type { Bot } from './bot.js';
import { BotError } from './errors.js';
import { factsOf, scoreAdd, scorePlay, scoreRotate, scoreTake, setAt, slot } from './greedy-facts.js';
import { outlookOf, type Outlook } from './outlook.js';

/**
 * The heuristic score of each move (higher is better) for the seat of `o`.
 *
 * @param o - the seat's outlook.
 * @param moves - legal moves of that seat.
 */
export function greedyScores(o: Outlook, moves: readonly Move[]): number[] {
  const input = readOutlook(o, moves);
  return guarded('greedyScores', () => scoresOf(input.o, input.moves));
}

/** The outlook and moves of a caller, read once, with a checked deck. */
function readOutlook(o: unknown, moves: unknown): { o: Outlook; moves: Move[] } {
  const read = readInput({ o, moves }, { depth: 6 });
  const v = read.ok && isRecord(read.value) ? read.value : undefined;
  const outlook = v && isRecord(v.o) ? v.o : undefined;
  const deck = outlook ? trustedDeck(outlook.deck) : undefined;
  if (!v || !outlook || !deck || !Array.isArray(v.moves) || !v.moves.every((m) => isMove(m))) {
    throw new BotError(
      'BAD_BOT_INPUT',
      'The greedy heuristic needs an outlook (outlookOfState, outlookOfView) and a list of moves.',
      { name: 'outlook' },
    );
  }
  return { o: { ...(outlook as unknown as Outlook), deck }, moves: v.moves as unknown as Move[] };
}

/** {@link greedyScores} of an outlook the library made (internal: the bots' search). */
export function scoresOf(o: Outlook, moves: readonly Move[]): number[] {
  const f = factsOf(o); // tallies the hand: cleared in `finally`
  const { tally } = f;
  const scores = new Array<number>(moves.length);
  try {
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      switch (m.type) {
        case 'play':
          scores[i] = scorePlay(f, m.cards);
          break;
        case 'add':
          scores[i] = scoreAdd(f, setAt(o.table, m.target.seat, m.target.area));
          break;
        case 'take':
          scores[i] = scoreTake(f, setAt(o.table, m.target.seat, m.target.area));
          break;
        case 'rotate':
          scores[i] = scoreRotate(f);
          break;
        case 'nextRound':
          scores[i] = 0;
      }
    }
  } finally {
    for (const c of o.hand) tally.counts[slot(tally, c.active)] = 0; // the tally is shared: leave it clear
  }
  return scores;
}

/** Indices of `moves` by greedy score, best first (ties in canonical order), with the scores. */
export function greedyOrder(o: Outlook, moves: readonly Move[]): { order: number[]; scores: number[] } {
  const scores = scoresOf(o, moves);
  const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return { order, scores };
}

/**
 * The best move by {@link greedyScores}, ties broken at random.
 *
 * @param o - the seat's outlook.
 * @param moves - legal moves of that seat, not empty.
 * @param rng - breaks ties.
 */
export function greedyMove(o: Outlook, moves: readonly Move[], rng: RandomSource): Move {
  const input = readOutlook(o, moves);
  if (input.moves.length === 0 || typeof rng !== 'function')
    throw new BotError('BAD_BOT_INPUT', 'greedyMove needs at least one move and a random source.', { name: 'moves' });
  return guarded('greedyMove', () => pickGreedy(input.o, input.moves, rng));
}

/** {@link greedyMove} of an outlook the library made (internal: the bots' search). */
export function pickGreedy(o: Outlook, moves: readonly Move[], rng: RandomSource): Move {
  if (moves.length === 1) return moves[0]!;
  const scores = scoresOf(o, moves);
  return moves[bestIndex(scores, scores.length, rng)]!;
}

/** The index of the highest of the first `count` scores, ties broken at random (internal: the playout policies). */
export function bestIndex(scores: ArrayLike<number>, count: number, rng: RandomSource): number {
  let best = -Infinity;
  let ties = 0;
  let choice = 0;
  for (let i = 0; i < count; i++) {
    const s = scores[i]!;
    if (s > best) {
      best = s;
      ties = 1;
      choice = i;
    } else if (s === best && randomBelow(rng, ++ties) === 0) choice = i;
  }
  return choice;
}

/** Rotations of a one-card hand in a row after which `greedy` adds or takes instead, when it may. */
const IDLE_ROTATIONS = 3;

/**
 * The `greedy` bot: sheds cards fast, prefers large sets and beating others, avoids feeding opponents.
 * Holding one card, it does not rotate a fourth turn running when it may add or take instead (its
 * heuristic scores an idle rotation above any take; the heuristic itself, which `montecarlo` and
 * `expert` use, is unchanged). Make one per game and seat, as every bot (it counts its rotations).
 *
 * @param seed - seeds its tie-breaking.
 * @example
 * ```ts
 * const bot = greedyBot('g1');
 * ```
 */
export function greedyBot(seed: Seed = 'greedy'): Bot {
  const rng = seededRandom(seed);
  let rotations = 0;
  return {
    name: 'greedy',
    chooseMove: (view, moves) => {
      const input = readBotInput(view, moves);
      const outlook = outlookOf(input.view);
      let move = pickGreedy(outlook, input.moves, rng);
      const oneCard = input.view.hand.length === 1;
      if (move.type === 'rotate' && oneCard && rotations >= IDLE_ROTATIONS) {
        // the best add or take by the same heuristic, if there is one
        const scores = scoresOf(outlook, input.moves);
        let best = -1;
        for (let i = 0; i < input.moves.length; i++) {
          const t = input.moves[i]!.type;
          if ((t === 'add' || t === 'take') && (best < 0 || scores[i]! > scores[best]!)) best = i;
        }
        if (best >= 0) move = input.moves[best]!;
      }
      rotations = move.type === 'rotate' && oneCard ? rotations + 1 : 0;
      return move;
    },
  };
}
