/**
 * Legal moves grouped or lazy, for big custom decks. A value held k times yields 2^k − 1 play
 * moves (every non-empty subset, rules §5 A), so `legalMoves` on a hand of 20 cards of one
 * value lists 1,048,575 plays. Groups describe them in O(values × sizes) instead, and the
 * generator yields them one by one in canonical order without building the list. Both walk the
 * core's one enumeration of plays (core/play-subsets.ts), the one `legalMoves` lists.
 */
import {
  type CardId,
  type Move,
  type GameState,
  ArgumentError,
  IllegalMoveError,
  type MoveSource,
} from '../core/index.js';
import {
  mayArrive,
  otherMovesOf,
  playCounts,
  pushSubsetPlays,
  runEnd,
  sortHand,
  positionOfSource,
  describeValue,
  isRecord,
  readInput,
  withSource,
} from '../core/internal.js';
import type { PlayerView } from './player-view.js';

/** All plays of `size` cards showing `value` (rules §5 A): every `size`-subset of `cards`. */
export interface PlayGroup {
  readonly value: number;
  readonly size: number;
  /** Every card in hand showing `value`, ids ascending. */
  readonly cards: readonly CardId[];
  /** True when a set of `size` cards of `value` may be played now (no equal or higher set of that size on the table). */
  readonly legal: boolean;
  /** The number of play moves of the group: C(cards.length, size), exact up to 2^53 (the nearest double beyond). */
  readonly count: number;
}

/** The legal moves of a position, plays grouped. */
export interface MoveGroups {
  /** One group per value held and size from 1 to the count of that value; values, then sizes, ascending. */
  readonly plays: readonly PlayGroup[];
  /** Every non-play legal move (adds, takes, rotate, or nextRound), in canonical order. */
  readonly others: readonly Move[];
}

/**
 * The legal moves of the seat to play, with plays grouped per value and size instead of listed
 * per subset. Expanding every legal group with {@link playsOfGroup}, then appending `others`,
 * gives exactly `legalMoves`.
 *
 * @param source - a state, or a player view (a seat that is not to play gets no groups).
 * @example
 * ```ts
 * const { plays, others } = legalMoveGroups(state);
 * const biggest = plays.filter((g) => g.legal).at(-1); // e.g. { value: 7, size: 3, count: 4, ... }
 * ```
 */
export function legalMoveGroups(source: GameState | PlayerView): MoveGroups {
  return withSource(source, groupsOf);
}

function groupsOf(source: MoveSource): MoveGroups {
  const p = positionOfSource(source);
  if (p instanceof IllegalMoveError) return { plays: [], others: [] };
  const plays: PlayGroup[] = [];
  if (p.status === 'playing') {
    const h = sortHand(p.hand);
    for (let from = 0, end = 0; from < h.n; from = end) {
      end = runEnd(h, from);
      const value = h.values[from]!;
      const cards = Array.from(h.ids.subarray(from, end));
      const counts = playCounts(cards.length);
      for (let size = 1; size <= cards.length; size++) {
        plays.push({ value, size, cards, legal: mayArrive(p.table, size, value), count: counts[size - 1]! });
      }
    }
  }
  return { plays, others: otherMovesOf(p) };
}

/**
 * The play moves of one group, lazily, card subsets in lexicographic order (each move's cards ascending).
 *
 * @param group - a group from {@link legalMoveGroups}.
 * @example
 * ```ts
 * for (const move of playsOfGroup(group)) if (good(move)) return move;
 * ```
 */
export function* playsOfGroup(group: PlayGroup): Generator<Move, void, undefined> {
  const read = readInput(group, { depth: 3 });
  const g = read.ok && isRecord(read.value) ? read.value : undefined;
  if (
    !g ||
    !Array.isArray(g.cards) ||
    !g.cards.every((id) => Number.isSafeInteger(id)) ||
    !Number.isSafeInteger(g.size)
  ) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `playsOfGroup needs a group from legalMoveGroups ({ value, size, cards, … }), not ${describeValue(group)}.`,
    );
  }
  // g is readInput's copy: the caller's group may change while the generator is suspended
  const ids = g.cards as number[];
  const size = g.size as number;
  const cursor: number[] = [];
  for (let i = 0; i < size && i < ids.length; i++) cursor.push(i);
  const batch: Move[] = [];
  for (let more = true; more; ) {
    batch.length = 0;
    more = pushSubsetPlays(batch, ids, 0, ids.length, size, cursor, BATCH);
    for (let i = 0; i < batch.length; i++) yield batch[i]!;
  }
}

/** Plays a generator computes ahead: few enough that stopping early wastes nothing much. */
const BATCH = 64;

/**
 * Every legal move of the seat to play, one at a time, in exactly the order of `legalMoves`,
 * without materialising the list (worst case 2^k − 1 plays for k cards of one value).
 *
 * @param source - a state, or a player view.
 * @example
 * ```ts
 * for (const move of iterateLegalMoves(state)) { if (move.type === 'add') { pick(move); break; } }
 * ```
 */
export function* iterateLegalMoves(source: GameState | PlayerView): Generator<Move, void, undefined> {
  const { plays, others } = legalMoveGroups(source);
  for (const g of plays) if (g.legal) yield* playsOfGroup(g);
  yield* others;
}
