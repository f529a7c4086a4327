/**
 * Bringing a stored game back in a room of this process: at start, after another process died
 * (failover) or handed its games over. Only the server itself names a game to restore (a client's
 * create options never reach `pendingRestores`).
 */
import { replay, RECORD_VERSION, type GameRecord, type GameState } from 'dnup';
import type { StoredGame } from './store.js';

/** Games to restore, by code: only the server process itself puts them here (never a client). */
export const pendingRestores = new Map<string, StoredGame>();
/** The create option naming a pending restore. */
export const RESTORE_OPTION = '__restore';

/** The stored game's record replayed; throws a sentence when it does not replay. */
export function replayStored(stored: StoredGame): GameState {
  const record: GameRecord = {
    format: 'dnup-record',
    version: RECORD_VERSION,
    players: stored.players,
    seed: stored.seed,
    moves: stored.moves,
  };
  const result = replay(record);
  if (!result.ok) throw new Error(`BAD_OPTIONS: the stored game ${stored.id} does not replay: ${result.error.message}`);
  return result.state;
}
