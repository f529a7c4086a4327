/**
 * Events: what a move did, in order (rules §8), so a UI can animate it and a checker can
 * explain it. Every applied move lists its events in `state.events`.
 */
import type { CardId, HeldCard } from './cards.js';
import type { AreaRef } from './moves.js';

/** The cards of a set, as they were on the table. */
interface SetFacts {
  readonly seat: number;
  readonly area: number;
  readonly value: number;
  readonly cards: readonly CardId[];
}

/** A new round was dealt; `starter` holds the ★ card (rules §3). */
export interface RoundDealtEvent {
  readonly type: 'roundDealt';
  readonly round: number;
  readonly starter: number;
}
/** A turn began and the set in its area went to the discard pile (rules §4.1). */
export interface SetDiscardedEvent extends SetFacts {
  readonly type: 'setDiscarded';
}
/** Action A (rules §5 A). */
export interface SetPlayedEvent extends SetFacts {
  readonly type: 'setPlayed';
}
/** Action B (rules §5 B): `seat` added `card` to the set at `target`, now of `size` cards. */
export interface CardAddedEvent {
  readonly type: 'cardAdded';
  readonly seat: number;
  readonly card: CardId;
  readonly target: AreaRef;
  readonly value: number;
  readonly size: number;
}
/**
 * A set was beaten (rules §5 "Beaten sets"). `returned` lists its cards as they came back to
 * the owner's hand, rotated; it is empty when the owner is out and the set was discarded.
 */
export interface SetBeatenEvent extends SetFacts {
  readonly type: 'setBeaten';
  /** The seat whose action beat it. */
  readonly by: number;
  readonly fate: 'returned' | 'discarded';
  readonly returned: readonly HeldCard[];
}
/** Action C (rules §5 C): the cards as they joined `seat`'s hand, rotated. */
export interface SetTakenEvent {
  readonly type: 'setTaken';
  readonly seat: number;
  readonly from: AreaRef;
  readonly value: number;
  readonly cards: readonly HeldCard[];
}
/** Action D (rules §5 D): the hand as it is after the rotation. */
export interface HandRotatedEvent {
  readonly type: 'handRotated';
  readonly seat: number;
  readonly cards: readonly HeldCard[];
}
/** A seat emptied its hand (rules §6); `place` is 1 for the first out. */
export interface PlayerOutEvent {
  readonly type: 'playerOut';
  readonly seat: number;
  readonly place: number;
}
/** Tokens gained (3–5 players, rules §6). */
export interface TokensGainedEvent {
  readonly type: 'tokensGained';
  readonly seat: number;
  readonly tokens: number;
  readonly total: number;
}
/** A duel round won (rules §6). */
export interface RoundWonEvent {
  readonly type: 'roundWon';
  readonly seat: number;
  readonly total: number;
}
/** The round is over; the next is dealt by `{ type: 'nextRound' }` (rules §8). */
export interface RoundEndedEvent {
  readonly type: 'roundEnded';
  readonly round: number;
}
/** The game is over. */
export interface GameWonEvent {
  readonly type: 'gameWon';
  readonly seat: number;
}
/** The next turn began (after any discards at its start). */
export interface TurnStartedEvent {
  readonly type: 'turnStarted';
  readonly seat: number;
  readonly area: number;
  readonly number: number;
}

/** Anything a move can cause. */
export type GameEvent =
  | RoundDealtEvent
  | SetDiscardedEvent
  | SetPlayedEvent
  | CardAddedEvent
  | SetBeatenEvent
  | SetTakenEvent
  | HandRotatedEvent
  | PlayerOutEvent
  | TokensGainedEvent
  | RoundWonEvent
  | RoundEndedEvent
  | GameWonEvent
  | TurnStartedEvent;
