/**
 * The search fast path: a mutable position for playouts that runs the very rule functions
 * `apply` runs (src/core/actions/*, beaten sets, scoring, turn order, legal moves), on one
 * working copy whose arrays it owns and changes in place (the draft's live policy), instead of
 * a new immutable state per move. No second rules implementation: only the storage differs, and
 * publishing is done on demand by {@link Playout.toState}.
 */
import {
  type HeldCard,
  type GameEvent,
  IllegalMoveError,
  type Move,
  type GameState,
  type GameStatus,
  type TableSet,
  type Turn,
} from '../core/index.js';
import {
  playAction,
  deckIndex,
  type DeckIndex,
  ruleError,
  publishedLive,
  startLiveDraft,
  type Draft,
  NEXT_ROUND,
  movesFrom,
  indexedMove,
  indexMoves,
  moveIndexError,
  newMoveIndex,
  playIndexed,
  type MoveIndex,
  ownMove,
  issue,
  trustedState,
  dealNextRound,
} from '../core/internal.js';

/** The draft as the fast path drives it: its judged hand is refreshed before every move. */
type LiveDraft = Draft & { hand: readonly HeldCard[] };

/** Options of a {@link Playout}. */
export interface PlayoutOptions {
  /**
   * Record each move's events (default true), as `apply` does. A search that never reads them
   * passes false: the moves are then a little cheaper, `events` stays empty, and so do the
   * `events` of {@link Playout.toState}.
   */
  readonly events?: boolean;
}

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * The legal moves by index of the last playout that asked, and the position they are of (its
 * move count): one index for all playouts, so none allocates buffers of its own.
 */
const sharedIndex: MoveIndex & { owner: Playout | null; at: number } = Object.assign(newMoveIndex(), {
  owner: null,
  at: -1,
});

/**
 * A position for playouts that changes in place: `legalMoves()` and `play(move)` cost what
 * `legalMoves` and `apply` cost minus publishing a new state per move, and `toState()` gives
 * the state `apply` would have returned, whenever one is needed. Every move is judged by the
 * same rule functions as `apply`, and an illegal move throws the same `IllegalMoveError` and
 * leaves the position as it was. A random playout need not list the moves at all:
 * {@link Playout.legalMoveCount} and {@link Playout.playLegalMoveAt} count them and play one by
 * its index in that list, legal by construction, so it is not judged again.
 *
 * The fields read the current position. The arrays `hand(seat)`, `table` and `events` return are
 * the position's own, changed in place by the next `play`: read them, never change them, and
 * copy what must outlive the move (or keep a `toState()`). `out` and `scores` are replaced, not
 * changed, when they change.
 *
 * @example
 * ```ts
 * const p = new Playout(createGame(4, 'search'), { events: false });
 * while (p.status === 'playing') p.play(p.legalMoves()[0]!);
 * const state = p.toState(); // equal to the state apply would have reached (events aside)
 * ```
 */
export class Playout {
  #d: LiveDraft;
  #deck: DeckIndex;
  #moveCount: number;
  #lastMove: Move | null;
  #events: boolean;
  /** The last `toState()`, until the next move. */
  #published: GameState | null = null;

  /**
   * @param state - any state (it is never changed): one the library made is used as it is, one
   *   from outside is checked in full first, as `apply` does. A player view must be determinized first.
   * @param options - `{ events: false }` when nobody reads the events (see {@link PlayoutOptions}).
   * @throws {@link PositionError} when `state` is not a reachable state.
   */
  constructor(state: GameState, options?: PlayoutOptions) {
    const s = issue(trustedState(state));
    this.#events = options?.events !== false;
    this.#deck = deckIndex(s.deck);
    this.#d = startLiveDraft(s, this.#deck, this.#events) as LiveDraft;
    this.#moveCount = s.moveCount;
    this.#lastMove = s.lastMove;
    this.#published = s;
  }

  /** `playing`, `roundOver` (the only move is `nextRound`) or `gameOver`. */
  get status(): GameStatus {
    return this.#d.status;
  }
  /** Whose turn, and for which play area. */
  get turn(): Turn {
    return this.#d.turn;
  }
  /** Number of players. */
  get playerCount(): number {
    return this.#d.playerCount;
  }
  /** The round number (1-based). */
  get round(): number {
    return this.#d.base.round;
  }
  /** The sets on the table, ordered by seat then area. */
  get table(): readonly TableSet[] {
    return this.#d.table;
  }
  /** Seats out this round, in order. */
  get out(): readonly number[] {
    return this.#d.out;
  }
  /** Tokens (3–5 players) or round wins (duel) per seat. */
  get scores(): readonly number[] {
    return this.#d.scores;
  }
  /** The winner once the game is over, else null. */
  get winner(): number | null {
    return this.#d.winner;
  }
  /** Moves applied since the game was created, as `state.moveCount`. */
  get moveCount(): number {
    return this.#moveCount;
  }
  /** What the last move did, as in `state.events` (emptied by the next move); always empty with `{ events: false }`. */
  get events(): readonly GameEvent[] {
    return this.#d.events ?? NO_EVENTS;
  }
  /** The hand of `seat`. */
  hand(seat: number): readonly HeldCard[] {
    return this.#d.hands[seat]!;
  }
  /** The size of the hand of `seat`. */
  handSize(seat: number): number {
    return this.#d.hands[seat]!.length;
  }

