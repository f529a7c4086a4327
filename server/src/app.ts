/**
 * Starts a dnup game server: Colyseus over WebSockets, the `dnup` room and a lobby, a store of
 * games (a data folder, or Redis with `redisUrl`), and the games a dead process left unfinished.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Redis } from 'ioredis';
import { Failover, type Readiness } from './failover.js';
import { logRefusal } from './messages.js';
import { LOBBY_NAME, ROOM_NAME } from './protocol.js';
import { configureRooms, DnupLobby, DnupRoom, liveRooms, type RoomSettings } from './room.js';
import { roomSettings as currentRoomSettings } from './settings.js';
import { FileStore } from './file-store.js';
import { RedisStore } from './redis-store.js';
import { spreadPings } from './heartbeat.js';
import type { GameStore } from './store.js';

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
  /** Register SIGINT/SIGTERM handlers that drain (games handed over or stored) and exit (default false). */
  readonly handleSignals?: boolean;
  /** With Redis: ms a process owns a game without renewing (default 3000); a dead host's games move after about this. */
  readonly leaseMs?: number;
  /** Each connection is pinged once in this many ms, and closed after two unanswered pings (default 3000). */
  readonly pingMs?: number;
  /** A store of your own instead of the data folder or Redis (embedding, tests). */
  readonly store?: GameStore;
}

/** A started server. */
export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly store: GameStore;
  readonly gameServer: Server;
  /** How many stored games were brought back at start. */
  readonly restored: number;
  /** What `GET /ready` answers. */
  readiness(): Readiness;
  /** Shuts down: every game stays in the store for the next start. */
  close(): Promise<void>;
}

/** How late the event loop runs its timers: a move waits as long for its turn on the loop. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

function stats(req: IncomingMessage, res: ServerResponse): void {
  // the load test starts node with --expose-gc and asks for a collection first, to measure what stays
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc && req.url?.includes('gc=1')) gc();
  const m = process.memoryUsage();
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  const cpu = process.cpuUsage();
  res.end(
    JSON.stringify({
      rooms: liveRooms.count,
      heapUsed: m.heapUsed,
      rss: m.rss,
      cpuMs: (cpu.user + cpu.system) / 1000,
      process: matchMaker.processId,
      codes: [...liveRooms.byCode.keys()],
      // since the last `?reset=1` (the load test resets it when its window starts)
      loopDelayMs: {
        p50: +(loopDelay.percentile(50) / 1e6).toFixed(2),
        p99: +(loopDelay.percentile(99) / 1e6).toFixed(2),
        max: +(loopDelay.max / 1e6).toFixed(2),
      },
    }),
  );
  if (req.url?.includes('reset=1')) loopDelay.reset();
}

/**
 * The WebSocket transport, with one log line (not a stack trace) for a connection's socket
 * error, such as a frame over `maxPayload` (ws closes it with 1009).
 */
class QuietTransport extends WebSocketTransport {
  /** Colyseus' own pings every socket in one loop: the same pings, spread (heartbeat.ts). */
  protected override autoTerminateUnresponsiveClients(intervalMs: number, maxMissed: number): void {
    this.pingInterval = spreadPings(() => this.wss.clients, intervalMs, maxMissed);
  }

  override async onConnection(
    rawClient: Parameters<WebSocketTransport['onConnection']>[0],
    req: Parameters<WebSocketTransport['onConnection']>[1],
  ): Promise<void> {
    const done = super.onConnection(rawClient, req);
    rawClient.removeAllListeners('error');
    const room = /\/([a-zA-Z0-9_-]+)(?:\?|$)/.exec(req.url ?? '')?.[1] ?? '?';
    const session = new URL(`ws://server${req.url ?? ''}`).searchParams.get('sessionId') ?? '?';
    let logged = 0;
    rawClient.on('error', (err: Error & { code?: string }) => {
      const s = currentRoomSettings();
      // one line per connection at most: ws closes the socket after the error
      if (logged++ === 0) logRefusal(s, undefined, err.code ?? 'SOCKET_ERROR', room, session, '', err.message);
    });
    return done;
  }
}

/** Starts a server and resolves once it listens and has restored the unfinished games. */
export async function startServer(config: ServerConfig = {}): Promise<RunningServer> {
  const port = config.port ?? 2567;
  const host = config.host ?? '127.0.0.1';
  const redisUrl = config.redisUrl;
  const leaseMs = config.leaseMs ?? 3000;
  const store: GameStore = config.store
    ? config.store
    : redisUrl
      ? new RedisStore(new Redis(redisUrl, { lazyConnect: false }), { owner: () => matchMaker.processId, leaseMs })
      : new FileStore(config.dataDir ?? 'data', config.storeMaxBytes ? { maxBytes: config.storeMaxBytes } : {});
  const {
    port: _p,
    host: _h,
    redisUrl: _r,
    dataDir: _d,
    storeMaxBytes: _s,
    publicAddress: _a,
    handleSignals: _g,
    leaseMs: _l,
    store: _st,
    ...roomSettings
  } = config;
  const settings = configureRooms({ ...roomSettings, store });
  const failover = new Failover({
    store,
    intervalMs: Math.max(100, leaseMs / 3),
    shared: redisUrl !== undefined,
    log: settings.log,
  });

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/health') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else if (req.method === 'GET' && req.url === '/ready') {
      const r = failover.readiness();
      res.writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(r));
    } else if (req.method === 'GET' && (req.url === '/stats' || req.url?.startsWith('/stats?'))) stats(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  // idle keep-alive sockets live longer than clients' own idle limits (undici: 4 s), so a client
  // whose timers ran late does not reuse a socket the server has just closed (ECONNRESET)
  http.keepAliveTimeout = 30_000;
  const transport = new QuietTransport({ server: http, maxPayload: 4096, pingInterval: config.pingMs ?? 3000 });
  const gameServer = new Server({
    transport,
    greet: false,
    gracefullyShutdown: config.handleSignals ?? false,
    ...(redisUrl
      ? {
          presence: new RedisPresence(redisUrl),
          driver: new RedisDriver(redisUrl),
          publicAddress: config.publicAddress ?? `${host}:${port}`,
        }
      : {}),
  });
  gameServer.define(ROOM_NAME, DnupRoom).enableRealtimeListing();
  gameServer.define(LOBBY_NAME, DnupLobby);
  // draining: no restores from now on; each room hands its game over (lease released) and closes with 4503
  gameServer.onBeforeShutdown(async () => {
    failover.drain();
    failover.stop();
  });
  gameServer.onShutdown(() => store.close());
  await gameServer.listen(port, host);

  // games without a live host (a dead process's, or all of them after a restart): claimed and
  // replayed in rooms of this process; then the same every third of a lease (failover.ts)
  await failover.start();

  return {
    port,
    url: `http://${host}:${port}`,
    store,
    gameServer,
    restored: failover.restored,
    readiness: () => failover.readiness(),
    close: async () => {
      failover.stop();
      await gameServer.gracefullyShutdown(false);
    },
  };
}
