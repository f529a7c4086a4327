/**
 * The ladder: its schedule (every lineup, every rotation, the same deal for every game
 * of a deal), its determinism over worker threads, its resume, its ratings (openskill) and its
 * refusals, each with a code and a sentence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, isBotError, replay } from '../../src/index.js';
import {
  MAX_LADDER_GAMES,
  runLadder,
  type LadderGame,
  type LadderOptions,
  type LadderResult,
} from '../../src/arena.js';
import { hungLadderGame, ladderSeating, lineupsOf, playLadderGame } from '../../src/arena/ladder-games.js';
import { botByName } from '../../src/bots/index.js';
import {
  finishingOrder,
  forfeitOrder,
  forfeitWinner,
  loadRatings,
  rateEntries,
} from '../../src/arena/ladder-ratings.js';
import { scaled } from '../helpers/scale.js';
import { hostileValue, isLibraryError, TrapError, whatIsWrong } from '../helpers/fuzz.js';
import { arenaWorkerPath, buildArenaWorker } from '../helpers/arena-worker.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = arenaWorkerPath('ladder-worker');

beforeAll(async () => {
  await buildArenaWorker('ladder-worker');
}, 120_000);

/** Everything that must not depend on workers or on a resume: all but the timings and the worker count. */
function outcome(r: LadderResult) {
  return {
    rows: r.rows.map(({ msPerMove: _m, maxMsPerMove: _x, ...row }) => row),
    games: r.gameList.map(({ ms: _m, maxMs: _x, ...game }) => game),
    rest: [r.players, r.games, r.deals, r.gamesPerDeal, r.lineups, r.averageMoves, r.averageRounds, r.unfinished],
  };
}

const refusal = (o: unknown): Promise<unknown> =>
  runLadder(o as LadderOptions).then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the ladder schedule', () => {
  it('plays every lineup of P bots with every rotation: each entry holds each seat once per lineup and deal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 2, max: 5 }), (n, k) => {
        fc.pre(k <= n);
        const lineups = lineupsOf(n, k);
        const binomial = (a: number, b: number): number => (b === 0 ? 1 : (binomial(a - 1, b - 1) * a) / b);
        expect(lineups.length).toBe(binomial(n, k));
        expect(new Set(lineups.map((l) => l.join())).size).toBe(lineups.length);
        const spec = {
          players: k,
          bots: Array.from({ length: n }, (_, i) => `b${i}`),
          seed: 's',
          maxMoves: 100,
          limitMs: 10_000,
        };
        const perDeal = lineups.length * k;
        for (const deal of [0, 3]) {
          // (entry, seat) → times, over one deal
          const held = new Map<string, number>();
          for (let g = deal * perDeal; g < (deal + 1) * perDeal; g++) {
            const seating = ladderSeating(spec, lineups, g);
            expect(seating.deal).toBe(deal);
            expect(new Set(seating.seats).size).toBe(k);
            seating.seats.forEach((e, s) => held.set(`${e}@${s}`, (held.get(`${e}@${s}`) ?? 0) + 1));
          }
          const lineupsOfEntry = binomial(n - 1, k - 1);
          for (let e = 0; e < n; e++) for (let s = 0; s < k; s++) expect(held.get(`${e}@${s}`)).toBe(lineupsOfEntry);
        }
      }),
    );
  });

  it('deals the same cards to the same seats in every game of a deal, whoever sits there (names do not shuffle)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.string(),
        fc.array(
          fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== ''),
          { minLength: 5, maxLength: 5 },
        ),
        (players, seed, names) => {
          const a = createGame(names.slice(0, players), `${seed}/deal/0`);
          const b = createGame(names.slice(0, players).reverse(), `${seed}/deal/0`);
          expect(b.hands).toEqual(a.hands);
          expect(b.starter).toBe(a.starter);
        },
      ),
    );
  });

  it('keeps a game stopped from outside as a played one is kept: entries, rounded times, the hung seat last', async () => {
    const spec = { players: 3, bots: ['greedy', 'random', 'greedy'], seed: 'hung', maxMoves: 20_000, limitMs: 100 };
    const lineups = lineupsOf(3, 3);
    const g = 4; // rotated: seats are entries [1, 2, 0]
    const played = await playLadderGame(spec, lineups, g, (name, seed) => botByName(name, { seed }));
    const hung = hungLadderGame(spec, lineups, g, {
      seat: 1,
      kind: 'time',
      message: 'took 150.0004 ms for one move, past the limit of 100 ms',
      error: null,
      elapsedMs: 150.0004,
      moves: [],
      stats: [
        { decisions: 2, ms: 1.23456, max: 1.0001 },
        { decisions: 0, ms: 0, max: 0 },
        { decisions: 1, ms: 0.5, max: 0.5 },
      ],
    });
    expect(hung.game.seats).toEqual(played.game.seats);
    expect(hung.game.seats).toEqual([1, 2, 0]);
    expect(Object.keys(hung.game).sort()).toEqual([...Object.keys(played.game), 'forfeit'].sort());
    expect(hung.game).toMatchObject({
      g,
      moves: 0,
      rounds: 1,
      decisions: [2, 1, 1],
      ms: [1.235, 150, 0.5],
      maxMs: [1.0, 150, 0.5],
      forfeit: { seat: 1, kind: 'time' },
    });
    // the hung seat's entry loses: the winner is another seat's entry
    expect(hung.game.winner).not.toBe(2);
    expect(hung.forfeit).toMatchObject({ seat: 1, kind: 'time', game: g });
  });

  it('ranks a game’s seats winner first, then by score, ties shared', () => {
    expect(finishingOrder([false, true, false, false], [2, 4, 1, 2])).toEqual([2, 1, 4, 2]);
    expect(finishingOrder([true, false], [2, 1])).toEqual([1, 2]);
    // the second out can win with 4 tokens while the first out has as many or more points? no: the winner comes first whatever the scores
    expect(finishingOrder([false, true, false], [3, 3, 0])).toEqual([2, 1, 3]);
  });

  it('ranks a forfeited game’s seat last and the others by score, ties shared; the duel’s opponent wins', () => {
    expect(forfeitOrder([3, 1, 2], 0)).toEqual([3, 2, 1]);
    expect(forfeitOrder([0, 0, 0, 1], 3)).toEqual([1, 1, 1, 4]);
    expect(forfeitOrder([1, 0], 0)).toEqual([2, 1]);
    expect(forfeitWinner([1, 0], 0)).toBe(1);
    expect(forfeitWinner([3, 1, 2], 0)).toBe(2);
    expect(forfeitWinner([0, 0, 0, 1], 3)).toBeNull();
  });
});

