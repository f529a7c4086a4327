/**
 * The demo: a full game between simple built-in players, printed turn by turn.
 * Usage: node dist/demo.js [seed] [players]
 */
import { apply, createGame, legalMoves, type GameState, type Move } from '../index.js';

/** Prefers the largest play, then an add, then the lowest value; takes or rotates only when stuck. */
function simplePlayer(state: GameState): Move {
  const moves = legalMoves(state);
  let best = moves[moves.length - 1]!;
  let bestScore = -Infinity;
  for (const m of moves) {
    let score = -1000;
    if (m.type === 'play') score = m.cards.length * 10 - (state.hands[state.turn.seat]!.find((c) => c.id === m.cards[0])?.active ?? 0);
    else if (m.type === 'add') score = 5;
    else if (m.type === 'take') score = -50;
    else if (m.type === 'nextRound') score = 0;
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

function describe(before: GameState, after: GameState): string {
  const name = (seat: number) => before.players[seat]!;
  const parts: string[] = [];
  for (const e of after.events) {
    switch (e.type) {
      case 'setPlayed': parts.push(`${name(e.seat)} plays ${e.cards.length}×${e.value} [${e.cards.join(' ')}]`); break;
      case 'cardAdded': parts.push(`${name(e.seat)} adds card ${e.card} to ${name(e.target.seat)}'s ${e.value}s (now ${e.size})`); break;
      case 'setBeaten': parts.push(e.fate === 'returned' ? `beating ${name(e.seat)}'s ${e.cards.length}×${e.value}, back to hand as ${e.returned.map((c) => c.active).join(', ')}` : `beating ${name(e.seat)}'s ${e.cards.length}×${e.value}, discarded`); break;
      case 'setTaken': parts.push(`${name(e.seat)} takes ${name(e.from.seat)}'s ${e.cards.length}×${e.value}, rotated to ${e.cards.map((c) => c.active).join(', ')}`); break;
      case 'handRotated': parts.push(`${name(e.seat)} rotates the hand`); break;
      case 'setDiscarded': parts.push(`(${name(e.seat)}'s ${e.cards.length}×${e.value} is discarded)`); break;
      case 'playerOut': parts.push(`${name(e.seat)} is out (place ${e.place})`); break;
      case 'tokensGained': parts.push(`+${e.tokens} tokens → ${e.total}`); break;
      case 'roundWon': parts.push(`${name(e.seat)} wins the round (${e.total})`); break;
      case 'roundEnded': parts.push(`round ${e.round} over`); break;
      case 'gameWon': parts.push(`${name(e.seat)} WINS THE GAME`); break;
      case 'roundDealt': parts.push(`round ${e.round} dealt, ${name(e.starter)} holds ★`); break;
      default: break;
    }
  }
  return parts.join('; ');
}

const seed = process.argv[2] ?? 'demo';
const players = Number(process.argv[3] ?? 4);
let state = createGame(players, seed);
console.log(`dnup demo — ${players} players, seed "${seed}"; round 1, ${state.players[state.starter]} holds ★`);
while (state.status !== 'gameOver' && state.moveCount < 5000) {
  const before = state;
  const move = simplePlayer(state);
  state = apply(state, move);
  const who = move.type === 'nextRound' ? '' : `${before.players[before.turn.seat]}: `;
  console.log(`${String(state.moveCount).padStart(4)}. ${who}${describe(before, state)}`);
}
console.log(`Scores: ${state.players.map((p, i) => `${p} ${state.scores[i]}`).join(', ')}. Winner: ${state.winner === null ? 'none' : state.players[state.winner]}`);
