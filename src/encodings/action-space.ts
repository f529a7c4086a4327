/**
 * A fixed action space per player count of the standard deck, for learning agents (as OpenSpiel's
 * `num_distinct_actions`, `legal_actions_mask`): every move of the rules (§5) is one index, the
 * same index in every position, and every legal move of a position has exactly one index.
 *
 * Layout, with C the cards in use (ascending ids, rules §3.1), A the areas per seat (2 in the duel,
 * else 1) and T = players × A the play areas (area `seat × A + area`):
 *
 * | block       | size               | index within the block                                      |
 * |-------------|--------------------|-------------------------------------------------------------|
 * | single play | C                  | the card's slot (its position among the cards in use)      |
 * | multi play  | Σᵥ (2^kᵥ − 1 − kᵥ) | value v = 1…10 in turn; within v, the rank of the card set  |
 * |             |                    | (a bitmask over the kᵥ cards in use with face v, ascending  |
 * |             |                    | ids) among the masks of at least 2 bits, by mask ascending  |
 * | add         | C × T              | slot × T + target area                                      |
 * | take        | T                  | target area                                                 |
 * | rotate      | 1                  |                                                             |
 * | nextRound   | 1                  |                                                             |
 *
 * A play is its card set: one card is a single play whatever face it shows; two cards or more share
 * exactly one face (two cards of the standard deck never show the same pair), so they belong to
 * exactly one value's block. Adds and takes name every area, one's own too: the mask rules out the
 * ones the rules forbid.
 */
import {
  type CardId,
  ArgumentError,
  IllegalMoveError,
  type Move,
  type MoveSource,
  type GameState,
} from '../core/index.js';
import {
  legalMovesTrusted,
  positionOfSource,
  describeValue,
  isRecord,
  readInput,
  movesOf,
  ownMove,
  codedError,
  isIssued,
  isIssuedView,
  trustedSource,
} from '../core/internal.js';
import { loadView } from '../views/load-view.js';
import { assertRoom } from './observation.js';
import { assertStandardDeck, standardLayout, type StandardLayout } from './standard-game.js';

/** One player count's action space: block offsets and the multi-play tables. */
interface ActionSpace {
  readonly layout: StandardLayout;
  /** Areas on the table: players × areas per seat. */
  readonly targets: number;
  /** The first multi play: right after the C single plays. */
  readonly multiBase: number;
  /** `valueBase[v]`: the first index of value v's multi plays. */
  readonly valueBase: readonly number[];
  readonly addBase: number;
  readonly takeBase: number;
  readonly rotate: number;
  readonly nextRound: number;
  readonly count: number;
}

/** Masks of at least 2 bits over k cards, ascending, and their ranks (k ≤ 8 with the standard deck). */
const masksOf: number[][] = [];
const rankOf: Int32Array[] = [];
for (let k = 0; k <= 8; k++) {
  const masks: number[] = [];
  const rank = new Int32Array(1 << k).fill(-1);
  for (let m = 1; m < 1 << k; m++) if ((m & (m - 1)) !== 0) rank[m] = masks.push(m) - 1;
  masksOf.push(masks);
  rankOf.push(rank);
}

const spaces: (ActionSpace | undefined)[] = [];

function spaceOf(players: unknown): ActionSpace {
  const layout = standardLayout(players);
  const cached = spaces[layout.players];
  if (cached) return cached;
  const C = layout.cards.length;
  const targets = layout.players * layout.areas;
  const multiBase = C;
  const valueBase: number[] = [];
  let next = multiBase;
  for (let v = 0; v <= 10; v++) {
    valueBase.push(next);
    next += masksOf[layout.byValue[v]!.length]!.length;
  }
  const addBase = next;
  const takeBase = addBase + C * targets;
  const rotate = takeBase + targets;
  const space: ActionSpace = {
    layout,
    targets,
    multiBase,
    valueBase,
    addBase,
    takeBase,
    rotate,
    nextRound: rotate + 1,
    count: rotate + 2,
  };
  spaces[layout.players] = space;
  return space;
}

function notAnAction(what: string, players: number): ArgumentError {
  return new ArgumentError(
    'BAD_ARGUMENT',
    `${what} is not a move of a ${players}-player game with the standard deck (rules §5).`,
  );
}

/** The target area's number, or -1 when the seat or area does not exist. */
function targetOf(s: ActionSpace, seat: number, area: number): number {
  const { players, areas } = s.layout;
  return seat >= 0 && seat < players && area >= 0 && area < areas ? seat * areas + area : -1;
}

