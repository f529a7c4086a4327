/**
 * The store shared by every process: Redis, with fenced writes so that a process that lost a game
 * can no longer write to it (see store.ts).
 */
import type { GameRecord, Move } from 'dnup';
import { GameTakenOver, type StoredGame, type GameStore } from './store.js';

/** The part of an ioredis client the Redis store uses. */
interface RedisLike {
  hgetall(key: string): Promise<Record<string, string>>;
  hget(key: string, field: string): Promise<string | null>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /** Key prefix (default `dnup:`). */
  readonly prefix?: string;
  /** Finished records kept (default 1,000). */
  readonly maxFinished?: number;
  /** This process's name in `owner` keys (Colyseus' process id), read at each claim. */
  readonly owner?: () => string;
  /** How long a game stays this process's without a renewal, in ms (default 3,000). */
  readonly leaseMs?: number;
}

// The owner key holds "epoch|process": the epoch grows at every begin and claim, and every write
// names the epoch it was made under (a fencing token): a write under an older epoch is refused.
const EPOCH = `local function epoch(k) local o = redis.call('GET', k) if not o then return 0 end return tonumber(string.match(o, '^(%d+)')) end
`;
/** KEYS games owner lease moves; ARGV code header owner leaseMs. */
const BEGIN = `${EPOCH}local e = epoch(KEYS[2]) + 1
redis.call('DEL', KEYS[4])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SET', KEYS[2], e .. '|' .. ARGV[3])
redis.call('SET', KEYS[3], e, 'PX', ARGV[4])
return e`;
/** KEYS games owner lease; ARGV code owner leaseMs. Claims only an unfinished game whose lease is gone. */
const CLAIM = `${EPOCH}if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 or redis.call('EXISTS', KEYS[3]) == 1 then return false end
local previous = redis.call('GET', KEYS[2]) or ''
local e = epoch(KEYS[2]) + 1
redis.call('SET', KEYS[2], e .. '|' .. ARGV[2])
redis.call('SET', KEYS[3], e, 'PX', ARGV[3])
return {e, previous}`;
/** KEYS owner moves lease; ARGV epoch index move leaseMs. */
const MOVE = `${EPOCH}if epoch(KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return -2 end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[1], 'PX', ARGV[4])
return 1`;
/** KEYS owner games moves lease finished; ARGV epoch code record maxFinished. */
const FINISH = `${EPOCH}if epoch(KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
redis.call('HDEL', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1], KEYS[3], KEYS[4])
redis.call('LPUSH', KEYS[5], ARGV[3])
redis.call('LTRIM', KEYS[5], 0, tonumber(ARGV[4]) - 1)
return 1`;
/** KEYS owner1 lease1 owner2 lease2 …; ARGV leaseMs epoch1 epoch2 …: renews each lease still ours, returns the 1-based numbers of the others. */
const RENEW = `${EPOCH}local lost = {}
for j = 1, #KEYS / 2 do
  if epoch(KEYS[2 * j - 1]) == tonumber(ARGV[j + 1]) then redis.call('SET', KEYS[2 * j], ARGV[j + 1], 'PX', ARGV[1]) else table.insert(lost, j) end
end
return lost`;
/** KEYS owner lease; ARGV epoch. */
const RELEASE = `${EPOCH}if epoch(KEYS[1]) == tonumber(ARGV[1]) then redis.call('DEL', KEYS[2]) end
return 1`;
/** KEYS games; ARGV prefix: codes of unfinished games without a lease (one round trip; not for Redis Cluster). */
const ORPHANS = `local out = {}
for _, code in ipairs(redis.call('HKEYS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. 'lease:' .. code) == 0 then table.insert(out, code) end
end
return out`;

/**
 * Games in Redis, shared by every process of a scaled-out server: `<prefix>games` (hash: code →
 * header), `<prefix>moves:<code>` (list of moves), `<prefix>owner:<code>` ("epoch|process"),
 * `<prefix>lease:<code>` (expires unless its owner renews it) and `<prefix>finished` (the latest
 * `maxFinished` records). Every write is one Lua script, so it is atomic and fenced by the epoch.
 */
export class RedisStore implements GameStore {
  private readonly prefix: string;
  private readonly maxFinished: number;
  private readonly owner: () => string;
  readonly leaseMs: number;
  /** Epoch of each game this process owns. */
  private readonly epochs = new Map<string, number>();

