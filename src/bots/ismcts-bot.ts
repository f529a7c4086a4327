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
import {
  type DeckDefinition,
  type HeldCard,
  type Move,
  seededRandom,
  type Seed,
  TOKENS_TO_WIN,
} from '../core/index.js';
import { describeValue, deckIndex, randomBelow, randomFrom, seedRng } from '../core/internal.js';
import { readBotInput, positiveWhole, readBotOptions } from './bot-input.js';
import { Playout } from '../search/playout.js';
import { determinize } from '../views/determinize.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';
import { BotError } from './errors.js';
import { winChances } from './game-value.js';
import { pickGreedy as greedyMove, scoresOf as greedyScores } from './greedy-bot.js';
import { GOING_OUT_SCORE } from './greedy-facts.js';
import { outlookOf as outlookOfChecked, type Outlook } from './outlook.js';
import { moveKey, RepetitionGuard } from './repetition.js';

/**
 * The share of its budget a decision aims to end within: the rest is room for what the bot's own
 * clock cannot foresee (a garbage collection, a wait for a core), so that its time per move stays
 * within 10% of the budget at the 99th percentile (docs/benchmarks.md).
 */
const AIM = 0.95;

/** The search reads positions, never events: its playouts record none. */
const PLAYOUT_OPTIONS = { events: false } as const;

/** Settings of {@link ismctsBot}. */
export interface IsmctsOptions {
  /** Seeds sampling and playouts. */
  readonly seed?: Seed;
  /**
   * Time budget per decision in milliseconds (default 20). The search aims to end within 95% of
   * it and stops before starting an iteration it does not expect to finish by then, so a decision
   * takes at most about this long.
   */
  readonly timeMs?: number;
  /**
   * Iterations per decision. With only this set (no `timeMs`), the bot is deterministic for a
   * seed, whatever the machine; with both, the first limit reached stops the search.
   */
  readonly iterations?: number;
  /** How many of the greedy heuristic's best moves the root considers (default 8). */
  readonly candidates?: number;
  /**
   * UCB1 exploration constant (rewards are in [0, 1]). Default: 0.7 in the duel, where the
   * tree plans the seat's two consecutive turns, and 0.2 with 3–5 players, where a low constant
   * let the bot settle on its best move sooner (both chosen from arena runs at 20 ms).
   */
  readonly exploration?: number;
  /** Chance that a playout player picks a random move instead of the greedy one (default 0.1). */
  readonly noise?: number;
  /**
   * Moves after which a playout is cut and judged by the turns each hand still needs (default:
   * three laps of the table, 3 moves per seat; 12 in the duel). Short playouts give many more
   * iterations in the same time; set 400 to play every round out.
   */
  readonly playoutCap?: number;
  /**
   * How the root shares the budget among its candidates: `'ucb'` (the tree's UCB1 at every node)
   * or `'halving'` (sequential halving over worlds shared by every candidate still in the race;
   * see the module comment). Default: `'ucb'` in the duel, `'halving'` with 3–5 players.
   */
  readonly root?: 'ucb' | 'halving';
  /** The clock, in milliseconds (default `performance.now`); tests inject their own. */
  readonly now?: () => number;
}

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

function outlookOf(p: Playout, deck: DeckDefinition): Outlook {
  const seat = p.turn.seat;
  const n = p.playerCount;
  const handSizes = new Array<number>(n);
  for (let s = 0; s < n; s++) handSizes[s] = p.handSize(s);
  return { seat, hand: p.hand(seat), table: p.table, handSizes, out: p.out, deck };
}

/** Indices of `moves` by greedy score, best first (ties in canonical order). */
export function greedyOrder(o: Outlook, moves: readonly Move[]): { order: number[]; scores: number[] } {
  const scores = greedyScores(o, moves);
  const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  return { order, scores };
}

/**
 * Each seat's reward for how the round went, in [0, 1]: the game's winner gets 1; in the duel,
 * the seat out first; with tokens, its chance to win the game from the tokens after the round
 * ({@link winChances}), so that a token that takes a rival to 4 counts as the loss it is. A
 * playout cut before the round's end is judged by the turns each hand still needs
 * ({@link turnsNeeded}): in the duel against the rival's, with tokens by the places it predicts
 * (seats already out keep theirs; the others go out in order of need, the seat that moves
 * sooner first at equal need).
 */
