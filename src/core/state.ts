/**
 * The game state: plain, readonly, JSON-safe data (no classes, maps or functions), so that
 * `JSON.parse(JSON.stringify(state))` works with every function exactly as the original.
 */
import type { CardId, DeckDefinition, HeldCard } from './cards.js';
import type { GameEvent } from './events.js';
import type { Move } from './moves.js';
import type { RngState, Seed } from './random.js';

/** A set on the table (rules §1): cards in one play area, all showing `value`. */
export interface TableSet {
  /** The seat the set belongs to (the area's owner). */
  readonly seat: number;
  /** The owner's play area: always 0 with 3–5 players, 0 or 1 in the duel. */
  readonly area: number;
  /** The common active value of the cards. */
  readonly value: number;
  /** The cards, in the order they arrived. `cards.length` is the set size. */
  readonly cards: readonly CardId[];
}

/** Whose turn it is: the seat and which of its play areas the turn is for (rules §4). */
export interface Turn {
  readonly seat: number;
  readonly area: number;
  /** 1-based count of turns taken in this round, including this one. */
  readonly number: number;
}

/** `playing` until a round ends; `roundOver` waits for `{ type: 'nextRound' }`; `gameOver` is final. */
export type GameStatus = 'playing' | 'roundOver' | 'gameOver';

/** How the game is scored (rules §6): letter tokens with 3–5 players, round wins in the duel. */
export type ScoringMode = 'tokens' | 'rounds';

/** Options of {@link createGame}. */
export interface GameOptions {
  /** A custom deck (rules §2); defaults to {@link STANDARD_DECK}. */
  readonly deck?: DeckDefinition;
}

/**
 * A state's status with its winner, which go together: a winner exactly when the game is over.
 * {@link GameState} and {@link PlayerView} are unions over it, so checking `status` narrows `winner`.
 *
 * @example
 * ```ts
 * if (state.status === 'gameOver') console.log(state.players[state.winner]); // winner: number
 * ```
 */
export type GameOutcome =
  | { readonly status: 'playing'; readonly winner: null }
  | { readonly status: 'roundOver'; readonly winner: null }
  | { readonly status: 'gameOver'; readonly winner: number };

/**
 * The complete state of a game. Never mutated: every move returns a new state.
 * It narrows on `status` ({@link GameOutcome}): after `status === 'gameOver'`, `winner` is a number.
 */
export type GameState = GameStateData & GameOutcome;

/** Everything a {@link GameState} holds besides its status and winner ({@link GameOutcome}). */
export interface GameStateData {
  /** The state's data format; bumped when the shape changes. */
  readonly format: 1;
  /** Player names, one per seat. */
  readonly players: readonly string[];
  /** The deck definition in use (shared, never copied, between states). */
  readonly deck: DeckDefinition;
  /** The seed the game was created from. Hidden information: player views leave it out. */
  readonly seed: Seed;
  /** The random stream's state after the latest deal: the next round is dealt from it. Hidden. */
  readonly rng: RngState;
  /** `tokens` for 3–5 players, `rounds` for 2. */
  readonly scoring: ScoringMode;
  /** 1-based round number. */
  readonly round: number;
  /** Each seat's hand: card ids with the face that is up. Order has no meaning (rules §3). */
  readonly hands: readonly (readonly HeldCard[])[];
  /**
   * Per seat, the ids of the cards in that hand that every player saw arrive from the table
   * (taken, or beaten and returned: rules §5 golden rule), until they leave the hand. Their
   * faces are public too, since every rotation is public. Player views show them to everyone.
   */
  readonly known: readonly (readonly CardId[])[];
  /** The sets on the table, ordered by seat then area. */
  readonly table: readonly TableSet[];
  /**
   * How many cards lie face down in the discard pile (rules §8). Which cards they are follows
   * from the rest of the state: every card in use that is in no hand and in no table set
   * ({@link discardPile}). Keeping only the count keeps each new state small.
   */
  readonly discardCount: number;
  /** The seat that held the ★ card when this round was dealt (it started the round). */
  readonly starter: number;
  /** Whose turn. When the round or game is over: the turn that would have come next, or the last one. */
  readonly turn: Turn;
  /** Seats that emptied their hand this round, in order. */
  readonly out: readonly number[];
  /** Letter tokens (3–5 players) or round wins (2 players), per seat. */
  readonly scores: readonly number[];
  /** Moves applied since the game was created (all rounds). */
  readonly moveCount: number;
  /** The move that led to this state, or null for a new game. */
  readonly lastMove: Move | null;
  /** What happened during that move, in order (for animation and explanation). */
  readonly events: readonly GameEvent[];
}
