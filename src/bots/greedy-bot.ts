/**
 * The `greedy` heuristic: one-ply evaluation of every legal move from what the seat sees. It
 * sheds cards fast (large sets first), counts the turns a hand still needs (its distinct
 * values), likes beating opponents' sets (their cards go back to them), fears its own set being
 * beaten and returned before its next turn (low values, small sets, opponents close to going
 * out), and takes a set or rotates only when that makes the hand better.
 */
import {
  isMove,
  type DeckDefinition,
  type HeldCard,
  type Move,
  type GameState,
  type TableSet,
  seededRandom,
  type RandomSource,
  type Seed,
} from '../core/index.js';
import {
  isRecord,
  readInput,
  trustedDeck,
  withState,
  deckIndex,
  rotatedFrom,
  type DeckIndex,
  randomBelow,
} from '../core/internal.js';
import { BotError } from './errors.js';
import { loadView } from '../views/load-view.js';
import { readBotInput, guarded } from './bot-input.js';
import type { PlayerView } from '../views/player-view.js';
import type { Bot } from './bot.js';

/** What the heuristic reads: the public facts plus the seat's own hand. */
export interface Outlook {
  readonly seat: number;
  readonly hand: readonly HeldCard[];
  readonly table: readonly TableSet[];
  readonly handSizes: readonly number[];
  readonly out: readonly number[];
  /** The deck in use (for the values a card shows once rotated). */
  readonly deck: DeckDefinition;
}

/** The outlook of the seat to play in a full state (for playouts). */
export function outlookOfState(state: GameState): Outlook {
  return withState(state, (s) => outlookOfTrusted(s));
}

/** {@link outlookOfState} of a state the library made (internal: playouts). */
export function outlookOfTrusted(state: GameState): Outlook {
  const seat = state.turn.seat;
  return {
    seat,
    hand: state.hands[seat]!,
    table: state.table,
    handSizes: state.hands.map((h) => h.length),
    out: state.out,
    deck: state.deck,
  };
}

/** The outlook of a view's seat. */
export function outlookOfView(view: PlayerView): Outlook {
  return outlookOf(loadView(view));
}

/** {@link outlookOfView} of a checked view (internal: the bots). */
export function outlookOf(view: PlayerView): Outlook {
  return {
    seat: view.seat,
    hand: view.hand,
    table: view.table,
    handSizes: view.handSizes,
    out: view.out,
    deck: view.deck,
  };
}

/**
 * A slot per card value, so that hands are tallied in typed arrays rather than Maps (playouts
 * score every legal move of every turn): the value itself for the usual small values, else a
 * number given to each value of the deck.
 */
interface ValueSlots {
  readonly maxValue: number;
  readonly direct: boolean;
  readonly slots: Map<number, number>;
  /** The hand's count per value while a position is scored; all zero between calls. */
  readonly counts: Int32Array;
  /** Scratch tally for the rotated hand; all zero between calls. */
  readonly spare: Int32Array;
  /** The value each card of the hand shows, by card id, while a position is scored (stale between calls). */
  readonly shown: Float64Array;
}

const valueSlotsOf = new WeakMap<DeckIndex, ValueSlots>();

function valueSlots(index: DeckIndex): ValueSlots {
  let t = valueSlotsOf.get(index);
  if (t === undefined) {
    let maxValue = 0;
    const slots = new Map<number, number>();
    for (const f of index.faces) {
      if (!f) continue;
      maxValue = Math.max(maxValue, f[0], f[1]);
      for (const v of f) if (!slots.has(v)) slots.set(v, slots.size);
    }
    const direct = maxValue <= 1024;
    const size = direct ? maxValue + 1 : slots.size;
    t = {
      maxValue,
      direct,
      slots,
      counts: new Int32Array(size),
      spare: new Int32Array(size),
      shown: new Float64Array(index.faces.length),
    };
    valueSlotsOf.set(index, t);
  }
  return t;
}

