/**
 * Hand-built positions for rule tests, from a short description. Built through `fromPosition`,
 * the library's own gateway, so that a test position the rules could never reach cannot exist:
 * an impossible spec throws a PositionError listing its problems. Cards not named in a hand or
 * on the table are in the discard pile. A spec may also be one line of position text
 * (docs/notation.md §5), read by `parsePosition`, which sets it up through `fromPosition` too.
 */
import { fromPosition, parsePosition, type GameState, type Move, type TableSet } from '../../src/index.js';

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
  /** Default: the round the scores imply. */
  round?: number;
  /** Default 0. */
  starter?: number;
}

export function buildState(spec: PositionSpec | string): GameState {
  if (typeof spec === 'string') return parsePosition(spec);
  return fromPosition({
    players: ['Ana', 'Ben', 'Cy', 'Dee', 'Eve'].slice(0, spec.players),
    hands: spec.hands.map((h) => h.map(([id, active]) => ({ id, active }))),
    table: spec.table ?? [],
    known: spec.known ?? spec.hands.map(() => []),
    turn: { ...spec.turn, number: 5 },
    out: spec.out ?? [],
    scores: spec.scores ?? Array.from({ length: spec.players }, () => 0),
    status: spec.status ?? 'playing',
    seed: 'hand-built',
    starter: spec.starter ?? 0,
    ...(spec.round === undefined ? {} : { round: spec.round }),
  });
}

/** A set on the table showing `value`. */
export function set(seat: number, area: number, value: number, cards: number[]): TableSet {
  return { seat, area, value, cards };
}

export const play = (...cards: number[]): Move => ({ type: 'play', cards });
export const add = (card: number, seat: number, area = 0): Move => ({ type: 'add', card, target: { seat, area } });
export const take = (seat: number, area = 0): Move => ({ type: 'take', target: { seat, area } });
export const rotate: Move = { type: 'rotate' };
