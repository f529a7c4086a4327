/**
 * Reading the move notation (docs/notation.md). Input is forgiving where it cannot mislead:
 * any letter case and spacing, play cards in any order, and an area left out when only one
 * fits; the result is always the move exactly as `legalMoves` lists it.
 */
import { checkMove } from '../core/check-move.js';
import { legalMoves } from '../core/apply.js';
import type { AreaRef, Move } from '../core/moves.js';
import type { GameState } from '../core/state.js';
import { describeValue } from '../core/input.js';
import { withState } from '../core/trust.js';
import { formatMove } from './format-move.js';
import { NotationError } from './notation-error.js';

/** What a text says, possibly leaving the target area (or the whole target of an add) open. */
type Pattern =
  | { readonly type: 'play'; readonly cards: number[] }
  | { readonly type: 'add'; readonly card: number; readonly seat?: number; readonly area?: number }
  | { readonly type: 'take'; readonly seat: number; readonly area?: number }
  | { readonly type: 'rotate' }
  | { readonly type: 'nextRound' };

const NUM = '(\\d{1,6})';
const PLAY = /^P\s*(\d{1,6}(?:\s*[,\s]\s*\d{1,6})*)$/;
const ADD = new RegExp(`^A\\s*${NUM}(?:\\s*>\\s*${NUM}(?:\\s*\\.\\s*${NUM})?)?$`);
const TAKE = new RegExp(`^T\\s*${NUM}(?:\\s*\\.\\s*${NUM})?$`);

function read(text: string): Pattern | undefined {
  const t = text.trim().toUpperCase();
  if (t === 'R') return { type: 'rotate' };
  if (t === 'N') return { type: 'nextRound' };
  let m = PLAY.exec(t);
  if (m) return { type: 'play', cards: m[1]!.split(/[\s,]+/).map(Number).sort((a, b) => a - b) };
  m = ADD.exec(t);
  if (m) {
    const add = { type: 'add' as const, card: Number(m[1]) };
    if (m[2] === undefined) return add;
    return m[3] === undefined ? { ...add, seat: Number(m[2]) } : { ...add, seat: Number(m[2]), area: Number(m[3]) };
  }
  m = TAKE.exec(t);
  if (m) return m[2] === undefined ? { type: 'take', seat: Number(m[1]) } : { type: 'take', seat: Number(m[1]), area: Number(m[2]) };
  return undefined;
}

/** The explicit moves a pattern may stand for, whether legal or not. */
function completions(state: GameState, p: Pattern): Move[] {
  if (p.type === 'play') return [{ type: 'play', cards: p.cards }];
  if (p.type === 'rotate') return [{ type: 'rotate' }];
  if (p.type === 'nextRound') return [{ type: 'nextRound' }];
  const n = state.players.length;
  const areaCount = n === 2 ? 2 : 1;
  const seats = p.seat !== undefined ? [p.seat] : Array.from({ length: n }, (_, i) => i);
  // 3–5 players: an area left out is area 0; the duel may leave it out only when one area fits
  const areas = p.area !== undefined ? [p.area] : Array.from({ length: areaCount }, (_, i) => i);
  const targets: AreaRef[] = seats.flatMap((seat) => areas.map((area) => ({ seat, area })));
  return targets.map((target) => (p.type === 'add' ? { type: 'add', card: p.card, target } : { type: 'take', target }));
}

function sameMove(a: Move, b: Move): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Reads a move in the notation of docs/notation.md and checks it against the position.
 *
 * @param state - the position the move is played in.
 * @param text - e.g. `P 3,17`, `a 12 > 1`, `T 1.0`, `R`, `N`; `A 12` and (in the duel) `T 1` may
 * leave the target open when exactly one legal move fits.
 * @returns the legal move, exactly as {@link legalMoves} lists it.
 * @throws {@link NotationError} `UNREADABLE` when the text is not notation at all, `ILLEGAL`
 * (with the core's `moveCode` and `rule`) when it names a move that is not legal here, `AMBIGUOUS`
 * (with `candidates`) when it fits several legal moves.
 *
 * @example
 * ```ts
 * const move = parseMove(state, 'P 3,17'); // { type: 'play', cards: [3, 17] }
 * state = apply(state, move);
 * ```
 */
export function parseMove(state: GameState, text: string): Move {
  if (typeof text !== 'string') throw new NotationError('UNREADABLE', `${describeValue(text)} is not a move in dnup notation: a move is written as text (P 3,17 · A 12>1 · T 1 · R · N; see docs/notation.md).`, describeValue(text));
  return withState(state, (s) => parseIn(s, text));
}

function parseIn(state: GameState, text: string): Move {
  const pattern = typeof text === 'string' ? read(text) : undefined;
  if (!pattern) {
    throw new NotationError('UNREADABLE', `${describeValue(text)} is not a move in dnup notation (P 3,17 · A 12>1 · T 1 · R · N; see docs/notation.md).`, text, {}, { input: describeValue(text) });
  }
  const options = completions(state, pattern);
  const legal = legalMoves(state);
  const fits = legal.filter((m) => options.some((o) => sameMove(o, m)));
  if (fits.length === 1) return fits[0]!;
  if (fits.length > 1) {
    const texts = fits.map((m) => formatMove(state, m)).join(', ');
    throw new NotationError('AMBIGUOUS', `${describeValue(text)} fits ${fits.length} legal moves (${texts}); say which.`, text, { candidates: fits }, { input: describeValue(text), count: fits.length });
  }
  // no legal move fits: explain with the completion aimed at a set, if any, else the first
  const verdicts = options.map((o) => checkMove(state, o));
  const pick = verdicts.find((v) => !v.ok && v.code !== 'NO_SET_THERE' && v.code !== 'NOT_AN_OPPONENT_SET') ?? verdicts[0]!;
  if (pick.ok) throw new Error('unreachable: a legal completion is a legal move');
  throw new NotationError('ILLEGAL', `${describeValue(text)} is not legal here: ${pick.message}`, text, { moveCode: pick.code, rule: pick.rule }, { ...pick.params, input: describeValue(text), rule: pick.rule });
}
