/**
 * A short text picture of a whole position for logs and error reports: status and turn, scores,
 * who is out, the table, the discard pile's size and every hand with active/inactive values.
 */
import { deckIndex, type HeldCard } from '../core/cards.js';
import { ROUNDS_TO_WIN, TOKENS_TO_WIN } from '../core/scoring.js';
import type { GameState } from '../core/state.js';
import { withState } from '../core/trust.js';
import { countWord, ordinal } from './words.js';

/** `6/3#17`: card 17 showing 6, with 3 on its other face. */
function cardText(state: GameState, card: HeldCard): string {
  const faces = deckIndex(state.deck).faces[card.id];
  const inactive = faces ? (faces[0] === card.active ? faces[1] : faces[0]) : '?';
  return `${card.active}/${inactive}#${card.id}`;
}

function statusLine(state: GameState): string {
  const { seat, area, number } = state.turn;
  const where = state.players.length === 2 ? ` (area ${area})` : '';
  if (state.status === 'gameOver') {
    return `Round ${state.round} · game over · ${state.winner === null ? 'no winner' : `${state.players[state.winner]} wins`}`;
  }
  if (state.status === 'roundOver') return `Round ${state.round} · round over after turn ${number} · next: deal round ${state.round + 1} (N)`;
  return `Round ${state.round} · turn ${number} · ${state.players[seat]} to play${where}`;
}

/**
 * Renders a position as a few lines of text. Hand cards read `active/inactive#id`, hands sorted
 * by active value; `>` marks the seat to play.
 *
 * @param state - any game state (legal or not: unknown cards show `?`).
 * @returns lines joined by `\n`, without a final newline.
 *
 * @example
 * ```ts
 * console.log(renderPosition(createGame(['Ana', 'Ben', 'Cy'], 7)));
 * // Round 1 · turn 1 · Ben to play
 * // Scores (tokens, 4 to win): Ana 0 · Ben 0 · Cy 0
 * // …
 * ```
 */
export function renderPosition(state: GameState): string {
  return withState(state, renderIn);
}

function renderIn(state: GameState): string {
  const name = (seat: number): string => state.players[seat] ?? `seat ${seat}`;
  const lines = [statusLine(state)];
  const target = state.scoring === 'rounds' ? `round wins, ${ROUNDS_TO_WIN} to win` : `tokens, ${TOKENS_TO_WIN} to win`;
  lines.push(`Scores (${target}): ${state.players.map((p, i) => `${p} ${state.scores[i]}`).join(' · ')}`);
  if (state.out.length > 0) lines.push(`Out: ${state.out.map((s, i) => `${name(s)} (${ordinal(i + 1)})`).join(', ')}`);
  if (state.table.length === 0) lines.push('Table: empty');
  else {
    lines.push('Table:');
    for (const set of state.table) {
      const area = state.players.length === 2 ? ` area ${set.area}` : '';
      lines.push(`  ${name(set.seat)}${area}: ${countWord(set.cards.length)} ${set.value}${set.cards.length === 1 ? '' : 's'} [cards ${set.cards.join(', ')}]`);
    }
  }
  lines.push(`Discard: ${state.discardCount} card${state.discardCount === 1 ? '' : 's'}`);
  lines.push('Hands:');
  const width = Math.max(...state.players.map((p) => p.length));
  state.hands.forEach((hand, seat) => {
    const mark = state.status === 'playing' && seat === state.turn.seat ? '>' : ' ';
    const cards = hand.slice().sort((a, b) => a.active - b.active || a.id - b.id).map((c) => cardText(state, c));
    lines.push(`${mark} ${name(seat).padEnd(width)} (${hand.length}): ${cards.join(' ') || '—'}`);
  });
  return lines.join('\n');
}
