/**
 * The random-game harness: fast-check draws the player count, the seed and one index per step
 * into `legalMoves`, so a failing game shrinks to a short one and its seed is printed.
 */
import fc from 'fast-check';
import { apply, createGame, legalMoves, type GameState, type Move } from '../../src/index.js';

export interface GameScript {
  players: number;
  seed: string;
  choices: number[];
}

export const gameScript = (opts: { players?: number; maxMoves?: number } = {}): fc.Arbitrary<GameScript> =>
  fc.record({
    players: opts.players === undefined ? fc.integer({ min: 2, max: 5 }) : fc.constant(opts.players),
    seed: fc.string({ maxLength: 12 }),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: opts.maxMoves ?? 300, size: 'max' }),
  });

/** One applied step of a scripted game. */
export interface Step {
  before: GameState;
  moves: Move[];
  move: Move;
  after: GameState;
}

/**
 * The move a choice picks: four times in five a move that sheds cards (play or add) when there
 * is one, so that random games go out and end; otherwise any legal move.
 */
export function pick(moves: readonly Move[], choice: number): Move {
  if (choice % 5 !== 0) {
    const shedding = moves.filter((m) => m.type === 'play' || m.type === 'add');
    if (shedding.length > 0) return shedding[Math.floor(choice / 5) % shedding.length]!;
  }
  return moves[choice % moves.length]!;
}

/** Plays a script (stopping early if the game ends), calling `visit` at every step. */
export function playScript(script: GameScript, visit: (step: Step) => void = () => {}): GameState {
  return playFrom(createGame(script.players, script.seed), script.choices, visit);
}

/** Plays one choice per step from `start` (stopping early if the game ends), calling `visit` at every step. */
export function playFrom(
  start: GameState,
  choices: readonly number[],
  visit: (step: Step) => void = () => {},
): GameState {
  let state = start;
  for (const choice of choices) {
    const moves = legalMoves(state);
    if (moves.length === 0) break;
    const move = pick(moves, choice);
    const after = apply(state, move);
    visit({ before: state, moves, move, after });
    state = after;
  }
  return state;
}