/** The index of a move already read into the library's own copy. */
function indexOf(s: ActionSpace, m: Move): number {
  const { layout } = s;
  const n = layout.players;
  switch (m.type) {
    case 'rotate':
      return s.rotate;
    case 'nextRound':
      return s.nextRound;
    case 'take': {
      const t = targetOf(s, m.target.seat, m.target.area);
      if (t < 0) throw notAnAction(`Taking from seat ${m.target.seat}, area ${m.target.area}`, n);
      return s.takeBase + t;
    }
    case 'add': {
      const t = targetOf(s, m.target.seat, m.target.area);
      const slot = m.card >= 0 && m.card < layout.slot.length ? layout.slot[m.card]! : -1;
      if (t < 0 || slot < 0)
        throw notAnAction(`Adding card ${m.card} to seat ${m.target.seat}, area ${m.target.area}`, n);
      return s.addBase + slot * s.targets + t;
    }
    case 'play': {
      const cards = m.cards;
      const inUse = (id: CardId): boolean => id >= 0 && id < layout.slot.length && layout.slot[id]! >= 0;
      if (cards.length === 1 && inUse(cards[0]!)) return layout.slot[cards[0]!]!;
      if (cards.length >= 2 && cards.every(inUse)) {
        for (let v = 1; v <= 10; v++) {
          const ofValue = layout.byValue[v]!;
          let mask = 0;
          let ok = true;
          for (const id of cards) {
            const bit = ofValue.indexOf(id);
            if (bit < 0 || (mask & (1 << bit)) !== 0) {
              ok = false;
              break;
            }
            mask |= 1 << bit;
          }
          if (ok) return s.valueBase[v]! + rankOf[ofValue.length]![mask]!;
        }
      }
      throw notAnAction(`Playing the cards ${describeValue(cards)}`, n);
    }
  }
}

/** The move at index `i`, or `BAD_ARGUMENT` when `i` is not an index of the space. */
function moveAt(s: ActionSpace, i: unknown): Move {
  if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= s.count) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `The action index must be a whole number from 0 to ${s.count - 1} for ${s.layout.players} players, not ${describeValue(i)}.`,
    );
  }
  const index = i as number;
  const { layout, targets } = s;
  const area = (t: number) => ({ seat: Math.floor(t / layout.areas), area: t % layout.areas });
  if (index < s.multiBase) return { type: 'play', cards: [layout.cards[index]!] };
  if (index < s.addBase) {
    let v = 10;
    while (s.valueBase[v]! > index) v--;
    const ofValue = layout.byValue[v]!;
    const mask = masksOf[ofValue.length]![index - s.valueBase[v]!]!;
    return { type: 'play', cards: ofValue.filter((_, bit) => (mask & (1 << bit)) !== 0) };
  }
  if (index < s.takeBase) {
    const k = index - s.addBase;
    return { type: 'add', card: layout.cards[Math.floor(k / targets)]!, target: area(k % targets) };
  }
  if (index < s.rotate) return { type: 'take', target: area(index - s.takeBase) };
  return index === s.rotate ? { type: 'rotate' } : { type: 'nextRound' };
}

/**
 * A source as the encodings may read it, checked in full unless the library handed it out: a state
 * as every function checks one from outside, a view as `loadView` checks it (every field, and a
 * reachable state that shows it; `observe` and `infoStateKey` do the same). Not only the part of a
 * view the rules read, as `legalMoves` does: the action space is the view's player count, which only
 * the full check ties to the rest of the view (a view whose seat list names one player twice is the
 * sound part of a view of one more player).
 */
function encodedSource(source: unknown): MoveSource {
  if (isIssued(source) || isIssuedView(source)) return trustedSource(source); // checked against its seal
  const read = readInput(source); // once: the checks below read the plain copy
  if (!read.ok) return trustedSource(source); // the coded error of an unreadable input
  if (isRecord(read.value) && read.value.format === 'dnup-view') return loadView(read.value);
  return trustedSource(read.value);
}

/** Runs `f` on the checked form of `source` (see {@link encodedSource}), turning anything unexpected into a coded error. */
function withEncodedSource<T>(source: unknown, f: (s: MoveSource) => T): T {
  const s = encodedSource(source);
  try {
    return f(s);
  } catch (e) {
    throw codedError(e);
  }
}

/** The trusted source's player count, once its deck is known to be the standard one. */
function standardPlayers(source: MoveSource, fn: string): number {
  assertStandardDeck(source.deck, fn);
  return source.players.length;
}

/**
 * The size of the fixed action space of a game of `players` with the standard deck: 458 in the
 * duel, 695, 1640 and 2717 with 3, 4 and 5 players (layout in the module comment and
 * docs/guides/bot-authors.md).
 *
 * @param players - 2 to 5.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for any other player count.
 * @example
 * ```ts
 * import { actionCount } from 'dnup/encodings';
 * const logits = new Float32Array(actionCount(4));
 * ```
 */
export function actionCount(players: number): number {
  return spaceOf(players).count;
}

/**
 * The index of `move` in the action space of `players` with the standard deck, whether or not it is
 * legal in some position (the mask says that): a play by its card set, an add by card and target
 * area, a take by target area, then rotate and nextRound.
 *
 * @param move - a move (the order of a play's cards does not matter).
 * @param players - 2 to 5.
 * @returns an index from 0 to `actionCount(players) - 1`.
 * @throws {@link IllegalMoveError} `MALFORMED_MOVE` for anything that is not a move;
 *   {@link ArgumentError} `BAD_ARGUMENT` for a bad player count or a move no game of that many
 *   players has (a card not in use, a play of cards sharing no face, a seat that does not exist).
 * @example
 * ```ts
 * import { actionIndex, moveOfAction } from 'dnup/encodings';
 * const i = actionIndex({ type: 'rotate' }, 3);
 * moveOfAction(state, i); // { type: 'rotate' }
 * ```
 */
