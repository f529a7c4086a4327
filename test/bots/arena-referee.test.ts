/**
 * The arena as a referee: bot modules under test/fixtures/bots that throw, reject, return null,
 * a string or an illegal move, answer late, never answer, loop forever or end their thread, each
 * in game 1 only. The run goes on; the bot forfeits that game (its record replays legal up to
 * the forfeit), and every other game ends as it does with a bot that never fails.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { botByName, replay, type Bot, type Move } from '../../src/index.js';
import { runArena, type ArenaOptions, type ArenaResult, type BotFactory, type Forfeit } from '../../src/arena.js';
import { playArenaGame } from '../../src/arena/arena.js';
import type { ArenaSpec } from '../../src/arena/arena-types.js';
import { botMaker } from '../../src/arena/bot-modules.js';
import { moveLimitOf } from '../../src/arena/move-limit.js';
import { playWatched, watchGame } from '../../src/arena/watch-game.js';
import { ROOT } from '../docs/markdown.js';
import { arenaWorkerPath, buildArenaWorker } from '../helpers/arena-worker.js';

const WORKER = arenaWorkerPath('arena-referee');
const BOTS = join(ROOT, 'test', 'fixtures', 'bots');
const bot = (name: string): string => join(BOTS, `${name}.mjs`);

beforeAll(async () => {
  await buildArenaWorker('arena-referee');
}, 120_000);

const GAMES = 3;
const SEED = 'referee';

/** Who wins each game when the bad bot's seat is played by first.mjs, which never fails: the entry per game. */
async function cleanWinners(): Promise<(number | null)[]> {
  const { default: first } = (await import(pathToFileURL(bot('first')).href)) as { default: BotFactory };
  const makeBot = botMaker(new Map([['bad', first]]), {});
  const spec: ArenaSpec = { players: 2, entries: ['bad', 'greedy'], seed: SEED, maxMoves: 20_000, limitMs: 10_000 };
  const winners: (number | null)[] = [];
  for (let g = 0; g < GAMES; g++) winners.push((await playArenaGame(spec, g, makeBot)).winner);
  return winners;
}

let clean: (number | null)[] = [];
beforeAll(async () => {
  clean = await cleanWinners();
});

/** The arena of `fixture` (entry 0, "bad") against greedy, in worker threads. */
function inWorkers(fixture: string, workers: number, extra: Partial<ArenaOptions> = {}): Promise<ArenaResult> {
  return runArena({
    players: 2,
    games: GAMES,
    lineup: ['bad', 'greedy'],
    botModules: { bad: bot(fixture) },
    seed: SEED,
    workers,
    workerScript: WORKER,
    ...extra,
  });
}

/** The same arena in this thread, the bots made by a makeBot function. */
async function inThread(fixture: string, extra: Partial<ArenaOptions> = {}): Promise<ArenaResult> {
  const { default: factory } = (await import(pathToFileURL(bot(fixture)).href)) as { default: BotFactory };
  return runArena({
    players: 2,
    games: GAMES,
    lineup: ['bad', 'greedy'],
    seed: SEED,
    makeBot: (name, seed): Bot => (name === 'bad' ? factory({ seed }) : botByName(name, { seed })),
    ...extra,
  });
}

/**
 * The one forfeit of `result`: the bad bot, game 1, seat 1 (entry 0 sits at seat 1 in odd games),
 * of `kind`; its record replays legal and ends where the bot failed (its third decision); the
 * other games have the winners of the clean run, and greedy wins game 1.
 */
function expectForfeit(result: ArenaResult, kind: Forfeit['kind']): Forfeit {
  expect(result.forfeits).toHaveLength(1);
  const f = result.forfeits[0]!;
  expect(f).toMatchObject({ bot: 'bad', game: 1, seat: 1, seed: `${SEED}/1`, botSeed: `${SEED}/1/0`, kind });
  expect(f.limitMs).toBe(result.moveLimitMs);
  expect(f.record).not.toBeNull();
  const replayed = replay(f.record!);
  expect(replayed.ok).toBe(true);
  expect(f.moveNumber).toBe(f.record!.moves.length);
  expect(f.moveNumber).toBeGreaterThan(0);
  // the seat to play when the record stops is the bot that failed
  expect(replayed.state.turn.seat).toBe(1);
  expect(result.games).toBe(GAMES);
  expect(result.rows.find((r) => r.bot === 'bad')!.forfeits).toBe(1);
  expect(result.rows.find((r) => r.bot === 'greedy')!.forfeits).toBe(0);
  const winners = clean.map((w, g) => (g === 1 ? 1 : w));
  expect(result.seats.map((s) => s.wins)).toEqual([0, 1].map((e) => winners.filter((w) => w === e).length));
  expect(result.seats.map((s) => s.forfeits)).toEqual([1, 0]);
  expect(result.unfinished).toBe(winners.filter((w) => w === null).length);
  return f;
}

