/**
 * The features of one legal move, read from the mover's view: what the move does to the hand and
 * the table, in the card-face pairs of the observation (src/encodings/observation.ts), so that a
 * network scores each move by the change it makes rather than by an index of the action space.
 *
 * With C the cards in use, n players and A areas per seat (rules §1):
 *
 * | block      | size | content                                                             |
 * |------------|------|---------------------------------------------------------------------|
 * | lost       | 2C   | 1 at each card-face pair that leaves the hand (a play, an add, a rotation) |
 * | gained     | 2C   | 1 at each card-face pair that enters it (a take turned over, a rotation) |
 * | kind       | 5    | one-hot: play, add, take, rotate, nextRound                         |
 * | seat       | n    | one-hot: the target's seat relative to the mover (a play: the mover) |
 * | area       | A    | one-hot: the target's area (a play: the turn's area)                |
 * | size       | 1    | cards in the set the move makes, grows or takes, ÷ 10               |
 * | value      | 1    | that set's value ÷ 10                                               |
 * | hand after | 1    | cards in the mover's hand after the move ÷ 10                       |
 * | beaten     | n    | one-hot: the owner (relative seat) of the set the move beats, if any |
 *
 * A beaten set goes back, turned over, to its owner's hand unless they are out (rules §5): when the
 * owner is the mover (the duel's other area, or a set an add beats), its cards count as gained.
 */
import { STANDARD_DECK, type HeldCard, type Move } from '../core/index.js';
import type { PlayerView } from '../views/player-view.js';
import { standardLayout, type StandardLayout } from '../encodings/standard-game.js';

/** The offsets of the blocks above for one player count. */
interface FeatureLayout {
  readonly layout: StandardLayout;
  readonly lost: number;
  readonly gained: number;
  readonly kind: number;
  readonly seat: number;
  readonly area: number;
  readonly size: number;
  readonly value: number;
  readonly handAfter: number;
  readonly beaten: number;
  readonly length: number;
}

const featureLayouts: (FeatureLayout | undefined)[] = [];

/** The feature layout of `players` (2 to 5), computed once. */
function featuresOf(players: number): FeatureLayout {
  const cached = featureLayouts[players];
  if (cached) return cached;
  const layout = standardLayout(players);
  const C = layout.cards.length;
  const kind = 4 * C;
  const seat = kind + 5;
  const area = seat + players;
  const size = area + layout.areas;
  const f: FeatureLayout = {
    layout,
    lost: 0,
    gained: 2 * C,
    kind,
    seat,
    area,
    size,
    value: size + 1,
    handAfter: size + 2,
    beaten: size + 3,
    length: size + 3 + players,
  };
  featureLayouts[players] = f;
  return f;
}

/** The number of features of a move in a game of `players` (2 to 5). */
export function moveFeatureLength(players: number): number {
  return featuresOf(players).length;
}

const KIND = { play: 0, add: 1, take: 2, rotate: 3, nextRound: 4 } as const;

/** The card-face pair of card `id` showing `active`. */
function pair(layout: StandardLayout, id: number, active: number): number {
  return 2 * layout.slot[id]! + (active === STANDARD_DECK.cards[id]!.faces[0] ? 0 : 1);
}

/** The value card `id` shows once turned over from showing `active` (rules §5, the golden rule). */
function turned(id: number, active: number): number {
  const [a, b] = STANDARD_DECK.cards[id]!.faces;
  return active === a ? b! : a!;
}

function heldCard(hand: readonly HeldCard[], id: number): HeldCard | undefined {
  for (let i = 0; i < hand.length; i++) if (hand[i]!.id === id) return hand[i];
  return undefined;
}

/**
 * Writes the features of `move`, legal for the seat to play in the trusted view `v` of the
 * standard deck, into `x` from `at` (its slice cleared first).
 */
export function writeMoveFeatures(v: PlayerView, move: Move, x: Float32Array, at: number): void {
  const n = v.players.length;
  const f = featuresOf(n);
  const { layout } = f;
  x.fill(0, at, at + f.length);
  x[at + f.kind + KIND[move.type]] = 1;
  const hand = v.hand;
  const rel = (seat: number): number => (seat - v.seat! + n) % n;
  let size = 0;
  let value = 0;
  let handAfter = hand.length;
  switch (move.type) {
    case 'play': {
      for (const id of move.cards) {
        const c = heldCard(hand, id);
        if (c) {
          x[at + f.lost + pair(layout, id, c.active)] = 1;
          value = c.active;
        }
      }
      size = move.cards.length;
      handAfter -= size;
      x[at + f.seat] = 1;
      x[at + f.area + v.turn.area] = 1;
      break;
    }
    case 'add': {
      const c = heldCard(hand, move.card);
      if (c) x[at + f.lost + pair(layout, c.id, c.active)] = 1;
      const set = v.table.find((y) => y.seat === move.target.seat && y.area === move.target.area);
      size = (set?.cards.length ?? 0) + 1;
      value = set?.value ?? c?.active ?? 0;
      handAfter -= 1;
      x[at + f.seat + rel(move.target.seat)] = 1;
      x[at + f.area + move.target.area] = 1;
      break;
    }
    case 'take': {
      const set = v.table.find((y) => y.seat === move.target.seat && y.area === move.target.area);
      if (set) {
        for (const id of set.cards) x[at + f.gained + pair(layout, id, turned(id, set.value))] = 1;
        size = set.cards.length;
        value = set.value;
        handAfter += size;
      }
      x[at + f.seat + rel(move.target.seat)] = 1;
      x[at + f.area + move.target.area] = 1;
      break;
    }
    case 'rotate':
      for (const c of hand) {
        x[at + f.lost + pair(layout, c.id, c.active)] = 1;
        x[at + f.gained + pair(layout, c.id, turned(c.id, c.active))] = 1;
      }
      break;
    default:
      break;
  }
  if (move.type === 'play' || move.type === 'add') {
    // the set of the new size that the grown or played set beats (rules §5 A, B)
    const target =
      move.type === 'add' ? v.table.find((y) => y.seat === move.target.seat && y.area === move.target.area) : undefined;
    const beaten = v.table.find((y) => y !== target && y.cards.length === size);
    if (beaten) {
      x[at + f.beaten + rel(beaten.seat)] = 1;
      if (beaten.seat === v.seat && !v.out.includes(beaten.seat)) {
        for (const id of beaten.cards) x[at + f.gained + pair(layout, id, turned(id, beaten.value))] = 1;
        handAfter += beaten.cards.length;
      }
    }
  }
  x[at + f.size] = size / 10;
  x[at + f.value] = value / 10;
  x[at + f.handAfter] = handAfter / 10;
}
