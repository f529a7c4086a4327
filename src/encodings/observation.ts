/**
 * The observation tensor of a player view (as OpenSpiel's `observation_tensor`): a `Float32Array`
 * of fixed length per player count of the standard deck, read from the view alone, so every
 * state the seat cannot tell apart observes the same. Seats are relative to the viewer: seat r of
 * the tensor is the viewer's r-th neighbour in turn order (r = 0 is the viewer).
 *
 * With C the cards in use (ascending ids, `slot` = position among them), n players, A areas per
 * seat (2 in the duel, else 1), a card-face pair is `2 × slot + f`, f = 0 when the card shows its
 * first face (`deck.cards[id].faces[0]`), 1 when it shows its second:
 *
 * | block        | size      | content                                                            |
 * |--------------|-----------|--------------------------------------------------------------------|
 * | hand         | 2C        | 1 at each card-face pair of the viewer's hand                      |
 * | hand known   | C         | 1 at the viewer's cards the others know (`view.known[seat]`)       |
 * | others known | (n−1)·2C  | per relative seat 1…n−1, 1 at its publicly known card-face pairs   |
 * | table        | n·A·2C    | per relative seat, per area, 1 at the card-face pairs of its set   |
 * | discard      | C         | 1 at each card of the discard pile                                 |
 * | hand sizes   | n         | per relative seat, the number of cards in hand                     |
 * | scores       | n         | per relative seat, tokens (3–5 players) or round wins (duel)       |
 * | out          | n         | per relative seat, 1 when out this round                           |
 * | turn seat    | n         | one-hot: the relative seat whose turn it is                        |
 * | turn area    | A         | one-hot: the area of the turn                                      |
 * | turn number  | 1         | the turn's number in the round                                     |
 * | starter      | n         | one-hot: the relative seat that started the round                  |
 * | status       | 3         | one-hot: playing, roundOver, gameOver                              |
 * | round        | 1         | the round number                                                   |
 *
 * Counts are raw numbers; {@link observationLayout} lists the blocks with a suggested scale each.
 */
import { type HeldCard, STANDARD_DECK, ArgumentError } from '../core/index.js';
import { describeValue, codedError } from '../core/internal.js';
import type { PlayerView } from '../views/player-view.js';
import { loadView } from '../views/load-view.js';
import { assertStandardDeck, standardLayout, type StandardLayout } from './standard-game.js';

/** Offsets of the blocks for one player count. */
interface ObservationLayout {
  readonly layout: StandardLayout;
  readonly hand: number;
  readonly handKnown: number;
  readonly othersKnown: number;
  readonly table: number;
  readonly discard: number;
  readonly handSizes: number;
  readonly scores: number;
  readonly out: number;
  readonly turnSeat: number;
  readonly turnArea: number;
  readonly turnNumber: number;
  readonly starter: number;
  readonly status: number;
  readonly round: number;
  readonly length: number;
}

const observationLayouts: (ObservationLayout | undefined)[] = [];

/** The block offsets of `players`' observation, computed once (`BAD_ARGUMENT` for a bad player count). */
function blocksOf(players: unknown): ObservationLayout {
  const layout = standardLayout(players);
  const cached = observationLayouts[layout.players];
  if (cached) return cached;
  const C = layout.cards.length;
  const { players: n, areas: A } = layout;
  let at = 0;
  const block = (size: number): number => {
    const start = at;
    at += size;
    return start;
  };
  const o: ObservationLayout = {
    layout,
    hand: block(2 * C),
    handKnown: block(C),
    othersKnown: block((n - 1) * 2 * C),
    table: block(n * A * 2 * C),
    discard: block(C),
    handSizes: block(n),
    scores: block(n),
    out: block(n),
    turnSeat: block(n),
    turnArea: block(A),
    turnNumber: block(1),
    starter: block(n),
    status: block(3),
    round: block(1),
    length: at, // read after every block above: an object literal is evaluated in order
  };
  observationLayouts[n] = o;
  return o;
}

/**
 * The length of {@link observe}'s tensor for a game of `players` with the standard deck: 381 in
 * the duel, 441, 674 and 911 with 3, 4 and 5 players.
 *
 * @param players - 2 to 5.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for any other player count.
 * @example
 * ```ts
 * import { observationLength } from 'dnup/encodings';
 * const batch = new Float32Array(64 * observationLength(4));
 * ```
 */
export function observationLength(players: number): number {
  return blocksOf(players).length;
}

