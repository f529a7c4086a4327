/**
 * Going out and scoring (rules §6): tokens 2/1 and first to 4 with 3–5 players, round wins
 * and first to 2 in the duel. Called once the whole action is over, beaten sets included.
 */
import { appendAll, emit, type Draft } from './draft.js';

/** Tokens that win the game (3–5 players). */
export const TOKENS_TO_WIN = 4;
/** Round wins that win the duel. */
export const ROUNDS_TO_WIN = 2;

/** The score that wins a game of `players` seats (rules §6). */
export function winningScore(players: number): number {
  return players === 2 ? ROUNDS_TO_WIN : TOKENS_TO_WIN;
}

function gain(scores: readonly number[], seat: number, amount: number): readonly number[] {
  const next = scores.slice();
  next[seat] = next[seat]! + amount;
  return next;
}

function endRound(d: Draft): void {
  d.status = 'roundOver';
  emit(d, { type: 'roundEnded', round: d.base.round });
}

function winGame(d: Draft, seat: number): void {
  d.status = 'gameOver';
  d.winner = seat;
  emit(d, { type: 'gameWon', seat });
}

/**
 * If the seat that just acted has emptied its hand, it goes out and scores. Returns true when
 * play of the round stops here (round or game over), false when the turn passes on.
 */
export function settleGoingOut(d: Draft): boolean {
  const seat = d.turn.seat;
  if (d.hands[seat]!.length > 0) return false;
  d.out = appendAll(d.out, [seat]); // concat is a slow generic builtin
  const place = d.out.length;
  emit(d, { type: 'playerOut', seat, place });
  if (d.base.scoring === 'rounds') {
    d.scores = gain(d.scores, seat, 1);
    emit(d, { type: 'roundWon', seat, total: d.scores[seat]! });
    endRound(d);
    if (d.scores[seat]! >= ROUNDS_TO_WIN) winGame(d, seat);
    return true;
  }
  const tokens = place === 1 ? 2 : 1;
  d.scores = gain(d.scores, seat, tokens);
  emit(d, { type: 'tokensGained', seat, tokens, total: d.scores[seat]! });
  if (d.scores[seat]! >= TOKENS_TO_WIN) {
    endRound(d);
    winGame(d, seat);
    return true;
  }
  if (place >= 2) {
    endRound(d);
    return true;
  }
  return false;
}
