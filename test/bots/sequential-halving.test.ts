/**
 * The root race of `expert` and `ismcts` (src/bots/sequential-halving.ts): the best total wins,
 * ties go to the lower index, the playouts stay within the budget, the worse half leaves at each
 * phase, and a clock past the deadline ends the race and drops the round it cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIM, sequentialHalving } from '../../src/bots/sequential-halving.js';

/** A budget of playouts only. */
const playouts = (iterations: number) => ({ start: 0, timeMs: Infinity, iterations, now: () => 0 });

describe('sequential halving', () => {
  it('finds the candidate with the best value and keeps within its playouts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 1, max: 400 }),
        (values, iterations) => {
          let played = 0;
          let clockReads = 0;
          const best = sequentialHalving(
            values.length,
            { ...playouts(iterations), now: () => ++clockReads },
            () => (i) => {
              played++;
              return values[i]!;
            },
          );
          expect(played).toBeLessThanOrEqual(iterations);
          // an untimed race never reads the clock
          expect(clockReads).toBe(0);
          if (played === 0) expect(best).toBe(0);
          else {
            // every candidate played the same rounds until it left: a best value never leaves first
            const top = Math.max(...values);
            expect(values[best]).toBe(top);
            expect(best).toBe(values.indexOf(top));
          }
        },
      ),
    );
  });

  it('halves the field at each phase, the worse half leaving', () => {
    const seen: number[][] = [];
    let round: number[] = [];
    sequentialHalving(8, playouts(8 * 30), () => {
      if (round.length > 0) seen.push(round);
      round = [];
      return (i) => {
        round.push(i);
        return i; // the higher index is better
      };
    });
    seen.push(round);
    const fields = [...new Set(seen.map((r) => r.join(',')))];
    expect(fields).toEqual(['0,1,2,3,4,5,6,7', '4,5,6,7', '6,7']);
  });

  it('stops at the deadline and drops the round the clock cut', () => {
    let t = 0;
    const rounds: number[][] = [];
    const best = sequentialHalving(4, { start: 0, timeMs: 100, iterations: 1_000_000, now: () => t }, () => {
      const r: number[] = [];
      rounds.push(r);
      return (i) => {
        r.push(i);
        // 5 ms a playout; in the third round the first one takes 50 (a pause of the machine)
        t += rounds.length === 3 && r.length === 1 ? 50 : 5;
        // the candidate 3 is best, but in the third round the candidate 0 would win it all
        return rounds.length === 3 ? (i === 0 ? 100 : 0) : i;
      };
    });
    // the third round passes 95 ms (AIM of 100) at its third playout: the race ends, the round dropped
    expect(AIM).toBe(0.95);
    expect(rounds.map((r) => r.length)).toEqual([4, 4, 3]);
    expect(t).toBe(100);
    expect(best).toBe(3);
  });

  it('starts no round that would not end before the deadline', () => {
    let t = 0;
    let started = 0;
    sequentialHalving(2, { start: 0, timeMs: 100, iterations: 1_000_000, now: () => t }, () => {
      started++;
      return () => {
        t += 30; // a round of two playouts takes 60 ms
        return 0;
      };
    });
    // after one round (60 ms), another would end past 95 ms: not started
    expect(started).toBe(1);
  });
});
