/**
 * Starts a dnup game server: Colyseus over WebSockets, the `dnup` room and a lobby, a store of
 * games (a data folder, or Redis with `redisUrl`), and the games a dead process left unfinished.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import { LOBBY_NAME, ROOM_NAME } from './protocol.js';
import { configureRooms, DnupLobby, DnupRoom, liveRooms, pendingRestores, RESTORE_OPTION, type RoomSettings } from './room.js';
import { FileStore, RedisStore, type GameStore } from './store.js';

/** Options of {@link startServer}. */
export interface ServerConfig extends Partial<Omit<RoomSettings, 'store'>> {
  /** TCP port (default 2567). With Redis every process needs its own. */
  readonly port?: number;
  /** Interface to bind (default 127.0.0.1: loopback only; 0.0.0.0 to let friends in). */
  readonly host?: string;
  /** Redis for the matchmaker, presence and store, shared by every process; without it, one process. */
  readonly redisUrl?: string;
  /** Folder of the embedded store when there is no Redis (default `data`). */
  readonly dataDir?: string;
  /** Bytes of the embedded store's logs before compaction / rotation (default 8 MiB). */
  readonly storeMaxBytes?: number;
  /** How clients reach this process (`host:port`) when several share Redis (default `host:port`). */
  readonly publicAddress?: string;
  /** Register SIGINT/SIGTERM handlers that shut down gracefully and exit (default false). */
  readonly handleSignals?: boolean;
}

/** A started server. */
export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly store: GameStore;
  readonly gameServer: Server;
  /** How many stored games were brought back at start. */
  readonly restored: number;
  /** Shuts down: every game stays in the store for the next start. */
  close(): Promise<void>;
}

function stats(req: IncomingMessage, res: ServerResponse): void {
  // the load test starts node with --expose-gc and asks for a collection first, to measure what stays
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc && req.url?.includes('gc=1')) gc();
  const m = process.memoryUsage();
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify({ rooms: liveRooms.count, heapUsed: m.heapUsed, rss: m.rss }));
}

/** Starts a server and resolves once it listens and has restored the unfinished games. */
export async function startServer(config: ServerConfig = {}): Promise<RunningServer> {
  const port = config.port ?? 2567;
  const host = config.host ?? '127.0.0.1';
  const redisUrl = config.redisUrl;
  const store: GameStore = redisUrl ? new RedisStore(new Redis(redisUrl, { lazyConnect: false })) : new FileStore(config.dataDir ?? 'data', config.storeMaxBytes ? { maxBytes: config.storeMaxBytes } : {});
  const { port: _p, host: _h, redisUrl: _r, dataDir: _d, storeMaxBytes: _s, publicAddress: _a, handleSignals: _g, ...roomSettings } = config;
  configureRooms({ ...roomSettings, store });

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/health') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else if (req.method === 'GET' && (req.url === '/stats' || req.url?.startsWith('/stats?'))) stats(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  const transport = new WebSocketTransport({ server: http, maxPayload: 4096 });
  const gameServer = new Server({
    transport,
    greet: false,
    gracefullyShutdown: config.handleSignals ?? false,
    ...(redisUrl
      ? { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl), publicAddress: config.publicAddress ?? `${host}:${port}` }
      : {}),
  });
  gameServer.define(ROOM_NAME, DnupRoom).enableRealtimeListing();
  gameServer.define(LOBBY_NAME, DnupLobby);
  gameServer.onShutdown(() => store.close());
  await gameServer.listen(port, host);

  // games a dead process left: replay each record in a room of this process, unless one lives
  let restored = 0;
  const claims = redisUrl ? new Redis(redisUrl) : null;
  try {
    for (const game of await store.unfinished()) {
      if ((await matchMaker.query({ roomId: game.id })).length > 0) continue;
      if (claims && (await claims.set(`dnup:claim:${game.id}`, matchMaker.processId, 'EX', 30, 'NX')) !== 'OK') continue;
      pendingRestores.set(game.id, game);
      try {
        await matchMaker.handleCreateRoom(ROOM_NAME, { [RESTORE_OPTION]: game.id });
        restored++;
      } catch (e) {
        pendingRestores.delete(game.id);
        console.error(`dnup-server: could not restore game ${game.id}: ${(e as Error).message}`);
      }
    }
  } finally {
    await claims?.quit();
  }

  return {
    port,
    url: `http://${host}:${port}`,
    store,
    gameServer,
    restored,
    close: () => gameServer.gracefullyShutdown(false),
  };
}