/** One block of the observation tensor, as {@link observationLayout} describes it. */
export interface ObservationBlock {
  /** The block's name: `hand`, `handKnown`, `othersKnown`, `table`, `discard`, `handSizes`, `scores`, `out`, `turnSeat`, `turnArea`, `turnNumber`, `starter`, `status`, `round`. */
  readonly name: ObservationBlockName;
  /** Its first entry in the tensor. */
  readonly offset: number;
  /** Its number of entries. */
  readonly size: number;
  /**
   * A divisor that brings its entries to about [0, 1]: 1 for the blocks of 0s and 1s; the cards in
   * use for hand sizes; the score that wins (4 tokens, 2 round wins); 100 for the turn number and
   * 10 for the round, which have no bound (rules §6), so entries may go past 1. `observe` writes
   * raw numbers: dividing is left to the model.
   */
  readonly scale: number;
  /** True for a block of 0s and 1s (one-hot or a set of card-face pairs). */
  readonly binary: boolean;
}

/** The names of the observation's blocks, in tensor order. */
export type ObservationBlockName =
  | 'hand'
  | 'handKnown'
  | 'othersKnown'
  | 'table'
  | 'discard'
  | 'handSizes'
  | 'scores'
  | 'out'
  | 'turnSeat'
  | 'turnArea'
  | 'turnNumber'
  | 'starter'
  | 'status'
  | 'round';

/** The observation's layout for one player count, as data a program can read. */
export interface ObservationLayoutDescriptor {
  /** The player count it describes: 2 to 5. */
  readonly players: number;
  /** The tensor's length: `observationLength(players)`. */
  readonly length: number;
  /** The cards in use, ascending ids: a card's slot (its index here) places it in the card blocks. */
  readonly cards: readonly number[];
  /** Play areas per seat: 2 in the duel, else 1. */
  readonly areas: number;
  /** The blocks, in tensor order, each right after the one before. */
  readonly blocks: readonly ObservationBlock[];
}

const BLOCK_NAMES: readonly ObservationBlockName[] = [
  'hand',
  'handKnown',
  'othersKnown',
  'table',
  'discard',
  'handSizes',
  'scores',
  'out',
  'turnSeat',
  'turnArea',
  'turnNumber',
  'starter',
  'status',
  'round',
];
const descriptors: (ObservationLayoutDescriptor | undefined)[] = [];

/**
 * The layout of {@link observe}'s tensor for `players` as data: each block's name, offset, size
 * and a suggested scale, so that a program slices the tensor without copying the table of the
 * guide (docs/guides/bot-authors.md, "The observation").
 *
 * @param players - 2 to 5.
 * @returns a frozen descriptor, the same object at every call.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for any other player count.
 * @example
 * ```ts
 * import { observationLayout } from 'dnup/encodings';
 * const x = observe(playerView(state, 1));
 * const scores = observationLayout(3).blocks.find((b) => b.name === 'scores')!;
 * const myTokens = x[scores.offset]; // relative seat 0: the viewer
 * const input = myTokens / scores.scale; // about [0, 1] for a network
 * ```
 */
export function observationLayout(players: number): ObservationLayoutDescriptor {
  const o = blocksOf(players);
  const cached = descriptors[o.layout.players];
  if (cached) return cached;
  const n = o.layout.players;
  const ends = [...BLOCK_NAMES.map((name) => o[name]), o.length];
  const scaleOf: Partial<Record<ObservationBlockName, number>> = {
    handSizes: o.layout.cards.length,
    scores: n === 2 ? 2 : 4,
    turnNumber: 100,
    round: 10,
  };
  const blocks = BLOCK_NAMES.map((name, i) =>
    Object.freeze({
      name,
      offset: ends[i]!,
      size: ends[i + 1]! - ends[i]!,
      scale: scaleOf[name] ?? 1,
      binary: scaleOf[name] === undefined,
    }),
  );
  const d: ObservationLayoutDescriptor = Object.freeze({
    players: n,
    length: o.length,
    cards: Object.freeze(o.layout.cards.slice()),
    areas: o.layout.areas,
    blocks: Object.freeze(blocks),
  });
  descriptors[n] = d;
  return d;
}

