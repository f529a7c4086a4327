/** Invariants that hold in every reachable state (rules §2–§7), as assertion helpers. */
import { expect } from 'vitest';
import { apply, cardsInUse, discardPile, legalMoves, type GameState } from '../../src/index.js';

export function facesOf(state: GameState, id: number): readonly [number, number] {
  const card = state.deck.cards.find((c) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  return card.faces;
}

/** Where each card is: "hand:s", "table:s:a" or "discard", with its active value (0 in the discard). */
export function locate(state: GameState): Map<number, { where: string; active: number }> {
  const at = new Map<number, { where: string; active: number }>();
  const put = (id: number, where: string, active: number) => {
    expect(at.has(id), `card ${id} is in two places`).toBe(false);
    at.set(id, { where, active });
  };
  state.hands.forEach((h, s) => h.forEach((c) => put(c.id, `hand:${s}`, c.active)));
  state.table.forEach((t) => t.cards.forEach((id) => put(id, `table:${t.seat}:${t.area}`, t.value)));
  discardPile(state).forEach((id) => put(id, 'discard', 0));
  return at;
}

/** §2/§3 card conservation, §1 orientation, §5 table shape. */
export function checkStateInvariants(state: GameState): void {
  const n = state.players.length;
  const at = locate(state);
  // the count the state keeps is the number of cards in use that are nowhere else
  expect(state.discardCount).toBe(
    cardsInUse(state.deck, n).length - state.hands.flat().length - state.table.flatMap((t) => t.cards).length,
  );
  expect([...at.keys()].sort((a, b) => a - b)).toEqual(cardsInUse(state.deck, n));
  for (const [id, { active }] of at) {
    if (active !== 0) expect(facesOf(state, id)).toContain(active);
  }
  // rules §5 golden rule: what is publicly known to be in a hand is in that hand
  state.known.forEach((ids, s) => ids.forEach((id) => expect(at.get(id)?.where, `known card ${id}`).toBe(`hand:${s}`)));
  const sizes = state.table.map((t) => t.cards.length);
  expect(new Set(sizes).size, 'two table sets of one size').toBe(sizes.length);
  const areas = state.table.map((t) => `${t.seat}:${t.area}`);
  expect(new Set(areas).size, 'two sets in one area').toBe(areas.length);
  for (const t of state.table) {
    expect(t.cards.length).toBeGreaterThan(0);
    expect(t.area).toBeLessThan(n === 2 ? 2 : 1);
  }
  if (state.status === 'playing') {
    expect(state.out).not.toContain(state.turn.seat);
    expect(state.hands[state.turn.seat]!.length).toBeGreaterThan(0);
    expect(
      state.table.some((t) => t.seat === state.turn.seat && t.area === state.turn.area),
      'own set not discarded at turn start',
    ).toBe(false);
  }
}

/**
 * §3 determinism and plain data: playing the same script twice gives equal states, and the final
 * state survives a JSON round trip with the same legal moves and the same next states.
 */
export function checkDeterministicAndJsonSafe(play: () => GameState): void {
  const a = play();
  const b = play();
  expect(b).toEqual(a);
  const copy = JSON.parse(JSON.stringify(a)) as GameState;
  expect(copy).toEqual(a);
  expect(legalMoves(copy)).toEqual(legalMoves(a));
  for (const m of legalMoves(a).slice(0, 5)) expect(apply(copy, m)).toEqual(apply(a, m));
}
