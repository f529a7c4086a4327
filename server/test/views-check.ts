/**
 * What a client may see, checked message by message against the library: every `state` message
 * equals `playerView` (a spectator's `publicView`) and `legalMoves` at its move count, and holds no card hidden from its seat
 * and never the seed before the game is over.
 */
import { expect } from 'vitest';
import { apply, createGame, legalMoves, playerView, publicView, type GameState, type Move } from 'dnup';
import { MESSAGES, type StateMessage } from '../src/protocol.js';
import type { Received } from './helpers.js';

/** Every state of a finished game, by move count, from its record. */
export function statesOf(record: {
  players: readonly string[];
  seed: string | number;
  moves: readonly Move[];
}): GameState[] {
  let s = createGame(record.players, record.seed);
  const out = [s];
  for (const m of record.moves) out.push((s = apply(s, m)));
  return out;
}

/** Card ids a message names: hands, sets, events, the discard pile (not the deck's public list of cards). */
function cardIds(x: unknown, key = ''): number[] {
  if (key === 'deck') return [];
  if (Array.isArray(x))
    return x.flatMap((v) => (typeof v === 'number' && (key === 'cards' || key === 'discard') ? [v] : cardIds(v, key)));
  if (typeof x === 'object' && x !== null) {
    return Object.entries(x).flatMap(([k, v]) =>
      typeof v === 'number' && (k === 'id' || k === 'card') && key !== 'deck' ? [v] : cardIds(v, k),
    );
  }
  return [];
}

/** Checks every message one seat received against the library's own view at that point. */
export function checkMessages(received: Received, seat: number | null, states: GameState[], seed: string): number {
  let checked = 0;
  for (const { type, message } of received) {
    if (type === MESSAGES.gameOver) continue;
    expect(JSON.stringify(message), `a ${type} message holds the seed before the game is over`).not.toContain(seed);
    if (type !== MESSAGES.state) continue;
    const { view, moves } = message as StateMessage;
    const state = states[view.moveCount]!;
    // a hidden card: in another seat's hand and not publicly known there
    const hidden = new Set(
      state.hands.flatMap((hand, s) =>
        s === seat ? [] : hand.filter((c) => !state.known[s]!.includes(c.id)).map((c) => c.id),
      ),
    );
    expect(
      cardIds(view).filter((id) => hidden.has(id)),
      `move ${view.moveCount}: cards hidden from seat ${seat}`,
    ).toEqual([]);
    if (seat !== null) {
      expect(view).toEqual(JSON.parse(JSON.stringify(playerView(state, seat))));
      const mine = state.status === 'roundOver' || (state.status === 'playing' && state.turn.seat === seat);
      expect(moves).toEqual(mine ? JSON.parse(JSON.stringify(legalMoves(state))) : []);
    } else {
      expect(view).toEqual(JSON.parse(JSON.stringify(publicView(state))));
      expect(view.hand).toEqual([]);
      expect(moves).toEqual([]);
    }
    checked++;
  }
  return checked;
}