export function actionIndex(move: Move, players: number): number {
  const s = spaceOf(players);
  const own = ownMove(move);
  if (own instanceof IllegalMoveError) throw own;
  return indexOf(s, own);
}

/**
 * The move at `index` of the action space of `source`'s game: the inverse of {@link actionIndex}
 * (a play lists its cards ascending, as `legalMoves` does). It does not judge the move: take it from
 * an index the {@link legalActionMask} allows.
 *
 * @param source - a state, or a player view (of any seat). One the library did not hand out is
 *   checked in full first: a state as `loadState` checks it, a view as `loadView` does.
 * @param index - from 0 to `actionCount(players) - 1`.
 * @returns a new plain move.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for an index out of range or a game of another deck;
 *   {@link PositionError} for a state from outside that the rules cannot reach;
 *   {@link ViewError} `BAD_VIEW` or `INCONSISTENT_VIEW` for such a view.
 * @example
 * ```ts
 * import { legalActionMask, moveOfAction } from 'dnup/encodings';
 * const mask = legalActionMask(state);
 * const move = moveOfAction(state, mask.indexOf(1));
 * const next = apply(state, move);
 * ```
 */
export function moveOfAction(source: MoveSource, index: number): Move {
  return withEncodedSource(source, (s) => moveAt(spaceOf(standardPlayers(s, 'moveOfAction')), index));
}

/**
 * The legal-action mask of `source`: 1 at the index of every legal move (`legalMoves`), 0
 * elsewhere; empty of ones when the game is over or a view's seat is not to play. Between rounds
 * (`status: 'roundOver'`) the rules let any seat deal the next round (rules §8), but the mask gives
 * `nextRound` to the seat to act (`turn.seat`) only, so that one agent acts per step; the views of
 * the other seats get a mask of zeros.
 *
 * @param source - a state, or the player view of the seat to play. One the library did not hand
 *   out is checked in full first: a state as `loadState` checks it, a view as `loadView` does.
 * @param out - where to write it (a batch of many games' masks, say); a new array when left out.
 * @param offset - the first entry of `out` to write (default 0): exactly `actionCount(players)`
 *   entries from there are written, the rest of `out` is left as it was.
 * @returns `out` when given, else a new `Uint8Array` of `actionCount(players)` entries.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for a game of another deck than the standard one,
 *   or an `out` that is not a `Uint8Array` with room from `offset`;
 *   {@link PositionError} for a state from outside that the rules cannot reach;
 *   {@link ViewError} `BAD_VIEW` or `INCONSISTENT_VIEW` for such a view.
 * @example
 * ```ts
 * import { actionCount, legalActionMask } from 'dnup/encodings';
 * const mask = legalActionMask(playerView(state, state.turn.seat));
 * const legal = [...mask.keys()].filter((i) => mask[i] === 1);
 * const masks = new Uint8Array(16 * actionCount(4));
 * legalActionMask(state, masks, 5 * actionCount(4)); // game 5 of a batch of 16
 * ```
 */
export function legalActionMask(source: MoveSource, out?: Uint8Array, offset = 0): Uint8Array {
  return withEncodedSource(source, (s) => {
    const space = spaceOf(standardPlayers(s, 'legalActionMask'));
    if (out !== undefined) assertRoom('legalActionMask', out, offset, space.count, 'Uint8Array');
    const mask = out ?? new Uint8Array(space.count);
    let moves: Move[];
    if (s.format !== 'dnup-view') moves = legalMovesTrusted(s);
    else if (s.status === 'roundOver' && s.seat !== s.turn.seat) moves = [];
    else {
      const p = positionOfSource(s);
      moves = p instanceof IllegalMoveError ? [] : movesOf(p);
    }
    writeMask(space, moves, mask, offset);
    return mask;
  });
}

/** Writes the mask of `moves` into `mask` from `at` (its slice cleared first). */
function writeMask(space: ActionSpace, moves: readonly Move[], mask: Uint8Array, at: number): void {
  mask.fill(0, at, at + space.count);
  for (const m of moves) mask[at + indexOf(space, m)] = 1;
}

/**
 * The legal moves of a trusted state of the standard deck as action indices, ascending, with its
 * mask written into `mask` from `at`: the environment's fast path (no check of the state).
 */
export function legalActionsOf(state: GameState, moves: readonly Move[], mask: Uint8Array, at: number): number[] {
  const space = spaceOf(state.players.length);
  writeMask(space, moves, mask, at);
  const actions = moves.map((m) => indexOf(space, m));
  return actions.sort((a, b) => a - b);
}

/** The move at `index` for a game of `players` (the environment's fast path), or `BAD_ARGUMENT` out of range. */
export function moveOfIndex(players: number, index: unknown): Move {
  return moveAt(spaceOf(players), index);
}
