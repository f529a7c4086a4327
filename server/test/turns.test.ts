/**
 * Bots, the server's deal and the turn clock (turns.ts) and the rate limit (rate-limit.ts) with
 * a fake clock; then one real turn clock running out in a room.
 */
import { describe, expect, it } from 'vitest';
import { admit, newRateState } from '../src/rate-limit.js';
import { deadlineOf, planTurn, samePlan, type SeatStatus, type TurnInput } from '../src/turns.js';
import { MESSAGES, type StateMessage } from '../src/protocol.js';
import { create, join, testServer } from './helpers.js';

const person = (over: Partial<SeatStatus> = {}): SeatStatus => ({
  kind: 'human',
  playedBy: 'human',
  connected: true,
  awaited: false,
  ...over,
});
const bot: SeatStatus = { kind: 'greedy', playedBy: 'bot', connected: false, awaited: false };
const input = (over: Partial<TurnInput> = {}): TurnInput => ({
  status: 'playing',
  turnSeat: 0,
  seats: [person(), person(), bot],
  since: 1000,
  turnSeconds: null,
  botDelayMs: 400,
  roundPauseMs: 3000,
  ...over,
});

describe('turn plan (fake clock)', () => {
  it('without a turn clock a person is waited for; with one, their time runs from the start of the move, connected or not', () => {
    expect(planTurn(input(), 5000)).toBe(null);
    expect(planTurn(input({ turnSeconds: 20 }), 5000)).toEqual({ kind: 'timeout', seat: 0, at: 21_000 });
    // the clock does not restart when the plan is made again later, nor when the person drops
    expect(planTurn(input({ turnSeconds: 20 }), 19_000)).toEqual({ kind: 'timeout', seat: 0, at: 21_000 });
    expect(
      planTurn(input({ turnSeconds: 20, seats: [person({ connected: false, awaited: true }), person(), bot] }), 9000),
    ).toEqual({ kind: 'timeout', seat: 0, at: 21_000 });
    expect(deadlineOf(planTurn(input({ turnSeconds: 20 }), 5000), 6000)).toEqual({
      seat: 0,
      at: 21_000,
      remainingMs: 15_000,
    });
    expect(deadlineOf(planTurn(input({ turnSeconds: 20 }), 5000), 30_000)).toEqual({
      seat: 0,
      at: 21_000,
      remainingMs: 0,
    });
  });

  it('a bot moves after its pause, but waits while a dropped person may come back; a person handed to the bot has no clock', () => {
    expect(planTurn(input({ turnSeat: 2 }), 5000)).toEqual({ kind: 'bot', seat: 2, at: 5400 });
    expect(
      planTurn(input({ turnSeat: 2, seats: [person({ connected: false, awaited: true }), person(), bot] }), 5000),
    ).toBe(null);
    const handed = input({
      turnSeat: 1,
      turnSeconds: 20,
      seats: [person(), person({ playedBy: 'bot', connected: false }), bot],
    });
    expect(planTurn(handed, 5000)).toEqual({ kind: 'bot', seat: 1, at: 5400 });
    expect(deadlineOf(planTurn(handed, 5000), 5000)).toBe(null);
  });

  it('at a round end the server deals after the pause unless someone is awaited; nothing after the game', () => {
    expect(planTurn(input({ status: 'roundOver', turnSeconds: 20 }), 5000)).toEqual({ kind: 'deal', at: 8000 });
    expect(deadlineOf(planTurn(input({ status: 'roundOver', turnSeconds: 20 }), 5000), 5000)).toBe(null);
    expect(
      planTurn(input({ status: 'roundOver', seats: [person(), person({ connected: false, awaited: true })] }), 5000),
    ).toBe(null);
    expect(planTurn(input({ status: 'gameOver', turnSeconds: 20 }), 5000)).toBe(null);
  });

  it('a running bot pause is kept when the plan is made again; a new deadline replaces the old one', () => {
    expect(samePlan({ kind: 'bot', seat: 2, at: 5400 }, { kind: 'bot', seat: 2, at: 5900 })).toBe(true);
    expect(samePlan({ kind: 'timeout', seat: 0, at: 21_000 }, { kind: 'timeout', seat: 0, at: 25_000 })).toBe(false);
    expect(samePlan({ kind: 'timeout', seat: 0, at: 21_000 }, null)).toBe(false);
  });
});

