/**
 * What letter tokens are worth (3–5 players): each seat's chance to win the game from given
 * token counts, were every seat equally strong (rules §6: the first out gains 2, the second 1,
 * and 4 tokens win at once). A search that scores a round by these chances plays for the game,
 * not for the round: a token that lets a rival reach 4 costs far more than it counts.
 */
import { TOKENS_TO_WIN } from '../core/index.js';

/** Chances per seat, keyed by player count and token counts (at most 4^5 entries each). */
const memo = new Map<number, Float64Array>();

/** The key of `tokens` (each capped at TOKENS_TO_WIN − 1: a seat at the target has won). */
function keyOf(tokens: readonly number[]): number {
  let key = tokens.length;
  for (const t of tokens) key = key * TOKENS_TO_WIN + Math.min(TOKENS_TO_WIN - 1, Math.max(0, t));
  return key;
}

/**
 * Each seat's chance to win the game from `tokens`, no seat having won yet, if every round's
 * first and second out are a uniformly random ordered pair of seats.
 *
 * @param tokens - token counts per seat, each below {@link TOKENS_TO_WIN}.
 * @returns one chance per seat; they sum to 1.
 */
export function winChances(tokens: readonly number[]): Float64Array {
  const key = keyOf(tokens);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const n = tokens.length;
  const chances = new Float64Array(n);
  const pairs = n * (n - 1);
  const next = tokens.map((t) => Math.min(TOKENS_TO_WIN - 1, Math.max(0, t)));
  for (let first = 0; first < n; first++) {
    for (let second = 0; second < n; second++) {
      if (second === first) continue;
      // the first out's 2 tokens can end the game before the second place is played (rules §6)
      if (next[first]! + 2 >= TOKENS_TO_WIN) chances[first]! += 1 / pairs;
      else if (next[second]! + 1 >= TOKENS_TO_WIN) chances[second]! += 1 / pairs;
      else {
        next[first]! += 2;
        next[second]! += 1;
        const later = winChances(next); // every round adds tokens, so this recursion ends
        for (let s = 0; s < n; s++) chances[s]! += later[s]! / pairs;
        next[first]! -= 2;
        next[second]! -= 1;
      }
    }
  }
  memo.set(key, chances);
  return chances;
}
