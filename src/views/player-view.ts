/**
 * Player views (hidden information): exactly what one seat may know. Its own hand with
 * orientations; every other hand as a size plus the cards publicly known to be in it; the table;
 * the discard pile (face down, but every card in it was seen on the table); whose turn, who is
 * out, scores, round, status, winner; and the last move's events with other seats' hands
 * redacted. The seed and the random stream are left out: they would reveal every hand.
 */
import type {
  CardId,
  HeldCard,
  GameEvent,
  HandRotatedEvent,
  Move,
  GameOutcome,
  GameState,
  ScoringMode,
  SeatView,
} from '../core/index.js';
import { discardPileOf, codedError, issueView, trustedState } from '../core/internal.js';
import { assertSeat } from './errors.js';

/**
 * A hand rotation (rules §5 D) as a view shows it: the fact and the hand size are public;
 * the cards are listed only in the view of the seat that rotated (`null` elsewhere).
 */
export interface ViewHandRotatedEvent {
  readonly type: 'handRotated';
  readonly seat: number;
  /** How many cards were rotated. */
  readonly size: number;
  /** The rotated hand, or null in the view of any other seat. */
  readonly cards: readonly HeldCard[] | null;
}

/** An event as a player view shows it: every event is public except the cards of a rotated hand. */
export type ViewEvent = Exclude<GameEvent, HandRotatedEvent> | ViewHandRotatedEvent;

/**
 * What one seat may know about a game: plain, readonly JSON data. It extends {@link SeatView},
 * the part the rules read (format, seat, own hand, players, deck, status, turn, table).
 */
export type PlayerView = PlayerViewData & GameOutcome;

/** Everything a {@link PlayerView} holds besides its status and winner ({@link GameOutcome}). */
export interface PlayerViewData extends SeatView {
  readonly scoring: ScoringMode;
  readonly round: number;
  /** Every seat's hand size (this seat's included). */
  readonly handSizes: readonly number[];
  /**
   * Per seat, the cards publicly known to be in that hand (`state.known`: taken, or beaten and
   * returned, and not played since), with their active values, in the order they arrived. For
   * this view's own seat it says what the others know about this hand.
   */
  readonly known: readonly (readonly HeldCard[])[];
  /** The cards of the discard pile, ascending: face down, but every one was seen on the table. */
  readonly discard: readonly CardId[];
  /** The discard pile's size, as in the state. */
  readonly discardCount: number;
  /** The seat that held the ★ card at this round's deal. */
  readonly starter: number;
  readonly out: readonly number[];
  readonly scores: readonly number[];
  readonly moveCount: number;
  /** The move that led here (every move is public), or null for a new game. */
  readonly lastMove: Move | null;
  /** That move's events, redacted with {@link ViewHandRotatedEvent}. */
  readonly events: readonly ViewEvent[];
}

const NOTHING_KNOWN: readonly HeldCard[] = Object.freeze([]);