// a value outside the deck (only from a caller's broken outlook) gets -1, an index typed arrays
// ignore: never a named property that would stay on the shared tally
const slot = (t: ValueSlots, value: number): number =>
  t.direct ? (value >= 0 && value <= t.maxValue ? value : -1) : (t.slots.get(value) ?? -1);

const CARD = 10;
const TURN = 6;
/**
 * The score {@link greedyScores} gives a move that empties the hand (rules §6): above any other
 * move's score (those are capped just below it, as a custom deck's plays of hundreds of cards
 * would pass it), so a bot may take such a move at once without searching.
 */
export const GOING_OUT_SCORE = 1000;

/** A score of a move that does not go out, kept below {@link GOING_OUT_SCORE}. */
const stayingIn = (score: number): number => Math.min(score, GOING_OUT_SCORE - 1);

function setOfSize(table: readonly TableSet[], size: number): TableSet | undefined {
  for (const t of table) if (t.cards.length === size) return t;
  return undefined;
}

function setAt(table: readonly TableSet[], seat: number, area: number): TableSet {
  for (const t of table) if (t.seat === seat && t.area === area) return t;
  throw new Error('a legal add or take names a set on the table'); // cannot happen (rules §5 B, C)
}

interface Facts {
  readonly o: Outlook;
  readonly index: DeckIndex;
  readonly tally: ValueSlots;
  /** Distinct active values in the hand. */
  readonly distinct: number;
  /** Fewest cards held by an opponent still in the round. */
  readonly closest: number;
  readonly opponents: number;
}

/** Points for beating `x`: an opponent's set goes back to its hand (our own comes back: {@link backOf}). */
function worthOf(f: Facts, x: TableSet | undefined): number {
  if (x === undefined || x.seat === f.o.seat) return 0;
  if (f.o.out.includes(x.seat)) return 1;
  return x.cards.length * 5 + (f.o.handSizes[x.seat]! <= 2 ? 15 : 0);
}

/** Cards that come back to us when `x`, beaten, is our own set. */
function backOf(f: Facts, x: TableSet | undefined): number {
  return x !== undefined && x.seat === f.o.seat ? x.cards.length : 0;
}

/** How likely our set of `size` showing `value` is to be beaten and sent back before our next turn. */
function risk(f: Facts, size: number, value: number): number {
  const headroom = (f.tally.maxValue - value) / f.tally.maxValue;
  const danger = f.closest <= size ? 1.5 : 1;
  return Math.min(1, headroom * danger * (f.opponents / (size + 1)));
}

function scorePlay(f: Facts, cards: readonly number[]): number {
  const hand = f.o.hand;
  let value = 0;
  for (let i = 0; i < hand.length; i++) {
    if (hand[i]!.id === cards[0]) {
      value = hand[i]!.active;
      break;
    }
  }
  const size = cards.length;
  const beaten = setOfSize(f.o.table, size);
  const back = backOf(f, beaten);
  const left = hand.length - size + back;
  if (left === 0) return GOING_OUT_SCORE;
  const emptiesValue = f.tally.counts[slot(f.tally, value)] === size ? 1 : 0;
  return stayingIn(
    size * CARD + emptiesValue * TURN + worthOf(f, beaten) - back * CARD - risk(f, size, value) * size * CARD * 0.6,
  );
}

function scoreAdd(f: Facts, target: TableSet): number {
  const size = target.cards.length + 1;
  const beaten = setOfSize(f.o.table, size);
  const back = backOf(f, beaten);
  const left = f.o.hand.length - 1 + back;
  if (left === 0) return GOING_OUT_SCORE;
  const emptiesValue = f.tally.counts[slot(f.tally, target.value)] === 1 ? 1 : 0;
  return stayingIn(CARD + emptiesValue * TURN + worthOf(f, beaten) - back * CARD);
}

