/**
 * Where games survive a dying process: after every applied move the room writes it to a store,
 * so a restarted server replays the records of unfinished games. Two stores: an append-only
 * JSON-lines file in a data folder (no server needed; one process: file-store.ts), and Redis
 * (shared by every process: redis-store.ts). Both are bounded: finished records are kept up to a
 * cap, then the oldest go. This module holds what they share: the stored game and the interface.
 */
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
