/**
 * Helpers of the server tests: a server on a free loopback port with a temporary store, and
 * scripted players (colyseus.js clients) that keep every message they receive.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { Client, type Room } from 'colyseus.js';
import { greedyBot, type Move, type PlayerView } from 'dnup';
import { startServer, type RunningServer, type ServerConfig } from '../src/app.js';
import {
  MESSAGES,
  ROOM_NAME,
  type CreateOptions,
  type GameOverMessage,
  type JoinOptions,
  type LobbyMessage,
  type RefusedMessage,
  type StateMessage,
  type WelcomeMessage,
} from '../src/protocol.js';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A temporary data folder. */
export function tempDir(prefix = 'dnup-server-'): string {
  return mkdtempSync(joinPath(tmpdir(), prefix));
}

/** Starts an in-process server for tests: bots move at once, problems are collected. */
export async function testServer(
  config: ServerConfig = {},
): Promise<RunningServer & { problems: string[]; refusalLines: string[] }> {
  const problems: string[] = [];
  const refusalLines: string[] = [];
  const server = await startServer({
    port: await freePort(),
    dataDir: tempDir(),
    botDelayMs: 0,
    roundPauseMs: 0,
    reconnectSeconds: 5,
    ratePerSecond: 100_000,
    rateBurst: 100_000,
    log: (l) => problems.push(l),
    logRefusal: (l) => refusalLines.push(l),
    ...config,
  });
  return Object.assign(server, { problems, refusalLines });
}

/** Every message one client received, in order. */
export type Received = { type: string; message: unknown }[];

/** A scripted person at a table. */
export class Player {
  readonly received: Received = [];
  welcome: WelcomeMessage | null = null;
  lobby: LobbyMessage | null = null;
  state: StateMessage | null = null;
  over: GameOverMessage | null = null;
  refusals: RefusedMessage[] = [];
  left: number | null = null;
  /** A frozen player stops playing (playToEnd leaves it alone). */
  frozen = false;
  private waiters: (() => void)[] = [];

  constructor(public room: Room) {
    this.listen(room);
  }

  listen(room: Room): void {
    this.room = room;
    this.left = null;
    room.onMessage('*', (type, message) => {
      this.received.push({ type: String(type), message });
      if (type === MESSAGES.welcome) this.welcome = message as WelcomeMessage;
      else if (type === MESSAGES.lobby) this.lobby = message as LobbyMessage;
      else if (type === MESSAGES.state) this.state = message as StateMessage;
      else if (type === MESSAGES.gameOver) this.over = message as GameOverMessage;
      else if (type === MESSAGES.refused) this.refusals.push(message as RefusedMessage);
      this.wake();
    });
    room.onLeave((code) => {
      if (this.room === room) this.left = code;
      this.wake();
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `test` holds, checking after every message; fails after `ms`. */
  async until(test: () => boolean, what: string, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The move count of the latest view, or -1. */
  get moveCount(): number {
    return this.state?.view.moveCount ?? -1;
  }

  /** Sends a move chosen at the latest view. */
  play(move: Move): void {
    this.room.send(MESSAGES.move, { move, moveCount: this.moveCount });
  }
}

/** A colyseus.js client of `server`. */
export function clientOf(server: { port: number }): Client {
  return new Client(`ws://127.0.0.1:${server.port}`);
}

export async function create(server: { port: number }, options: CreateOptions): Promise<Player> {
  return new Player(await clientOf(server).create(ROOM_NAME, options));
}

export async function join(server: { port: number }, code: string, options: JoinOptions = {}): Promise<Player> {
  return new Player(await clientOf(server).joinById(code, options));
}

/**
 * Plays every listed player's moves until the game is over: each plays its first legal move
 * (or a seeded pick) whenever it has moves at a new move count.
 */
/** The default player of {@link playToEnd}: the greedy bot, whose games end (always playing the first listed move can go round in circles on some deals). */
const greedy = greedyBot();
const greedyPick = (moves: readonly Move[], _n: number, view: PlayerView): Move =>
  greedy.chooseMove(view, moves) as Move; // greedy answers at once

export async function playToEnd(
  players: readonly Player[],
  pick: (moves: readonly Move[], n: number, view: PlayerView) => Move = greedyPick,
  ms = 60_000,
): Promise<void> {
  const done = new Set<number>();
  const deadline = Date.now() + ms;
  await new Promise<void>((resolve, reject) => {
    const tick = (): void => {
      if (players.every((p) => p.over || p.frozen)) return resolve();
      if (Date.now() > deadline)
        return reject(new Error(`game not over after ${ms} ms (move ${players[0]?.moveCount})`));
      for (const p of players) {
        const s = p.state;
        if (!s || p.over || p.frozen || s.moves.length === 0) continue;
        const key = s.view.moveCount * 8 + (p.welcome?.seat ?? 0);
        if (done.has(key)) continue;
        // at a round's end anyone may deal: only the first player does, so nothing is sent twice
        if (s.view.status === 'roundOver' && p !== players[0]) continue;
        done.add(key);
        p.play(pick(s.moves, s.view.moveCount, s.view as PlayerView)); // a seat with moves has a player view
      }
      setTimeout(tick, 2);
    };
    tick();
  });
}

/** Leaves every room still open (a room whose connection already closed never answers a leave). */
export async function leaveAll(players: readonly Player[]): Promise<void> {
  await Promise.all(
    players
      .filter((p) => p.left === null)
      .map((p) => Promise.race([p.room.leave().catch(() => {}), new Promise((r) => setTimeout(r, 2000))])),
  );
}
