/**
 * Who moves next when nobody sends anything: the one decision behind bot moves, the server's
 * deal at a round's end, and the turn clock. A pure function of the game's status, the seats and
 * the time, so it is tested with a fake clock; the room keeps one timer for the plan it returns.
 *
 * - A bot seat (or a person's seat handed to the bot) moves `botDelayMs` after it is planned.
 * - At a round's end the server deals after `roundPauseMs` (rules §8: anyone may deal).
 * - Both wait while a dropped person may still come back (their reconnection time runs).
 * - With a turn clock, a seat played by a person, connected or not, gets `turnSeconds` from the
 *   moment it is to move; then the server plays a greedy bot's move for it. It does not wait.
 */
import type { SeatKind, TurnDeadline } from './protocol.js';

/** What the planner needs to know of a seat. */
export interface SeatStatus {
  readonly kind: SeatKind;
  readonly playedBy: 'human' | 'bot';
  /** Its person is connected. */
  readonly connected: boolean;
  /** Its person dropped and may still come back (their reconnection time runs). */
  readonly awaited: boolean;
}

export interface TurnInput {
  readonly status: 'playing' | 'roundOver' | 'gameOver';
  /** The seat to play (for `playing`). */
  readonly turnSeat: number;
  readonly seats: readonly SeatStatus[];
  /** When the current move count began (ms): the turn clock counts from here. */
  readonly since: number;
  readonly turnSeconds: number | null;
  readonly botDelayMs: number;
  readonly roundPauseMs: number;
}

/** The next thing the server does by itself, at time `at` (ms). */
export type TurnPlan =
  | { readonly kind: 'bot'; readonly seat: number; readonly at: number }
  | { readonly kind: 'deal'; readonly at: number }
  | { readonly kind: 'timeout'; readonly seat: number; readonly at: number }
  | null;

/** The plan at time `now`. Null: nothing until someone sends a move or the seats change. */
export function planTurn(t: TurnInput, now: number): TurnPlan {
  if (t.status === 'gameOver') return null;
  const waiting = t.seats.some((s) => s.kind === 'human' && !s.connected && s.awaited);
  if (t.status === 'roundOver') return waiting ? null : { kind: 'deal', at: now + t.roundPauseMs };
  const seat = t.seats[t.turnSeat];
  if (!seat) return null;
  if (seat.playedBy === 'bot') return waiting ? null : { kind: 'bot', seat: t.turnSeat, at: now + t.botDelayMs };
  return t.turnSeconds === null ? null : { kind: 'timeout', seat: t.turnSeat, at: t.since + t.turnSeconds * 1000 };
}

/** Whether a plan already running can stay (a bot's pause is not restarted by an unrelated change). */
export function samePlan(a: TurnPlan, b: TurnPlan): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'timeout' && b.kind === 'timeout') return a.seat === b.seat && a.at === b.at;
  if (a.kind === 'bot' && b.kind === 'bot') return a.seat === b.seat;
  return true;
}

/** The `deadline` field of a state message sent at `now`. */
export function deadlineOf(plan: TurnPlan, now: number): TurnDeadline | null {
  return plan?.kind === 'timeout' ? { seat: plan.seat, at: plan.at, remainingMs: Math.max(0, plan.at - now) } : null;
}