describe('the ratings', () => {
  /** The 4-player ladder of every built-in bot kept for docs/arena.md: real games, in schedule order. */
  const kept = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../bench/results/ratings/all-bots-4p.json', import.meta.url)), 'utf8'),
  ) as { settings: { bots: string[]; seed: string }; games: LadderGame[] };

  it('do not follow the schedule: expert, ahead of montecarlo in most games they shared, is rated above it', async () => {
    const lib = await loadRatings();
    const { bots, seed } = kept.settings;
    const [expert, montecarlo] = [bots.indexOf('expert'), bots.indexOf('montecarlo')];
    let ahead = 0;
    let behind = 0;
    for (const g of kept.games) {
      const [e, m] = [g.seats.indexOf(expert), g.seats.indexOf(montecarlo)];
      if (e < 0 || m < 0) continue;
      const place = finishingOrder(
        g.seats.map((x) => x === g.winner),
        g.scores,
      );
      if (place[e]! < place[m]!) ahead++;
      else if (place[m]! < place[e]!) behind++;
    }
    expect(ahead).toBeGreaterThan(behind * 1.5);
    const rated = rateEntries(lib, bots.length, kept.games, seed);
    expect(rated[expert]!.mu).toBeGreaterThan(rated[montecarlo]!.mu + 2);
  });

  it('are the same whatever order the games are given in, and follow from the seed', async () => {
    const lib = await loadRatings();
    const games = kept.games.slice(0, 240);
    const { bots, seed } = kept.settings;
    const rated = rateEntries(lib, bots.length, games, seed);
    expect(rateEntries(lib, bots.length, games.slice().reverse(), seed)).toEqual(rated);
    expect(rateEntries(lib, bots.length, games, `${seed}/other`)).not.toEqual(rated);
  });
});

