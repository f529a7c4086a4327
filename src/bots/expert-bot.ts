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
import { type DeckDefinition, type Move, seededRandom, type Seed, TOKENS_TO_WIN } from '../core/index.js';
import { describeValue, deckIndex, randomBelow, randomFrom, seedRng } from '../core/internal.js';
import { readBotInput, positiveWhole, readBotOptions } from './bot-input.js';
import { Playout } from '../search/playout.js';
import { determinize } from '../views/determinize.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';
import { BotError } from './errors.js';
import { winChances } from './game-value.js';
import { pickGreedy, scoresOf } from './greedy-bot.js';
import { GOING_OUT_SCORE } from './greedy-facts.js';
import { outlookOf as outlookOfView, type Outlook } from './outlook.js';
import { greedyOrder, ismctsBot } from './ismcts-bot.js';
import { CUT_WEIGHTS, FEATURES, cutFeatures, strengths } from './expert-model.js';
import { PLAYOUT_WEIGHTS, pickByWeights, sampleByWeights } from './playout-policy.js';
import { RepetitionGuard } from './repetition.js';

/** The share of its time budget a decision aims to end within (as the `ismcts` bot). */
const AIM = 0.95;

/** The playout cap with 4 and 5 players: far past any round of the standard deck (as `montecarlo`'s). */
const ROUND_PLAYED_OUT = 400;

/** The search reads positions, never events. */
const PLAYOUT_OPTIONS = { events: false } as const;

/** Settings of {@link expertBot}. */
export interface ExpertOptions {
  /** Seeds sampling and playouts. */
  readonly seed?: Seed;
  /**
   * Time budget per decision in milliseconds (default 20 when `iterations` is not set). The
   * search aims to end within 95% of it.
   */
  readonly timeMs?: number;
  /**
   * Playouts per decision. With only this set (no `timeMs`), the bot is deterministic for a
   * seed, whatever the machine; with both, the first limit reached stops the search.
   */
  readonly iterations?: number;
  /** How many of the greedy heuristic's best moves race (default 8). */
  readonly candidates?: number;
  /**
   * Chance that a playout player picks a random move instead of its own (default 0.1; 0 where the
   * players draw their moves from the learned policy's softmax, by default at 5 players).
   */
  readonly noise?: number;
  /**
   * Moves after which a playout is cut and judged by the learned model (default three laps of
   * the table with 3 players, 3 moves per seat; 400 with 4 and 5, the round played out). In the
   * duel, the `ismcts` bot's cap (12).
   */
  readonly playoutCap?: number;
  /** The clock, in milliseconds (default `performance.now`); tests inject their own. */
  readonly now?: () => number;
  /**
   * What each racing candidate's playouts start with: `'tree'` a search tree below the candidate,
   * with a node for every seat's move, rivals' moves told apart as the seat sees them; `'race'`
   * greedy players at once. Default: `'tree'` with 3 players, `'race'` with 4 and 5, where the
   * trees were not measured stronger (see the module comment).
   */
  readonly search?: 'tree' | 'race';
  /**
   * UCB1 exploration constant of the trees (rewards are in [0, 1]): default 0.2 below the
   * candidates with 3–5 players, and the `ismcts` bot's 0.7 in the duel.
   */
  readonly exploration?: number;
  /**
   * How the players of a playout choose (3–5 players): `'greedy'` the greedy heuristic,
   * `'learned'` the learned playout policy, weights fitted to the moves of `montecarlo` bots.
   * Default: `'greedy'` with 3 players, `'learned'` with 4 and 5 (see the module comment).
   */
  readonly playoutPolicy?: 'greedy' | 'learned';
  /**
   * How the learned policy's players choose: at 0 each takes the policy's best move (and a random
   * one with chance `noise`); above 0 each draws its move from the policy's softmax at this
   * temperature, 1 being the distribution the weights were fitted as. Default: 1 with 5 players,
   * where drawing was measured stronger (see the module comment), 0 with 3 and 4.
   */
  readonly policyTemperature?: number;
}

/** The greedy heuristic's outlook of the seat to move in a playout. */
function outlookOf(p: Playout, deck: DeckDefinition): Outlook {
  const seat = p.turn.seat;
  const n = p.playerCount;
  const handSizes = new Array<number>(n);
  for (let s = 0; s < n; s++) handSizes[s] = p.handSize(s);
  return { seat, hand: p.hand(seat), table: p.table, handSizes, out: p.out, deck };
}

