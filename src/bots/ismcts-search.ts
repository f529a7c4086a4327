/**
 * The search of the `ismcts` bot (ismcts-bot.ts says what it is and why): a tree over the bot's
 * information set with UCB1 and progressive widening, or a race of the root's candidates by
 * sequential halving; playouts of greedy players, cut and judged by round-rewards.ts.
 */
import { type DeckDefinition, type Move, type RandomSource, seededRandom } from '../core/index.js';
import { deckIndex, randomBelow, randomFrom, seedRng } from '../core/internal.js';
import { Playout } from '../search/playout.js';
import { determinize } from '../views/determinize.js';
import type { PlayerView } from '../views/player-view.js';
import { greedyOrder, pickGreedy as greedyMove } from './greedy-bot.js';
import { GOING_OUT_SCORE } from './greedy-facts.js';
import type { IsmctsOptions } from './ismcts-options.js';
import { outlookOf as outlookOfChecked, playoutOutlook as outlookOf } from './outlook.js';
import { moveKey } from './repetition.js';
import { rewards } from './round-rewards.js';
import { AIM, sequentialHalving } from './sequential-halving.js';

/** The search reads positions, never events: its playouts record none. */
const PLAYOUT_OPTIONS = { events: false } as const;

/** A node of the information-set tree: a move of `mover` after its parent's sequence. */
interface Node {
  readonly move: Move | null;
  readonly mover: number;
  readonly children: Map<string, Node>;
  visits: number;
  /** Iterations in which this node's move was legal when its parent was selected from. */
  available: number;
  /** Summed rewards of `mover`. */
  total: number;
}

/** The search settings of one decision. */
interface Search {
  /** Playout length in moves. */
  readonly cap: number;
  /** UCB1 exploration constant. */
  readonly c: number;
  readonly duel: boolean;
}

function node(move: Move | null, mover: number): Node {
  return { move, mover, children: new Map(), visits: 0, available: 0, total: 0 };
}

/** The search of one `ismcts` bot: its settings and its random stream. */
export class IsmctsSearch {
  private readonly rng: RandomSource;
  private readonly timeMs: number;
  private readonly iterations: number;
  private readonly width: number;
  private readonly noise: number;
  private readonly now: () => number;

  /** `settings`: the bot's options, already read and checked. */
  constructor(private readonly settings: IsmctsOptions) {
    this.rng = seededRandom(settings.seed ?? 'ismcts');
    this.timeMs = settings.timeMs ?? (settings.iterations === undefined ? 20 : Infinity);
    this.iterations = settings.iterations ?? Infinity;
    this.width = settings.candidates ?? 8;
    this.noise = settings.noise ?? 0.1;
    this.now = settings.now ?? (() => performance.now());
  }

  /** The move of a decision, begun at `start` on the bot's clock. */
  choose(view: PlayerView, moves: readonly Move[], start: number): Move {
    if (moves.length === 1) return moves[0]!;
    const rootOrder = greedyOrder(outlookOfChecked(view), moves);
    const best = rootOrder.order[0]!;
    if (rootOrder.scores[best]! >= GOING_OUT_SCORE) return moves[best]!; // going out now cannot be improved on
    const n = view.players.length;
    const cap = this.settings.playoutCap ?? 3 * (n === 2 ? 4 : n);
    const duel = n === 2;
    const c = this.settings.exploration ?? (duel ? 0.7 : 0.2);
    deckIndex(view.deck); // build the deck's lookup table before the clock matters
    if ((this.settings.root ?? (duel ? 'ucb' : 'halving')) === 'halving')
      return this.halve(view, moves, rootOrder.order.slice(0, this.width), start, cap);
    const rootKeys = new Set(rootOrder.order.slice(0, this.width).map((i) => moveKey(moves[i]!)));
    const root = this.grow(view, rootKeys, { cap, c, duel }, start);
    let choice: Node | undefined;
    for (const child of root.children.values()) {
      if (
        choice === undefined ||
        child.visits > choice.visits ||
        (child.visits === choice.visits && child.total > choice.total)
      )
        choice = child;
    }
    if (choice === undefined) return moves[best]!; // no time for a single iteration: the heuristic's choice
    // the tree keeps its own copies of moves: answer with the listed object
    const key = moveKey(choice.move!);
    return moves.find((m) => moveKey(m) === key)!;
  }