function rewards(p: Playout, out: number[]): void {
  const n = p.playerCount;
  if (p.winner !== null) {
    for (let s = 0; s < n; s++) out[s] = s === p.winner ? 1 : 0;
    return;
  }
  if (n === 2) {
    if (p.status === 'playing') {
      const need = [0, 1].map((s) => turnsNeeded(p.hand(s)));
      for (let s = 0; s < 2; s++) out[s] = 0.5 + Math.max(-0.5, Math.min(0.5, (need[1 - s]! - need[s]!) / 4));
    } else for (let s = 0; s < n; s++) out[s] = p.out[0] === s ? 1 : 0;
    return;
  }
  // 3–5 players: the tokens after the round, predicted if it was cut (seats already out keep
  // theirs, the others go out in order of need), valued by the chances they give to win the game
  const tokens = p.scores.slice();
  if (p.status === 'playing') {
    const waiting: number[] = [];
    const need = new Array<number>(n);
    for (let s = 0; s < n; s++) {
      if (p.out.includes(s)) continue;
      need[s] = turnsNeeded(p.hand(s));
      waiting.push(s);
    }
    // at equal need, the seat that moves sooner goes out sooner
    const soon = (s: number) => (s - p.turn.seat + n) % n;
    waiting.sort((a, b) => need[a]! - need[b]! || soon(a) - soon(b));
    for (let place = p.out.length, i = 0; place < 2 && i < waiting.length; place++, i++) {
      const s = waiting[i]!;
      tokens[s]! += place === 0 ? 2 : 1;
      if (tokens[s]! >= TOKENS_TO_WIN) {
        for (let r = 0; r < n; r++) out[r] = r === s ? 1 : 0; // the game ends there (rules §6)
        return;
      }
    }
  }
  const chances = winChances(tokens);
  for (let s = 0; s < n; s++) out[s] = chances[s]!;
}

/** Distinct active values in a hand, plus a little per card: about the turns it needs to go out. */
function turnsNeeded(hand: readonly HeldCard[]): number {
  let distinct = 0;
  for (let i = 0; i < hand.length; i++) {
    let first = true;
    for (let j = 0; j < i; j++) if (hand[j]!.active === hand[i]!.active) first = false;
    if (first) distinct++;
  }
  return distinct + hand.length / 10;
}

