/**
 * The search of the `expert` bot with 3–5 players (expert-bot.ts says what it is and why): a race
 * of the heuristic's best candidates by sequential halving, a search tree below each candidate,
 * and playouts whose players follow the greedy heuristic or the learned policy.
 */
import { type DeckDefinition, type Move, type RandomSource, seededRandom } from '../core/index.js';
import { deckIndex, randomBelow, randomFrom, seedRng } from '../core/internal.js';
import { Playout } from '../search/playout.js';
import { determinize } from '../views/determinize.js';
import type { PlayerView } from '../views/player-view.js';
import type { ExpertOptions } from './expert-options.js';
import { expertValue, expertValues } from './expert-value.js';
import { greedyOrder, pickGreedy } from './greedy-bot.js';
import { GOING_OUT_SCORE } from './greedy-facts.js';
import { outlookOf as outlookOfView, playoutOutlook as outlookOf } from './outlook.js';
import { PLAYOUT_WEIGHTS, pickByWeights, sampleByWeights } from './playout-policy.js';
import { sequentialHalving } from './sequential-halving.js';

/** The playout cap with 4 and 5 players: far past any round of the standard deck (as `montecarlo`'s). */
const ROUND_PLAYED_OUT = 400;

/** The search reads positions, never events. */
const PLAYOUT_OPTIONS = { events: false } as const;

/** A node of a candidate's tree: a move of `mover`, keyed as the searching seat sees it ({@link treeKey}). */
interface TreeNode {
  readonly mover: number;
  readonly children: Map<string, TreeNode>;
  visits: number;
  available: number;
  total: number;
}

function treeNode(mover: number): TreeNode {
  return { mover, children: new Map(), visits: 0, available: 0, total: 0 };
}

/** A move as the searching seat tells it apart: its own by card ids, a rival's by what shows. */
export function treeKey(p: Playout, m: Move, me: number): string {
  switch (m.type) {
    case 'play': {
      if (p.turn.seat === me) return `p${m.cards.join(',')}`;
      const hand = p.hand(p.turn.seat);
      let v = 0;
      for (const c of hand) if (c.id === m.cards[0]) v = c.active;
      return `p${v}x${m.cards.length}`;
    }
    case 'add':
      return p.turn.seat === me
        ? `a${m.card}>${m.target.seat}.${m.target.area}`
        : `a>${m.target.seat}.${m.target.area}`;
    case 'take':
      return `t${m.target.seat}.${m.target.area}`;
    default:
      return m.type;
  }
}

/** The search of one `expert` bot: its settings, its random stream, and the scratch of a decision. */
export class ExpertSearch {
  private readonly rng: RandomSource;
  private readonly timeMs: number;
  private readonly iterations: number;
  private readonly width: number;
  private readonly now: () => number;
  private readonly exploration: number;
  private readonly values = new Float64Array(5);
  private readonly path: TreeNode[] = [];
  /** The learned policy's weights for the decision under way, or undefined for greedy players (set by `choose`). */
  private learned: readonly number[] | undefined;
  /** The playout players' softmax temperature (0: the policy's best move) and uniform noise, for the decision under way (set by `choose`). */
  private temperature = 0;
  private noise = 0.1;

  /** `settings`: the bot's options, already read and checked. */
  constructor(private readonly settings: ExpertOptions) {
    this.rng = seededRandom(settings.seed ?? 'expert');
    this.timeMs = settings.timeMs ?? (settings.iterations === undefined ? 20 : Infinity);
    this.iterations = settings.iterations ?? Infinity;
    this.width = settings.candidates ?? 8;
    this.now = settings.now ?? (() => performance.now());
    this.exploration = settings.exploration ?? 0.2;
  }

  /** The move of a decision with 3–5 players, begun at `start` on the bot's clock. */
  choose(view: PlayerView, moves: readonly Move[], start: number): Move {
    if (moves.length === 1) return moves[0]!;
    const settings = this.settings;
    const { order, scores } = greedyOrder(outlookOfView(view), moves);
    if (scores[order[0]!]! >= GOING_OUT_SCORE) return moves[order[0]!]!; // going out now cannot be improved on
    deckIndex(view.deck); // build the deck's lookup table before the clock matters
    const many = view.players.length >= 4;
    const cap = settings.playoutCap ?? (many ? ROUND_PLAYED_OUT : 3 * view.players.length);
    this.learned =
      (settings.playoutPolicy ?? (many ? 'learned' : 'greedy')) === 'learned'
        ? PLAYOUT_WEIGHTS[view.players.length as 3 | 4 | 5]
        : undefined;
    // drawn from the policy's softmax by default at 5 players only, where it was measured stronger (expert-bot.ts)
    this.temperature =
      this.learned === undefined ? 0 : (settings.policyTemperature ?? (view.players.length === 5 ? 1 : 0));
    this.noise = settings.noise ?? (this.temperature > 0 ? 0 : 0.1);
    return moves[this.halve(view, moves, order.slice(0, this.width), start, cap)]!;
  }