describe('rate limit (fake clock)', () => {
  it('a burst passes, then one refusal per 10 s window, silent drops, and a close past 5 × burst drops', () => {
    const s = newRateState(3, 0);
    expect([admit(s, 0, 1, 3), admit(s, 0, 1, 3), admit(s, 0, 1, 3)]).toEqual(['accept', 'accept', 'accept']);
    expect(admit(s, 0, 1, 3)).toBe('refuse');
    expect(admit(s, 10, 1, 3)).toBe('drop');
    // a second later one token is back: a client that waits and resends gets through
    expect(admit(s, 1010, 1, 3)).toBe('accept');
    const verdicts = Array.from({ length: 14 }, () => admit(s, 1020, 1, 3));
    expect(verdicts.slice(0, 13).every((v) => v === 'drop')).toBe(true);
    expect(verdicts[13]).toBe('close');
    // a new window after 10 s: one refusal again
    const t = newRateState(1, 0);
    admit(t, 0, 1, 1);
    expect(admit(t, 0, 0, 1)).toBe('refuse');
    expect(admit(t, 10_001, 0, 1)).toBe('refuse');
  });
});

describe('the turn clock in a room', () => {
  it('a person who does not move within turnSeconds gets a greedy move played for them; every view carries the deadline', async () => {
    const server = await testServer({ reconnectSeconds: 30 });
    try {
      const ana = await create(server, { seats: ['human', 'human'], name: 'Ana', turnSeconds: 1 });
      await ana.until(() => ana.welcome !== null, 'welcome');
      expect(ana.welcome!.turnSeconds).toBe(1);
      const ben = await join(server, ana.welcome!.code, { name: 'Ben' });
      await Promise.all([ana.until(() => ana.state !== null, 'a view'), ben.until(() => ben.state !== null, 'a view')]);
      const first = ana.state!;
      const seat = first.view.status === 'playing' ? first.view.turn.seat : -1;
      expect(first.deadline).toMatchObject({ seat });
      expect(first.deadline!.remainingMs).toBeGreaterThan(500);
      expect(first.deadline!.remainingMs).toBeLessThanOrEqual(1000);
      expect(ben.state!.deadline).toEqual(first.deadline);
      // nobody moves: after about a second the server moves for the seat to play, and the seat stays theirs
      const t0 = Date.now();
      await ana.until(() => ana.moveCount >= 1, 'the move played for the late seat', 5000);
      expect(Date.now() - t0).toBeGreaterThan(600);
      expect(ana.lobby!.seats[seat]!.playedBy).toBe('human');
      const states = ana.received.filter((r) => r.type === MESSAGES.state).map((r) => r.message as StateMessage);
      expect(
        states.every(
          (s) => s.deadline === null || s.deadline.seat === (s.view.status === 'playing' ? s.view.turn.seat : -1),
        ),
      ).toBe(true);
      expect(ana.state!.deadline).not.toBe(null);
      // a person's move in time goes through and restarts the clock
      const mover = ana.state!.moves.length > 0 ? ana : ben;
      const n = mover.moveCount;
      mover.play(mover.state!.moves[0]!);
      await mover.until(() => mover.moveCount === n + 1, 'the move');
      expect(mover.refusals).toEqual([]);
      await Promise.all([ana.room.leave(), ben.room.leave()]);
      expect(server.problems).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('turnSeconds out of bounds is a BAD_OPTIONS refusal', async () => {
    const server = await testServer();
    try {
      const { clientOf } = await import('./helpers.js');
      await expect(clientOf(server).create('dnup', { seats: ['human', 'human'], turnSeconds: 0 })).rejects.toThrow(
        /BAD_OPTIONS: turnSeconds/,
      );
      await expect(clientOf(server).create('dnup', { seats: ['human', 'human'], turnSeconds: '5' })).rejects.toThrow(
        /BAD_OPTIONS: turnSeconds/,
      );
    } finally {
      await server.close();
    }
  });
});