const FAULTS: readonly {
  readonly fixture: string;
  readonly kind: Forfeit['kind'];
  readonly message: RegExp;
  readonly options?: Partial<ArenaOptions>;
  /** Only from outside the bot's thread: a synchronous loop, an exit. */
  readonly workersOnly?: boolean;
}[] = [
  { fixture: 'throws', kind: 'error', message: /^TypeError: thrown on purpose by throws\.mjs$/ },
  { fixture: 'rejects', kind: 'error', message: /^RangeError: rejected on purpose by rejects\.mjs$/ },
  { fixture: 'returns-null', kind: 'not-a-move', message: /^returned null: That is not a move: expected an object/ },
  { fixture: 'returns-string', kind: 'not-a-move', message: /^returned "rotate": That is not a move/ },
  { fixture: 'illegal', kind: 'illegal', message: /^played \{"type":"nextRound"\}: .*\(rules §8\)/ },
  {
    fixture: 'slow-250',
    kind: 'time',
    message: /^took \d+\.\d ms for one move, past the limit of 105 ms$/,
    options: { botOptions: { timeMs: 5 } },
  },
  {
    fixture: 'never-settles',
    kind: 'time',
    message: /past the limit of 300 ms$/,
    options: { moveLimitMs: 300 },
  },
  { fixture: 'busy-250', kind: 'time', message: /past the limit of 100 ms$/, options: { moveLimitMs: 100 } },
  {
    fixture: 'loops',
    kind: 'time',
    message: /past the limit of 300 ms$/,
    options: { moveLimitMs: 300 },
    workersOnly: true,
  },
  {
    fixture: 'exits',
    kind: 'error',
    message: /^its worker thread exited with code 7 during the game$/,
    workersOnly: true,
  },
];

