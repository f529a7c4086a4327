/** The bot interface and whole games between bots. */
import {
  apply,
  legalMoves,
  type MoveErrorCode,
  type Move,
  type Seed,
  createGame,
  type GameOptions,
  type GameState,
  recordOf,
  type GameRecord,
} from '../core/index.js';
import { playerView, type PlayerView } from '../views/player-view.js';

/**
 * A player program: sees only its seat's {@link PlayerView}, returns one of the legal moves,
 * at once or as a promise (a bot may think asynchronously, call a server, or wait for a human).
 */
export interface Bot {
  /** A name for tables and records. */
  readonly name: string;
  /**
   * Chooses a move for the seat to play.
   *
   * @param view - what this seat may know; `view.seat === view.turn.seat`.
   * @param moves - the legal moves, in canonical order (equal to `legalMoves(view)`), never empty.
   */
  chooseMove(view: PlayerView, moves: readonly Move[]): Move | Promise<Move>;
}

/** Options of {@link playGame}. */
export interface PlayGameOptions {
  /** The game's seed. */
  readonly seed: Seed;
  /** Player names, one per seat; defaults to the bots' names. */
  readonly names?: readonly string[];
  /** Game options, e.g. a custom deck. */
  readonly gameOptions?: GameOptions;
  /** Stop after this many moves even if the game is not over (default 100,000). */
  readonly maxMoves?: number;
  /** Called after every move with the states around it. */
  readonly onMove?: (before: GameState, move: Move, after: GameState) => void;
}

/**
 * Plays a whole game between `bots`, one per seat (2–5), each seeing only its own view.
 *
 * @param bots - one bot per seat.
 * @param options - the seed, and optionally names, game options, a move cap and a callback.
 * @returns the replayable record and the final state.
 * @throws {@link GameSetupError} for a bad seat count or seed; {@link IllegalMoveError} when a bot returns an illegal move.
 * @example
 * ```ts
 * const { record, state } = await playGame([botByName('greedy'), botByName('random')], { seed: 7 });
 * console.log(state.winner, record.moves.length);
 * ```
 */
export async function playGame(
  bots: readonly Bot[],
  options: PlayGameOptions,
): Promise<{ record: GameRecord; state: GameState }> {
  let state = createGame(options.names ?? bots.map((b) => b.name), options.seed, options.gameOptions);
  const moves: Move[] = [];
  const maxMoves = options.maxMoves ?? 100_000;
  while (state.status !== 'gameOver' && moves.length < maxMoves) {
    const seat = state.turn.seat;
    const legal = legalMoves(state);
    const move = await bots[seat]!.chooseMove(playerView(state, seat), legal);
    const next = apply(state, move);
    options.onMove?.(state, move, next);
    moves.push(move);
    state = next;
  }
  return { record: recordOf(state, moves), state };
}

/**
 * How a seat loses a game the referee stopped (the arena, the ladder and `dnup play`): its bot
 * ran past the move limit (`time`), threw or rejected (`error`), returned something that is not
 * a move (`not-a-move`), or returned a move the rules refuse (`illegal`).
 *
 * @example
 * ```ts
 * const kinds: ForfeitKind[] = ['time', 'error', 'not-a-move', 'illegal'];
 * ```
 */
export type ForfeitKind = 'time' | 'error' | 'not-a-move' | 'illegal';

/**
 * A bot's own error as plain data (it crosses from worker threads and goes into JSON): what the
 * bot threw or rejected with.
 *
 * @example
 * ```ts
 * const failure: BotFailure = { name: 'TypeError', message: "Cannot read properties of null (reading 'cards')", stack: 'TypeError: …\n    at chooseMove (file:///…/mybot.js:4:20)' };
 * ```
 */
export interface BotFailure {
  /** The error's name (`TypeError`…), or the type of a thrown value that is not an error. */
  readonly name: string;
  /** Its message (at most 2,000 characters). */
  readonly message: string;
  /** Its stack (at most 8,000 characters), or null when it has none. */
  readonly stack: string | null;
}

