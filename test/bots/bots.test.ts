import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apply,
  ismctsBot,
  legalMoves,
  playerView,
  botByName,
  createGame,
  isBotError,
  isIllegalMoveError,
  monteCarloBot,
  playGame,
  randomBot,
  wilsonInterval,
  fromPosition,
  greedyBot,
  greedyScores,
  outlookOfState,
  GOING_OUT_SCORE,
  type Bot,
  type DeckDefinition,
  type GameState,
  type Move,
} from '../../src/index.js';
import { runArena } from '../../src/arena.js';
import { arenaCommand } from '../../src/cli/arena-command.js';
import { CliError } from '../../src/cli/cli-support.js';

const make =
  (playouts = 40) =>
  (name: string, seed: string) =>
    botByName(name, { seed, playouts });

describe('playGame (rules §3: same seed and moves, same game)', () => {
  it('returns a record that replays to the final state, and bots see only their own view', async () => {
    const seen: string[] = [];
    const spy = (inner: Bot): Bot => ({
      name: inner.name,
      chooseMove: (view, moves) => {
        const text = JSON.stringify(view);
        if (text.includes('"seed"') || text.includes('"rng"') || 'hands' in view) seen.push('leak');
        if (view.seat !== view.turn.seat) seen.push('wrong seat');
        expect(moves).toEqual(legalMoves(view));
        return inner.chooseMove(view, moves);
      },
    });
    const { record, state } = await playGame(
      [spy(botByName('greedy')), spy(randomBot(2)), spy(botByName('greedy', { seed: 3 }))],
      { seed: 'replay me' },
    );
    expect(seen).toEqual([]);
    expect(state.status).toBe('gameOver');
    let replayed: GameState = createGame(record.players, record.seed);
    for (const m of record.moves) replayed = apply(replayed, m);
    expect(replayed).toEqual(state);
  });

  it('awaits asynchronous bots and stops at maxMoves', async () => {
    const slow: Bot = { name: 'slow', chooseMove: async (_v, moves) => moves[moves.length - 1]! };
    const { record, state } = await playGame([slow, slow], { seed: 1, maxMoves: 7, names: ['A', 'B'] });
    expect(record.moves).toHaveLength(7);
    expect(record.players).toEqual(['A', 'B']);
    expect(state.moveCount).toBe(7);
  });

  it('throws the core’s IllegalMoveError when a bot plays an illegal move (rules §5)', async () => {
    const cheat: Bot = { name: 'cheat', chooseMove: () => ({ type: 'take', target: { seat: 0, area: 0 } }) };
    await expect(playGame([cheat, cheat, cheat], { seed: 2 })).rejects.toSatisfy(isIllegalMoveError);
  });

  it('replays identically for the same bot seeds', async () => {
    const game = () =>
      playGame([botByName('montecarlo', { seed: 'a', playouts: 20 }), botByName('random', { seed: 'b' })], { seed: 9 });
    expect((await game()).record).toEqual((await game()).record);
  });
});

describe('built-in bots (rules §5–§6)', () => {
  it('greedy wins far more than its fair share against random bots, at 2 to 5 players', async () => {
    for (const players of [2, 3, 4, 5]) {
      const lineup = ['greedy', ...Array<string>(players - 1).fill('random')];
      const result = await runArena({ players, games: 30, lineup, seed: 'test', makeBot: make() });
      const greedy = result.rows.find((r) => r.bot === 'greedy')!;
      expect(greedy.wins).toBeGreaterThanOrEqual(Math.min(30, Math.ceil(2 * 30 * greedy.fairShare) + 5));
      expect(result.rows.reduce((n, r) => n + r.wins, 0) + result.unfinished).toBe(30);
    }
  });

  it('the Monte-Carlo bot beats greedy in most duels, even on a small budget', async () => {
    const result = await runArena({
      players: 2,
      games: 12,
      lineup: ['montecarlo', 'greedy'],
      seed: 'duel',
      makeBot: make(30),
    });
    expect(result.rows.find((r) => r.bot === 'montecarlo')!.wins).toBeGreaterThanOrEqual(9);
  });

  it('refuse unknown names and bad budgets with a code', () => {
    expect(() => botByName('alphadnup')).toThrow(expect.objectContaining({ code: 'UNKNOWN_BOT' }));
    let caught: unknown;
    try {
      monteCarloBot({ playouts: 0 });
    } catch (e) {
      caught = e;
    }
    expect(isBotError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'BAD_BOT_OPTIONS' });
  });
});

