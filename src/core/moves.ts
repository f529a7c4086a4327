/**
 * Moves: plain JSON objects of exactly five shapes (rules §5, §8), and the strict check of
 * their shape. Legality against a position lives in the action modules.
 */
import type { CardId } from './cards.js';
import { IllegalMoveError } from './errors.js';
import { describeValue, isPlainObject, readInput } from './input.js';
import { isInterned } from './interned-moves.js';

export {
  MOVE_TYPES,
  type AreaRef,
  type PlayMove,
  type AddMove,
  type TakeMove,
  type RotateMove,
  type NextRoundMove,
  type Move,
  type MoveType,
} from './move-shapes.js';
import type { Move, MoveType, PlayMove } from './move-shapes.js';

const KEYS: Readonly<Record<MoveType, readonly string[]>> = {
  play: ['type', 'cards'],
  add: ['type', 'card', 'target'],
  take: ['type', 'target'],
  rotate: ['type'],
  nextRound: ['type'],
};

function malformed(why: string): IllegalMoveError {
  return new IllegalMoveError('MALFORMED_MOVE', `That is not a move: ${why} (rules §5 lists the actions).`);
}

function isAreaRef(x: unknown): boolean {
  if (!isPlainObject(x)) return false;
  const keys = Object.keys(x);
  return keys.length === 2 && Number.isInteger(x.seat) && Number.isInteger(x.area) && 'seat' in x && 'area' in x;
}

/**
 * Returns an error when `move` is not exactly one of the five move shapes (unknown type, missing,
 * extra or mistyped fields), or undefined when its shape is sound.
 */
export function moveShapeError(move: unknown): IllegalMoveError | undefined {
  if (!isPlainObject(move))
    return malformed(
      `expected an object, got ${move === null ? 'null' : Array.isArray(move) ? 'an array' : typeof move}`,
    );
  const type = move.type;
  if (typeof type !== 'string' || !Object.hasOwn(KEYS, type)) return malformed(`unknown type ${describeValue(type)}`);
  const expected = KEYS[type as MoveType];
  const keys = Object.keys(move);
  const extra = keys.filter((k) => !expected.includes(k));
  if (extra.length > 0)
    return malformed(
      `a ${type} move has no field ${extra
        .slice(0, 3)
        .map((k) => describeValue(k))
        .join(', ')}`,
    );
  const missing = expected.filter((k) => !keys.includes(k));
  if (missing.length > 0)
    return malformed(`a ${type} move needs the field ${missing.map((k) => JSON.stringify(k)).join(', ')}`);
  switch (type) {
    case 'play': {
      const cards = move.cards;
      if (!Array.isArray(cards)) return malformed('"cards" must be an array of card ids');
      // an index loop, not every(): every() skips the holes of a sparse array
      for (let i = 0; i < cards.length; i++)
        if (!Number.isInteger(cards[i])) return malformed('"cards" must be an array of card ids');
      return undefined;
    }
    case 'add':
      if (!Number.isInteger(move.card)) return malformed('"card" must be a card id');
      if (!isAreaRef(move.target)) return malformed('"target" must be { seat, area } with integer seat and area');
      return undefined;
    case 'take':
      if (!isAreaRef(move.target)) return malformed('"target" must be { seat, area } with integer seat and area');
      return undefined;
    default:
      return undefined;
  }
}

/** Plays of up to this many cards may be read by {@link plainPlay}. */
const PLAIN_PLAY_MAX = 64;

/**
 * The library's own copy of a play move that is plain data of exactly the play shape (as the
 * multi-card plays `legalMoves` lists are), each field read once; undefined for anything else,
 * which then takes the general reader (so getters or Proxy traps may run again there, but nothing
 * read here is ever used). Cheaper than the general reader: no path, no cycle bookkeeping.
 */
function plainPlay(input: unknown): PlayMove | undefined {
  try {
    if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype)
      return undefined;
    let keys = 0;
    for (const key in input) {
      if (key !== 'type' && key !== 'cards') return undefined;
      keys++;
    }
    if (keys !== 2) return undefined;
    const x = input as Record<string, unknown>;
    if (x.type !== 'play') return undefined;
    const cards = x.cards;
    if (!Array.isArray(cards)) return undefined;
    const length = cards.length;
    if (length > PLAIN_PLAY_MAX) return undefined;
    const own = new Array<CardId>(length);
    for (let i = 0; i < length; i++) {
      const id: unknown = cards[i];
      if (!Number.isInteger(id)) return undefined; // holes read as undefined
      own[i] = (id as number) === 0 ? 0 : (id as number); // -0 reads as 0, as JSON would
    }
    return { type: 'play', cards: own };
  } catch {
    return undefined; // a Proxy trap threw: the general reader says so
  }
}

/**
 * The library's own copy of a move handed in from outside, read once (a getter or Proxy cannot
 * change it between checks), or the `MALFORMED_MOVE` error when it is not exactly one of the
 * five shapes. Never throws. `legalMoves`' own frozen moves are returned as they are.
 */
export function ownMove(input: unknown): Move | IllegalMoveError {
  if (isInterned(input)) return input as Move;
  const play = plainPlay(input);
  if (play !== undefined) return play;
  const read = readInput(input, { depth: 3 });
  if (!read.ok) return malformed(`${read.problem.message}${read.problem.path ? ` (at ${read.problem.path})` : ''}`);
  return moveShapeError(read.value) ?? (read.value as unknown as Move);
}

/**
 * True when `x` has exactly the shape of a {@link Move} (legality aside). Never throws.
 *
 * @example
 * ```ts
 * isMove({ type: 'rotate' }); // true
 * isMove({ type: 'rotate', extra: 1 }); // false
 * ```
 */
export function isMove(x: unknown): x is Move {
  return !(ownMove(x) instanceof IllegalMoveError);
}
