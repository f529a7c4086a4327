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
 * Counts are raw numbers (scale them as your model likes).
 */
import type { HeldCard } from '../core/cards.js';
import { STANDARD_DECK } from '../core/cards.js';
import { codedError } from '../core/trust.js';
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

function observationLayout(players: unknown): ObservationLayout {
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
  return observationLayout(players).length;
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
 * @returns a new `Float32Array` of `observationLength(players)` entries.
 * @throws {@link ViewError} `BAD_VIEW` for a view from outside that is broken;
 *   {@link ArgumentError} `BAD_ARGUMENT` for a game of another deck than the standard one.
 * @example
 * ```ts
 * import { observe } from 'dnup/encodings';
 * const x = observe(playerView(state, state.turn.seat));
 * x.length === observationLength(state.players.length); // true
 * ```
 */
export function observe(view: PlayerView): Float32Array {
  const v = loadView(view);
  assertStandardDeck(v.deck, 'observe');
  try {
    return observeTrusted(v);
  } catch (e) {
    throw codedError(e);
  }
}

function observeTrusted(v: PlayerView): Float32Array {
  const o = observationLayout(v.players.length);
  const { layout } = o;
  const n = layout.players;
  const A = layout.areas;
  const C = layout.cards.length;
  const x = new Float32Array(o.length);
  const rel = (seat: number): number => (seat - v.seat + n) % n;
  const pair = (c: HeldCard): number =>
    2 * layout.slot[c.id]! + (c.active === STANDARD_DECK.cards[c.id]!.faces[0] ? 0 : 1);
  for (const c of v.hand) x[o.hand + pair(c)] = 1;
  for (let seat = 0; seat < n; seat++) {
    const r = rel(seat);
    for (const c of v.known[seat]!) {
      if (r === 0) x[o.handKnown + layout.slot[c.id]!] = 1;
      else x[o.othersKnown + (r - 1) * 2 * C + pair(c)] = 1;
    }
    x[o.handSizes + r] = v.handSizes[seat]!;
    x[o.scores + r] = v.scores[seat]!;
  }
  for (const set of v.table) {
    const base = o.table + (rel(set.seat) * A + set.area) * 2 * C;
    for (const id of set.cards) x[base + pair({ id, active: set.value })] = 1;
  }
  for (const id of v.discard) x[o.discard + layout.slot[id]!] = 1;
  for (const seat of v.out) x[o.out + rel(seat)] = 1;
  x[o.turnSeat + rel(v.turn.seat)] = 1;
  x[o.turnArea + v.turn.area] = 1;
  x[o.turnNumber] = v.turn.number;
  x[o.starter + rel(v.starter)] = 1;
  x[o.status + STATUS_INDEX[v.status]] = 1;
  x[o.round] = v.round;
  return x;
}