describe('the arena', () => {
  afterEach(() => vi.restoreAllMocks());

  it('computes Wilson intervals (known values)', () => {
    const [lo, hi] = wilsonInterval(60, 100);
    expect(lo).toBeCloseTo(0.502, 3);
    expect(hi).toBeCloseTo(0.6906, 3);
    expect(wilsonInterval(0, 10)[1]).toBeCloseTo(3.8416 / 13.8416, 6);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('rotates seats: every lineup entry plays every seat equally', async () => {
    const seatsOf = new Map<string, number[]>();
    const tracking = (name: string, seed: string): Bot => {
      const inner = botByName(name, { seed });
      const entry = seed.split('/').at(-1)!;
      return {
        name,
        chooseMove: (view, moves) => {
          const list = seatsOf.get(entry) ?? [];
          if (!list.includes(view.seat)) seatsOf.set(entry, [...list, view.seat]);
          return inner.chooseMove(view, moves);
        },
      };
    };
    await runArena({ players: 3, games: 3, lineup: ['greedy', 'random', 'random'], seed: 's', makeBot: tracking });
    for (const entry of ['0', '1', '2']) expect(seatsOf.get(entry)!.sort()).toEqual([0, 1, 2]);
  });

  it('dnup arena prints a table, and refuses bad arguments with a usage error (exit 2)', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(
      await arenaCommand([
        '--players',
        '2',
        '--games',
        '4',
        '--bots',
        'greedy,random',
        '--seed',
        'cli',
        '--workers',
        '1',
      ]),
    ).toBe(0);
    expect(out.join('')).toMatch(/win rate\s+95% CI[\s\S]*greedy\s+1\s+\d+[\s\S]*average game length/);
    for (const [args, why] of [
      [['--players', '2', '--games', '4', '--bots', 'nobody,greedy'], /no bot called "nobody"/],
      [['--players', '2', '--bots', 'greedy,greedy'], /--games is required/],
      [['--players', '9', '--games', '1', '--bots', 'greedy,greedy'], /--players must be from 2 to 5/],
      [
        ['--players', '2', '--games', '1', '--bots', 'greedy,random,random'],
        /--bots lists 3 bots for 2 players: name one bot per seat, for example --seats greedy,random/,
      ],
      [
        ['--players', '3', '--games', '1', '--seats', 'shedder,greedy'],
        /--seats lists 2 bots for 3 players: name one bot per seat, for example --seats shedder,greedy,greedy/,
      ],
      [
        ['--players', '2', '--games', '1', '--seats', 'greedy,greedy', '--bots', 'greedy,greedy'],
        /give the lineup once/,
      ],
      [
        ['--players', '2', '--games', '1', '--seats', 'greedy,greedy', '--bot', 'greedy=./x.js'],
        /greedy is a built-in bot/,
      ],
      [
        ['--players', '2', '--games', '1', '--seats', 'greedy,greedy', '--bot', 'my bot'],
        /is not a module path or package name/,
      ],
      [
        ['--players', '2', '--games', '1', '--seats', 'greedy,greedy', '--bot', 'mine=dnup-no-such-bot'],
        /^The bot module dnup-no-such-bot cannot be loaded: no package dnup-no-such-bot is installed in \S+ or a folder above it; install it there, or give a path such as \.\/dnup-no-such-bot\.js\.$/,
      ],
      [
        ['--players', '2', '--games', '1', '--bots', 'greedy,greedy', '--workers', '0'],
        /--workers must be a whole number/,
      ],
      [
        ['--players', '2', '--games', '1', '--bots', 'greedy,greedy', '--turbo'],
        /^unknown option --turbo for dnup arena; see dnup arena --help$/,
      ],
    ] as const) {
      const error = await arenaCommand(args).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, args.join(' ')).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as CliError).message).toMatch(why);
    }
  });

  it('dnup arena --json prints the results as JSON, with progress lines on stderr when it is no terminal', async () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
    const tty = process.stderr.isTTY;
    process.stderr.isTTY = false;
    try {
      expect(
        await arenaCommand(['-p', '3', '-g', '20', '-b', 'greedy,random,random', '-s', 'json', '-w', '1', '--json']),
      ).toBe(0);
    } finally {
      process.stderr.isTTY = tty;
    }
    const result = JSON.parse(out.join('')) as {
      seed: string;
      games: number;
      lineup: string[];
      rows: { bot: string; wins: number; interval: number[]; msPerMove: number; p99MsPerMove: number }[];
      averageMoves: number;
    };
    expect(result).toMatchObject({
      seed: 'json',
      games: 20,
      players: 3,
      lineup: ['greedy', 'random', 'random'],
      workers: 0, // in this thread: the sources run without a built worker script
      budget: { playouts: null, ms: null },
    });
    expect(result.rows.map((r) => r.bot)).toEqual(['greedy', 'random']);
    const direct = await runArena({ players: 3, games: 20, lineup: ['greedy', 'random', 'random'], seed: 'json' });
    expect(result.rows.map((r) => [r.wins, r.interval])).toEqual(direct.rows.map((r) => [r.wins, r.interval]));
    expect(result.averageMoves).toBe(direct.averageMoves);
    // one line per tenth of the games
    expect(err).toHaveLength(10);
    expect(err[0]).toMatch(/^dnup arena: 2\/20 games \(10%\), \d+ s\n$/);
    expect(err[9]).toMatch(/^dnup arena: 20\/20 games \(100%\)/);
  });
});