/**
 * The options of {@link ismctsBot}, read once and checked.
 *
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 */
function readIsmctsOptions(options: IsmctsOptions): IsmctsOptions {
  const settings = readBotOptions<IsmctsOptions>('The ISMCTS bot', options, ['now']);
  positiveWhole('The ISMCTS bot', 'iterations', settings.iterations);
  positiveWhole('The ISMCTS bot', 'candidates', settings.candidates);
  positiveWhole('The ISMCTS bot', 'playoutCap', settings.playoutCap);
  if (settings.timeMs !== undefined && !(Number.isFinite(settings.timeMs) && settings.timeMs > 0)) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's timeMs must be a positive number of milliseconds, not ${String(settings.timeMs)}.`,
      { name: `timeMs = ${String(settings.timeMs)}` },
    );
  }
  const exploration = settings.exploration;
  if (exploration !== undefined && !(exploration >= 0 && Number.isFinite(exploration))) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's exploration must be a number from 0 up, not ${String(exploration)}.`,
      { name: `exploration = ${String(exploration)}` },
    );
  }
  const noise = settings.noise ?? 0.1;
  if (!(noise >= 0 && noise <= 1))
    throw new BotError('BAD_BOT_OPTIONS', `The ISMCTS bot's noise must be from 0 to 1, not ${describeValue(noise)}.`, {
      name: `noise = ${describeValue(noise)}`,
    });
  const rootOption = settings.root;
  if (rootOption !== undefined && rootOption !== 'ucb' && rootOption !== 'halving')
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The ISMCTS bot's root must be 'ucb' or 'halving', not ${describeValue(rootOption)}.`,
      { name: `root = ${describeValue(rootOption)}` },
    );
  return settings;
}

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
  const rng = seededRandom(settings.seed ?? 'ismcts');
  const timeMs = settings.timeMs ?? (settings.iterations === undefined ? 20 : Infinity);
  const iterations = settings.iterations ?? Infinity;
  const width = settings.candidates ?? 8;
  const exploration = settings.exploration;
  const noise = settings.noise ?? 0.1;
  const capOption = settings.playoutCap;
  const now = settings.now ?? (() => performance.now());
  const rootOption = settings.root;

  const repeats = new RepetitionGuard();
  const chooseMove = (view: PlayerView, moves: readonly Move[]): Move => {
    const start = now(); // the budget covers reading the input too
    const input = readBotInput(view, moves); // a view from outside is checked; the moves must be its legal ones
    const move = choose(input.view, repeats.fresh(input.view, input.moves), start);
    repeats.chose(input.view, move);
    return move;
  };
  const choose = (view: PlayerView, moves: readonly Move[], start: number): Move => {
    if (moves.length === 1) return moves[0]!;
    const rootOrder = greedyOrder(outlookOfChecked(view), moves);
    const best = rootOrder.order[0]!;
    if (rootOrder.scores[best]! >= GOING_OUT_SCORE) return moves[best]!; // going out now cannot be improved on
    const rootKeys = new Set(rootOrder.order.slice(0, width).map((i) => moveKey(moves[i]!)));
    const deck = view.deck;
    const n = view.players.length;
    const cap = capOption ?? 3 * (n === 2 ? 4 : n);
    const duel = n === 2;
    const c = exploration ?? (duel ? 0.7 : 0.2);
    deckIndex(deck); // build the deck's lookup table before the clock matters
    if ((rootOption ?? (duel ? 'ucb' : 'halving')) === 'halving')
      return halve(view, moves, rootOrder.order.slice(0, width), start, cap);
    const root = node(null, -1);
    const reward = new Array<number>(view.players.length).fill(0);
    const path: Node[] = [];
    const deadline = start + timeMs * AIM;
    let done = 0;
    let spent = 0; // time of the iterations so far, for the expected cost of the next one
    let longest = 0;
    while (done < iterations) {
      const t0 = now();
      // stop unless the next iteration is expected to end in time (half again the mean, or half
      // the recent worst), so that a decision stays within its budget
      const expected = done === 0 ? 0 : Math.max((1.5 * spent) / done, longest / 2);
      if (t0 + expected > deadline) break;
      iterate(view, root, rootKeys, deck, { cap, c, duel }, path, reward);
      const took = now() - t0;
      spent += took;
      longest = Math.max(longest * 0.9, took);
      done++;
    }
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
  };

  /**
   * Sequential halving at the root: rounds of one world each, in which every candidate still in
   * the race plays out from the same sampled world with the same playout random stream (common
   * random numbers: the candidates' means differ by their moves, not by their luck); at equal
   * shares of the budget the worse half leaves the race.
   */
  function halve(
    view: PlayerView,
    moves: readonly Move[],
    candidates: readonly number[],
    start: number,
    cap: number,
  ): Move {
    const k = candidates.length;
    const total = new Array<number>(k).fill(0);
    let active = candidates.map((_, i) => i);
    const phases = Math.ceil(Math.log2(k));
    const deadline = start + timeMs * AIM;
    const reward = new Array<number>(view.players.length).fill(0);
    let phase = 0;
    let done = 0; // playouts so far
    let spent = 0;
    let longest = 0;
    const mean = (i: number) => total[i]!; // the racing candidates have played the same worlds
    const gained = new Array<number>(k).fill(0);
    let t1 = start;
    race: while (active.length > 1 && done + active.length <= iterations) {
      const t0 = t1; // the clock is read after each playout, and only then
      const expected = done === 0 ? 0 : Math.max((1.5 * spent * active.length) / done, longest / 2);
      if (t0 + expected > deadline) break;
      const world = determinize(view, rng);
      const stream = seedRng(Math.floor(rng() * 0x7fffffff)); // hashed once per world, not per candidate
      for (let j = 0; j < active.length; j++) {
        const i = active[j]!;
        const p = new Playout(world, PLAYOUT_OPTIONS);
        p.play(moves[candidates[i]!]!);
        simulate(p, view.deck, cap, randomFrom(stream));
        rewards(p, reward);
        gained[i] = reward[view.seat]!;
        t1 = now();
        // out of time inside a round: the round is dropped, as the candidates' worlds must match
        if (t1 > deadline && j < active.length - 1) break race;
      }
      for (const i of active) total[i]! += gained[i]!;
      const took = t1 - t0;
      spent += took;
      longest = Math.max(longest * 0.9, took);
      done += active.length;
      const progress = Math.max((t1 - start) / timeMs, done / iterations);
      if (progress >= (phase + 1) / phases) {
        phase++;
        const ranked = [...active].sort((a, b) => mean(b) - mean(a) || a - b);
        active = ranked.slice(0, Math.ceil(active.length / 2)).sort((a, b) => a - b);
      }
    }
    let best = active[0]!;
    for (const i of active) if (mean(i) > mean(best)) best = i;
    return moves[candidates[best]!]!;
  }

  /** Greedy players (a little noise) go on for `cap` moves, or to the round's end. */
  function simulate(p: Playout, deck: DeckDefinition, cap: number, random: () => number): void {
    for (let i = 0; i < cap && p.status === 'playing'; i++) {
      const legal = p.legalMoves();
      p.play(
        random() < noise ? legal[randomBelow(random, legal.length)]! : greedyMove(outlookOf(p, deck), legal, random),
      );
    }
  }

  function iterate(
    view: PlayerView,
    root: Node,
    rootKeys: ReadonlySet<string>,
    deck: DeckDefinition,
    search: Search,
    path: Node[],
    reward: number[],
  ): void {
    const { cap, c, duel } = search;
    const p = new Playout(determinize(view, rng), PLAYOUT_OPTIONS);
    path.length = 0;
    let at = root;
    // selection and expansion, within the round
    while (p.status === 'playing') {
      const legal = p.legalMoves();
      const o = outlookOf(p, deck);
      const { order } = greedyOrder(o, legal);
      // progressive widening: a node first follows the heuristic's best move (its best two in the
      // duel, where the next node is usually the same seat's other turn), then tries more
      const allowed = Math.min(legal.length, at === root ? width : (duel ? 2 : 1) + Math.floor(Math.sqrt(at.visits)));
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
    simulate(p, deck, cap, rng);
    rewards(p, reward);
    for (const n of path) {
      n.visits++;
      n.total += reward[n.mover]!;
    }
  }

  return { name: 'ismcts', chooseMove };
}