/** The known cards of a hand, with their faces, in the order they arrived (`ids`). */
function knownInHand(hand: readonly HeldCard[], ids: readonly CardId[]): readonly HeldCard[] {
  if (ids.length === 0) return NOTHING_KNOWN;
  if (ids.length <= 8) return ids.map((id) => hand.find((c) => c.id === id)!);
  // a Map past a few cards: a search per id is O(n²) on the hands of a big custom deck
  const byId = new Map(hand.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * A copy of plain data (numbers, strings, lists and records of them): what a view holds of a
 * state's lists and records, so that a change to the view cannot reach the state. Frozen parts
 * (cards, moves, decks) are shared.
 */
function copyData<T>(x: T): T {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return x;
  if (Array.isArray(x)) {
    const out = new Array<unknown>(x.length);
    for (let i = 0; i < x.length; i++) out[i] = copyData(x[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(x)) out[key] = copyData((x as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * The events as `seat` sees them, copied: every event is public but the cards of another seat's
 * rotated hand (every rotated hand's, for `null`: the public).
 */
function redact(events: readonly GameEvent[], seat: number | null): readonly ViewEvent[] {
  const out = new Array<ViewEvent>(events.length);
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    out[i] =
      e.type === 'handRotated'
        ? { type: 'handRotated', seat: e.seat, size: e.cards.length, cards: e.seat === seat ? e.cards.slice() : null }
        : copyData(e);
  }
  return out;
}

/**
 * What `seat` may know of `state` (rules §8 with hidden hands): its own hand, every other
 * hand's size and the cards publicly known in it (`state.known`), and everything public.
 *
 * @param state - a state the library made, or one from outside, which is checked in full first.
 * @param seat - the viewing seat, 0-based.
 * @returns plain JSON data of its own: it shares no list or record with `state` (only frozen
 *   cards, moves, names and the deck), so changing it cannot change the game. It is read-only in
 *   its turn: changed in place, it gets `CORRUPT_VIEW` from the next call that reads it.
 * @throws {@link ViewError} `NO_SUCH_SEAT`; {@link PositionError} for a state from outside that
 *   the rules cannot reach.
 * @example
 * ```ts
 * const view = playerView(state, 1);
 * view.handSizes; // [10, 9, 10]
 * ```
 */
export function playerView(state: GameState, seat: number): PlayerView {
  const s = trustedState(state);
  assertSeat(seat, s.players.length);
  try {
    return issueView(viewOf(s, seat));
  } catch (e) {
    throw codedError(e);
  }
}

/** The view of `seat` of a trusted state, not issued: for the library's own reading (the encodings' environment). */
export function viewOf(state: GameState, seat: number): PlayerView {
  return viewData(state, seat) as PlayerView;
}

/**
 * What the public may see of a game (rules §8): a player view with no seat and no hand. Every
 * hand is a size plus the cards publicly known in it, and every rotated hand's cards are hidden.
 * Spectators, replays of someone else's game and broadcasts get this.
 */
export type PublicView = PublicViewData & GameOutcome;

/** Everything a {@link PublicView} holds besides its status and winner: a {@link PlayerViewData} without a seat. */
export interface PublicViewData extends Omit<PlayerViewData, 'seat' | 'hand'> {
  /** No seat: the public sits at none. */
  readonly seat: null;
  /** No hand: every hand shows as a size in `handSizes` and its public cards in `known`. */
  readonly hand: readonly [];
}

/**
 * What anyone watching `state` may know (rules §8): every hand's size and the cards publicly known
 * in it (`state.known`), the table, the discard pile, turn, scores and the last move's events with
 * every rotated hand redacted. It is {@link playerView} of any seat, less that seat's hand.
 *
 * @param state - a state the library made, or one from outside, which is checked in full first.
 * @returns plain JSON data of its own: it shares no list or record with `state` (only frozen
 *   cards, moves, names and the deck), so changing it cannot change the game. It is no seat's view:
 *   `legalMoves`, `checkMove`, `loadView` and bots do not take it. It is not sealed as a player
 *   view is: the functions that describe one (`formatMove`, `upcomingTurns`, `publicSteps`, which
 *   checks that its events lead from the view before) read it as it is.
 * @throws {@link PositionError} for a state from outside that the rules cannot reach.
 * @example
 * ```ts
 * const view = publicView(state); // what a spectator receives
 * view.handSizes; // [10, 9, 10]
 * view.hand; // []
 * ```
 */
export function publicView(state: GameState): PublicView {
  const s = trustedState(state);
  try {
    return viewData(s, null) as PublicView;
  } catch (e) {
    throw codedError(e);
  }
}

/** The view of `seat` (or of the public, `null`) of a trusted state: data of its own, not issued. */
function viewData(state: GameState, seat: number | null): PlayerView | PublicView {
  const n = state.players.length;
  const handSizes = new Array<number>(n);
  const known = new Array<readonly HeldCard[]>(n);
  for (let s = 0; s < n; s++) {
    const hand = state.hands[s]!;
    handSizes[s] = hand.length;
    known[s] = knownInHand(hand, state.known[s]!);
  }
  return {
    format: 'dnup-view',
    seat,
    players: state.players,
    deck: state.deck,
    scoring: state.scoring,
    round: state.round,
    status: state.status,
    hand: seat === null ? [] : state.hands[seat]!.slice(),
    handSizes,
    known,
    table: copyData(state.table),
    discard: discardPileOf(state),
    discardCount: state.discardCount,
    starter: state.starter,
    turn: { seat: state.turn.seat, area: state.turn.area, number: state.turn.number },
    out: state.out.slice(),
    scores: state.scores.slice(),
    winner: state.winner,
    moveCount: state.moveCount,
    lastMove: copyData(state.lastMove),
    events: redact(state.events, seat),
  } as PlayerView | PublicView; // status and winner copied together from the state
}
