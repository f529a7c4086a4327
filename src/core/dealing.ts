/**
 * Setting up a round (rules §3): keep the cards for the player count, shuffle their order
 * and orientation with the seeded stream, deal them round-robin, find the ★ holder.
 * The exact procedure is specified in docs/randomness.md; changing it breaks stored replays.
 */
import { inUseIds, type CardId, type DeckIndex, type HeldCard } from './cards.js';
import { rngCursor, rngSnapshot, sfc32Next, uniformBelow, type RngState } from './random.js';

/** The outcome of one deal. */
export interface Deal {
  readonly hands: readonly (readonly HeldCard[])[];
  /** The seat holding the ★ card. */
  readonly starter: number;
  /** The generator state after the deal. */
  readonly rng: RngState;
}

/**
 * Deals a round: Fisher–Yates over the ascending ids in use (i from n−1 down to 1, j uniform in
 * [0, i]), then one draw per card in dealt order whose top bit picks the face up (0: faces[0]),
 * then card p goes to seat p mod players.
 */
export function dealRound(index: DeckIndex, players: number, rng: RngState): Deal {
  const inUse = inUseIds(index, players);
  const ids: CardId[] = inUse.slice(); // shuffled in place below
  const s = rngCursor(rng);
  for (let i = ids.length - 1; i >= 1; i--) {
    const j = uniformBelow(s, i + 1);
    const t = ids[i]!;
    ids[i] = ids[j]!;
    ids[j] = t;
  }
  const hands: HeldCard[][] = [];
  for (let seat = 0; seat < players; seat++) hands.push([]);
  let starter = -1;
  for (let p = 0; p < ids.length; p++) {
    const id = ids[p]!;
    const face = sfc32Next(s) >>> 31;
    hands[p % players]!.push(index.held[id]![face]!);
    if (id === index.starId) starter = p % players;
  }
  return { hands, starter, rng: rngSnapshot(s) };
}
