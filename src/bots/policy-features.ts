/**
 * The learned playout policy's features of a move: the greedy heuristic's facts, the move's place
 * in its order and what the hand keeps, and the fast scorer that weighs them without writing them
 * out (`weighedScores`, which playouts call at every turn).
 */
import type { Move, TableSet } from '../core/index.js';
import {
  addedValues,
  backOf,
  CARD,
  factsOf,
  GOING_OUT_SCORE,
  risk,
  rotateFacts,
  rotated,
  rotation,
  setAt,
  setOfSize,
  slot,
  stayingIn,
  TURN,
} from './greedy-facts.js';
import type { Outlook } from './outlook.js';

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
