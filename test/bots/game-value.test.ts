/**
 * What tokens are worth to the ISMCTS bot: each seat's chance to win the game from given token
 * counts among equally strong seats (rules §6), checked against a different computation (value
 * iteration over every token count of the table) and against the rules' shape: chances sum to 1,
 * seats with equal tokens have equal chances, and a token more never lowers a seat's chance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKENS_TO_WIN } from '../../src/index.js';
import { winChances } from '../../src/bots/game-value.js';

/** Token counts below the target for 3–5 seats. */
const standings = fc
  .integer({ min: 3, max: 5 })
  .chain((n) => fc.array(fc.integer({ min: 0, max: TOKENS_TO_WIN - 1 }), { minLength: n, maxLength: n }));

/**
 * The same chances by value iteration: start every unfinished standing at 0 and apply one random
 * round (first out +2, second +1, 4 tokens win at once) until nothing moves.
 */
function iterated(n: number): Map<string, number[]> {
  const all: number[][] = [[]];
  for (let s = 0; s < n; s++)
    all.splice(0, all.length, ...all.flatMap((t) => Array.from({ length: TOKENS_TO_WIN }, (_, v) => [...t, v])));
  let values = new Map(all.map((t) => [t.join(','), new Array<number>(n).fill(0)]));
  for (let sweep = 0; sweep < 100; sweep++) {
    const next = new Map<string, number[]>();
    for (const t of all) {
      const v = new Array<number>(n).fill(0);
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          if (a === b) continue;
          const after = t.slice();
          after[a]! += 2;
          if (after[a]! >= TOKENS_TO_WIN) {
            v[a]! += 1;
            continue;
          }
          after[b]! += 1;
          if (after[b]! >= TOKENS_TO_WIN) {
            v[b]! += 1;
            continue;
          }
          const later = values.get(after.join(','))!;
          for (let s = 0; s < n; s++) v[s]! += later[s]!;
        }
      }
      next.set(
        t.join(','),
        v.map((x) => x / (n * (n - 1))),
      );
    }
    values = next;
  }
  return values;
}

describe('winChances: what tokens are worth (rules §6)', () => {
  const reference = new Map([3, 4, 5].map((n) => [n, iterated(n)]));

  it('agrees with value iteration over every standing of 3, 4 and 5 seats', () => {
    fc.assert(
      fc.property(standings, (tokens) => {
        const expected = reference.get(tokens.length)!.get(tokens.join(','))!;
        const got = Array.from(winChances(tokens));
        got.forEach((x, s) => expect(x).toBeCloseTo(expected[s]!, 9));
      }),
    );
  });

  it('sums to 1, gives equal chances to equal tokens, and a token more never lowers a seat’s chance', () => {
    fc.assert(
      fc.property(standings, fc.nat(), (tokens, pick) => {
        const chances = winChances(tokens);
        expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        for (let a = 0; a < tokens.length; a++)
          for (let b = 0; b < tokens.length; b++)
            if (tokens[a] === tokens[b]) expect(chances[a]).toBeCloseTo(chances[b]!, 12);
        const s = pick % tokens.length;
        if (tokens[s]! < TOKENS_TO_WIN - 1) {
          const more = tokens.slice();
          more[s]! += 1;
          expect(winChances(more)[s]!).toBeGreaterThan(chances[s]! - 1e-12);
        }
      }),
    );
  });

  it('at 3 seats: a seat at 3 tokens needs only to be first or second out', () => {
    // from 3·0·0, the leader wins this round unless both rivals go out before it (1 pair in 3)
    // and then, at 3·2·1 or 3·1·2, it is not first or second next round either … so more than 2/3
    const [leader, rival] = winChances([3, 0, 0]);
    expect(leader).toBeGreaterThan(2 / 3);
    expect(rival).toBeLessThan(1 / 6);
  });
});
