/**
 * The game record: everything needed to replay a game exactly (rules §3: same seed, same
 * moves, same game), as versioned JSON. The JSON Schema is docs/record.schema.json.
 */
import { isStandardDeck, type DeckDefinition } from '../core/cards.js';
import type { Move } from '../core/moves.js';
import type { Seed } from '../core/random.js';
import type { GameState } from '../core/state.js';

/** The record format's version; bumped on any change that alters how a record replays. */
export const RECORD_VERSION = 1;

/** Free-form facts about a game, kept but never read by the rules. */
export interface RecordMetadata {
  readonly event?: string;
  readonly date?: string;
  /** Comments by move index (0-based), e.g. `{ "12": "a bold take" }`. */
  readonly comments?: Readonly<Record<string, string>>;
  readonly [key: string]: unknown;
}

/** A versioned, replayable game record. */
export interface GameRecord {
  readonly format: 'dnup-record';
  readonly version: typeof RECORD_VERSION;
  /** Player names, one per seat (2–5). */
  readonly players: readonly string[];
  readonly seed: Seed;
  /** Game options; `deck` only when a custom deck was used. */
  readonly options?: { readonly deck?: DeckDefinition };
  /** Every move in order, `nextRound` moves included. */
  readonly moves: readonly Move[];
  readonly metadata?: RecordMetadata;
}

/**
 * A record of a game from its moves: the players, seed and deck come from `state`, any state of
 * that game (they never change), and `moves` are the moves applied since `createGame`.
 *
 * @example
 * ```ts
 * const record = recordOf(finalState, movesPlayed, { event: 'club night' });
 * ```
 */
export function recordOf(state: GameState, moves: readonly Move[], metadata?: RecordMetadata): GameRecord {
  const standard = isStandardDeck(state.deck);
  return {
    format: 'dnup-record',
    version: RECORD_VERSION,
    players: state.players.slice(),
    seed: state.seed,
    ...(standard ? {} : { options: { deck: state.deck } }),
    moves: moves.slice(),
    ...(metadata ? { metadata } : {}),
  };
}