/** The values that the cards of `target`, taken and rotated (rules §5 C), add to the hand. */
function addedValues(f: Facts, target: TableSet): number {
  const { tally, index } = f;
  let added = 0;
  for (const id of target.cards)
    if (tally.counts[slot(tally, rotatedFrom(index, id, target.value).active)]!++ === 0) added++;
  for (const id of target.cards) tally.counts[slot(tally, rotatedFrom(index, id, target.value).active)]!--;
  return added;
}

function scoreTake(f: Facts, target: TableSet): number {
  return -target.cards.length * CARD - addedValues(f, target) * TURN - 8;
}

/** What rotating the hand (rules §5 D) gives, set by {@link rotation}: values saved, biggest group after. */
const rotated = { saved: 0, biggest: 0 };

/** Tallies the rotated hand into {@link rotated} (module scratch: playouts score every turn). */
function rotation(f: Facts): void {
  const { tally, index } = f;
  let distinct = 0;
  let biggest = 0;
  for (const c of f.o.hand) {
    const n = ++tally.spare[slot(tally, rotatedFrom(index, c.id, c.active).active)]!;
    if (n === 1) distinct++;
    if (n > biggest) biggest = n;
  }
  for (const c of f.o.hand) tally.spare[slot(tally, rotatedFrom(index, c.id, c.active).active)] = 0;
  rotated.saved = f.distinct - distinct;
  rotated.biggest = biggest;
}

/** A rotation's facts into `out` at `at` + 13 (values saved) and + 14 (biggest group after). */
function rotateFacts(f: Facts, out: Float64Array, at: number): void {
  rotation(f);
  out[at + 13] = rotated.saved;
  out[at + 14] = rotated.biggest;
}

function scoreRotate(f: Facts): number {
  rotation(f);
  return rotated.saved * TURN + rotated.biggest - 8;
}

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

/**
 * The facts of an outlook that every move's score reads; tallies the hand into the shared
 * `tally.counts`, which the caller must clear once done (in a `finally`).
 */
