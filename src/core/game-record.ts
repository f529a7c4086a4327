/**
 * The game record: everything needed to replay a game exactly (rules §3: same seed, same
 * moves, same game), as versioned JSON. The JSON Schema is docs/record.schema.json.
 */
import { isStandardDeck, type DeckDefinition } from '../core/cards.js';
import { ownMove, type Move } from '../core/moves.js';
import { ArgumentError, IllegalMoveError } from '../core/errors.js';
import { isRecord, readInput } from '../core/input.js';
import { withState } from '../core/trust.js';
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
  /**
   * The position the game starts from, as one line of position text (docs/notation.md), like
   * PGN's FEN tag; without it the game starts from `createGame(players, seed)`. See
   * docs/record.schema.json.
   */
  readonly start?: string;
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
  const list = readInput(moves, { depth: 4 });
  if (!list.ok || !Array.isArray(list.value))
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `recordOf needs the list of moves played${list.ok ? '' : `: ${list.problem.message}`}.`,
    );
  const own = list.value.map((m, i) => {
    const move = ownMove(m);
    if (move instanceof IllegalMoveError)
      throw new ArgumentError('BAD_ARGUMENT', `Move ${i} of the list is not a move: ${move.message}`);
    return move;
  });
  let meta: RecordMetadata | undefined;
  if (metadata !== undefined) {
    const read = readInput(metadata);
    if (!read.ok || !isRecord(read.value))
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `Record metadata must be plain data (an object)${read.ok ? '' : `: ${read.problem.message}`}.`,
      );
    meta = read.value as RecordMetadata;
  }
  return withState(state, (s) => ({
    format: 'dnup-record',
    version: RECORD_VERSION,
    players: s.players.slice(),
    seed: s.seed,
    ...(isStandardDeck(s.deck) ? {} : { options: { deck: s.deck } }),
    moves: own,
    ...(meta ? { metadata: meta } : {}),
  }));
}
