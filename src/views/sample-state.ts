/**
 * A full state consistent with a checked player view: known cards stay where they are known to
 * be; the unseen cards are shuffled and dealt, each with a random face up (see `determinize`).
 */
import type { CardId, HeldCard, GameEvent, GameState, RandomSource } from '../core/index.js';
import { inUseIds, deckIndex, randomBelow, unitDraw } from '../core/internal.js';
import { ViewError } from './errors.js';
import type { PlayerView } from './player-view.js';

/** The seed a determinized state carries: the real one is hidden, and the sample's future deals are random. */
export const DETERMINIZED_SEED = 'determinized';

/** `determinize` for a view already checked (internal: `loadView` and bots). */
export function sampleState(view: PlayerView, rng: RandomSource): GameState {
  const n = view.players.length;
  const index = deckIndex(view.deck);
  // bots sample thousands of worlds a second: flags by card id, and the deck's cached id list
  const seen = new Uint8Array(index.faces.length);
  for (const c of view.hand) seen[c.id] = 1;
  for (const t of view.table) for (const id of t.cards) seen[id] = 1;
  for (const id of view.discard) seen[id] = 1;
  for (let s = 0; s < n; s++) if (s !== view.seat) for (const c of view.known[s]!) seen[c.id] = 1;
  const inUse = inUseIds(index, n);
  const unseen: CardId[] = [];
  for (const id of inUse) if (seen[id] === 0) unseen.push(id);
  for (let i = unseen.length - 1; i >= 1; i--) {
    const j = randomBelow(rng, i + 1);
    const t = unseen[i]!;
    unseen[i] = unseen[j]!;
    unseen[j] = t;
  }
  let next = 0;
  const hands = new Array<readonly HeldCard[]>(n);
  for (let s = 0; s < n; s++) {
    if (s === view.seat) {
      hands[s] = view.hand;
      continue;
    }
    const hidden = view.handSizes[s]! - view.known[s]!.length;
    if (hidden < 0 || next + hidden > unseen.length) {
      throw new ViewError(
        'INCONSISTENT_VIEW',
        `Seat ${s} holds ${view.handSizes[s]} cards, which the unseen cards of this view cannot fill.`,
      );
    }
    const hand = view.known[s]!.slice();
    for (let k = 0; k < hidden; k++) hand.push(index.held[unseen[next++]!]![unitDraw(rng) < 0.5 ? 0 : 1]);
    hands[s] = hand;
  }
  if (next !== unseen.length) {
    throw new ViewError(
      'INCONSISTENT_VIEW',
      `${unseen.length - next} cards of the game are nowhere in this view (hand sizes too small).`,
    );
  }
  const events: GameEvent[] = view.events.map((e) =>
    e.type === 'handRotated' ? { type: 'handRotated', seat: e.seat, cards: e.cards ?? hands[e.seat]! } : e,
  );
  const word = (): number => Math.floor(unitDraw(rng) * 0x100000000) >>> 0;
  return {
    format: 1,
    players: view.players,
    deck: view.deck,
    seed: DETERMINIZED_SEED,
    rng: [word(), word(), word(), word()],
    scoring: view.scoring,
    round: view.round,
    status: view.status,
    hands,
    known: view.known.map((cards) => cards.map((c) => c.id)),
    table: view.table,
    discardCount: view.discard.length,
    starter: view.starter,
    turn: view.turn,
    out: view.out,
    scores: view.scores,
    winner: view.winner,
    moveCount: view.moveCount,
    lastMove: view.lastMove,
    events,
  } as GameState; // status and winner come together from the view
}
