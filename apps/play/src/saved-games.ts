/**
 * Finished games kept on this device (localStorage): the last games' records, for the list on the
 * New game page. Storage may be refused or hold anything: every read is checked, and what cannot
 * be read is forgotten, never shown. (The game being played is kept sealed: sealed-game.ts.)
 */
import type { GameRecord } from 'dnup';

/** The browser's storage, where there is one (not in a test run by Node, nor where it is refused). */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const storage = (): KeyValueStorage | undefined => (globalThis as { localStorage?: KeyValueStorage }).localStorage;

const RECENT = 'dnup-recent-games';
/** How many finished games the list keeps (the oldest go first). */
export const RECENT_GAMES = 10;

/** A finished game in the list: when, who sat where, who won, and its full record. */
export interface RecentGame {
  readonly date: string;
  readonly seat: number;
  readonly winner: number | null;
  readonly record: GameRecord;
}

/** A kept value, parsed, or null. */
export function read(key: string): unknown {
  try {
    const text = storage()?.getItem(key) ?? null;
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keeps a value as JSON (null: forgets it); a refusal is not an error. */
export function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // not kept (storage full or refused): the game goes on
  }
}

export const isText = (x: unknown): x is string => typeof x === 'string' && x.length <= 200;

/** The finished games kept, newest first. */
export function recentGames(): RecentGame[] {
  const list = read(RECENT);
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (g): g is RecentGame =>
        typeof g === 'object' &&
        g !== null &&
        isText(g.date) &&
        Number.isInteger(g.seat) &&
        (g.winner === null || Number.isInteger(g.winner)) &&
        typeof g.record === 'object' &&
        g.record !== null &&
        Array.isArray(g.record.players),
    )
    .slice(0, RECENT_GAMES);
}

/** Adds a finished game at the top of the list. */
export function addRecentGame(game: RecentGame): void {
  write(RECENT, [game, ...recentGames()].slice(0, RECENT_GAMES));
}