  /** The tree of a decision, grown by iterations until the budget is spent. */
  private grow(view: PlayerView, rootKeys: ReadonlySet<string>, search: Search, start: number): Node {
    const root = node(null, -1);
    const reward = new Array<number>(view.players.length).fill(0);
    const path: Node[] = [];
    const deadline = start + this.timeMs * AIM;
    let done = 0;
    let spent = 0; // time of the iterations so far, for the expected cost of the next one
    let longest = 0;
    while (done < this.iterations) {
      const t0 = this.now();
      // stop unless the next iteration is expected to end in time (half again the mean, or half
      // the recent worst), so that a decision stays within its budget
      const expected = done === 0 ? 0 : Math.max((1.5 * spent) / done, longest / 2);
      if (t0 + expected > deadline) break;
      this.iterate(view, root, rootKeys, view.deck, search, path, reward);
      const took = this.now() - t0;
      spent += took;
      longest = Math.max(longest * 0.9, took);
      done++;
    }
    return root;
  }

  /**
   * The race at the root (sequential-halving.ts), each round one sampled world in which every
   * candidate still racing is played out by greedy players.
   */
  private halve(
    view: PlayerView,
    moves: readonly Move[],
    candidates: readonly number[],
    start: number,
    cap: number,
  ): Move {
    const reward = new Array<number>(view.players.length).fill(0);
    const budget = { start, timeMs: this.timeMs, iterations: this.iterations, now: this.now };
    const best = sequentialHalving(candidates.length, budget, () => {
      const world = determinize(view, this.rng);
      const stream = seedRng(Math.floor(this.rng() * 0x7fffffff)); // hashed once per world, not per candidate
      return (i) => {
        const p = new Playout(world, PLAYOUT_OPTIONS);
        p.play(moves[candidates[i]!]!);
        this.simulate(p, view.deck, cap, randomFrom(stream));
        rewards(p, reward);
        return reward[view.seat]!;
      };
    });
    return moves[candidates[best]!]!;
  }

  /** Greedy players (a little noise) go on for `cap` moves, or to the round's end. */
  private simulate(p: Playout, deck: DeckDefinition, cap: number, random: () => number): void {
    for (let i = 0; i < cap && p.status === 'playing'; i++) {
      const legal = p.legalMoves();
      p.play(
        random() < this.noise
          ? legal[randomBelow(random, legal.length)]!
          : greedyMove(outlookOf(p, deck), legal, random),
      );
    }
  }

  private iterate(
    view: PlayerView,
    root: Node,
    rootKeys: ReadonlySet<string>,
    deck: DeckDefinition,
    search: Search,
    path: Node[],
    reward: number[],
  ): void {
    const { cap, c, duel } = search;
    const p = new Playout(determinize(view, this.rng), PLAYOUT_OPTIONS);
    path.length = 0;
    let at = root;
    // selection and expansion, within the round
    while (p.status === 'playing') {
      const legal = p.legalMoves();
      const o = outlookOf(p, deck);
      const { order } = greedyOrder(o, legal);
      // progressive widening: a node first follows the heuristic's best move (its best two in the
      // duel, where the next node is usually the same seat's other turn), then tries more
      const allowed = Math.min(
        legal.length,
        at === root ? this.width : (duel ? 2 : 1) + Math.floor(Math.sqrt(at.visits)),
      );
      let chosen: Node | undefined;
      let bestUcb = -Infinity;
      let expandMove: Move | undefined;
      const logs: Node[] = [];
      for (let k = 0, seen = 0; k < order.length && seen < allowed; k++) {
        const m = legal[order[k]!]!;
        const key = moveKey(m);
        if (at === root && !rootKeys.has(key)) continue;
        seen++;
        const child = at.children.get(key);
        if (child === undefined) {
          expandMove = m;
          break;
        }
        logs.push(child);
      }
      if (expandMove !== undefined) {
        const child = node(expandMove, o.seat);
        at.children.set(moveKey(expandMove), child);
        for (const l of logs) l.available++;
        child.available++;
        p.play(expandMove);
        path.push(child);
        break;
      }
      for (const child of logs) {
        child.available++;
        const ucb = child.total / child.visits + c * Math.sqrt(Math.log(child.available) / child.visits);
        if (ucb > bestUcb) {
          bestUcb = ucb;
          chosen = child;
        }
      }
      if (chosen === undefined) break; // cannot happen: a playing seat always has a move (rules §5)
      p.play(chosen.move!);
      path.push(chosen);
      at = chosen;
    }
    this.simulate(p, deck, cap, this.rng);
    rewards(p, reward);
    for (const n of path) {
      n.visits++;
      n.total += reward[n.mover]!;
    }
  }
}
