/** Who plays (rules §1, §2): 2 to 5 seats, each with a name. One check for every way in. */
import { describeValue } from './input.js';

/** The longest player name accepted: names appear in every sentence about a seat. */
const MAX_NAME_LENGTH = 64;

/**
 * Why `names` (already read into plain data) is not a list of 2 to 5 player names, as
 * `{ path, message }`, or undefined when it is one.
 */
export function playerNamesProblem(names: unknown): { readonly path: string; readonly message: string } | undefined {
  if (!Array.isArray(names) || names.length < 2 || names.length > 5) {
    return {
      path: 'players',
      message: `dnup is played by 2 to 5 players: give 2 to 5 names, not ${describeValue(names)} (rules §1).`,
    };
  }
  for (let i = 0; i < names.length; i++) {
    const name: unknown = names[i];
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
      return {
        path: `players[${i}]`,
        message: `Every player name is a non-empty text of at most ${MAX_NAME_LENGTH} characters; players[${i}] is ${describeValue(name)} (rules §1).`,
      };
    }
  }
  return undefined;
}

/** The default names of a seat count: "Player 1" … */
export function defaultNames(seats: number): string[] {
  return Array.from({ length: seats }, (_, i) => `Player ${i + 1}`);
}

/**
 * Play areas per seat (rules §1, §6): two in the duel, one with 3–5 players.
 *
 * @param players - the number of seats.
 * @example
 * ```ts
 * areasPerSeat(view.players.length); // 2 in a duel
 * ```
 */
export function areasPerSeat(players: number): 1 | 2 {
  return players === 2 ? 2 : 1;
}

/** How a game of `players` seats is scored (rules §6): round wins in the duel, tokens otherwise. */
export function scoringFor(players: number): 'rounds' | 'tokens' {
  return players === 2 ? 'rounds' : 'tokens';
}

/**
 * The fewest moves that reach turn `turnNumber` of round `round` (rules §6, §8): the turns
 * already taken this round, and for each finished round at least one action and its `nextRound`.
 */
export function fewestMoves(turnNumber: number, round: number): number {
  return turnNumber - 1 + 2 * (round - 1);
}
