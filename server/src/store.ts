/**
 * Where games survive a dying process: after every applied move the room writes it to a store,
 * so a restarted server replays the records of unfinished games. Two stores: an append-only
 * JSON-lines file in a data folder (no server needed; one process), and Redis (shared by every
 * process). Both are bounded: finished records are kept up to a cap, then the oldest go.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { GameRecord, Move } from 'dnup';
import type { SeatKind } from './protocol.js';

/** What a room needs to come back: its setup, the record's header and moves, and the seats' secrets. */
export interface StoredGame {
  /** The room code. */
  readonly id: string;
  readonly private: boolean;
  readonly kinds: readonly SeatKind[];
  readonly players: readonly string[];
  readonly seed: string;
  /** SHA-256 of each human seat's token (empty for bot seats): a leaked store cannot take a seat. */
  readonly tokenHashes: readonly string[];
  readonly host: number;
  /** The room's turn clock (absent in games stored before it existed). */
  readonly turnSeconds?: number | null;
  readonly moves: readonly Move[];
}

/**
 * A store of games in progress and of finished records. A process *owns* the games it began or
 * claimed; only the owner may write a game's moves (the Redis store enforces it with a fencing
 * token, so a process that was paused past its lease cannot write after another took over).
 */
export interface GameStore {
  /** A game starts: its header, before any move. This process owns it from now on. */
  begin(game: Omit<StoredGame, 'moves'>): Promise<void>;
  /**
   * Move number `index` (0-based) of game `id` was applied. Resolves once it is stored.
   * @throws {@link GameTakenOver} when another process owns the game now; any other error when the write failed.
   */
  move(id: string, index: number, move: Move): Promise<void>;
  /** The game is over (or abandoned): keep its record among the finished ones, drop it from the live set. */
  finish(id: string, record: GameRecord): Promise<void>;
  /** Every game begun and not finished, with its moves in order. */
  unfinished(): Promise<StoredGame[]>;
  /** The latest finished records, newest last (at most the store's cap). */
  finished(): Promise<GameRecord[]>;
  /** Codes of unfinished games that no live process owns (their owner died, or handed them over). */
  orphans(): Promise<string[]>;
  /** Takes ownership of an orphan; null when it is no orphan (any more): another process was faster. */
  claim(id: string): Promise<{ readonly previousOwner: string | null } | null>;
  /** A game with its moves as stored now, or null when it is not stored (finished, or unknown). */
  load(id: string): Promise<StoredGame | null>;
  /** Keeps this process's games its own; resolves with the codes it lost to another process. */
  renew(): Promise<string[]>;
  /** Hands a game over: another process may claim it at once. Writes of this process to it fail from now on. */
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

/** A write refused because another process took the game over: this process must stop hosting it. */
export class GameTakenOver extends Error {
  readonly code = 'GAME_TAKEN_OVER';
  constructor(readonly id: string) {
    super(`game ${id} is hosted by another process now`);
  }
}

type Line =
  | { t: 'begin'; game: Omit<StoredGame, 'moves'> }
  | { t: 'move'; id: string; i: number; m: Move }
  | { t: 'end'; id: string };

/** Options of {@link FileStore}. */
export interface FileStoreOptions {
  /** Compact the live log, and rotate the finished one, past this many bytes (default 8 MiB). */
  readonly maxBytes?: number;
}

/**
 * The embedded default: `games.jsonl` (one line per begun game, applied move and end, appended
 * synchronously so a `kill -9` loses nothing the clients saw) and `finished.jsonl` (one record per
 * line). Past `maxBytes` the live log is rewritten with unfinished games only, and the finished
 * log becomes `finished.1.jsonl`, replacing the older one: at most about 3 × `maxBytes` on disk.
 * One process per folder.
 */
export class FileStore implements GameStore {
  private readonly live: string;
  private readonly done: string;
  private readonly maxBytes: number;
  private liveBytes = 0;
  private games = new Map<string, { game: Omit<StoredGame, 'moves'>; moves: Move[] }>();
  /** Games this process hosts: one process per folder, so every other unfinished game is an orphan. */
  private owned = new Set<string>();