describe('GOING_OUT_SCORE stays above every move that does not go out, big plays of custom decks included', () => {
  // 2 players, a custom deck: seat 0 holds 200 cards showing 1 and one 2, so playing the 200 ones
  // (worth 10 a card) does not empty the hand; the Monte-Carlo and ISMCTS bots take any move scored
  // GOING_OUT_SCORE or more at once, as if it went out
  const deck: DeckDefinition = {
    name: 'two hundred ones',
    cards: [
      ...Array.from({ length: 200 }, (_, i) => ({ id: i, faces: [1, 2 + (i % 9)] as [number, number], minPlayers: 2 })),
      { id: 200, faces: [2, 3], minPlayers: 2 },
      { id: 201, faces: [4, 5], minPlayers: 2, star: true },
    ],
  };
  const ones = Array.from({ length: 200 }, (_, id) => id);
  const holding = (extra: { id: number; active: number }[]): GameState =>
    fromPosition({
      players: 2,
      deck,
      hands: [[...ones.map((id) => ({ id, active: 1 })), ...extra], [{ id: 201, active: 4 }]],
      turn: { seat: 0, area: 1, number: 3 },
    });
  const state = holding([{ id: 200, active: 2 }]);

  it('a 200-card play that keeps one card scores below it; the same play with nothing left scores it', () => {
    const moves: Move[] = [
      { type: 'play', cards: ones },
      { type: 'play', cards: ones.slice(0, 150) },
      { type: 'rotate' },
    ];
    const scores = greedyScores(outlookOfState(state), moves);
    for (const s of scores) expect(s).toBeLessThan(GOING_OUT_SCORE);
    expect(greedyScores(outlookOfState(holding([])), [{ type: 'play', cards: ones }])).toEqual([GOING_OUT_SCORE]);
  });
});