function factsOf(o: Outlook): Facts {
  const index = deckIndex(o.deck);
  const tally = valueSlots(index);
  let closest = Infinity;
  let opponents = 0;
  for (let s = 0; s < o.handSizes.length; s++) {
    if (s === o.seat || o.out.includes(s)) continue;
    opponents++;
    closest = Math.min(closest, o.handSizes[s]!);
  }
  let distinct = 0;
  for (const c of o.hand) if (tally.counts[slot(tally, c.active)]!++ === 0) distinct++;
  return { o, index, tally, distinct, closest, opponents };
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

/** Features per move of {@link moveFeatures}. */
export const MOVE_FEATURES = 21;

/** The feature that says a move goes out (rules §6): the last. */
const GOES_OUT = MOVE_FEATURES - 1;

/** The greedy heuristic's facts of a move (the first 16 features), weighed into its score by {@link GREEDY_WEIGHTS}. */
const GREEDY_FACTS = 16;

/** How many of the heuristic's best moves the `montecarlo` bot searches by default (its `candidates`). */
const SEARCHED = 6;

/**
 * The greedy heuristic's score as weights of {@link moveFeatures}: `scoresOf` is this dot product
 * (up to the cap below going out), so a learned playout policy can start from it. The features
 * past the heuristic's facts (the move's place in its order, what the hand keeps) weigh nothing.
 */
export const GREEDY_WEIGHTS: readonly number[] = [
  0,
  0,
  -8,
  -8,
  CARD,
  TURN,
  5,
  15,
  1,
  -CARD,
  -0.6 * CARD,
  0,
  -TURN,
  TURN,
  1,
  0,
  0,
  0,
  0,
  0,
  GOING_OUT_SCORE,
];

/** Scratch space: the greedy score of each move, for its place in the heuristic's order. */
let greedyScratch = new Float64Array(256);

/**
 * The facts behind each move's greedy score, `MOVE_FEATURES` numbers per move from
 * `out[i * MOVE_FEATURES]` (internal: the learned playout policy and its training script): the
 * heuristic's 16 facts; then whether it is the heuristic's best move, whether it lies past the
 * few best that a `montecarlo` bot searches, the cards the hand keeps of a value it plays or adds,
 * the cards left in hand after the move; last, whether it goes out. With `placed` false the two
 * features of the move's place stay 0 (a policy that does not weigh them skips their cost).
 */
export function moveFeatures(o: Outlook, moves: readonly Move[], out: Float64Array, placed = true): void {
  const f = factsOf(o); // tallies the hand: cleared in `finally`
  const { tally } = f;
  out.fill(0, 0, moves.length * MOVE_FEATURES);
  try {
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      const at = i * MOVE_FEATURES;
      let beaten: TableSet | undefined;
      let shed = 0;
      let value = 0;
      if (m.type === 'play') {
        for (const c of o.hand) if (c.id === m.cards[0]) value = c.active;
        shed = m.cards.length;
        beaten = setOfSize(o.table, shed);
        out[at] = 1;
        const held = tally.counts[slot(tally, value)]!;
        out[at + 5] = held === shed ? 1 : 0;
        out[at + 10] = risk(f, shed, value) * shed;
        out[at + 15] = shed === 1 ? 1 : 0;
        out[at + 18] = held - shed;
      } else if (m.type === 'add') {
        const target = setAt(o.table, m.target.seat, m.target.area);
        value = target.value;
        shed = 1;
        beaten = setOfSize(o.table, target.cards.length + 1);
        out[at + 1] = 1;
        const held = tally.counts[slot(tally, value)]!;
        out[at + 5] = held === 1 ? 1 : 0;
        out[at + 18] = held - 1;
      } else if (m.type === 'take') {
        const target = setAt(o.table, m.target.seat, m.target.area);
        out[at + 2] = 1;
        out[at + 4] = -target.cards.length;
        out[at + 12] = addedValues(f, target);
        out[at + 19] = o.hand.length + target.cards.length;
        continue;
      } else if (m.type === 'rotate') {
        out[at + 3] = 1;
        rotateFacts(f, out, at);
        out[at + 19] = o.hand.length;
        continue;
      } else continue;
      const back = backOf(f, beaten);
      out[at + 4] = shed;
      if (beaten !== undefined && beaten.seat !== o.seat) {
        if (o.out.includes(beaten.seat)) out[at + 8] = 1;
        else {
          out[at + 6] = beaten.cards.length;
          out[at + 7] = o.handSizes[beaten.seat]! <= 2 ? 1 : 0;
        }
      }
      out[at + 9] = back;
      out[at + 11] = value / tally.maxValue;
      out[at + 19] = o.hand.length - shed + back;
      if (o.hand.length - shed + back === 0) out[at + GOES_OUT] = 1;
    }
  } finally {
    for (const c of o.hand) tally.counts[slot(tally, c.active)] = 0;
  }
  if (placed) placeInOrder(moves.length, out);
}

/**
 * Features 16 and 17 of every move: whether it is the greedy heuristic's best, and whether it lies
 * past the few best that a `montecarlo` bot searches (places in a stable sort, as the bots sort).
 */
function placeInOrder(count: number, out: Float64Array): void {
  if (greedyScratch.length < count) greedyScratch = new Float64Array(count);
  const scores = greedyScratch;
  for (let i = 0; i < count; i++) {
    const at = i * MOVE_FEATURES;
    let z = GOING_OUT_SCORE;
    if (out[at + GOES_OUT] !== 1) {
      z = 0;
      for (let k = 0; k < GREEDY_FACTS; k++) z += GREEDY_WEIGHTS[k]! * out[at + k]!;
      z = stayingIn(z);
    }
    scores[i] = z;
  }
  const best = placesOf(scores, count);
  out[best * MOVE_FEATURES + 16] = 1;
  if (count > SEARCHED) for (let i = 0; i < count; i++) if (pastSearched(scores[i]!)) out[i * MOVE_FEATURES + 17] = 1;
}

