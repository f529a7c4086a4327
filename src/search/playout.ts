/**
 * The search fast path: a mutable position for playouts that runs the very rule functions
 * `apply` runs (src/core/actions/*, beaten sets, scoring, turn order, legal moves), on one
 * working copy kept across moves instead of a new immutable state per move. No second rules
 * implementation: only the publishing step of `apply` (a fresh state record, a copy of the
 * hands and of the events) is skipped, and done on demand by {@link Playout.toState}.
 */
import { playAction } from '../core/play-action.js';
import { deckIndex, type DeckIndex, type HeldCard } from '../core/cards.js';
import { ruleError } from '../core/check-move.js';
import { finishDraft, startDraft, type Draft } from '../core/draft.js';
import type { GameEvent } from '../core/events.js';
import { IllegalMoveError } from '../core/errors.js';
import { NEXT_ROUND } from '../core/interned-moves.js';
import { movesFrom } from '../core/legal-moves.js';
import { ownMove, type Move } from '../core/moves.js';
import { issue, trustedState } from '../core/trust.js';
import { dealNextRound } from '../core/setup.js';
import type { GameState, GameStatus, TableSet, Turn } from '../core/state.js';

/** The draft as the fast path drives it: its judged hand is refreshed before every move. */
type LiveDraft = Draft & { hand: readonly HeldCard[] };

/**
 * A position for playouts that changes in place: `legalMoves()` and `play(move)` cost what
 * `legalMoves` and `apply` cost minus publishing a new state per move, and `toState()` gives
 * the state `apply` would have returned, whenever one is needed. Every move is judged by the
 * same rule functions as `apply`, and an illegal move throws the same `IllegalMoveError` and
 * leaves the position as it was.
 *
 * The fields read the current position; the arrays they return are the position's own and
 * must be treated as read-only snapshots (`hand(seat)` and `table` are never changed in place,
 * so a saved reference keeps its contents; `events` is emptied by the next move).
 *
 * @example
 * ```ts
 * const p = new Playout(createGame(4, 'search'));
 * while (p.status === 'playing') p.play(p.legalMoves()[0]!);
 * const state = p.toState(); // equal to the state apply would have reached
 * ```
 */
export class Playout {
  #d: LiveDraft;
  #index: DeckIndex;
  #moveCount: number;
  #lastMove: Move | null;

  /**
   * @param state - any state (it is never changed): one the library made is used as it is, one
   *   from outside is checked in full first, as `apply` does. A player view must be determinized first.
   * @throws {@link PositionError} when `state` is not a reachable state.
   */
  constructor(state: GameState) {
    const s = issue(trustedState(state));
    this.#index = deckIndex(s.deck);
    this.#d = startDraft(s, this.#index) as LiveDraft;
    this.#moveCount = s.moveCount;
    this.#lastMove = s.lastMove;
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
  /** What the last move did (emptied by the next move). */
  get events(): readonly GameEvent[] {
    return this.#d.events;
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
    return movesFrom(d.status, d.turn.seat, d.hands[d.turn.seat]!, d.table);
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
    this.#moveCount++;
    this.#lastMove = own;
    if (own.type === 'nextRound') {
      // once a round: publish, deal as apply does, and start a new working copy
      const dealt = dealNextRound(this.#published(NEXT_ROUND, this.#moveCount - 1), own);
      this.#d = startDraft(dealt, this.#index) as LiveDraft;
      this.#d.events.push(...dealt.events);
      return this;
    }
    d.events.length = 0;
    playAction(d, own);
    return this;
  }

  /**
   * The current position as an immutable {@link GameState}: equal to what `apply` returns after
   * the same moves (its `events` and `lastMove` are the last move's).
   */
  toState(): GameState {
    const d = this.#d;
    if (this.#moveCount === d.base.moveCount) return d.base;
    return this.#published(this.#lastMove!, this.#moveCount);
  }

  #published(lastMove: Move, moveCount: number): GameState {
    const d = this.#d;
    // finishDraft shares the draft's hands array, which this position goes on changing
    return issue({ ...finishDraft(d, lastMove), hands: d.hands.slice(), moveCount });
  }
}
