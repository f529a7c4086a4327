/**
 * The measure behind `node bench/strength-regret.mjs`: how far each bot's choice falls from the
 * best move, judged by a reference search far bigger than either bot's. Positions are decisions
 * of greedy self-play (3–5 players, more than one legal move, none going out at once). The
 * reference plays every legal move out from the same `worlds` sampled worlds (determinizations of
 * the deciding seat's view) with the same random stream, greedy players with the bots' 10% noise,
 * to the round's end, and values the end by the chance to win the game the tokens give
 * (`expertValue`, rules §6). A bot's regret at a position is the reference value of the best move
 * minus that of the move it chose.
 */
import { createGame, apply, legalMoves, type Move, seededRandom } from '../src/core/index.js';
import { randomBelow, randomFrom, seedRng } from '../src/core/internal.js';
import { Playout } from '../src/search/playout.js';
import {
  pickGreedy,
  scoresOf,
  outlookOf as outlookOfView,
  GOING_OUT_SCORE,
  type Outlook,
} from '../src/bots/greedy-bot.js';
import { determinize } from '../src/views/determinize.js';
import { playerView, type PlayerView } from '../src/views/player-view.js';
import { expertValue } from '../src/bots/expert-bot.js';
import { botByName } from '../src/bots/by-name.js';

export { botByName };

function outlookOf(p: Playout, view: PlayerView): Outlook {
  const n = p.playerCount;
  const handSizes = new Array<number>(n);
  for (let s = 0; s < n; s++) handSizes[s] = p.handSize(s);
  return { seat: p.turn.seat, hand: p.hand(p.turn.seat), table: p.table, handSizes, out: p.out, deck: view.deck };
}

export interface Position {
  readonly view: PlayerView;
  readonly moves: readonly Move[];
  /** The greedy heuristic's rank of each move (0 = its favourite). */
  readonly rank: readonly number[];
  /** Reference value of each move. */
  readonly value: readonly number[];
}

export function positions(players: number, wanted: number, worlds: number, seed: string): Position[] {
  const rng = seededRandom(seed);
  const greedy = botByName('greedy', { seed });
  const out: Position[] = [];
  for (let g = 0; out.length < wanted; g++) {
    let s = createGame(players, `${seed}/${g}`);
    while (s.status !== 'gameOver' && out.length < wanted) {
      const moves = legalMoves(s);
      const view = playerView(s, s.turn.seat);
      if (s.status === 'playing' && moves.length > 1 && rng() < 0.1) {
        const scores = scoresOf(outlookOfView(view), moves);
        const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
        if (scores[order[0]!]! < GOING_OUT_SCORE) {
          const rank = new Array<number>(moves.length);
          order.forEach((m, r) => (rank[m] = r));
          const value = new Array<number>(moves.length).fill(0);
          for (let w = 0; w < worlds; w++) {
            const world = determinize(view, rng);
            const stream = seedRng(Math.floor(rng() * 0x7fffffff));
            for (let m = 0; m < moves.length; m++) {
              const p = new Playout(world, { events: false });
              p.play(moves[m]!);
              const random = randomFrom(stream);
              while (p.status === 'playing') {
                const legal = p.legalMoves();
                p.play(
                  random() < 0.1
                    ? legal[randomBelow(random, legal.length)]!
                    : pickGreedy(outlookOf(p, view), legal, random),
                );
              }
              value[m]! += expertValue(p, view.seat) / worlds;
            }
          }
          out.push({ view, moves, rank, value });
        }
      }
      s = apply(s, greedy.chooseMove(view, moves) as Move);
    }
  }
  return out;
}