  /**
   * The race among the heuristic's best candidates (sequential-halving.ts), each round one
   * sampled world: below each candidate a playout of the policy, or an iteration of its tree at
   * 3 players. Returns the index in `moves` of the winner.
   */
  private halve(
    view: PlayerView,
    moves: readonly Move[],
    candidates: readonly number[],
    start: number,
    cap: number,
  ): number {
    // trees by default at 3 players only: at 4 and 5 they were not measured stronger than the race
    const trees =
      (this.settings.search ?? (view.players.length === 3 ? 'tree' : 'race')) === 'tree'
        ? candidates.map(() => treeNode(view.seat))
        : undefined;
    const budget = { start, timeMs: this.timeMs, iterations: this.iterations, now: this.now };
    const best = sequentialHalving(candidates.length, budget, () => {
      const world = determinize(view, this.rng);
      const stream = seedRng(Math.floor(this.rng() * 0x7fffffff));
      return (i) => {
        const p = new Playout(world, PLAYOUT_OPTIONS);
        p.play(moves[candidates[i]!]!);
        if (trees !== undefined) return this.descend(p, trees[i]!, view.seat, view.deck, cap, randomFrom(stream));
        this.simulate(p, view.deck, cap, randomFrom(stream));
        return expertValue(p, view.seat);
      };
    });
    return candidates[best]!;
  }

  /**
   * One iteration below a candidate already played in `p`: down its tree by UCB1 (each seat for
   * itself, max^n; rivals' moves keyed by what the seat sees), one node added, then greedy
   * players to `cap` moves after the candidate; every node on the path is credited. Returns the
   * value to `me`.
   */
  private descend(
    p: Playout,
    root: TreeNode,
    me: number,
    deck: DeckDefinition,
    cap: number,
    random: () => number,
  ): number {
    const { path, values } = this;
    path.length = 0;
    path.push(root);
    let at = root;
    let depth = 0;
    while (p.status === 'playing' && depth < cap) {
      const legal = p.legalMoves();
      const o = outlookOf(p, deck);
      const { order } = greedyOrder(o, legal);
      const allowed = Math.min(legal.length, 1 + Math.floor(Math.sqrt(at.visits)));
      const seen = new Set<string>();
      const logs: [TreeNode, Move][] = [];
      let expand: [string, Move] | undefined;
      for (let k = 0; k < order.length && seen.size < allowed; k++) {
        const m = legal[order[k]!]!;
        const key = treeKey(p, m, me);
        if (seen.has(key)) continue;
        seen.add(key);
        const child = at.children.get(key);
        if (child === undefined) {
          expand = [key, m];
          break;
        }
        logs.push([child, m]);
      }
      depth++;
      if (expand !== undefined) {
        const child = treeNode(o.seat);
        at.children.set(expand[0], child);
        for (const [l] of logs) l.available++;
        child.available++;
        p.play(expand[1]);
        path.push(child);
        break;
      }
      const [chosen, chosenMove] = this.select(logs);
      p.play(chosenMove);
      path.push(chosen);
      at = chosen;
    }
    this.simulate(p, deck, cap - depth, random);
    expertValues(p, values);
    for (const nd of path) {
      nd.visits++;
      nd.total += values[nd.mover]!;
    }
    return values[me]!;
  }

  /** The child of best UCB1 among those available now (each counted as available once more). */
  private select(logs: readonly [TreeNode, Move][]): [TreeNode, Move] {
    let best = -Infinity;
    let chosen = logs[0]!;
    for (const entry of logs) {
      const child = entry[0];
      child.available++;
      const ucb = child.total / child.visits + this.exploration * Math.sqrt(Math.log(child.available) / child.visits);
      if (ucb > best) {
        best = ucb;
        chosen = entry;
      }
    }
    return chosen;
  }

  /** The playout's players (a little noise) go on for `cap` moves, or to the round's end. */
  private simulate(p: Playout, deck: DeckDefinition, cap: number, random: () => number): void {
    const { learned, temperature, noise } = this;
    for (let i = 0; i < cap && p.status === 'playing'; i++) {
      const legal = p.legalMoves();
      p.play(
        random() < noise
          ? legal[randomBelow(random, legal.length)]!
          : learned === undefined
            ? pickGreedy(outlookOf(p, deck), legal, random)
            : temperature > 0
              ? sampleByWeights(outlookOf(p, deck), legal, learned, temperature, random)
              : pickByWeights(outlookOf(p, deck), legal, learned, random),
      );
    }
  }
}