/** Throws `BAD_ARGUMENT` unless `out` has room for `length` entries from `offset`. */
export function assertRoom(fn: string, out: unknown, offset: unknown, length: number, kind: string): void {
  if (!(out instanceof (kind === 'Float32Array' ? Float32Array : Uint8Array))) {
    throw new ArgumentError('BAD_ARGUMENT', `${fn} writes into a ${kind}, not into ${describeValue(out)}.`);
  }
  const o = out as Float32Array | Uint8Array;
  if (!Number.isInteger(offset) || (offset as number) < 0 || (offset as number) + length > o.length) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `${fn} needs ${length} entries from the offset, which must be a whole number from 0 to ${o.length - length}, not ${describeValue(offset)}.`,
    );
  }
}

const STATUS_INDEX = { playing: 0, roundOver: 1, gameOver: 2 } as const;

/**
 * The observation tensor of `view`, in the layout of the module comment and
 * docs/guides/bot-authors.md (own hand with both faces, known cards of every hand, table sets by
 * seat and area, discard pile, hand sizes, scores, who is out, turn, starter, status, round), seats
 * relative to the viewer. It reads the view only: every state the view's seat cannot tell apart
 * from the real one observes the same.
 *
 * @param view - a player view (`playerView`), of any seat; one from outside is checked (`loadView`).
 * @param out - where to write it (a batch of many games' observations, say); a new array when left out.
 * @param offset - the first entry of `out` to write (default 0): exactly `observationLength(players)`
 *   entries from there are written, the rest of `out` is left as it was.
 * @returns `out` when given, else a new `Float32Array` of `observationLength(players)` entries.
 * @throws {@link ViewError} `BAD_VIEW` for a view from outside that is broken;
 *   {@link ArgumentError} `BAD_ARGUMENT` for a game of another deck than the standard one, or an
 *   `out` that is not a `Float32Array` with room from `offset`.
 * @example
 * ```ts
 * import { observe, observationLength } from 'dnup/encodings';
 * const x = observe(playerView(state, state.turn.seat));
 * x.length === observationLength(state.players.length); // true
 * const batch = new Float32Array(8 * x.length);
 * observe(playerView(state, 0), batch, 3 * x.length); // game 3 of the batch
 * ```
 */
export function observe(view: PlayerView, out?: Float32Array, offset = 0): Float32Array {
  const v = loadView(view);
  assertStandardDeck(v.deck, 'observe');
  const o = blocksOf(v.players.length);
  if (out !== undefined) assertRoom('observe', out, offset, o.length, 'Float32Array');
  const x = out ?? new Float32Array(o.length);
  try {
    writeObservation(v, x, offset);
    return x;
  } catch (e) {
    throw codedError(e);
  }
}

/** Writes the observation of a trusted view of the standard deck into `x` from `at` (its slice cleared first). */
export function writeObservation(v: PlayerView, x: Float32Array, at: number): void {
  const o = blocksOf(v.players.length);
  const { layout } = o;
  const n = layout.players;
  const A = layout.areas;
  const C = layout.cards.length;
  x.fill(0, at, at + o.length);
  const rel = (seat: number): number => (seat - v.seat + n) % n;
  const pair = (c: HeldCard): number =>
    2 * layout.slot[c.id]! + (c.active === STANDARD_DECK.cards[c.id]!.faces[0] ? 0 : 1);
  for (const c of v.hand) x[at + o.hand + pair(c)] = 1;
  for (let seat = 0; seat < n; seat++) {
    const r = rel(seat);
    for (const c of v.known[seat]!) {
      if (r === 0) x[at + o.handKnown + layout.slot[c.id]!] = 1;
      else x[at + o.othersKnown + (r - 1) * 2 * C + pair(c)] = 1;
    }
    x[at + o.handSizes + r] = v.handSizes[seat]!;
    x[at + o.scores + r] = v.scores[seat]!;
  }
  for (const set of v.table) {
    const base = o.table + (rel(set.seat) * A + set.area) * 2 * C;
    for (const id of set.cards) x[at + base + pair({ id, active: set.value })] = 1;
  }
  for (const id of v.discard) x[at + o.discard + layout.slot[id]!] = 1;
  for (const seat of v.out) x[at + o.out + rel(seat)] = 1;
  x[at + o.turnSeat + rel(v.turn.seat)] = 1;
  x[at + o.turnArea + v.turn.area] = 1;
  x[at + o.turnNumber] = v.turn.number;
  x[at + o.starter + rel(v.starter)] = 1;
  x[at + o.status + STATUS_INDEX[v.status]] = 1;
  x[at + o.round] = v.round;
}
