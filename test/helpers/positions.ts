/**
 * Hand-built positions for rule tests: a plain GameState from a short description. Cards not
 * named in a hand or on the table are put in the discard pile, so the card count always holds.
 */
import { cardsInUse, STANDARD_DECK, type GameState, type GameStateData, type Move, type TableSet } from '../../src/index.js';

export interface PositionSpec {
  players: number;
  /** Per seat: [card id, active value] pairs. */
  hands: [number, number][][];
  table?: TableSet[];
  /** Per seat, ids of publicly known cards in hand (default none). */
  known?: number[][];
  turn: { seat: number; area: number };
  out?: number[];
  scores?: number[];
  status?: GameState['status'];
}

export function buildState(spec: PositionSpec): GameState {
  return buildData(spec) as GameState; // hand-built: status without a winner, as tests need
}

function buildData(spec: PositionSpec): GameStateData & { status: GameState['status']; winner: number | null } {
  const named = new Set<number>();
  for (const h of spec.hands) for (const [id] of h) named.add(id);
  for (const t of spec.table ?? []) for (const id of t.cards) named.add(id);
  const discard = cardsInUse(STANDARD_DECK, spec.players).filter((id) => !named.has(id));
  const table = [...(spec.table ?? [])].sort((a, b) => a.seat - b.seat || a.area - b.area);
  return {
    format: 1,
    players: Array.from({ length: spec.players }, (_, i) => ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'][i]!),
    deck: STANDARD_DECK,
    seed: 'hand-built',
    rng: [1, 2, 3, 4],
    scoring: spec.players === 2 ? 'rounds' : 'tokens',
    round: 1,
    status: spec.status ?? 'playing',
    hands: spec.hands.map((h) => h.map(([id, active]) => ({ id, active }))),
    known: spec.known ?? spec.hands.map(() => []),
    table,
    discardCount: discard.length,
    starter: 0,
    turn: { ...spec.turn, number: 5 },
    out: spec.out ?? [],
    scores: spec.scores ?? Array.from({ length: spec.players }, () => 0),
    winner: null,
    moveCount: 10,
    lastMove: null,
    events: [],
  };
}

/** A set on the table showing `value`. */
export function set(seat: number, area: number, value: number, cards: number[]): TableSet {
  return { seat, area, value, cards };
}

export const play = (...cards: number[]): Move => ({ type: 'play', cards });
export const add = (card: number, seat: number, area = 0): Move => ({ type: 'add', card, target: { seat, area } });
export const take = (seat: number, area = 0): Move => ({ type: 'take', target: { seat, area } });
export const rotate: Move = { type: 'rotate' };