/**
 * Why the rules refused what a bot returned: the refusal's code, the rule it enforces and its
 * sentence, as `apply` gives them (an `IllegalMoveError`).
 *
 * @example
 * ```ts
 * const refusal: MoveRefusal = { code: 'DOES_NOT_BEAT', rule: '§5', message: '…(rules §5).' };
 * ```
 */
export interface MoveRefusal {
  /** The refusal's code, as `IllegalMoveError.code` (`MALFORMED_MOVE` for something that is not a move). */
  readonly code: MoveErrorCode;
  /** The rules reference section, e.g. `"§5 A"`. */
  readonly rule: string;
  /** The refusal's sentence, citing its rule. */
  readonly message: string;
}

/**
 * A game a bot lost by forfeit, with everything needed to find out why: who, where, what it
 * threw or returned, and the game's record up to the forfeit.
 *
 * @example
 * ```ts
 * const { forfeits } = await runArena({ players: 2, games: 10, lineup: ['mine', 'greedy'], seed: 1, botModules: { mine: './mybot.js' } });
 * for (const f of forfeits) console.log(`${f.bot} game ${f.game} seat ${f.seat}: ${f.kind}: ${f.message}`);
 * // replay(f.record) judges the moves played before it: all legal
 * ```
 */
export interface Forfeit {
  /** The bot's name, as given in the lineup (or the ladder's label, `name#2`…). */
  readonly bot: string;
  /** The game's number, from 0. */
  readonly game: number;
  /** The seat the bot held in that game. */
  readonly seat: number;
  /** The game's seed: its record's, which deals its cards. */
  readonly seed: string;
  /** The seed the bot's factory was given for this game. */
  readonly botSeed: string;
  /** How it lost: `time`, `error`, `not-a-move` or `illegal`. */
  readonly kind: ForfeitKind;
  /** The move it failed to make: the number of moves played before (the record's length; -1 without a record). */
  readonly moveNumber: number;
  /** One sentence: the bot's own message (`error`), the rules' refusal, or the time it took. */
  readonly message: string;
  /** What the bot threw or rejected with (`error`), as plain data; else null. */
  readonly error: BotFailure | null;
  /** The rules' refusal (`not-a-move`: `MALFORMED_MOVE`; `illegal`); else null. */
  readonly refusal: MoveRefusal | null;
  /** How long the failed decision ran, in milliseconds (for `time`: when it was stopped). */
  readonly elapsedMs: number;
  /** The move limit of the run, in milliseconds. */
  readonly limitMs: number;
  /**
   * The game up to the forfeit, a record `replay` judges legal throughout; null only when the
   * moves of a game stopped from outside did not fit the worker's shared buffer.
   */
  readonly record: GameRecord | null;
}

/** What the referee found wrong with one seat; the arena adds who and which game. */
export interface SeatFault {
  readonly seat: number;
  readonly kind: ForfeitKind;
  /** One sentence for people. */
  readonly message: string;
  /** The bot's own error, for `error`. */
  readonly error: BotFailure | null;
  /** The rules' refusal, for `not-a-move` and `illegal`. */
  readonly refusal: MoveRefusal | null;
  /** How long the failed decision ran, in milliseconds. */
  readonly elapsedMs: number;
}

/** What a referee's caller may watch: each decision's start and end, and each move played. */
export interface RefereeHooks {
  readonly decisionStart?: (seat: number) => void;
  readonly decisionEnd?: (seat: number, ms: number) => void;
  readonly moved?: (move: Move) => void;
  readonly onMove?: (before: GameState, move: Move, after: GameState) => void;
}

/** Settings of {@link refereeGame}. */
export interface RefereeOptions {
  readonly seed: Seed;
  /** Player names, one per seat (the record's). */
  readonly names: readonly string[];
  readonly maxMoves: number;
  /**
   * The most one decision may take, in milliseconds: a promise that has not settled by then is
   * abandoned and the seat forfeits; a decision that returns later forfeits too. A synchronous
   * loop cannot be stopped from its own thread: the arena's workers are stopped from outside.
   */
  readonly limitMs: number;
  readonly hooks?: RefereeHooks;
}

/** A refereed game: its record and state when it ended, and the seat that forfeited, if one did. */
export interface RefereedGame {
  readonly record: GameRecord;
  readonly state: GameState;
  readonly fault: SeatFault | null;
}