/** Scratch space of the judgement of a cut playout (at most 5 seats). */
const seats = new Array<number>(5);
const features = new Float64Array(5 * FEATURES);
const strength = new Float64Array(5);

/**
 * What a playout's end is worth to `me` (3–5 players), in [0, 1]: 1 or 0 if the game ended; the
 * chance to win the game that the tokens give (rules §6: 2 to the first out, 1 to the second,
 * 4 win at once) if the round ended; if the playout was cut, that chance expected over the
 * model's places for the seats still in the round.
 */
export function expertValue(p: Playout, me: number): number {
  expertValues(p, one);
  return one[me]!;
}

/** Scratch space of {@link expertValue}. */
const one = new Float64Array(5);

/** {@link expertValue} of every seat at once, into `out` (one entry per seat). */
export function expertValues(p: Playout, out: Float64Array): void {
  const n = p.playerCount;
  out.fill(0, 0, n);
  if (p.winner !== null) {
    out[p.winner] = 1;
    return;
  }
  const tokens = p.scores.slice();
  if (p.status !== 'playing') {
    const c = winChances(tokens);
    for (let s = 0; s < n; s++) out[s] = c[s]!;
    return;
  }
  const count = cutFeatures(p, seats, features);
  strengths(features, count, CUT_WEIGHTS[n as 3 | 4 | 5], strength);
  let total = 0;
  for (let i = 0; i < count; i++) total += strength[i]!;
  if (p.out.length >= 1) {
    // the first place is taken: the second ends the round (rules §6)
    for (let i = 0; i < count; i++) addAfterPlace(tokens, seats[i]!, 1, strength[i]! / total, out);
    return;
  }
  for (let i = 0; i < count; i++) {
    const a = seats[i]!;
    const pa = strength[i]! / total;
    tokens[a]! += 2;
    if (tokens[a]! >= TOKENS_TO_WIN)
      out[a]! += pa; // the game ends there (rules §6)
    else {
      const rest = total - strength[i]!;
      for (let j = 0; j < count; j++) if (j !== i) addAfterPlace(tokens, seats[j]!, 1, (pa * strength[j]!) / rest, out);
    }
    tokens[a]! -= 2;
  }
}

/** Adds to `out`, times `weight`, every seat's chance to win once `seat` gains `gain` tokens and the round ends. */
function addAfterPlace(tokens: number[], seat: number, gain: number, weight: number, out: Float64Array): void {
  tokens[seat]! += gain;
  if (tokens[seat]! >= TOKENS_TO_WIN) out[seat]! += weight;
  else {
    const c = winChances(tokens);
    for (let s = 0; s < tokens.length; s++) out[s]! += weight * c[s]!;
  }
  tokens[seat]! -= gain;
}

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

/**
 * The options of {@link expertBot}, read once and checked.
 *
 * @throws {@link BotError} `BAD_BOT_OPTIONS` for a budget or setting out of range.
 */
