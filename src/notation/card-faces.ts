/**
 * Cards named by their faces, `active|inactive` (docs/notation.md §2): the way a player reads a
 * card off the table. In the standard deck two values are on at most one card (rules §2), so the
 * faces and which one is up name one card; a custom deck may repeat a pair, and then they don't.
 */
import type { CardId, DeckDefinition, GameState, HeldCard } from '../core/index.js';
import { deckIndex } from '../core/internal.js';

/** The key of a card showing `active` with `inactive` on its other face. */
export function facesKey(active: number, inactive: number): string {
  return `${active}|${inactive}`;
}

/**
 * The cards of the hand of the seat to play by their faces as they lie: key {@link facesKey} →
 * ids in hand order. Linear in the hand; the state must be one the library made or checked.
 */
export function handByFaces(state: GameState): Map<string, CardId[]> {
  return cardsByFaces(state.deck, state.hands[state.turn.seat] ?? []);
}

/** {@link handByFaces} of any hand of a checked deck: key {@link facesKey} → ids in hand order. */
export function cardsByFaces(deck: DeckDefinition, hand: readonly HeldCard[]): Map<string, CardId[]> {
  const faces = deckIndex(deck).faces;
  const out = new Map<string, CardId[]>();
  for (const c of hand) {
    const pair = faces[c.id];
    if (pair === undefined) continue;
    const key = facesKey(c.active, c.active === pair[0] ? pair[1] : pair[0]);
    const ids = out.get(key);
    if (ids) ids.push(c.id);
    else out.set(key, [c.id]);
  }
  return out;
}
