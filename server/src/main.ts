/**
 * `npm run server`: one dnup game server from environment variables (docs/online.md).
 * PORT (2567), HOST (127.0.0.1), REDIS_URL (none: the embedded store in DATA_DIR, default
 * server/data), PUBLIC_ADDRESS, RECONNECT_SECONDS (30), BOT_DELAY_MS (400), ROUND_PAUSE_MS (3000),
 * RATE_PER_SECOND (10) and RATE_BURST (20) messages per client, LEASE_MS (3000: with Redis, how
 * long a dead process's games wait before another takes them over), LOG_LINES_PER_CLIENT (10).
 */
import { fileURLToPath } from 'node:url';
import { startServer } from './app.js';

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`dnup-server: ${name} must be a number ≥ 0, not "${raw}".`);
    process.exit(2);
  }
  return n;
}

const env = process.env;
const server = await startServer({
  port: numberFrom('PORT', 2567),
  host: env.HOST || '127.0.0.1',
  ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
  dataDir: env.DATA_DIR || fileURLToPath(new URL('../data', import.meta.url)),
  ...(env.PUBLIC_ADDRESS ? { publicAddress: env.PUBLIC_ADDRESS } : {}),
  reconnectSeconds: numberFrom('RECONNECT_SECONDS', 30),
  botDelayMs: numberFrom('BOT_DELAY_MS', 400),
  roundPauseMs: numberFrom('ROUND_PAUSE_MS', 3000),
  ratePerSecond: numberFrom('RATE_PER_SECOND', 10),
  rateBurst: numberFrom('RATE_BURST', 20),
  leaseMs: numberFrom('LEASE_MS', 3000),
  logLinesPerClient: numberFrom('LOG_LINES_PER_CLIENT', 10),
  handleSignals: true,
});
console.log(
  `dnup-server listening on ws://${env.HOST || '127.0.0.1'}:${server.port} (${env.REDIS_URL ? `Redis ${env.REDIS_URL}` : 'embedded store'}); ${server.restored} unfinished game(s) restored.`,
);
