/**
 * How a playout's round went for each seat, in [0, 1], as the `ismcts` bot's search credits it:
 * the game's result, the duel's round, or the chance to win the game that the round's tokens give
 * (rules §6); a playout cut short is judged by the turns each hand still needs.
 */
import { type HeldCard, TOKENS_TO_WIN } from '../core/index.js';
import type { Playout } from '../search/playout.js';
import { winChances } from './game-value.js';

/**
 * Each seat's reward for how the round went, in [0, 1]: the game's winner gets 1; in the duel,
 * the seat out first; with tokens, its chance to win the game from the tokens after the round
 * ({@link winChances}), so that a token that takes a rival to 4 counts as the loss it is. A
 * playout cut before the round's end is judged by the turns each hand still needs
 * ({@link turnsNeeded}): in the duel against the rival's, with tokens by the places it predicts
 * (seats already out keep theirs; the others go out in order of need, the seat that moves
 * sooner first at equal need).
 */
export function rewards(p: Playout, out: number[]): void {
  const n = p.playerCount;
  if (p.winner !== null) {
    for (let s = 0; s < n; s++) out[s] = s === p.winner ? 1 : 0;
    return;
  }
  if (n === 2) {
    if (p.status === 'playing') {
      const need = [0, 1].map((s) => turnsNeeded(p.hand(s)));
      for (let s = 0; s < 2; s++) out[s] = 0.5 + Math.max(-0.5, Math.min(0.5, (need[1 - s]! - need[s]!) / 4));
    } else for (let s = 0; s < n; s++) out[s] = p.out[0] === s ? 1 : 0;
    return;
  }
  // 3–5 players: the tokens after the round, predicted if it was cut (seats already out keep
  // theirs, the others go out in order of need), valued by the chances they give to win the game
  const tokens = p.scores.slice();
  if (p.status === 'playing') {
    const waiting: number[] = [];
    const need = new Array<number>(n);
    for (let s = 0; s < n; s++) {
      if (p.out.includes(s)) continue;
      need[s] = turnsNeeded(p.hand(s));
      waiting.push(s);
    }
    // at equal need, the seat that moves sooner goes out sooner
    const soon = (s: number) => (s - p.turn.seat + n) % n;
    waiting.sort((a, b) => need[a]! - need[b]! || soon(a) - soon(b));
    for (let place = p.out.length, i = 0; place < 2 && i < waiting.length; place++, i++) {
      const s = waiting[i]!;
      tokens[s]! += place === 0 ? 2 : 1;
      if (tokens[s]! >= TOKENS_TO_WIN) {
        for (let r = 0; r < n; r++) out[r] = r === s ? 1 : 0; // the game ends there (rules §6)
        return;
      }
    }
  }
  const chances = winChances(tokens);
  for (let s = 0; s < n; s++) out[s] = chances[s]!;
}

/** Distinct active values in a hand, plus a little per card: about the turns it needs to go out. */
function turnsNeeded(hand: readonly HeldCard[]): number {
  let distinct = 0;
  for (let i = 0; i < hand.length; i++) {
    let first = true;
    for (let j = 0; j < i; j++) if (hand[j]!.active === hand[i]!.active) first = false;
    if (first) distinct++;
  }
  return distinct + hand.length / 10;
}