describe('runLadder', () => {
  const settings = {
    bots: ['montecarlo', 'greedy', 'random', 'greedy'],
    players: 3,
    games: 12,
    seed: 'ladder-test',
    botOptions: { playouts: 4 },
    workerScript: WORKER,
  } as const;

  it('gives the same result for a seed with 1 and 2 workers, and rates the stronger bots higher', async () => {
    const seen: number[] = [];
    const one = await runLadder({ ...settings, workers: 1, onGame: (_g, done) => seen.push(done) });
    const two = await runLadder({ ...settings, workers: 2 });
    expect(one.workers).toBe(1);
    expect(two.workers).toBe(2);
    expect(outcome(two)).toEqual(outcome(one));
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(one).toMatchObject({
      players: 3,
      games: 12,
      deals: 1,
      gamesPerDeal: 12,
      lineups: [
        [0, 1, 2],
        [0, 1, 3],
        [0, 2, 3],
        [1, 2, 3],
      ],
      resumed: 0,
    });
    expect(one.rows.map((r) => r.bot).sort()).toEqual(['greedy', 'greedy#2', 'montecarlo', 'random']);
    expect(one.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    for (const r of one.rows) {
      expect(r.games).toBe(9); // C(3,2) lineups × 3 rotations
      expect(r.ordinal).toBeCloseTo(r.mu - 3 * r.sigma, 9);
      expect(r.interval[0]).toBeLessThanOrEqual(r.winRate);
      expect(r.interval[1]).toBeGreaterThanOrEqual(r.winRate);
    }
    const random = one.rows.find((r) => r.bot === 'random')!;
    expect(random.rank).toBe(4);
    expect(random.mu).toBeLessThan(25);
    expect(one.rows.reduce((n, r) => n + r.wins, 0) + one.unfinished).toBe(12);
  }, 120_000);

  it('resumed from any subset of its games, ends exactly as an uninterrupted run', async () => {
    const base = { bots: ['greedy', 'random', 'random'], games: 9, seed: 'resume' } as const;
    const whole = await runLadder(base);
    await fc.assert(
      fc.asyncProperty(fc.subarray(whole.gameList.slice()), fc.boolean(), async (kept, twoWorkers) => {
        const played: number[] = [];
        const resumed = await runLadder({
          ...base,
          done: kept,
          onGame: (g) => played.push(g.g),
          ...(twoWorkers ? { workers: 2, workerScript: WORKER } : {}),
        });
        expect(outcome(resumed)).toEqual(outcome(whole));
        expect(resumed.resumed).toBe(kept.length);
        expect(played.sort((a, b) => a - b)).toEqual(
          whole.gameList.map((g) => g.g).filter((g) => !kept.some((k) => k.g === g)),
        );
      }),
      { numRuns: scaled(10, 3) },
    );
    // a run may grow: the first games of a longer ladder are the games of a shorter one
    const longer = await runLadder({ ...base, games: 18, done: whole.gameList });
    expect(longer.gameList.slice(0, 9)).toEqual(whole.gameList);
  }, 120_000);

  it('refuses bad settings with BAD_LADDER_OPTIONS and a sentence that says what fits', async () => {
    const base = { bots: ['greedy', 'random', 'random', 'greedy'], games: 4, seed: 1 };
    expect(await refusal({ ...base, games: 10 })).toMatchObject({
      code: 'BAD_LADDER_OPTIONS',
      message:
        'A ladder plays whole deals: 4 bots at 4 players play each deal 4 times (1 lineup × 4 rotations), so games must be a multiple of 4 up to 100000, not 10: for example 8 or 12.',
    });
    expect(await refusal({ ...base, players: 3, games: 13 })).toMatchObject({
      code: 'BAD_LADDER_OPTIONS',
      message: expect.stringMatching(
        /4 lineups × 3 rotations\), so games must be a multiple of 12 .* for example 12 or 24\./,
      ),
    });
    expect(await refusal({ ...base, players: 5 })).toMatchObject({
      code: 'BAD_LADDER_OPTIONS',
      message: '4 bots cannot fill 5 seats: name at least 5 bots (a name may repeat).',
    });
    expect(await refusal({ ...base, bots: Array(6).fill('random') })).toMatchObject({
      code: 'BAD_LADDER_OPTIONS',
      message: expect.stringMatching(/6 bots do not fit one table/),
    });
    expect(await refusal({ ...base, players: 6 })).toMatchObject({
      code: 'BAD_LADDER_OPTIONS',
      message: expect.stringMatching(/2 to 5 players, not 6 \(rules §2\)/),
    });
    expect(await refusal({ ...base, games: MAX_LADDER_GAMES + 4 })).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
    expect(await refusal({ ...base, workers: 0 })).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
    expect(await refusal({ ...base, maxMoves: -1 })).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
    expect(await refusal({ ...base, bots: ['greedy'] })).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
    expect(await refusal({ ...base, onGame: 3 })).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
    expect(await refusal({ ...base, bots: ['greedy', 'nobody'], games: 2 })).toMatchObject({
      code: 'UNKNOWN_BOT',
      message: expect.stringMatching(/no bot called "nobody"/),
    });
    expect(await refusal(null)).toMatchObject({ code: 'BAD_LADDER_OPTIONS' });
  });

  it('a bot that fails loses that game by forfeit, rated last; the ladder goes on, resumes with the forfeit, and refuses a forfeit that does not fit', async () => {
    const base = {
      bots: ['bad', 'greedy', 'random'],
      players: 3,
      games: 6,
      seed: 'forfeit',
      botModules: { bad: join(ROOT, 'test', 'fixtures', 'bots', 'illegal.mjs') },
      workerScript: WORKER,
    };
    const [one, two] = await Promise.all([runLadder(base), runLadder({ ...base, workers: 2 })]);
    expect(outcome(two)).toEqual(outcome(one));
    expect(one.gameList).toHaveLength(6);
    const forfeited = one.gameList.filter((game) => game.forfeit !== undefined);
    expect(forfeited.map((game) => game.g)).toEqual([1]);
    const game = forfeited[0]!;
    const seat = game.forfeit!.seat;
    expect(game.seats[seat]).toBe(0);
    expect(game.forfeit).toMatchObject({ kind: 'illegal', message: expect.stringMatching(/\(rules §8\)\.$/) });
    expect(game.winner).not.toBe(0);
    expect(one.forfeits).toHaveLength(1);
    expect(one.forfeits[0]).toMatchObject({
      bot: 'bad',
      game: 1,
      seat,
      kind: 'illegal',
      refusal: { code: 'ROUND_NOT_OVER' },
    });
    expect(replay(one.forfeits[0]!.record!).ok).toBe(true);
    expect(one.rows.find((r) => r.bot === 'bad')).toMatchObject({ forfeits: 1, games: 6 });
    expect(one.rows.filter((r) => r.bot !== 'bad').map((r) => r.forfeits)).toEqual([0, 0]);
    // rated: the forfeiting entry last in that game, whatever the scores
    const lib = await loadRatings();
    const rated = rateEntries(lib, 3, [game], 'forfeit');
    expect(rated[0]!.mu).toBeLessThan(rated[game.seats.find((e) => e !== 0)!]!.mu);
    // resumed with the forfeit kept: the same result, the forfeit counted again
    const resumed = await runLadder({ ...base, done: one.gameList.filter((x) => x.g <= 2) });
    expect(outcome(resumed)).toEqual(outcome(one));
    expect(resumed.forfeits).toEqual([]); // played before: its line is in gameList, its details were in the first run
    for (const bad of [
      { ...game, forfeit: { ...game.forfeit!, seat: 5 } },
      { ...game, forfeit: { ...game.forfeit!, kind: 'gave up' } },
      { ...game, winner: 0 },
      { ...game, forfeit: undefined, winner: null },
    ]) {
      const e = await refusal({ ...base, done: [bad] });
      expect(e, JSON.stringify(bad.forfeit)).toMatchObject({ code: 'BAD_LADDER_RESUME' });
    }
  });

  it('refuses games to resume that do not belong to the ladder with BAD_LADDER_RESUME, and plays none', async () => {
    const base = { bots: ['greedy', 'random'], games: 4, seed: 'r' } as const;
    const { gameList } = await runLadder(base);
    const good = gameList[1]!;
    const cases: unknown[] = [
      [{ ...good, seats: [good.seats[1], good.seats[0]] }],
      [{ ...good, g: 4 }],
      [good, good],
      [{ ...good, winner: 7 }],
      [{ ...good, scores: [1] }],
      [{ ...good, winner: null }],
      [{ ...good, ms: [-1, 0] }],
      ['game'],
      [null],
    ];
    for (const done of cases) {
      let played = 0;
      const e = await refusal({ ...base, done, onGame: () => played++ });
      expect(isBotError(e), JSON.stringify(done)).toBe(true);
      expect(e).toMatchObject({ code: 'BAD_LADDER_RESUME' });
      expect(played).toBe(0);
    }
    expect(await refusal({ ...base, done: 'all' })).toMatchObject({ code: 'BAD_LADDER_RESUME' });
  });

  it('answers any damaged resume list with a result or a coded error, never anything else', async () => {
    const base = { bots: ['random', 'random'], games: 2, seed: 'fuzz' } as const;
    const { gameList } = await runLadder(base);
    const damaged = fc.oneof(
      fc.anything(),
      fc.record({
        g: fc.integer({ min: -1, max: 3 }),
        seats: fc.constantFrom([0, 1], [1, 0], [0, 0]),
        winner: fc.constantFrom(0, 1, null, 2),
        scores: fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 3 }),
        moves: fc.nat(),
        rounds: fc.nat(3),
        decisions: fc.constant([1, 1]),
        ms: fc.constant([0, 0]),
        maxMs: fc.constant([0, 0]),
      }),
      fc.constantFrom(...gameList),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(damaged, { maxLength: 3 }), async (done) => {
        const r = await runLadder({ ...base, done: done as LadderGame[] }).then(
          (x) => x,
          (e: unknown) => e,
        );
        if (isBotError(r)) expect(['BAD_LADDER_RESUME', 'BAD_LADDER_OPTIONS']).toContain(r.code);
        else expect((r as LadderResult).gameList.map((g: LadderGame) => g.g)).toEqual([0, 1]);
      }),
      { numRuns: scaled(50, 10) },
    );
  });

  it('answers hostile options with a result or a coded error (a trap’s own error aside), never a hang or a TypeError', async () => {
    const options = fc.record(
      {
        bots: fc.oneof(fc.array(fc.constantFrom('random', 'greedy', 'nobody'), { maxLength: 4 }), hostileValue),
        players: fc.oneof(fc.integer({ min: 1, max: 6 }), hostileValue),
        games: fc.oneof(fc.integer({ min: -1, max: 6 }), hostileValue),
        seed: hostileValue,
        workers: fc.constantFrom(undefined, 0, 1, 1.5, NaN, '2'),
        maxMoves: fc.constantFrom(undefined, 0, 10, NaN, -1),
        botModules: fc.constantFrom(undefined, {}, { greedy: './x.js' }, { mine: 7 }, []),
        botOptions: fc.constantFrom(undefined, {}, { playouts: -1 }, { playouts: 2 }, null),
        onGame: fc.constantFrom(
          undefined,
          () => undefined,
          'x',
          () => {
            throw new TrapError('onGame threw');
          },
        ),
        done: fc.oneof(fc.constant(undefined), hostileValue),
      },
      { requiredKeys: ['bots', 'games'] },
    );
    await fc.assert(
      fc.asyncProperty(options, async (o) => {
        const error = await runLadder(o as unknown as LadderOptions).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (error !== undefined && !isLibraryError(error) && !(error instanceof TrapError))
          throw new Error(`runLadder rejected with ${whatIsWrong(error)}`);
      }),
      { numRuns: scaled(60, 20) },
    );
  }, 120_000);

  it('says how to install openskill when it is missing (RATINGS_UNAVAILABLE), and finds it when it is there', async () => {
    const e = await loadRatings('openskill-not-installed-here').then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(isBotError(e)).toBe(true);
    expect(e).toMatchObject({
      code: 'RATINGS_UNAVAILABLE',
      message: expect.stringMatching(
        /optional peer dependency of dnup, which is not installed: install it in your project with: npm install openskill@5\.$/,
      ),
    });
    const lib = await loadRatings();
    expect(typeof lib.rate).toBe('function');
  });
});
