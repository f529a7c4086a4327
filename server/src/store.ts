/**
 * Where games survive a dying process: after every applied move the room writes it to a store,
 * so a restarted server replays the records of unfinished games. Two stores: an append-only
 * JSON-lines file in a data folder (no server needed; one process), and Redis (shared by every
 * process). Both are bounded: finished records are kept up to a cap, then the oldest go.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
  readonly moves: readonly Move[];
}

/** A store of games in progress and of finished records. */
export interface GameStore {
  /** A game starts: its header, before any move. */
  begin(game: Omit<StoredGame, 'moves'>): Promise<void>;
  /** Move number `index` (0-based) of game `id` was applied. Resolves once it is stored. */
  move(id: string, index: number, move: Move): Promise<void>;
  /** The game is over (or abandoned): keep its record among the finished ones, drop it from the live set. */
  finish(id: string, record: GameRecord): Promise<void>;
  /** Every game begun and not finished, with its moves in order. */
  unfinished(): Promise<StoredGame[]>;
  /** The latest finished records, newest last (at most the store's cap). */
  finished(): Promise<GameRecord[]>;
  close(): Promise<void>;
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

  constructor(readonly dir: string, options: FileStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    mkdirSync(dir, { recursive: true });
    this.live = join(dir, 'games.jsonl');
    this.done = join(dir, 'finished.jsonl');
    this.load();
  }

  private load(): void {
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
    this.append({ t: 'begin', game });
  }

  async move(id: string, index: number, move: Move): Promise<void> {
    const g = this.games.get(id);
    if (!g || index !== g.moves.length) throw new Error(`store: move ${index} of game ${id} is out of order`);
    g.moves.push(move);
    this.append({ t: 'move', id, i: index, m: move });
  }

  async finish(id: string, record: GameRecord): Promise<void> {
    if (existsSync(this.done) && statSync(this.done).size > this.maxBytes) renameSync(this.done, join(this.dir, 'finished.1.jsonl'));
    appendFileSync(this.done, `${JSON.stringify(record)}\n`);
    if (this.games.delete(id)) this.append({ t: 'end', id });
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
  hset(key: string, field: string, value: string): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
  rpush(key: string, value: string): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  multi(): { hdel(k: string, f: string): unknown; del(k: string): unknown; lpush(k: string, v: string): unknown; ltrim(k: string, a: number, b: number): unknown; exec(): Promise<unknown> };
  quit(): Promise<unknown>;
}

/**
 * Games in Redis: `<prefix>games` (hash: code → header), `<prefix>moves:<code>` (list of moves)
 * and `<prefix>finished` (the latest `maxFinished` records). Every process of a scaled-out
 * server shares it.
 */
export class RedisStore implements GameStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = 'dnup:',
    private readonly maxFinished = 1000,
  ) {}

  async begin(game: Omit<StoredGame, 'moves'>): Promise<void> {
    await this.redis.hset(`${this.prefix}games`, game.id, JSON.stringify(game));
  }

  async move(id: string, index: number, move: Move): Promise<void> {
    const length = await this.redis.rpush(`${this.prefix}moves:${id}`, JSON.stringify(move));
    if (length !== index + 1) throw new Error(`store: move ${index} of game ${id} landed at ${length - 1}`);
  }

  async finish(id: string, record: GameRecord): Promise<void> {
    const m = this.redis.multi();
    m.hdel(`${this.prefix}games`, id);
    m.del(`${this.prefix}moves:${id}`);
    m.lpush(`${this.prefix}finished`, JSON.stringify(record));
    m.ltrim(`${this.prefix}finished`, 0, this.maxFinished - 1);
    await m.exec();
  }

  async unfinished(): Promise<StoredGame[]> {
    const games = await this.redis.hgetall(`${this.prefix}games`);
    const out: StoredGame[] = [];
    for (const json of Object.values(games)) {
      const game = JSON.parse(json) as Omit<StoredGame, 'moves'>;
      const moves = (await this.redis.lrange(`${this.prefix}moves:${game.id}`, 0, -1)).map((m) => JSON.parse(m) as Move);
      out.push({ ...game, moves });
    }
    return out;
  }

  async finished(): Promise<GameRecord[]> {
    return (await this.redis.lrange(`${this.prefix}finished`, 0, -1)).map((r) => JSON.parse(r) as GameRecord).reverse();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