describe('the arena as a referee', () => {
  it('computes the move limit from the budget: N + max(N, 100) with --ms N, 10 s without, or as given', () => {
    expect(moveLimitOf({ timeMs: 5 })).toBe(105);
    expect(moveLimitOf({ timeMs: 100 })).toBe(200);
    expect(moveLimitOf({ timeMs: 500 })).toBe(1000);
    expect(moveLimitOf({ playouts: 100 })).toBe(10_000);
    expect(moveLimitOf({})).toBe(10_000);
    expect(moveLimitOf({ timeMs: 5 }, 30)).toBe(30);
  });

  for (const { fixture, kind, message, options, workersOnly } of FAULTS) {
    it(`${fixture}: a ${kind} forfeit of that bot in that game, in 1 and 2 workers${workersOnly ? '' : ' and in this thread'}; the run goes on`, async () => {
      const runs = await Promise.all([
        inWorkers(fixture, 1, options),
        inWorkers(fixture, 2, options),
        ...(workersOnly ? [] : [inThread(fixture, options)]),
      ]);
      expect(runs.map((r) => r.workers)).toEqual(workersOnly ? [1, 2] : [1, 2, 0]);
      for (const result of runs) {
        const f = expectForfeit(result, kind);
        expect(f.message).toMatch(message);
        if (kind === 'error' && fixture !== 'exits') {
          // the bot's own error, name, message and stack, kept across the thread
          expect(f.error).toMatchObject({ name: message.source.slice(1).split(':')[0] });
          expect(f.error!.stack).toContain(`${fixture}.mjs`);
        } else if (kind !== 'error') expect(f.error).toBeNull();
        if (kind === 'not-a-move') expect(f.refusal).toMatchObject({ code: 'MALFORMED_MOVE', rule: '§5' });
        if (kind === 'illegal') expect(f.refusal).toMatchObject({ code: 'ROUND_NOT_OVER', rule: '§8' });
        if (kind === 'time') expect(f.elapsedMs).toBeGreaterThan(result.moveLimitMs);
      }
    });
  }

  it('a bot that answers after 50 ms under a 5 ms budget is within the limit of 105 ms; under a limit of 20 ms it forfeits', async () => {
    const [within, past] = await Promise.all([
      inWorkers('slow-50', 1, { botOptions: { timeMs: 5 } }),
      inWorkers('slow-50', 1, { botOptions: { timeMs: 5 }, moveLimitMs: 20 }),
    ]);
    expect(within.moveLimitMs).toBe(105);
    expect(within.forfeits).toEqual([]);
    expect(within.rows.find((r) => r.bot === 'bad')!.maxMsPerMove).toBeGreaterThanOrEqual(45);
    expect(past.moveLimitMs).toBe(20);
    // only game 1's answer is slow; on a loaded machine another decision may pass 20 ms too
    expect(past.forfeits.find((f) => f.game === 1)).toMatchObject({ bot: 'bad', seat: 1, kind: 'time' });
  });

  it('watches one game in a worker move by move (dnup play): the same moves as in this thread, and a bot in a loop stopped', async () => {
    const { default: loops } = (await import(pathToFileURL(bot('loops')).href)) as { default: BotFactory };
    const makeBot = botMaker(new Map([['loops', loops]]), {});
    const spec = { names: ['Ana', 'Ben'], bots: ['greedy', 'loops'], seed: '1', maxMoves: 10_000, limitMs: 300 };
    const clean = { ...spec, bots: ['greedy', 'greedy'] };
    const moves: Move[] = [];
    expect(await watchGame(clean, {}, makeBot, (m) => moves.push(m), WORKER)).toBeNull();
    const here = await playWatched(clean, makeBot, {});
    expect(here.fault).toBeNull();
    expect(moves).toEqual(here.record.moves);
    const seen: Move[] = [];
    const modules = { loops: pathToFileURL(bot('loops')).href };
    const fault = await watchGame(spec, modules, makeBot, (m) => seen.push(m), WORKER);
    // the bot's seed is `${seed}/${seat}`: seed 1 makes seat 1 the faulty bots' game 1
    expect(fault).toMatchObject({ seat: 1, kind: 'time', message: expect.stringMatching(/past the limit of 300 ms$/) });
    expect(
      replay({ format: 'dnup-record', version: here.record.version, players: spec.names, seed: '1', moves: seen }).ok,
    ).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('a timer of a bot that throws outside chooseMove ends a worker between games: that game is played again, nobody forfeits', async () => {
    for (const result of await Promise.all([inWorkers('stray', 1), inWorkers('stray', 2)])) {
      expect(result.forfeits).toEqual([]);
      expect(result.seats.map((s) => s.wins)).toEqual([0, 1].map((e) => clean.filter((w) => w === e).length));
    }
  });

  it('a game with a forfeit at 3 players ranks the forfeiting seat last: the seat with the most tokens then wins', async () => {
    const result = await runArena({
      players: 3,
      games: 3,
      lineup: ['bad', 'greedy', 'random'],
      botModules: { bad: bot('throws') },
      seed: SEED,
      workers: 1,
      workerScript: WORKER,
    });
    expect(result.forfeits).toHaveLength(1);
    const f = result.forfeits[0]!;
    expect(f).toMatchObject({ game: 1, seat: 2, kind: 'error' });
    // early in the first round nobody has a token: the first place is shared, so nobody wins game 1
    const { state } = replay(f.record!);
    expect(state.scores).toEqual([0, 0, 0]);
    expect(result.seats.reduce((n, s) => n + s.wins, 0) + result.unfinished).toBe(2);
  });

  it('refuses a move limit that is not a whole number of milliseconds from 1 to an hour', async () => {
    for (const moveLimitMs of [0, -5, 1.5, 3_600_001, 2 ** 53])
      await expect(inThread('first', { moveLimitMs })).rejects.toMatchObject({
        code: 'BAD_ARENA_OPTIONS',
        message: expect.stringMatching(/^The move limit is a whole number of milliseconds from 1 to 3600000/),
      });
  });
});