  constructor(
    readonly dir: string,
    options: FileStoreOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    mkdirSync(dir, { recursive: true });
    this.live = join(dir, 'games.jsonl');
    this.done = join(dir, 'finished.jsonl');
    this.readLog();
  }

  private readLog(): void {
    if (!existsSync(this.live)) return;
    const text = readFileSync(this.live, 'utf8');
    this.liveBytes = Buffer.byteLength(text);
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue; // a line torn by a crash mid-write: everything before it is intact
      }
      if (line.t === 'begin') this.games.set(line.game.id, { game: line.game, moves: [] });
      else if (line.t === 'move') {
        const g = this.games.get(line.id);
        if (g && line.i === g.moves.length) g.moves.push(line.m);
      } else if (line.t === 'end') this.games.delete(line.id);
    }
  }

  private append(line: Line): void {
    const text = `${JSON.stringify(line)}\n`;
    appendFileSync(this.live, text);
    this.liveBytes += Buffer.byteLength(text);
    if (this.liveBytes > this.maxBytes) this.compact();
  }

  /** Rewrites the live log with the unfinished games only (temporary file, then an atomic rename). */
  private compact(): void {
    const lines: string[] = [];
    for (const { game, moves } of this.games.values()) {
      lines.push(JSON.stringify({ t: 'begin', game } satisfies Line));
      moves.forEach((m, i) => lines.push(JSON.stringify({ t: 'move', id: game.id, i, m } satisfies Line)));
    }
    const text = lines.length ? `${lines.join('\n')}\n` : '';
    const tmp = `${this.live}.tmp`;
    writeFileSync(tmp, text);
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.live);
    this.liveBytes = Buffer.byteLength(text);
  }

  async begin(game: Omit<StoredGame, 'moves'>): Promise<void> {
    this.games.set(game.id, { game, moves: [] });
    this.owned.add(game.id);
    this.append({ t: 'begin', game });
  }

  async move(id: string, index: number, move: Move): Promise<void> {
    const g = this.games.get(id);
    if (!g || index !== g.moves.length) throw new Error(`store: move ${index} of game ${id} is out of order`);
    g.moves.push(move);
    this.append({ t: 'move', id, i: index, m: move });
  }

  async finish(id: string, record: GameRecord): Promise<void> {
    if (existsSync(this.done) && statSync(this.done).size > this.maxBytes)
      renameSync(this.done, join(this.dir, 'finished.1.jsonl'));
    appendFileSync(this.done, `${JSON.stringify(record)}\n`);
    this.owned.delete(id);
    if (this.games.delete(id)) this.append({ t: 'end', id });
  }

  async orphans(): Promise<string[]> {
    return [...this.games.keys()].filter((id) => !this.owned.has(id));
  }

  async claim(id: string): Promise<{ previousOwner: string | null } | null> {
    if (!this.games.has(id) || this.owned.has(id)) return null;
    this.owned.add(id);
    return { previousOwner: null };
  }

  async load(id: string): Promise<StoredGame | null> {
    const g = this.games.get(id);
    return g ? { ...g.game, moves: g.moves.slice() } : null;
  }

  async renew(): Promise<string[]> {
    return [];
  }

  async release(id: string): Promise<void> {
    this.owned.delete(id);
  }

  async unfinished(): Promise<StoredGame[]> {
    return [...this.games.values()].map(({ game, moves }) => ({ ...game, moves: moves.slice() }));
  }

  async finished(): Promise<GameRecord[]> {
    const read = (f: string): GameRecord[] =>
      existsSync(f)
        ? readFileSync(f, 'utf8')
            .split('\n')
            .filter((l) => l !== '')
            .flatMap((l) => {
              try {
                return [JSON.parse(l) as GameRecord];
              } catch {
                return [];
              }
            })
        : [];
    return [...read(join(this.dir, 'finished.1.jsonl')), ...read(this.done)];
  }

  async close(): Promise<void> {}
}

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
