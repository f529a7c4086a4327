/**
 * `npm run loadtest`: a bounded load test on loopback. Starts one server process (embedded
 * store in a temporary folder); this process runs only the clients: it keeps `--rooms` rooms of
 * scripted colyseus.js clients playing whole games for `--seconds`, then reports moves per
 * second, move round-trip percentiles (of the moves sent once every room is open, and the p99 of each 10 s), the server's CPU milliseconds per move and heap per room
 * (from its /stats), the load average, and checks that no move was lost or applied twice and that
 * every game the server stored, finished or not, replays as legal from its seed (a finished game's
 * record as a whole game). Exits 1 when a check fails.
 *
 * Options: --rooms N (200), --seconds S (30), --think-ms T (0: each scripted person moves T ms
 * after its view arrives, so the load is a chosen number of moves per room and second rather than
 * as many as the machine allows; never sooner than the server's rate limit allows, 50 messages a
 * second per person), --think-spread F (0: each think lasts T × (1 ± F), uniformly at random, so
 * that moves do not come back in the bursts a pause made), --seed S (random moves are seeded),
 * --cpu-prof DIR (the server process writes a V8 CPU profile there as it exits).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import { createGame, recordOf, replay, seededRandom, type GameRecord, type Move } from 'dnup';
import { FileStore } from './file-store.js';
import {
  DeckKeeper,
  MESSAGES,
  ROOM_NAME,
  type GameOverMessage,
  type StateMessage,
  type WelcomeMessage,
  type WireStateMessage,
} from './protocol.js';

function option(name: string, fallback: number | string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : String(fallback);
}
const ROOMS = Number(option('rooms', 200));
const SECONDS = Number(option('seconds', 30));
const SEED = option('seed', 'loadtest');
const THINK_MS = Number(option('think-ms', 0));
/** Each think lasts THINK_MS × (1 ± SPREAD), uniformly: people do not all answer 1,000 ms later. */
const SPREAD = Number(option('think-spread', 0));
/** A folder for a V8 CPU profile of the server process (`node --cpu-prof`), written as it exits. */
const CPU_PROF = option('cpu-prof', '');
if (
  !(
    Number.isInteger(ROOMS) &&
    ROOMS > 0 &&
    ROOMS <= 2000 &&
    SECONDS > 0 &&
    SECONDS <= 600 &&
    THINK_MS >= 0 &&
    THINK_MS <= 10_000 &&
    SPREAD >= 0 &&
    SPREAD <= 1
  )
) {
  console.error('loadtest: --rooms is 1–2000, --seconds 1–600, --think-ms 0–10000 and --think-spread 0–1');
  process.exit(2);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const problems: string[] = [];
/** Move round trips: when each move was sent, and how long until its mover saw the view after it. */
const rtts: number[] = [];
const rttSentAt: number[] = [];
let moves = 0;
let finished = 0;
let stopping = false;
const rng = seededRandom(SEED);
/** The server's limit of messages per client (a token bucket: RATE_BURST at once, RATE_PER_SECOND after). */
const RATE_PER_SECOND = 50;
const RATE_BURST = 100;
/** The least time between two moves of one person: one more millisecond than the limit allows. */
const MIN_GAP_MS = 1000 / RATE_PER_SECOND + 1;

/** One scripted person: plays a random legal move whenever it has moves at a new move count. */
class Bot {
  seat = -1;
  last = -1;
  counts: number[] = [];
  sentAt = new Map<number, number>();
  /** When this person last sent a move (performance.now()). */
  lastSent = -Infinity;
  over: GameOverMessage | null = null;
  /** The deck is sent once (`deckOnce`), as the game's page asks for it. */
  deck = new DeckKeeper();
  constructor(
    readonly room: Room,
    readonly table: Table,
  ) {
    room.onMessage(MESSAGES.welcome, (w: WelcomeMessage) => (this.seat = w.seat ?? -1));
    room.onMessage(MESSAGES.lobby, () => {});
    room.onMessage(MESSAGES.refused, (r: { code: string; message: string }) => {
      // at the end every room is left at once: a move still in flight then meets an abandoned game
      if (stopping) return;
      // STALE_MOVE: a next-round deal crossed the server's own at a round's end; anything else is a bug
      if (r.code !== 'STALE_MOVE')
        problems.push(`refused: ${r.code} ${r.message} (seat ${this.seat}, after move ${this.last})`);
    });
    room.onMessage(MESSAGES.state, (s: WireStateMessage) => this.onState(this.deck.complete(s)));
    room.onMessage(MESSAGES.gameOver, (g: GameOverMessage) => {
      this.over = g;
      table.check();
    });
  }

  onState(s: StateMessage): void {
    const n = s.view.moveCount;
    this.counts.push(n);
    const sent = this.sentAt.get(n - 1);
    if (sent !== undefined) {
      rtts.push(performance.now() - sent);
      rttSentAt.push(sent);
      this.sentAt.delete(n - 1);
    }
    if (s.moves.length === 0 || n <= this.last) return;
    // at a round's end anyone may deal: the seat to play does, so nobody sends it twice
    if (s.view.status === 'roundOver' && s.view.turn.seat !== this.seat) return;
    this.last = n;
    const move: Move = s.moves[Math.floor(rng() * s.moves.length)]!;
    const send = (): void => {
      if (stopping) return;
      const now = performance.now();
      this.sentAt.set(n, now);
      this.lastSent = now;
      this.room.send(MESSAGES.move, { move, moveCount: n });
    };
    const think = THINK_MS > 0 ? (SPREAD > 0 ? THINK_MS * (1 + SPREAD * (2 * rng() - 1)) : THINK_MS) : 0;
    // a person keeps to the server's rate limit, as a well-behaved client does: without a think
    // time, a room with few others moves hundreds of times a second and would be refused
    const wait = Math.max(think, this.lastSent + MIN_GAP_MS - performance.now());
    if (wait > 0) setTimeout(send, wait);
    else send();
  }
}

/** One room and its people; when a game ends, checks it and starts the next. */
class Table {
  bots: Bot[] = [];
  done = false;
  constructor(
    readonly client: Client,
    readonly players: number,
  ) {}

  /** What the opening waits for now: named when it times out. */
  step = 'create';

  async start(): Promise<void> {
    const seats = Array.from({ length: this.players }, () => 'human' as const);
    const host = await this.client.create(ROOM_NAME, { seats, name: 'Load 1', deckOnce: true });
    this.bots = [new Bot(host, this)];
    this.step = 'welcome';
    const code = await new Promise<string>((resolve) =>
      host.onMessage(MESSAGES.welcome, (w: WelcomeMessage) => resolve(w.code)),
    );
    for (let i = 1; i < this.players; i++) {
      this.step = `join of seat ${i}`;
      this.bots.push(new Bot(await this.client.joinById(code, { name: `Load ${i + 1}`, deckOnce: true }), this));
    }
    this.step = 'open';
  }

  check(): void {
    if (this.done || !this.bots.every((b) => b.over)) return;
    this.done = true;
    const record: GameRecord = this.bots[0]!.over!.record;
    const length = record.moves.length;
    for (const b of this.bots) {
      // every seat saw each move count exactly once, in order: nothing lost, nothing applied twice
      const expected = Array.from({ length: length + 1 }, (_, i) => i);
      if (JSON.stringify(b.counts) !== JSON.stringify(expected))
        problems.push(`seat ${b.seat} saw move counts ${b.counts.slice(0, 8).join(',')}… not 0…${length}`);
      if (JSON.stringify(b.over!.record) !== JSON.stringify(record)) problems.push('two seats got different records');
    }
    const result = replay(record);
    if (!result.ok || result.state.status !== 'gameOver')
      problems.push(`a finished record does not replay as a whole legal game`);
    moves += length;
    finished++;
    void Promise.all(this.bots.map((b) => b.room.leave())).then(() => {
      if (!stopping) void next(this.client, this.players);
    });
  }
}

const tables = new Set<Table>();
async function next(client: Client, players: number): Promise<void> {
  const t = new Table(client, players);
  tables.add(t);
  let timer: NodeJS.Timeout | undefined;
  try {
    // a step that never answers must not hold up the opening of every other room
    await Promise.race([
      t.start(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`opening a room: no ${t.step} after ${OPEN_MS / 1000} s`)), OPEN_MS);
      }),
    ]);
  } catch (e) {
    // on a starved machine a seat reservation can expire before the WebSocket opens: not a lost
    // move, so it is counted apart, and the room is opened again
    tables.delete(t);
    t.done = true;
    await Promise.all(t.bots.map((b) => b.room.leave().catch(() => 0)));
    if (stopping) return;
    startFailures.push((e as Error).message);
    await new Promise((r) => setTimeout(r, 1000));
    if (!stopping) await next(client, players);
  } finally {
    clearTimeout(timer);
  }
}
/** How long opening one room may take before it is given up and opened again. */
const OPEN_MS = 30_000;
const startFailures: string[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The p99 round trip of the moves sent in each 10 s from `from` (ms), over `seconds`. */
function rttWindows(from: number, seconds: number): number[] {
  const buckets: number[][] = Array.from({ length: Math.ceil(seconds / 10) }, () => []);
  for (let i = 0; i < rtts.length; i++) {
    const k = Math.floor((rttSentAt[i]! - from) / 10_000);
    if (k >= 0 && k < buckets.length) buckets[k]!.push(rtts[i]!);
  }
  return buckets.map(
    (b) =>
      +percentile(
        b.sort((x, y) => x - y),
        99,
      ).toFixed(1),
  );
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** What the server's /stats answers (the fields the load test reads). */
interface ServerStats {
  rooms: number;
  heapUsed: number;
  rss: number;
  cpuMs: number;
  loopDelayMs: LoopDelay;
}

/** The server's /stats; `query` may ask for a collection first (gc=1) or restart the loop delay (reset=1). */
async function stats(port: number, query = 'gc=1'): Promise<ServerStats> {
  return (await (await fetch(`http://127.0.0.1:${port}/stats?${query}`)).json()) as ServerStats;
}

/** How late this process's event loop ran in the window: a state message waits as long to be read. */
const clientLoop = monitorEventLoopDelay({ resolution: 10 });
const delayOf = (h: typeof clientLoop): LoopDelay => ({
  p50: +(h.percentile(50) / 1e6).toFixed(2),
  p99: +(h.percentile(99) / 1e6).toFixed(2),
  max: +(h.max / 1e6).toFixed(2),
});

/** The server under test: its own process, the embedded store in `data`, no bot or round pauses. */
function serverProcess(port: number, data: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
      fileURLToPath(new URL('./main.js', import.meta.url)),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: data,
        BOT_DELAY_MS: '0',
        ROUND_PAUSE_MS: '0',
        RATE_PER_SECOND: String(RATE_PER_SECOND),
        RATE_BURST: String(RATE_BURST),
        REDIS_URL: '',
        COLYSEUS_SEAT_RESERVATION_TIME: '60',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
}

async function main(): Promise<void> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'dnup-loadtest-'));
  const server = serverProcess(port, data);
  const hardStop = setTimeout(
    () => {
      console.error('loadtest: did not finish in time');
      server.kill('SIGKILL');
      process.exit(1);
    },
    (SECONDS + 900) * 1000,
  );
  await new Promise<void>((ready) =>
    server.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && ready()),
  );
  const idle = await stats(port);
  const client = new Client(`ws://127.0.0.1:${port}`);

  const startedAt = performance.now();
  for (let i = 0; i < ROOMS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, ROOMS - i) }, (_, j) => next(client, (i + j) % 2 === 0 ? 2 : 3)),
    );
    if ((i + 10) % 100 === 0)
      console.error(
        `loadtest: ${i + 10} rooms open after ${Math.round((performance.now() - startedAt) / 1000)} s` +
          (startFailures.length > 0 ? ` (${startFailures.length} opened again; last: ${startFailures.at(-1)})` : ''),
      );
  }
  const opened = performance.now();
  const loaded = await stats(port);
  const movesAtLoad = moves;
  const inFlightOf = (): number =>
    [...tables].filter((t) => !t.done).reduce((n, t) => n + Math.max(0, ...t.bots.map((b) => b.last + 1)), 0);
  const inFlightAtLoad = inFlightOf();
  const cpuFrom = (await stats(port, 'reset=1')).cpuMs;
  clientLoop.enable();
  const clientCpuFrom = process.cpuUsage();
  const measureFrom = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const atEnd = await stats(port, '');
  const cpuTo = atEnd.cpuMs;
  clientLoop.disable();
  const clientCpu = process.cpuUsage(clientCpuFrom);
  const load = loadavg();
  stopping = true;
  const measured = (performance.now() - measureFrom) / 1000;
  // the moves sent within the measured window: not the opening's, which creates rooms meanwhile
  const inWindow = rtts.filter((_, i) => rttSentAt[i]! >= measureFrom);
  const rttsNow = inWindow.slice().sort((a, b) => a - b);
  const windows = rttWindows(measureFrom, measured);
  // moves applied in the window: finished games plus the ones still being played
  const movesInWindow = moves - movesAtLoad + inFlightOf() - inFlightAtLoad;

  for (const t of tables) if (!t.done) await Promise.all(t.bots.map((b) => b.room.leave().catch(() => 0)));
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  clearTimeout(hardStop);
  const stored = await checkStored(data);
  rmSync(data, { recursive: true, force: true });
  // the games still open at the end: each seat saw every move count once, in order
  for (const t of tables)
    for (const b of t.bots)
      if (!t.done && b.counts.some((n, i) => n !== i))
        problems.push(`seat ${b.seat} saw move counts ${b.counts.slice(0, 8).join(',')}… not 0, 1, 2…`);

  const perRoom = (loaded.heapUsed - idle.heapUsed) / Math.max(1, loaded.rooms);
  const report = {
    rooms: ROOMS,
    seconds: SECONDS,
    thinkMs: THINK_MS,
    thinkSpread: SPREAD,
    roomsOpenedIn: Math.round(opened - startedAt),
    serverRoomsAtLoad: loaded.rooms,
    roomStartRetries: startFailures.length,
    roomStartProblems: [...new Set(startFailures)].slice(0, 5),
    movesPerSecond: Math.round(movesInWindow / measured),
    roundTripMs: {
      p50: +percentile(rttsNow, 50).toFixed(2),
      p95: +percentile(rttsNow, 95).toFixed(2),
      p99: +percentile(rttsNow, 99).toFixed(2),
      samples: rttsNow.length,
      /** p99 of each 10 s of the window: a tail that grows with time, or one pause. */
      p99By10s: windows,
    },
    loopDelayMs: { server: atEnd.loopDelayMs, client: delayOf(clientLoop) },
    serverCpuMsPerMove: +((cpuTo - cpuFrom) / Math.max(1, movesInWindow)).toFixed(3),
    serverCpuShare: +((cpuTo - cpuFrom) / 1000 / measured).toFixed(2),
    clientCpuShare: +((clientCpu.user + clientCpu.system) / 1e6 / measured).toFixed(2),
    serverHeapPerRoomKB: +(perRoom / 1024).toFixed(1),
    serverRssMB: +(loaded.rss / 1048576).toFixed(1),
    finishedGames: finished,
    finishedMoves: moves,
    /** Every game in the server's store, finished, left or still open, replayed from its seed. */
    storedGamesReplayed: stored.games,
    storedMovesReplayed: stored.moves,
    problems: problems.length,
    machine: { cores: cpus().length, loadAverage: load.map((x) => +x.toFixed(2)) },
  };
  console.log(JSON.stringify(report, null, 2));
  if (problems.length > 0) {
    console.error(problems.slice(0, 10).join('\n'));
    process.exit(1);
  }
}

/**
 * Replays every game the server stored in `data` (records of ended and left games, and games
 * still open) from its seed: every move must be legal there.
 */
async function checkStored(data: string): Promise<{ games: number; moves: number }> {
  const store = new FileStore(data, { log: () => {} });
  const records: GameRecord[] = await store.finished();
  for (const g of await store.unfinished()) records.push(recordOf(createGame(g.players, g.seed), g.moves));
  let count = 0;
  for (const record of records) {
    const result = replay(record);
    if (!result.ok) problems.push(`a stored game does not replay: ${result.error.message}`);
    count += record.moves.length;
  }
  await store.close();
  if (records.length === 0) problems.push('the server stored no game');
  return { games: records.length, moves: count };
}

await main();
