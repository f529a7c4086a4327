/**
 * The end-to-end tests' player: a fixed rule of thumb that picks the human seat's move from what
 * that seat sees (its player view), so a whole game through the page can be planned beforehand by
 * playing it with the library alone — that is how the tests pick seeds on which bots end rounds.
 */
import {
  apply,
  botByName,
  createGame,
  legalMovesOfView,
  playerView,
  type Bot,
  type GameState,
  type Move,
  type PlayerView,
} from '../../src/index.js';

/** A seat of an end-to-end game: the person at the page or one of the page's bots. */
export type Seat = 'human' | 'random' | 'greedy';

/** The names the page gives (apps/play/src/engine.ts seatNames). */
export function namesOf(seats: readonly Seat[], human = 'Ada'): string[] {
  const label = { random: 'Beginner', greedy: 'Easy' } as const;
  return seats.map((s, i) => (s === 'human' ? human : `${label[s]} ${i + 1}`));
}

/** The page's bots, seeded the way the page seeds them (`seed/seat`). */
function botsOf(seats: readonly Seat[], seed: string): (Bot | null)[] {
  return seats.map((s, i) => (s === 'human' ? null : botByName(s, { seed: `${seed}/${i}` })));
}

/**
 * The human's move: now and then a take or an add, so those controls are used too; otherwise the
 * legal play with the most cards (lowest value first, keeping high cards), else a rotation.
 *
 * @param turn - how many moves the human has made so far in the game.
 */
export function humanMove(view: PlayerView, turn: number): Move {
  const legal = legalMovesOfView(view);
  if (view.status === 'roundOver') return { type: 'nextRound' };
  const takes = legal.filter((m) => m.type === 'take');
  const adds = legal.filter((m) => m.type === 'add');
  const plays = legal.filter((m) => m.type === 'play');
  if (turn % 9 === 4 && takes.length > 0 && view.hand.length > 2) return takes[0]!;
  if (adds.length > 0 && (turn % 5 === 2 || view.hand.length === 1)) return adds[0]!;
  if (plays.length > 0) {
    const value = (m: Move): number => view.hand.find((c) => m.type === 'play' && c.id === m.cards[0])!.active;
    return plays
      .slice()
      .sort((a, b) =>
        b.type === 'play' && a.type === 'play' ? b.cards.length - a.cards.length || value(a) - value(b) : 0,
      )[0]!;
  }
  return { type: 'rotate' };
}

/** What a planned game looks like. */
export interface Plan {
  readonly moves: readonly Move[];
  /** Rounds (before the last) whose last move was a bot's: the human must deal after them. */
  readonly roundsEndedByBots: number;
  readonly rounds: number;
  readonly humanMoves: number;
}

/** Plays a whole game with the library: the page's bots and {@link humanMove} for the human. */
export async function planGame(seats: readonly Seat[], seed: string, maxMoves = 2000): Promise<Plan> {
  let state: GameState = createGame(namesOf(seats), seed);
  const bots = botsOf(seats, seed);
  const human = seats.indexOf('human');
  const moves: Move[] = [];
  let byBots = 0;
  let humanMoves = 0;
  while (state.status !== 'gameOver' && moves.length < maxMoves) {
    let move: Move;
    const bot = state.status === 'playing' ? bots[state.turn.seat] : null;
    if (bot)
      move = await bot.chooseMove(
        playerView(state, state.turn.seat),
        legalMovesOfView(playerView(state, state.turn.seat)),
      );
    else move = humanMove(playerView(state, human), humanMoves++);
    const mover = state.turn.seat;
    state = apply(state, move);
    moves.push(move);
    if (state.status === 'roundOver' && bots[mover] !== null) byBots++;
  }
  return { moves, roundsEndedByBots: byBots, rounds: state.round, humanMoves };
}

/**
 * The first of the seeds `prefix-0`, `prefix-1`… whose game ends within `maxHumanMoves` human
 * moves and has at least one round ended by a bot (so the page must let the human deal after a
 * bot's last move).
 */
export async function pickSeed(
  seats: readonly Seat[],
  prefix: string,
  maxHumanMoves: number,
): Promise<{ seed: string; plan: Plan }> {
  for (let k = 0; k < 200; k++) {
    const seed = `${prefix}-${k}`;
    const plan = await planGame(seats, seed);
    if (plan.roundsEndedByBots > 0 && plan.humanMoves <= maxHumanMoves && plan.moves.length < 2000)
      return { seed, plan };
  }
  throw new Error(`no seed ${prefix}-0…199 gives a short game with a round ended by a bot`);
}
