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
import { type AreaRef, type Move, ArgumentError, IllegalMoveError, type GameState } from '../core/index.js';
import { ownMove, describeValue, isRecord, readInput, withState } from '../core/internal.js';
import { handByFaces } from './card-faces.js';
import { NotationError } from './notation-error.js';

/** `seat` alone where every seat has one area (3–5 players), `seat.area` in the duel. */
function formatArea(state: GameState, target: AreaRef): string {
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
function cardNamer(state: GameState, faces: boolean): (id: number) => string {
  if (!faces) return String;
  const byId = new Map<number, string>();
  for (const [key, ids] of handByFaces(state)) if (ids.length === 1) byId.set(ids[0]!, key);
  return (id) => byId.get(id) ?? String(id);
}

/** {@link formatMove} of a move the library owns, in a state it made (internal). */
export function formatOwnMove(state: GameState, move: Move, faces = false): string {
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
 * @param state - the position the move is played in (the player count decides how areas are
 * written; with `cards: 'faces'`, the hand of the seat to play decides how cards are).
 * @param move - a move of any of the five shapes.
 * @param options - `cards: 'faces'` names cards by their faces (`P 5|1`) where that is unambiguous.
 * @returns the canonical text, e.g. `P 3,17`, `A 12>1`, `T 1.0`, `R`, `N`; with faces, e.g. `P 6|3,6|9`.
 * @throws {@link NotationError} `NOT_A_MOVE` when `move` does not have the shape of a move.
 *
 * @example
 * ```ts
 * formatMove(state, { type: 'play', cards: [17, 3] }); // 'P 3,17'
 * formatMove(state, { type: 'take', target: { seat: 1, area: 0 } }); // 'T 1' (3–5 players)
 * formatMove(state, { type: 'play', cards: [17] }, { cards: 'faces' }); // 'P 3|6' when card 17 shows 3
 * ```
 */
export function formatMove(state: GameState, move: Move, options: FormatMoveOptions = {}): string {
  const own = ownMove(move);
  if (own instanceof IllegalMoveError)
    throw new NotationError('NOT_A_MOVE', own.message, describeValue(move), {}, { input: describeValue(move) });
  const faces = readFacesOption(options);
  return withState(state, (s) => formatOwnMove(s, own, faces));
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
