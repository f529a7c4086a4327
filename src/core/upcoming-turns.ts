/** The turns to come (rules §6 duel order, §7 clockwise with out seats passed over), for showing the order. */
import { ArgumentError } from './errors.js';
import { describeValue } from './input.js';
import { areasPerSeat } from './players.js';
import { isIssued, isIssuedView, trustedSource } from './trust.js';
import type { GameStatus, Turn } from './state.js';

/** The most turns {@link upcomingTurns} lists at once: more than a lap of any table, and a bound on its work. */
export const MAX_UPCOMING_TURNS = 64;

/** What {@link upcomingTurns} reads of a position: a state, a player view or the public view all have it. */
export interface TurnOrderSource {
  readonly players: readonly string[];
  readonly status: GameStatus;
  readonly turn: Turn;
  /** The seats that are out this round, in the order they went out. */
  readonly out: readonly number[];
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);

/**
 * What {@link upcomingTurns} reads of a position, each field read once (a getter cannot change it
 * between checks), or undefined when the position has no 2 to 5 players, no turn of one of their
 * areas or no list of seats out.
 */
function readOrder(p: TurnOrderSource): { n: number; playing: boolean; turn: Turn; out: Set<number> } | undefined {
  const { players, status, turn, out } = p;
  const n = Array.isArray(players) ? players.length : 0;
  const { seat, area, number } = turn;
  const seats = Array.isArray(out) ? out.slice() : [-1];
  const isSeat = (s: unknown): boolean => isInt(s) && s >= 0 && s < n;
  if (
    n < 2 ||
    n > 5 ||
    !isSeat(seat) ||
    !isInt(area) ||
    area < 0 ||
    area >= areasPerSeat(n) ||
    !isInt(number) ||
    number < 1
  )
    return undefined;
  return seats.every(isSeat)
    ? { n, playing: status === 'playing', turn: { seat, area, number }, out: new Set(seats) }
    : undefined;
}

/**
 * The next `count` turns in order, starting with the turn being played, as the rules pass the turn
 * if nobody else goes out and the round goes on: in the duel area 1 then area 2 of one seat, then
 * of the other (rules §6); with 3 to 5 players the next seat clockwise, seats that are out passed
 * over (rules §7). Areas are numbered from 0, as in `state.turn`.
 *
 * @param position - a state, a player view or the public view (only `players`, `status`, `turn`
 *   and `out` are read).
 * @param count - how many turns, 0 to {@link MAX_UPCOMING_TURNS}.
 * @returns `count` turns, numbered on from `position.turn.number`; none when the round is over or
 *   the game is (the next round's first turn is the ★ holder's, unknown before the deal).
 * @throws {@link PositionError} `CORRUPT_STATE` or `CORRUPT_VIEW` for a state or player view the
 *   library made and a caller changed in place since.
 * @throws {@link ArgumentError} `BAD_ARGUMENT` for a count out of range or a position whose
 *   players, turn or out list cannot be read.
 * @example
 * ```ts
 * upcomingTurns(duel, 3); // [{ seat: 0, area: 1, number: 1 }, { seat: 1, area: 0, number: 2 }, { seat: 1, area: 1, number: 3 }]
 * ```
 */
export function upcomingTurns(position: TurnOrderSource, count: number): Turn[] {
  if (!isInt(count) || count < 0 || count > MAX_UPCOMING_TURNS)
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `upcomingTurns lists 0 to ${MAX_UPCOMING_TURNS} turns, not ${describeValue(count)}.`,
    );
  // a state or view the library handed out and a caller changed since is refused, as by every
  // other function (CORRUPT_STATE, CORRUPT_VIEW); any other position is read as it is
  if (isIssued(position) || isIssuedView(position)) trustedSource(position);
  let read: ReturnType<typeof readOrder>;
  try {
    read = readOrder(position);
  } catch {
    // not an object, no turn, a getter that throws
  }
  if (read === undefined)
    throw new ArgumentError(
      'BAD_ARGUMENT',
      'upcomingTurns needs a position of 2 to 5 players whose turn is one of their areas, with the seats that are out (rules §6, §7).',
    );
  if (!read.playing) return [];
  const { n, out } = read;
  // every seat out while the round goes on is no position of the rules: its own turn repeats
  const everyoneOut = out.size >= n;
  let { seat, area, number } = read.turn;
  const turns: Turn[] = [];
  for (let i = 0; i < count; i++) {
    turns.push({ seat, area, number });
    number++;
    if (n === 2) {
      if (area === 0) area = 1;
      else [seat, area] = [1 - seat, 0];
    } else if (!everyoneOut) {
      do seat = (seat + 1) % n;
      while (out.has(seat));
    }
  }
  return turns;
}
