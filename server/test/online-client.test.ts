/**
 * The client of docs/online.md (server/examples/online-client.ts) against a live server: it
 * plays a whole game under a tight rate limit (pacing and resending), comes back after its game
 * is handed over (4503) at the same move, and stops without reconnecting after a close or a
 * join refusal that reconnecting cannot fix.
 */
import { describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { replay, type Move } from 'dnup';
import { playOnline } from '../examples/online-client.js';
import type { DnupRoom } from '../src/room.js';
import { testServer } from './helpers.js';

const first = (s: { moves: readonly Move[] }): Move => s.moves[0]!;
const greedyish = (s: { moves: readonly Move[] }): Move =>
  s.moves.find((m) => m.type === 'play' || m.type === 'nextRound') ?? s.moves[0]!;

describe('the documented client', () => {
  it('paces and resends under a tight rate limit, and plays a whole game to the end', async () => {
    const server = await testServer({ ratePerSecond: 15, rateBurst: 2 });
    try {
      const events: string[] = [];
      const outcome = await playOnline({
        url: `ws://127.0.0.1:${server.port}`,
        create: { seats: ['human', 'greedy'], name: 'Ana' },
        choose: greedyish,
        minGapMs: 20,
        resendAfterMs: 500,
        onEvent: (e) => events.push(e),
      });
      // a client that kept its 20 ms after a drop was closed 4429 (more than 10 drops in 10 s) on a fast machine
      expect(outcome, events.join('\n')).toMatchObject({ kind: 'over' });
      if (outcome.kind !== 'over') return;
      expect(replay(outcome.gameOver.record).ok).toBe(true);
      // the limit bit (20 ms apart is over 15 a second) and the client resent what was dropped
      expect(events).toContain('refused RATE_LIMITED');
      expect(events.some((e) => e.startsWith('resend'))).toBe(true);
      // it slowed down after the server dropped its messages, and never past one a second
      const gaps = events.filter((e) => e.startsWith('gap ')).map((e) => Number(e.slice(4)));
      expect(gaps[0]).toBe(40);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(1000);
      expect(events.filter((e) => e === 'join' || e === 'rejoin' || e === 'reconnect')).toEqual(['join']);
      expect(server.problems).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('comes back with its seat token when the game is handed over (4503), and stops for good after 4429 or a refused join', async () => {
    const server = await testServer();
    try {
      const url = `ws://127.0.0.1:${server.port}`;
      const events: string[] = [];
      let handedAt = -1;
      const codeIn = (log: string[]): string => log.find((e) => e.startsWith('welcome '))?.split(' ')[1] ?? '';
      const playing = playOnline({
        url,
        create: { seats: ['human', 'greedy', 'greedy'], name: 'Ana' },
        choose: (s) => {
          // at move 10, the process hands the game over (as a draining or paused host does); the restore brings it back
          if (s.view.moveCount >= 10 && handedAt < 0) {
            handedAt = s.view.moveCount;
            void (matchMaker.getLocalRoomById(codeIn(events)) as DnupRoom).handOver('test', true);
          }
          return first(s);
        },
        minGapMs: 0,
        onEvent: (e) => events.push(e),
      });
      const outcome = await playing;
      expect(outcome.kind).toBe('over');
      expect(handedAt).toBeGreaterThanOrEqual(10);
      expect(events).toContain('closed 4503');
      expect(events.filter((e) => e === 'rejoin').length).toBeGreaterThanOrEqual(1);
      if (outcome.kind === 'over') expect(replay(outcome.gameOver.record).ok).toBe(true);

      // closed with 4429: the client stops, with no second connection
      const events2: string[] = [];
      const stopped = playOnline({
        url,
        create: { seats: ['human', 'human'], name: 'Flo' },
        choose: first,
        onEvent: (e) => {
          events2.push(e);
        },
      });
      await new Promise((r) => setTimeout(r, 300));
      const room = matchMaker.getLocalRoomById(codeIn(events2)) as DnupRoom;
      room.clients[0]!.leave(4429);
      expect(await stopped).toEqual({ kind: 'stopped', why: expect.stringMatching(/pace/), closeCode: 4429 });
      await new Promise((r) => setTimeout(r, 500));
      expect(events2.filter((e) => e === 'join' || e === 'rejoin' || e === 'reconnect')).toEqual(['join']);

      // a seat token of no seat: refused once (4403), no retry
      const events3: string[] = [];
      const refused = await playOnline({
        url,
        code: room.roomId,
        seatToken: 'not-a-token',
        choose: first,
        onEvent: (e) => events3.push(e),
      });
      expect(refused).toMatchObject({ kind: 'stopped', closeCode: null, why: expect.stringMatching(/BAD_SEAT_TOKEN/) });
      expect(events3.filter((e) => e === 'join' || e === 'rejoin')).toEqual(['join']);
    } finally {
      await server.close();
    }
  }, 60_000);
});
