/**
 * The move notation (docs/notation.md): one short text per move, unique among the legal moves
 * of a position.
 *
 * | move | text | example |
 * |---|---|---|
 * | play cards (A) | `P` and the card ids, ascending, comma-separated | `P 3,17` |
 * | add a card (B) | `A` card `>` seat, plus `.area` in the duel | `A 12>1`, `A 12>1.0` |
 * | take a set (C) | `T` seat, plus `.area` in the duel | `T 2`, `T 0.1` |
 * | rotate hand (D) | `R` | `R` |
 * | deal next round | `N` | `N` |
 */
import {
  type AreaRef,
  type Move,
  ArgumentError,
  IllegalMoveError,
  type GameState,
  type HeldCard,
  type DeckDefinition,
} from '../core/index.js';
import { ownMove, describeValue, isRecord, readInput, withSource, withState } from '../core/internal.js';
import type { PlayerView, PublicView } from '../views/player-view.js';
import { cardsByFaces, handByFaces } from './card-faces.js';
import { NotationError } from './notation-error.js';

/** What writing a move reads of its position: the player count, and the hand to play with its deck when known. */
interface Writing {
  readonly players: readonly unknown[];
  /** The hand of the seat to play and its deck, for faces; null where the position hides it. */
  readonly hand: { readonly deck: DeckDefinition; readonly cards: readonly HeldCard[] } | null;
}

/** `seat` alone where every seat has one area (3–5 players), `seat.area` in the duel. */
function formatArea(state: { readonly players: readonly unknown[] }, target: AreaRef): string {
  return state.players.length === 2 || target.area !== 0 ? `${target.seat}.${target.area}` : `${target.seat}`;
}

/** How {@link formatMove} names cards. */
export interface FormatMoveOptions {
  /**
   * `'ids'` (the default, the canonical text): `P 3,17`. `'faces'`: each card of the hand of the
   * seat to play as it lies, `active|inactive` (`P 5|1,5|6`), wherever those faces name that card
   * alone in the hand; any other card by its id, so the text always reads back to the same move.
   */
  readonly cards?: 'ids' | 'faces';
}

/** A writer of card names: ids, or faces where they name one card of the hand to play. */
function cardNamer(state: GameState | Writing, faces: boolean): (id: number) => string {
  if (!faces) return String;
  const hand =
    'hands' in state
      ? handByFaces(state)
      : state.hand === null
        ? new Map<string, number[]>()
        : cardsByFaces(state.hand.deck, state.hand.cards);
  const byId = new Map<number, string>();
  for (const [key, ids] of hand) if (ids.length === 1) byId.set(ids[0]!, key);
  return (id) => byId.get(id) ?? String(id);
}

/** {@link formatMove} of a move the library owns, in a state it made or a checked view (internal). */
export function formatOwnMove(state: GameState | Writing, move: Move, faces = false): string {
  const name = move.type === 'play' || move.type === 'add' ? cardNamer(state, faces) : String;
  switch (move.type) {
    case 'play':
      return `P ${move.cards
        .slice()
        .sort((a, b) => a - b)
        .map(name)
        .join(',')}`;
    case 'add':
      return `A ${name(move.card)}>${formatArea(state, move.target)}`;
    case 'take':
      return `T ${formatArea(state, move.target)}`;
    case 'rotate':
      return 'R';
    case 'nextRound':
      return 'N';
  }
}

/**
 * Writes a move in the notation of docs/notation.md. The move need not be legal (a replay report
 * writes illegal moves too), only well-formed.
 *
 * @param state - the position the move is played in: a state, a player view or the public view
 * (the player count decides how areas are written; with `cards: 'faces'`, the hand of the seat to
 * play decides how cards are, so a view that does not hold that hand names every card by its id).
 * @param move - a move of any of the five shapes.
 * @param options - `cards: 'faces'` names cards by their faces (`P 5|1`) where that is unambiguous.
 * @returns the canonical text, e.g. `P 3,17`, `A 12>1`, `T 1.0`, `R`, `N`; with faces, e.g. `P 6|3,6|9`.
 * @throws {@link NotationError} `NOT_A_MOVE` when `move` does not have the shape of a move;
 *   {@link ArgumentError} `BAD_ARGUMENT` for a view without 2 to 5 players; for a state from
 *   outside, what `loadState` throws, and for a seat's view from outside with `cards: 'faces'`,
 *   what `loadView` throws (in ids a view's player count is all that is read).
 *
 * @example
 * ```ts
 * formatMove(state, { type: 'play', cards: [17, 3] }); // 'P 3,17'
 * formatMove(state, { type: 'take', target: { seat: 1, area: 0 } }); // 'T 1' (3–5 players)
 * formatMove(state, { type: 'play', cards: [17] }, { cards: 'faces' }); // 'P 3|6' when card 17 shows 3
 * ```
 */
export function formatMove(
  state: GameState | PlayerView | PublicView,
  move: Move,
  options: FormatMoveOptions = {},
): string {
  const own = ownMove(move);
  if (own instanceof IllegalMoveError)
    throw new NotationError('NOT_A_MOVE', own.message, describeValue(move), {}, { input: describeValue(move) });
  const faces = readFacesOption(options);
  if (!isRecord(state) || state.format !== 'dnup-view') return withState(state, (s) => formatOwnMove(s, own, faces));
  if (faces && state.seat !== null)
    return withSource(state, (v) => {
      if (!('hand' in v)) return formatOwnMove(v, own, faces);
      const toPlay = v.status === 'playing' && v.turn.seat === v.seat;
      return formatOwnMove({ players: v.players, hand: toPlay ? { deck: v.deck, cards: v.hand } : null }, own, faces);
    });
  // ids, or the public view: only the player count is read, so a view is not checked in full
  const players: unknown = (state as { players?: unknown }).players;
  if (!Array.isArray(players) || players.length < 2 || players.length > 5)
    throw new ArgumentError('BAD_ARGUMENT', 'formatMove needs a position of 2 to 5 players (rules §1).');
  return formatOwnMove({ players, hand: null }, own, faces);
}

/** True for `cards: 'faces'`; throws `BAD_ARGUMENT` for options that are not {@link FormatMoveOptions}. */
function readFacesOption(options: unknown): boolean {
  if (options === undefined) return false;
  // read once into plain data: a getter or a proxy is read once, or refused
  const read = readInput(options, { depth: 2 });
  const cards = read.ok && isRecord(read.value) ? read.value.cards : null;
  if (cards === 'faces') return true;
  if (cards === undefined || cards === 'ids') return false;
  throw new ArgumentError(
    'BAD_ARGUMENT',
    `formatMove's options are { cards: 'ids' } or { cards: 'faces' }, not ${read.ok ? describeValue(read.value) : 'that'} (docs/notation.md §2).`,
  );
}
