/**
 * A short text picture of a whole position for logs and error reports: status and turn, scores,
 * who is out, the table, the discard pile's size and every hand with active/inactive values.
 */
import type { HeldCard, GameState } from '../core/index.js';
import { deckIndex, winningScore, withState } from '../core/internal.js';
import { catalogue } from './localize.js';
import type { Locale, PositionWords } from './types.js';

/** `6/3#17`: card 17 showing 6, with 3 on its other face. */
function cardText(state: GameState, card: HeldCard): string {
  const faces = deckIndex(state.deck).faces[card.id];
  const inactive = faces ? (faces[0] === card.active ? faces[1] : faces[0]) : '?';
  return `${card.active}/${inactive}#${card.id}`;
}

function statusLine(state: GameState, words: PositionWords): string {
  const { seat, area, number } = state.turn;
  if (state.status === 'gameOver')
    return words.gameOver(state.round, state.players[state.winner] ?? words.seat(state.winner));
  if (state.status === 'roundOver') return words.roundOver(state.round, number);
  return words.playing(
    state.round,
    number,
    state.players[seat] ?? words.seat(seat),
    state.players.length === 2 ? area : null,
  );
}

/**
 * Renders a position as a few lines of text. Hand cards read `active/inactive#id`, hands sorted
 * by active value; `>` marks the seat to play.
 *
 * @param state - any game state (legal or not: unknown cards show `?`).
 * @param locale - `'en'` (default), `'fr'` or `'nl'`.
 * @returns lines joined by `\n`, without a final newline.
 * @throws {@link LocaleError} for a locale other than en, fr, nl.
 *
 * @example
 * ```ts
 * console.log(renderPosition(createGame(['Ana', 'Ben', 'Cy'], 7)));
 * // Round 1 · turn 1 · Ben to play
 * // Scores (tokens, 4 to win): Ana 0 · Ben 0 · Cy 0
 * // …
 * ```
 */
export function renderPosition(state: GameState, locale?: Locale): string {
  const words = catalogue(locale).position;
  return withState(state, (s) => renderIn(s, words));
}

function renderIn(state: GameState, words: ReturnType<typeof catalogue>['position']): string {
  const name = (seat: number): string => state.players[seat] ?? words.seat(seat);
  const lines = [statusLine(state, words)];
  const mode = state.scoring === 'rounds' ? 'rounds' : 'tokens';
  lines.push(
    words.scores(
      mode,
      winningScore(state.players.length),
      state.players.map((p, i) => `${p} ${state.scores[i]}`).join(' · '),
    ),
  );
  if (state.out.length > 0) lines.push(words.out(state.out.map((s, i) => ({ name: name(s), place: i + 1 }))));
  if (state.table.length === 0) lines.push(words.tableEmpty());
  else {
    lines.push(words.table());
    for (const set of state.table)
      lines.push(
        words.set(name(set.seat), state.players.length === 2 ? set.area : null, set.cards.length, set.value, set.cards),
      );
  }
  lines.push(words.discard(state.discardCount));
  lines.push(words.hands());
  const width = Math.max(...state.players.map((p) => p.length));
  state.hands.forEach((hand, seat) => {
    const mark = state.status === 'playing' && seat === state.turn.seat ? '>' : ' ';
    const cards = hand
      .slice()
      .sort((a, b) => a.active - b.active || a.id - b.id)
      .map((c) => cardText(state, c));
    lines.push(`${mark} ${name(seat).padEnd(width)} (${hand.length}): ${cards.join(' ') || '—'}`);
  });
  return lines.join('\n');
}