/** The cut of the last {@link placesOf}: the lowest score still searched, and the places left at it. */
const cutOf = { cut: -Infinity, room: 0 };

/**
 * The first of the highest of `count` greedy scores (the heuristic's best); and, where there are
 * more than {@link SEARCHED}, sets up {@link pastSearched} for one pass over the scores in order.
 */
function placesOf(scores: Float64Array, count: number): number {
  let best = 0;
  for (let i = 1; i < count; i++) if (scores[i]! > scores[best]!) best = i;
  if (count <= SEARCHED) return best;
  // the SEARCHED-th highest score, then the moves below it, or at it past the stable sort's cut
  top.fill(-Infinity);
  for (let i = 0; i < count; i++) {
    const z = scores[i]!;
    if (z <= top[SEARCHED - 1]!) continue;
    let k = SEARCHED - 1;
    while (k > 0 && top[k - 1]! < z) {
      top[k] = top[k - 1]!;
      k--;
    }
    top[k] = z;
  }
  const cut = top[SEARCHED - 1]!;
  let room = SEARCHED; // places left at the cut's score, first come first served
  for (let i = 0; i < count; i++) if (scores[i]! > cut) room--;
  cutOf.cut = cut;
  cutOf.room = room;
  return best;
}

/** Whether the move of greedy score `z`, next in order after {@link placesOf}, lies past the searched few. */
function pastSearched(z: number): boolean {
  return z < cutOf.cut || (z === cutOf.cut && cutOf.room-- <= 0);
}

/** Scratch space: the highest scores, highest first. */
const top = new Float64Array(SEARCHED);

/** Scratch space of {@link weighedScores}: per move, the weighed sum of its first 16 features, and features 18 and 19. */
let heads = new Float64Array(256);
let kept = new Float64Array(256);
let left = new Float64Array(256);

/**
 * Each move's score under `w` (one weight per feature but going out) into `scores`, and
 * `Infinity` for a move that goes out: exactly `w` · {@link moveFeatures} (summed in the features'
 * order, skipping those that are 0), without writing the features out (internal: the learned
 * playout policy, which scores every legal move of every turn of its playouts). The features of
 * the move's place are computed only if `w` weighs them.
 */
