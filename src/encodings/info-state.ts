/**
 * Information-state keys (as OpenSpiel's `information_state_string`): one string per player view,
 * so that two positions get the same key exactly when their seat sees the same thing.
 */
import { codedError } from '../core/internal.js';
import type { PlayerView } from '../views/player-view.js';
import { loadView } from '../views/load-view.js';

/** JSON with object keys sorted, so that equal data gives equal text whatever its key order. */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (typeof x === 'object' && x !== null) {
    const keys = Object.keys(x).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(x);
}

/**
 * The information-state key of `view`: a string equal for two views exactly when the views are
 * equal, the order of the viewer's own hand aside (a hand's order has no meaning, rules §3). It
 * holds everything the seat sees — its hand with faces, the known cards of every hand, the table,
 * the discard pile, sizes, scores, turn, round, status, the last move and its events — so that
 * positions the seat cannot tell apart share one key (every `determinize` of a view gives it back),
 * and views that differ in anything, if only in one known card, get different keys. The deck is
 * left out of the key: use one key space per deck.
 *
 * It does not have perfect recall, unlike OpenSpiel's `information_state_string`: it keys the view
 * as it is now (with the last move, not the moves before), so two histories that lead a seat to the
 * same view share one key. For perfect recall, join the keys of the seat's views since the start of
 * the game (docs/guides/learning.md).
 *
 * @param view - a player view (`playerView`), of any seat; one from outside is checked (`loadView`).
 * @returns a JSON text (stable across versions of the same view format).
 * @throws {@link ViewError} `BAD_VIEW` for a view from outside that is broken.
 * @example
 * ```ts
 * import { infoStateKey } from 'dnup/encodings';
 * const visits = new Map<string, number>();
 * const key = infoStateKey(playerView(state, 0));
 * visits.set(key, (visits.get(key) ?? 0) + 1);
 * ```
 */
export function infoStateKey(view: PlayerView): string {
  const v = loadView(view);
  try {
    const { deck: _deck, format: _format, hand, ...rest } = v;
    const sorted = hand.slice().sort((a, b) => a.id - b.id);
    return canonical({ ...rest, hand: sorted });
  } catch (e) {
    throw codedError(e);
  }
}