describe('greedyScores tallies hands in one shared typed array, which no outlook may leave dirty', () => {
  it('scores a position the same before and after outlooks with values outside the deck and a take that cannot be scored', () => {
    let state = createGame(4, 'tally');
    for (let i = 0; i < 9; i++) state = apply(state, legalMoves(state)[(i * 5) % legalMoves(state).length]!);
    const outlook = outlookOfState(state);
    const moves = legalMoves(state);
    const before = greedyScores(outlook, moves);
    const card = outlook.hand[0]!;
    // values a caller's outlook may carry: not numbers, not whole, outside the deck
    for (const active of ['x', '3', 2.5, -3, 1e300, [3], {}, null]) {
      const hand = [...outlook.hand, { id: card.id, active }];
      expect(greedyScores({ ...outlook, hand } as never, moves)).toHaveLength(moves.length);
    }
    // a take of a set whose cards are not in the deck fails half-way through scoring
    const broken = { ...outlook, table: [{ seat: (outlook.seat + 1) % 4, area: 0, value: 3, cards: [9999] }] };
    expect(() =>
      greedyScores(broken as never, [...moves, { type: 'take', target: { seat: (outlook.seat + 1) % 4, area: 0 } }]),
    ).toThrow(expect.objectContaining({ name: 'BotError' }));
    expect(greedyScores(outlook, moves)).toEqual(before);
  });
});

describe('bot settings are read once, and anything but an object is refused with BAD_BOT_OPTIONS', () => {
  const makers: [string, (o: unknown) => unknown][] = [
    ['botByName', (o) => botByName('montecarlo', o as never)],
    ['monteCarloBot', (o) => monteCarloBot(o as never)],
    ['ismctsBot', (o) => ismctsBot(o as never)],
  ];
  const throwing = Object.defineProperty({}, 'seed', {
    enumerable: true,
    get: () => {
      throw new Error('boom');
    },
  });
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const [name, make] of makers) {
    it(`${name} refuses null, numbers, arrays, throwing getters and cycles with BAD_BOT_OPTIONS`, () => {
      for (const bad of [null, 7, 'fast', [1], throwing, cyclic, { seed: () => 1 }]) {
        let thrown: unknown;
        try {
          make(bad);
        } catch (e) {
          thrown = e;
        }
        expect(isBotError(thrown) && thrown.code, `${name}(${String(bad)})`).toBe('BAD_BOT_OPTIONS');
      }
    });
  }

  it('a change to the settings after the bot is made changes nothing', async () => {
    const state = createGame(3, 'settings');
    const view = playerView(state, state.turn.seat);
    const moves = legalMoves(state);
    const settings = { seed: 5, playouts: 20, playoutCap: 30 };
    const bot = monteCarloBot(settings);
    const twin = monteCarloBot({ ...settings });
    settings.playouts = 1;
    settings.seed = 99;
    expect(await bot.chooseMove(view, moves)).toEqual(await twin.chooseMove(view, moves));
  });

  it('ismctsBot keeps an injected clock', () => {
    let ticks = 0;
    const bot = ismctsBot({ seed: 1, timeMs: 5, now: () => ticks++ });
    const state = createGame(4, 'clock');
    bot.chooseMove(playerView(state, state.turn.seat), legalMoves(state));
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('greedy with one card left', () => {
  it('never rotates a one-card hand four turns running when it may add or take instead (random games, property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(100_000), (players, seed) => {
        const bots = Array.from({ length: players }, (_, i) => greedyBot(`idle/${seed}/${i}`));
        const run = new Array<number>(players).fill(0);
        let state = createGame(players, seed);
        for (let m = 0; m < 3000 && state.status !== 'gameOver'; m++) {
          const moves = legalMoves(state);
          if (state.status === 'roundOver') {
            state = apply(state, moves[0]!);
            continue;
          }
          const seat = state.turn.seat;
          const move = bots[seat]!.chooseMove(playerView(state, seat), moves) as Move;
          const couldAddOrTake = moves.some((x) => x.type === 'add' || x.type === 'take');
          const idle = move.type === 'rotate' && state.hands[seat]!.length === 1;
          run[seat] = idle ? run[seat]! + 1 : 0;
          expect(run[seat]! > 3 && couldAddOrTake, `seat ${seat} rotated its one card ${run[seat]} turns running`).toBe(
            false,
          );
          state = apply(state, move);
        }
      }),
      { numRuns: 40 },
    );
  });
});