  constructor(
    private readonly redis: RedisLike,
    options: RedisStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'dnup:';
    this.maxFinished = options.maxFinished ?? 1000;
    this.owner = options.owner ?? (() => `pid-${process.pid}`);
    this.leaseMs = options.leaseMs ?? 3000;
  }

  private key(kind: string, id?: string): string {
    return id === undefined ? `${this.prefix}${kind}` : `${this.prefix}${kind}:${id}`;
  }

  private epochOf(id: string): number {
    const e = this.epochs.get(id);
    if (e === undefined) throw new GameTakenOver(id);
    return e;
  }

  async begin(game: Omit<StoredGame, 'moves'>): Promise<void> {
    const e = await this.redis.eval(
      BEGIN,
      4,
      this.key('games'),
      this.key('owner', game.id),
      this.key('lease', game.id),
      this.key('moves', game.id),
      game.id,
      JSON.stringify(game),
      this.owner(),
      this.leaseMs,
    );
    this.epochs.set(game.id, Number(e));
  }

  async move(id: string, index: number, move: Move): Promise<void> {
    const r = Number(
      await this.redis.eval(
        MOVE,
        3,
        this.key('owner', id),
        this.key('moves', id),
        this.key('lease', id),
        this.epochOf(id),
        index,
        JSON.stringify(move),
        this.leaseMs,
      ),
    );
    if (r === -1) {
      this.epochs.delete(id);
      throw new GameTakenOver(id);
    }
    if (r !== 1) throw new Error(`store: move ${index} of game ${id} is out of order`);
  }

  async finish(id: string, record: GameRecord): Promise<void> {
    const r = Number(
      await this.redis.eval(
        FINISH,
        5,
        this.key('owner', id),
        this.key('games'),
        this.key('moves', id),
        this.key('lease', id),
        this.key('finished'),
        this.epochOf(id),
        id,
        JSON.stringify(record),
        this.maxFinished,
      ),
    );
    this.epochs.delete(id);
    if (r === -1) throw new GameTakenOver(id);
  }

  async unfinished(): Promise<StoredGame[]> {
    const games = await this.redis.hgetall(this.key('games'));
    const out: StoredGame[] = [];
    for (const json of Object.values(games)) {
      const game = JSON.parse(json) as Omit<StoredGame, 'moves'>;
      const moves = (await this.redis.lrange(this.key('moves', game.id), 0, -1)).map((m) => JSON.parse(m) as Move);
      out.push({ ...game, moves });
    }
    return out;
  }

  async finished(): Promise<GameRecord[]> {
    return (await this.redis.lrange(this.key('finished'), 0, -1)).map((r) => JSON.parse(r) as GameRecord).reverse();
  }

  async orphans(): Promise<string[]> {
    return (await this.redis.eval(ORPHANS, 1, this.key('games'), this.prefix)) as string[];
  }

  async claim(id: string): Promise<{ previousOwner: string | null } | null> {
    const r = (await this.redis.eval(
      CLAIM,
      3,
      this.key('games'),
      this.key('owner', id),
      this.key('lease', id),
      id,
      this.owner(),
      this.leaseMs,
    )) as [number, string] | null;
    if (!r) return null;
    this.epochs.set(id, Number(r[0]));
    const previous = r[1].split('|')[1];
    return { previousOwner: previous ? previous : null };
  }

  async load(id: string): Promise<StoredGame | null> {
    const json = await this.redis.hget(this.key('games'), id);
    if (json === null) return null;
    const moves = (await this.redis.lrange(this.key('moves', id), 0, -1)).map((m) => JSON.parse(m) as Move);
    return { ...(JSON.parse(json) as Omit<StoredGame, 'moves'>), moves };
  }

  async renew(): Promise<string[]> {
    const ids = [...this.epochs.keys()];
    if (ids.length === 0) return [];
    const keys = ids.flatMap((id) => [this.key('owner', id), this.key('lease', id)]);
    const lost = (
      (await this.redis.eval(
        RENEW,
        keys.length,
        ...keys,
        this.leaseMs,
        ...ids.map((id) => this.epochs.get(id)!),
      )) as number[]
    ).map((j) => ids[j - 1]!);
    for (const id of lost) this.epochs.delete(id);
    return lost;
  }

  async release(id: string): Promise<void> {
    const e = this.epochs.get(id);
    if (e === undefined) return;
    this.epochs.delete(id);
    await this.redis.eval(RELEASE, 2, this.key('owner', id), this.key('lease', id), e);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