function readExpertOptions(options: ExpertOptions): ExpertOptions {
  const settings = readBotOptions<ExpertOptions>('The expert bot', options, ['now']);
  positiveWhole('The expert bot', 'iterations', settings.iterations);
  positiveWhole('The expert bot', 'candidates', settings.candidates);
  positiveWhole('The expert bot', 'playoutCap', settings.playoutCap);
  if (settings.timeMs !== undefined && !(Number.isFinite(settings.timeMs) && settings.timeMs > 0)) {
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's timeMs must be a positive number of milliseconds, not ${describeValue(settings.timeMs)}.`,
      { name: `timeMs = ${describeValue(settings.timeMs)}` },
    );
  }
  if (settings.search !== undefined && settings.search !== 'tree' && settings.search !== 'race')
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's search must be 'tree' or 'race', not ${describeValue(settings.search)}.`,
      { name: `search = ${describeValue(settings.search)}` },
    );
  if (
    settings.playoutPolicy !== undefined &&
    settings.playoutPolicy !== 'greedy' &&
    settings.playoutPolicy !== 'learned'
  )
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's playoutPolicy must be 'greedy' or 'learned', not ${describeValue(settings.playoutPolicy)}.`,
      { name: `playoutPolicy = ${describeValue(settings.playoutPolicy)}` },
    );
  const givenTemperature = settings.policyTemperature;
  if (
    !(
      givenTemperature === undefined ||
      (typeof givenTemperature === 'number' && Number.isFinite(givenTemperature) && givenTemperature >= 0)
    )
  )
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's policyTemperature must be a number from 0 up, not ${describeValue(givenTemperature)}.`,
      { name: `policyTemperature = ${describeValue(givenTemperature)}` },
    );
  const exploration = settings.exploration ?? 0.2;
  if (!(typeof exploration === 'number' && Number.isFinite(exploration) && exploration >= 0))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's exploration must be a number from 0 up, not ${describeValue(exploration)}.`,
      { name: `exploration = ${describeValue(exploration)}` },
    );
  const givenNoise = settings.noise;
  if (!(givenNoise === undefined || (typeof givenNoise === 'number' && givenNoise >= 0 && givenNoise <= 1)))
    throw new BotError(
      'BAD_BOT_OPTIONS',
      `The expert bot's noise must be from 0 to 1, not ${describeValue(givenNoise)}.`,
      { name: `noise = ${describeValue(givenNoise)}` },
    );
  return settings;
}

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
  const rng = seededRandom(settings.seed ?? 'expert');
  const timeMs = settings.timeMs ?? (settings.iterations === undefined ? 20 : Infinity);
  const iterations = settings.iterations ?? Infinity;
  const width = settings.candidates ?? 8;
  const now = settings.now ?? (() => performance.now());
  const givenTemperature = settings.policyTemperature;
  const exploration = settings.exploration ?? 0.2;
  const givenNoise = settings.noise;
  // the duel: the ismcts bot's tree, with the same budget and a seed of its own
  const duel = ismctsBot({
    seed: `${String(settings.seed ?? 'expert')}/duel`,
    ...(settings.timeMs === undefined ? {} : { timeMs: settings.timeMs }),
    ...(settings.iterations === undefined ? {} : { iterations: settings.iterations }),
    ...(settings.candidates === undefined ? {} : { candidates: settings.candidates }),
    ...(settings.playoutCap === undefined ? {} : { playoutCap: settings.playoutCap }),
    ...(settings.exploration === undefined ? {} : { exploration: settings.exploration }),
    noise: givenNoise ?? 0.1,
    now,
  });

  // the duel's bot keeps its own memory of repeated positions
  const repeats = new RepetitionGuard();
  const chooseMove = (view: PlayerView, moves: readonly Move[]): Move => {
    const start = now(); // the budget covers reading the input too
    const input = readBotInput(view, moves); // a view from outside is checked; the moves must be its legal ones
    if (input.view.players.length === 2) return duel.chooseMove(input.view, input.moves) as Move;
    const move = choose(input.view, repeats.fresh(input.view, input.moves), start);
    repeats.chose(input.view, move);
    return move;
  };

  const choose = (view: PlayerView, moves: readonly Move[], start: number): Move => {
    if (moves.length === 1) return moves[0]!;
    const scores = scoresOf(outlookOfView(view), moves);
    const order = moves.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
    if (scores[order[0]!]! >= GOING_OUT_SCORE) return moves[order[0]!]!; // going out now cannot be improved on
    deckIndex(view.deck); // build the deck's lookup table before the clock matters
    const many = view.players.length >= 4;
    const cap = settings.playoutCap ?? (many ? ROUND_PLAYED_OUT : 3 * view.players.length);
    learned =
      (settings.playoutPolicy ?? (many ? 'learned' : 'greedy')) === 'learned'
        ? PLAYOUT_WEIGHTS[view.players.length as 3 | 4 | 5]
        : undefined;
    // drawn from the policy's softmax by default at 5 players only, where it was measured stronger (module comment)
    temperature = learned === undefined ? 0 : (givenTemperature ?? (view.players.length === 5 ? 1 : 0));
    noise = givenNoise ?? (temperature > 0 ? 0 : 0.1);
    return moves[halve(view, moves, order.slice(0, width), start, cap)]!;
  };

  /**
   * Sequential halving at the root (Karnin, Koren and Somekh, ICML 2013), as in the `ismcts`
   * bot: rounds of one sampled world each, every candidate still racing played out from it with
   * the same random stream; at equal shares of the budget the worse half leaves. Returns the
   * index in `moves` of the winner.
   */
  function halve(
    view: PlayerView,
    moves: readonly Move[],
    candidates: readonly number[],
    start: number,
    cap: number,
  ): number {
    const k = candidates.length;
    const total = new Array<number>(k).fill(0);
    const gained = new Array<number>(k).fill(0);
    let active = candidates.map((_, i) => i);
    // trees by default at 3 players only: at 4 and 5 they were not measured stronger than the race
    const trees =
      (settings.search ?? (view.players.length === 3 ? 'tree' : 'race')) === 'tree'
        ? candidates.map(() => treeNode(view.seat))
        : undefined;
    const phases = Math.ceil(Math.log2(k));
    const deadline = start + timeMs * AIM;
    let phase = 0;
    let done = 0;
    let spent = 0;
    let longest = 0;
    let t1 = start;
    race: while (active.length > 1 && done + active.length <= iterations) {
      const t0 = t1;
      const expected = done === 0 ? 0 : Math.max((1.5 * spent * active.length) / done, longest / 2);
      if (t0 + expected > deadline) break;
      const world = determinize(view, rng);
      const stream = seedRng(Math.floor(rng() * 0x7fffffff));
      for (let j = 0; j < active.length; j++) {
        const i = active[j]!;
        const p = new Playout(world, PLAYOUT_OPTIONS);
        p.play(moves[candidates[i]!]!);
        if (trees === undefined) {
          simulate(p, view.deck, cap, randomFrom(stream));
          gained[i] = expertValue(p, view.seat);
        } else gained[i] = descend(p, trees[i]!, view.seat, view.deck, cap, randomFrom(stream));
        if (timeMs !== Infinity) t1 = now();
        // out of time inside a round: the round is dropped, as the candidates' worlds must match
        if (t1 > deadline && j < active.length - 1) break race;
      }
      for (const i of active) total[i]! += gained[i]!;
      const took = t1 - t0;
      spent += took;
      longest = Math.max(longest * 0.9, took);
      done += active.length;
      const progress = Math.max(timeMs === Infinity ? 0 : (t1 - start) / timeMs, done / iterations);
      if (progress >= (phase + 1) / phases) {
        phase++;
        const ranked = [...active].sort((a, b) => total[b]! - total[a]! || a - b);
        active = ranked.slice(0, Math.ceil(active.length / 2)).sort((a, b) => a - b);
      }
    }
    let best = active[0]!;
    for (const i of active) if (total[i]! > total[best]!) best = i;
    return candidates[best]!;
  }

  const values = new Float64Array(5);
  /** The learned policy's weights for the decision under way, or undefined for greedy players (set by `choose`). */
  let learned: readonly number[] | undefined;
  /** The playout players' softmax temperature (0: the policy's best move) and uniform noise, for the decision under way (set by `choose`). */
  let temperature = 0;
  let noise = 0.1;
  const path: TreeNode[] = [];

  /**
   * One iteration below a candidate already played in `p`: down its tree by UCB1 (each seat for
   * itself, max^n; rivals' moves keyed by what the seat sees), one node added, then greedy
   * players to `cap` moves after the candidate; every node on the path is credited. Returns the
   * value to `me`.
   */
  function descend(
    p: Playout,
    root: TreeNode,
    me: number,
    deck: DeckDefinition,
    cap: number,
    random: () => number,
  ): number {
    path.length = 0;
    path.push(root);
    let at = root;
    let depth = 0;
    while (p.status === 'playing' && depth < cap) {
      const legal = p.legalMoves();
      const o = outlookOf(p, deck);
      const { order } = greedyOrder(o, legal);
      const allowed = Math.min(legal.length, 1 + Math.floor(Math.sqrt(at.visits)));
      let chosen: TreeNode | undefined;
      let chosenMove: Move | undefined;
      let best = -Infinity;
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
      for (const [child, m] of logs) {
        child.available++;
        const ucb = child.total / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
        if (ucb > best) {
          best = ucb;
          chosen = child;
          chosenMove = m;
        }
      }
      p.play(chosenMove!);
      path.push(chosen!);
      at = chosen!;
    }
    simulate(p, deck, cap - depth, random);
    expertValues(p, values);
    for (const nd of path) {
      nd.visits++;
      nd.total += values[nd.mover]!;
    }
    return values[me]!;
  }

  /** Greedy players (a little noise) go on for `cap` moves, or to the round's end. */
  function simulate(p: Playout, deck: DeckDefinition, cap: number, random: () => number): void {
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

  return { name: 'expert', chooseMove };
}
