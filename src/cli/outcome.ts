/** One line saying how a game stands: who won, or where it stopped. */
import type { GameState } from '../core/index.js';

/** "Ana wins the game (tokens: Ana 4 · Ben 1 · Cy 2) in round 3." or where an unfinished game stands. */
export function outcomeLine(state: GameState): string {
  const unit = state.scoring === 'rounds' ? 'round wins' : 'tokens';
  const scores = `${unit}: ${state.players.map((p, i) => `${p} ${state.scores[i]}`).join(' · ')}`;
  if (state.status === 'gameOver' && state.winner !== null)
    return `${state.players[state.winner]} wins the game in round ${state.round} (${scores}).`;
  if (state.status === 'roundOver') return `The game is not over: round ${state.round} has ended (${scores}).`;
  return `The game is not over: round ${state.round}, turn ${state.turn.number}, ${state.players[state.turn.seat]} to play (${scores}).`;
}