export function weighedScores(
  o: Outlook,
  moves: readonly Move[],
  w: readonly number[],
  scores: Float64Array | number[],
): void {
  const count = moves.length;
  const placed = w[16] !== 0 || w[17] !== 0;
  if (heads.length < count) {
    heads = new Float64Array(count);
    kept = new Float64Array(count);
    left = new Float64Array(count);
  }
  if (greedyScratch.length < count) greedyScratch = new Float64Array(count);
  const greedy = greedyScratch;
  const f = factsOf(o); // tallies the hand: cleared in `finally`
  const { tally } = f;
  const G = GREEDY_WEIGHTS;
  const shown = tally.shown;
  for (const c of o.hand) shown[c.id] = c.active;
  // a play's score depends on its value and size only, an add's on its target only; the legal
  // moves list the plays of one value and size, and the adds to one set, one after the other
  let kind = 0; // of the move before: 1 a play, 2 an add
  let keyA = 0;
  let keyB = 0;
  try {
    for (let i = 0; i < count; i++) {
      const m = moves[i]!;
      if (
        i > 0 &&
        (m.type === 'play'
          ? kind === 1 && keyA === shown[m.cards[0]!] && keyB === m.cards.length
          : m.type === 'add' && kind === 2 && keyA === m.target.seat && keyB === m.target.area)
      ) {
        heads[i] = heads[i - 1]!;
        kept[i] = kept[i - 1]!;
        left[i] = left[i - 1]!;
        greedy[i] = greedy[i - 1]!;
        continue;
      }
      kind = 0;
      let z = 0; // under w
      let g = 0; // under the greedy weights
      let k18 = 0;
      let k19 = 0;
      if (m.type === 'play' || m.type === 'add') {
        let value = 0;
        let shed: number;
        let beaten: TableSet | undefined;
        let held: number;
        if (m.type === 'play') {
          value = shown[m.cards[0]!]!;
          shed = m.cards.length;
          beaten = setOfSize(o.table, shed);
          held = tally.counts[slot(tally, value)]!;
          z += w[0]!;
          g += G[0]!;
          kind = 1;
          keyA = value;
          keyB = shed;
        } else {
          const target = setAt(o.table, m.target.seat, m.target.area);
          kind = 2;
          keyA = m.target.seat;
          keyB = m.target.area;
          value = target.value;
          shed = 1;
          beaten = setOfSize(o.table, target.cards.length + 1);
          held = tally.counts[slot(tally, value)]!;
          z += w[1]!;
          g += G[1]!;
        }
        const back = backOf(f, beaten);
        k19 = o.hand.length - shed + back;
        if (k19 === 0) {
          greedy[i] = GOING_OUT_SCORE;
          left[i] = -1; // goes out
          continue;
        }
        const empties = held === shed ? 1 : 0;
        let size = 0;
        let close = 0;
        let outSeat = 0;
        if (beaten !== undefined && beaten.seat !== o.seat) {
          if (o.out.includes(beaten.seat)) outSeat = 1;
          else {
            size = beaten.cards.length;
            close = o.handSizes[beaten.seat]! <= 2 ? 1 : 0;
          }
        }
        const risky = m.type === 'play' ? risk(f, shed, value) * shed : 0;
        const height = value / tally.maxValue;
        const single = m.type === 'play' && shed === 1 ? 1 : 0;
        z += w[4]! * shed;
        z += w[5]! * empties;
        z += w[6]! * size;
        z += w[7]! * close;
        z += w[8]! * outSeat;
        z += w[9]! * back;
        z += w[10]! * risky;
        z += w[11]! * height;
        z += w[15]! * single;
        g += G[4]! * shed;
        g += G[5]! * empties;
        g += G[6]! * size;
        g += G[7]! * close;
        g += G[8]! * outSeat;
        g += G[9]! * back;
        g += G[10]! * risky;
        g += G[11]! * height;
        g += G[15]! * single;
        k18 = held - shed;
      } else if (m.type === 'take') {
        const target = setAt(o.table, m.target.seat, m.target.area);
        const added = addedValues(f, target);
        z += w[2]!;
        z += w[4]! * -target.cards.length;
        z += w[12]! * added;
        g += G[2]!;
        g += G[4]! * -target.cards.length;
        g += G[12]! * added;
        k19 = o.hand.length + target.cards.length;
      } else if (m.type === 'rotate') {
        rotation(f);
        z += w[3]!;
        z += w[13]! * rotated.saved;
        z += w[14]! * rotated.biggest;
        g += G[3]!;
        g += G[13]! * rotated.saved;
        g += G[14]! * rotated.biggest;
        k19 = o.hand.length;
      }
      heads[i] = z;
      kept[i] = k18;
      left[i] = k19;
      greedy[i] = stayingIn(g);
    }
  } finally {
    for (const c of o.hand) tally.counts[slot(tally, c.active)] = 0;
  }
  const best = placed ? placesOf(greedy, count) : -1;
  const placing = placed && count > SEARCHED;
  for (let i = 0; i < count; i++) {
    const past = placing && pastSearched(greedy[i]!); // every move in order, as the stable sort counts them
    if (left[i]! < 0) {
      scores[i] = Infinity; // going out cannot be improved on
      continue;
    }
    let z = heads[i]!;
    if (i === best) z += w[16]!;
    if (past) z += w[17]!;
    z += w[18]! * kept[i]!;
    z += w[19]! * left[i]!;
    scores[i] = z;
  }
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
