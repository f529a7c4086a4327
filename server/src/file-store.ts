/**
 * The store of one process: an append-only JSON-lines file in a data folder, no server needed
 * (see store.ts).
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
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { GameRecord, Move } from 'dnup';
import type { StoredGame, GameStore } from './store.js';

type Line =
  | { t: 'begin'; game: Omit<StoredGame, 'moves'> }
  | { t: 'move'; id: string; i: number; m: Move }
  | { t: 'end'; id: string };

/** Options of {@link FileStore}. */
export interface FileStoreOptions {
  /**
   * Compact the live log, and rotate the finished one, past this many bytes (default 8 MiB). The
   * live log is compacted only once it is also twice what the last compaction left, so unfinished
   * games bigger than this cost a compaction per doubling, not one per move.
   */
  readonly maxBytes?: number;
  /** Where a failed compaction is told (default: console.error). */
  readonly log?: (line: string) => void;
}

/** Games written by one step of a compaction, between which the event loop runs. */
const GAMES_PER_WRITE = 200;

/**
 * The embedded default: `games.jsonl` (one line per begun game, applied move and end, written
 * before the call that appends it resolves, so a `kill -9` loses nothing the clients saw; the
 * lines of one turn of the event loop go out in one write) and `finished.jsonl` (one record per
 * line). Past `maxBytes` (and twice what its last compaction left) the live log is rewritten with
 * unfinished games only, and the finished log becomes `finished.1.jsonl`, replacing the older one:
 * on disk at most about 3 × `maxBytes`, or 2 × the unfinished games and 2 × `maxBytes` when those
 * games alone are bigger, plus what is appended while a compaction runs.
 * One process per folder.
 */
export class FileStore implements GameStore {
  private readonly live: string;
  private readonly done: string;
  private readonly maxBytes: number;
  private liveBytes = 0;
  /** The live log, open for appending (one write a line, not an open, a write and a close); null until needed. */
  private fd: number | null = null;
  /** The live log's size after its last compaction: the games still unfinished then. */
  private compactedBytes = 0;
  /** The compaction under way, if any. */
  private compacting: Promise<void> | null = null;
  /** Lines appended since the compaction under way started. */
  private since: string[] | null = null;
  /**
   * Lines waiting for the next write, and the calls that wait for it: the lines of one turn of the
   * event loop (every move of a burst) go out in one write, not one system call each.
   */
  private pending: string[] = [];
  private waiting: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushQueued = false;
  private readonly log: (line: string) => void;
  private games = new Map<string, { game: Omit<StoredGame, 'moves'>; moves: Move[] }>();
  /** Games this process hosts: one process per folder, so every other unfinished game is an orphan. */
  private owned = new Set<string>();

  constructor(
    readonly dir: string,
    options: FileStoreOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.log = options.log ?? ((line) => console.error(line));
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

  /** Queues `line`; resolves once it is written (with the turn's other lines, see {@link flush}). */
  private append(line: Line): Promise<void> {
    const text = `${JSON.stringify(line)}\n`;
    this.since?.push(text);
    this.pending.push(text);
    if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Writes the queued lines at once, then lets their callers go on (they broadcast only after it). */
  private flush(): void {
    this.flushQueued = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    const waiting = this.waiting;
    this.pending = [];
    this.waiting = [];
    try {
      this.fd ??= openSync(this.live, 'a');
      writeSync(this.fd, text);
    } catch (e) {
      for (const w of waiting) w.reject(e);
      return;
    }
    this.liveBytes += Buffer.byteLength(text);
    for (const w of waiting) w.resolve();
    // amortised: a compaction costs the unfinished games' size, paid for by as many bytes appended
    if (this.compacting === null && this.liveBytes > this.maxBytes && this.liveBytes > 2 * this.compactedBytes)
      this.compact();
  }

  /**
   * Rewrites the live log with the unfinished games only, in the background: megabytes written and
   * flushed at once held every room's moves for hundreds of milliseconds. The games are written
   * as they were when it started; what is appended meanwhile goes to the old log (complete until
   * the rename, so a crash loses nothing) and is copied after them before the atomic rename.
   */
  private compact(): void {
    const snapshot = [...this.games.values()].map(({ game, moves }) => ({ game, moves, length: moves.length }));
    const since: string[] = [];
    this.since = since;
    this.compacting = this.rewrite(snapshot, since)
      .catch((e: unknown) => {
        // the old log is still whole: the next compaction tries again
        this.log(`store: the live log could not be compacted (${(e as Error).message}); it is kept as it is`);
        this.compactedBytes = this.liveBytes;
      })
      .finally(() => {
        this.since = null;
        this.compacting = null;
      });
  }

  private async rewrite(
    snapshot: { game: Omit<StoredGame, 'moves'>; moves: readonly Move[]; length: number }[],
    since: string[],
  ): Promise<void> {
    const tmp = `${this.live}.tmp`;
    const file = await open(tmp, 'w');
    let bytes = 0;
    try {
      for (let i = 0; i < snapshot.length; i += GAMES_PER_WRITE) {
        const lines: string[] = [];
        for (const { game, moves, length } of snapshot.slice(i, i + GAMES_PER_WRITE)) {
          lines.push(JSON.stringify({ t: 'begin', game } satisfies Line));
          for (let j = 0; j < length; j++)
            lines.push(JSON.stringify({ t: 'move', id: game.id, i: j, m: moves[j]! } satisfies Line));
        }
        const text = `${lines.join('\n')}\n`;
        bytes += Buffer.byteLength(text);
        await file.write(text);
      }
      await file.sync();
      // from here to the rename synchronously, so that no line is appended in between; the queued
      // lines (already in `since`) go to the old log first, which stays whole until the rename
      this.flush();
      const tail = since.join('');
      if (tail !== '') writeSync(file.fd, tail);
      fsyncSync(file.fd);
      renameSync(tmp, this.live);
      this.reopen(); // the open descriptor is the old log's, now gone
      this.since = null;
      this.liveBytes = bytes + Buffer.byteLength(tail);
      this.compactedBytes = this.liveBytes;
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    } finally {
      await file.close().catch(() => {});
    }
  }

  async begin(game: Omit<StoredGame, 'moves'>): Promise<void> {
    this.games.set(game.id, { game, moves: [] });
    this.owned.add(game.id);
    return this.append({ t: 'begin', game });
  }

  async move(id: string, index: number, move: Move): Promise<void> {
    const g = this.games.get(id);
    if (!g || index !== g.moves.length) throw new Error(`store: move ${index} of game ${id} is out of order`);
    g.moves.push(move);
    return this.append({ t: 'move', id, i: index, m: move });
  }

  async finish(id: string, record: GameRecord): Promise<void> {
    if (existsSync(this.done) && statSync(this.done).size > this.maxBytes)
      renameSync(this.done, join(this.dir, 'finished.1.jsonl'));
    appendFileSync(this.done, `${JSON.stringify(record)}\n`);
    this.owned.delete(id);
    if (this.games.delete(id)) return this.append({ t: 'end', id });
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

  /** Closes the live log's descriptor: the next line opens the file at its path again. */
  private reopen(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Writes the queued lines, waits for a compaction under way, then closes the live log. */
  async close(): Promise<void> {
    this.flush();
    await this.compacting;
    this.reopen();
  }
}