  /** The legal moves of the seat to play, in the canonical order of `legalMoves`. */
  legalMoves(): Move[] {
    const d = this.#d;
    return movesFrom(d.status, d.turn.seat, d.hands[d.turn.seat]!, d.table, d.index);
  }

  /**
   * Plays one move in place, judged exactly as `apply` judges it.
   *
   * @param move - a legal move (any of `legalMoves()`, or an equal object).
   * @returns this position, for chaining.
   * @throws {@link IllegalMoveError} as `apply` would; the position is left unchanged.
   */
  play(move: Move): this {
    const d = this.#d;
    const own = ownMove(move); // read once, and a copy: the table may keep the move's card list
    if (own instanceof IllegalMoveError) throw own;
    d.hand = d.hands[d.turn.seat]!;
    const error = ruleError(d, own);
    if (error) throw error;
    return this.#playLegal(own);
  }

  /**
   * The number of legal moves, `legalMoves().length`, without listing them: with
   * {@link Playout.playLegalMoveAt} the cheapest random playout (see the example).
   *
   * @throws {@link ArgumentError} `BAD_ARGUMENT` where `legalMoves()` would (past `MAX_LISTED_MOVES`).
   *
   * @example
   * ```ts
   * const p = new Playout(createGame(3, 'rollout'), { events: false });
   * const random = seededRandom('rollout');
   * while (p.status !== 'gameOver') p.playLegalMoveAt(Math.floor(random() * p.legalMoveCount()));
   * ```
   */
  legalMoveCount(): number {
    return this.#indexed().count;
  }

  /**
   * The legal move at `index` in the order of `legalMoves()`, without listing the others.
   *
   * @param index - a whole number from 0 to `legalMoveCount() − 1`.
   * @throws {@link ArgumentError} `BAD_ARGUMENT` for any other index.
   */
  legalMoveAt(index: number): Move {
    return indexedMove(this.#indexedFor(index), this.#d, index);
  }

  /**
   * Plays `legalMoves()[index]` in place without listing the moves or judging the move again: it
   * is legal by construction (the same rule functions list it and play it). What `play` would do
   * with that move, for less.
   *
   * @param index - a whole number from 0 to `legalMoveCount() − 1`.
   * @returns this position, for chaining.
   * @throws {@link ArgumentError} `BAD_ARGUMENT` for any other index; the position is left unchanged.
   */
  playLegalMoveAt(index: number): this {
    const x = this.#indexedFor(index);
    if (x.status !== 'playing') return this.#playLegal(NEXT_ROUND);
    // the bookkeeping of #playLegal, written out: a shared method is measurably slower on this path
    const d = this.#d; // no judged hand to refresh: the move is not judged again
    this.#moveCount++;
    this.#published = null;
    if (d.events !== null) d.events.length = 0;
    this.#lastMove = playIndexed(d, x, index);
    return this;
  }

  /**
   * The move index of the current position, built on first use after each move. One index serves
   * every playout (no buffers to allocate per playout): it says whose position it holds.
   */
  #indexed(): MoveIndex {
    const x = sharedIndex;
    if (x.owner !== this || x.at !== this.#moveCount) {
      const d = this.#d;
      x.owner = null; // until filled: indexMoves may throw
      indexMoves(x, d);
      x.owner = this;
      x.at = this.#moveCount;
    }
    return x;
  }

  /** The move index, once `index` is known to be one of its moves. */
  #indexedFor(index: number): MoveIndex {
    const x = this.#indexed();
    if (!(Number.isInteger(index) && index >= 0 && index < x.count)) throw moveIndexError(index, x.count);
    return x;
  }

  /** Plays a move known to be legal, owned by the library (a copy, or an interned move). */
  #playLegal(own: Move): this {
    const d = this.#d;
    this.#moveCount++;
    this.#lastMove = own;
    this.#published = null;
    if (own.type === 'nextRound') {
      // once a round: deal as apply does from what the round passes on, and start a new working copy
      const dealt = dealNextRound(d.base, d.scores, this.#moveCount - 1, own);
      this.#d = startLiveDraft(dealt, this.#deck, this.#events) as LiveDraft;
      this.#d.events?.push(...dealt.events);
      if (this.#events) this.#published = issue(dealt);
      return this;
    }
    if (d.events !== null) d.events.length = 0;
    playAction(d, own);
    return this;
  }

  /**
   * The current position as an immutable {@link GameState}: equal to what `apply` returns after
   * the same moves (its `events` and `lastMove` are the last move's; its `events` are empty with
   * `{ events: false }`). It costs a copy of the hands and the table: call it when needed, not per move.
   */
  toState(): GameState {
    if (this.#published === null) {
      const d = this.#d;
      this.#published = issue(publishedLive(d, this.#lastMove!, this.#moveCount, d.events ?? NO_EVENTS));
    }
    return this.#published;
  }
}
