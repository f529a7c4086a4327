/**
 * Legal moves grouped or lazy, for big custom decks. A value held k times yields 2^k − 1 play
 * moves (every non-empty subset, rules §5 A), so `legalMoves` on a hand of 20 cards of one
 * value lists 1,048,575 plays. Groups describe them in O(values × sizes) instead, and the
 * generator yields them one by one in canonical order without building the list.
 */
import type { CardId } from '../core/cards.js';
import { mayArrive } from '../core/beaten-sets.js';
import { forEachValueGroup, otherMovesOf } from '../core/legal-moves.js';
import type { Move } from '../core/moves.js';
import type { GameState } from '../core/state.js';
import type { PlayerView } from './player-view.js';
import { positionOfSource } from '../core/check-move.js';
import { IllegalMoveError } from '../core/errors.js';
import type { MoveSource } from '../core/position.js';
import { withSource } from '../core/trust.js';

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
 * C(n, k), exact while it is a safe integer and the nearest double beyond. After step i, r is
 * C(n − k + i, i), an integer, so each step is exact as long as the product stays safe; past
 * that (56 cards of one value and more, only in custom decks) the steps go on in BigInt.
 */
function binomial(n: number, k: number): number {
  const j = Math.min(k, n - k);
  let r = 1;
  for (let i = 1; i <= j; i++) {
    const product = r * (n - j + i); // exact when safe; rounds to ≥ 2^53 when not
    if (product > Number.MAX_SAFE_INTEGER) return bigBinomial(n, j, BigInt(r), i);
    r = product / i;
  }
  return r;
}

/** Finishes {@link binomial} in BigInt from step `from`, where `r` is C(n − k + from − 1, from − 1). */
function bigBinomial(n: number, k: number, r: bigint, from: number): number {
  for (let i = from; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return Number(r);
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
    forEachValueGroup(p.hand, (value, cards) => {
      for (let size = 1; size <= cards.length; size++) {
        plays.push({ value, size, cards, legal: mayArrive(p.table, size, value), count: binomial(cards.length, size) });
      }
    });
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
  const ids = group.cards;
  const m = ids.length;
  const size = group.size;
  if (size < 1 || size > m) return;
  const pick = Array.from({ length: size }, (_, i) => i);
  for (;;) {
    yield { type: 'play', cards: pick.map((i) => ids[i]!) };
    let i = size - 1;
    while (i >= 0 && pick[i] === m - size + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1]! + 1;
  }
}

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
