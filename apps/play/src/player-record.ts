/**
 * The player's record of a game in progress: what one seat has seen, and nothing more. It holds
 * the public moves, the views that seat saw after each move (its own hand, the other hands as
 * sizes and publicly known cards, rules §8) and the SHA-256 commitment of the seed — never the
 * seed, which would let anyone deal every hand again (rules §3). Once the game is over the page
 * offers the library's full record (format `dnup-record`) instead.
 */
import { t } from './i18n';
import {
  deckProblems,
  isMove,
  type CardId,
  type DeckDefinition,
  type HeldCard,
  type Move,
  type PlayerView,
} from 'dnup';

export const PLAYER_RECORD_FORMAT = 'dnup-playground-player-record';

/** One view as the record keeps it: a {@link PlayerView} without the game's fixed facts, plus the log lines of that move. */
export type ViewFrame = Omit<PlayerView, 'format' | 'players' | 'deck' | 'seat'> & {
  readonly lines: readonly string[];
};

/** A seat's record of a running game (JSON). */
export interface PlayerRecord {
  readonly format: typeof PLAYER_RECORD_FORMAT;
  readonly version: 1;
  readonly players: readonly string[];
  /** The seat whose views these are. */
  readonly seat: number;
  readonly deck: DeckDefinition;
  /** SHA-256 of the seed, hex; null when the page could not compute it. */
  readonly seedSha256: string | null;
  /** Every move so far: all moves are public. */
  readonly moves: readonly Move[];
  /** Frame 0 is the deal; frame i follows move i. */
  readonly frames: readonly ViewFrame[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Longest record the page reads: a whole game's frames fit well below this. */
const MAX_FRAMES = 20_000;

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isArrayOf = <T>(x: unknown, item: (y: unknown) => y is T): x is T[] => Array.isArray(x) && x.every(item);
const isHeld = (x: unknown): x is HeldCard =>
  typeof x === 'object' && x !== null && isInt((x as HeldCard).id) && isInt((x as HeldCard).active);
const isIds = (x: unknown): x is CardId[] => isArrayOf(x, isInt);

/** The first thing wrong with one frame, or null when it can be drawn. */
function frameProblem(f: unknown, n: number): string | null {
  const w = t().errors.record;
  if (typeof f !== 'object' || f === null) return w.frame.notObject;
  const v = f as Record<string, unknown>;
  if (!isArrayOf(v.hand, isHeld)) return w.frame.hand;
  if (!isArrayOf(v.handSizes, isInt) || v.handSizes.length !== n) return w.frame.handSizes;
  if (!Array.isArray(v.known) || v.known.length !== n || !v.known.every((k) => isArrayOf(k, isHeld)))
    return w.frame.known;
  if (!isArrayOf(v.scores, isInt) || v.scores.length !== n) return w.frame.scores;
  if (!isArrayOf(v.out, isInt)) return w.frame.out;
  const table = v.table;
  const isSet = (t: unknown): boolean =>
    typeof t === 'object' &&
    t !== null &&
    isInt((t as { seat: unknown }).seat) &&
    isInt((t as { area: unknown }).area) &&
    isInt((t as { value: unknown }).value) &&
    isIds((t as { cards: unknown }).cards);
  if (!Array.isArray(table) || !table.every(isSet)) return w.frame.table;
  const turn = v.turn as { seat?: unknown; area?: unknown } | null;
  if (
    typeof turn !== 'object' ||
    turn === null ||
    !isInt(turn.seat) ||
    turn.seat < 0 ||
    turn.seat >= n ||
    !isInt(turn.area)
  )
    return w.frame.turn;
  if (v.status !== 'playing' && v.status !== 'roundOver' && v.status !== 'gameOver') return w.frame.status;
  if (v.scoring !== 'tokens' && v.scoring !== 'rounds') return w.frame.scoring;
  if (!isInt(v.round) || !isInt(v.discardCount) || !isInt(v.starter) || !isInt(v.moveCount)) return w.frame.count;
  if (!(v.winner === null || isInt(v.winner))) return w.frame.winner;
  if (!isArrayOf(v.lines, (s): s is string => typeof s === 'string')) return w.frame.lines;
  if (!isIds(v.discard)) return w.frame.discard;
  if (
    !isArrayOf(
      v.events,
      (e): e is object => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string',
    )
  )
    return w.frame.events;
  return null;
}

/**
 * Reads a player record from parsed JSON; returns it, or a sentence in the page's language saying what is wrong.
 * Only the shape is checked: the views cannot be checked against the rules without the seed.
 */
export function readPlayerRecord(x: unknown): PlayerRecord | string {
  const w = t().errors.record;
  if (typeof x !== 'object' || x === null) return w.notRecord;
  const r = x as Record<string, unknown>;
  if (r.format !== PLAYER_RECORD_FORMAT) return w.notPlayerRecord;
  if (r.version !== 1) return w.version(String(r.version));
  if (!isArrayOf(r.players, (s): s is string => typeof s === 'string') || r.players.length < 2 || r.players.length > 5)
    return w.players;
  const n = r.players.length;
  if (!isInt(r.seat) || r.seat < 0 || r.seat >= n) return w.seat;
  const deck = r.deck as DeckDefinition | undefined;
  const deckProblem = deckProblems(deck)[0]?.message;
  if (deckProblem !== undefined) return w.deck(deckProblem);
  if (!(r.seedSha256 === null || (typeof r.seedSha256 === 'string' && /^[0-9a-f]{64}$/.test(r.seedSha256))))
    return w.seal;
  if (!isArrayOf(r.moves, isMove)) return w.moves;
  if (!Array.isArray(r.frames) || r.frames.length === 0 || r.frames.length > MAX_FRAMES) return w.noViews;
  if (r.frames.length !== r.moves.length + 1) return w.viewCount;
  for (let i = 0; i < r.frames.length; i++) {
    const problem = frameProblem(r.frames[i], n);
    if (problem) return w.view(i, problem);
  }
  return r as unknown as PlayerRecord;
}

/** A frame as a full player view again. */
export function viewOfFrame(record: PlayerRecord, frame: ViewFrame): PlayerView {
  return { ...frame, format: 'dnup-view', players: record.players, deck: record.deck, seat: record.seat } as PlayerView;
}
