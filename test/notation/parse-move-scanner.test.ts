/**
 * parseMove used backtracking regular expressions (quadratic on `P 1` + spaces
 * + `x`) and listed every legal move (2^k − 1 plays for k cards of one value). It now scans the
 * text once and judges each candidate with checkMove. This pins the new reader to the old one
 * on short texts, where the old one was fast: the same texts are read, and every text gives the
 * same move or the same refusal, on random positions.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  checkMove,
  isNotationError,
  legalMoves,
  parseMove,
  type AreaRef,
  type GameState,
  type Move,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';

/** The former regular-expression reader, as the oracle (fine on short texts). */
const NUM = '(\\d{1,6})';
const OLD_PLAY = /^P\s*(\d{1,6}(?:\s*[,\s]\s*\d{1,6})*)$/;
const OLD_ADD = new RegExp(`^A\\s*${NUM}(?:\\s*>\\s*${NUM}(?:\\s*\\.\\s*${NUM})?)?$`);
const OLD_TAKE = new RegExp(`^T\\s*${NUM}(?:\\s*\\.\\s*${NUM})?$`);

type Pattern =
  | { type: 'play'; cards: number[] }
  | { type: 'add'; card: number; seat?: number; area?: number }
  | { type: 'take'; seat: number; area?: number }
  | { type: 'rotate' }
  | { type: 'nextRound' };

function oldRead(text: string): Pattern | undefined {
  const t = text.trim().toUpperCase();
  if (t === 'R') return { type: 'rotate' };
  if (t === 'N') return { type: 'nextRound' };
  let m = OLD_PLAY.exec(t);
  if (m)
    return {
      type: 'play',
      cards: m[1]!
        .split(/[\s,]+/)
        .map(Number)
        .sort((a, b) => a - b),
    };
  m = OLD_ADD.exec(t);
  if (m) {
    if (m[2] === undefined) return { type: 'add', card: Number(m[1]) };
    return m[3] === undefined
      ? { type: 'add', card: Number(m[1]), seat: Number(m[2]) }
      : { type: 'add', card: Number(m[1]), seat: Number(m[2]), area: Number(m[3]) };
  }
  m = OLD_TAKE.exec(t);
  if (m)
    return m[2] === undefined
      ? { type: 'take', seat: Number(m[1]) }
      : { type: 'take', seat: Number(m[1]), area: Number(m[2]) };
  return undefined;
}

/** What the old parseMove answered: the move, or the refusal's code and details. */
function oldParse(state: GameState, text: string): unknown {
  const p = oldRead(text);
  if (!p) return { code: 'UNREADABLE' };
  let options: Move[];
  if (p.type === 'play') options = [{ type: 'play', cards: p.cards }];
  else if (p.type === 'rotate' || p.type === 'nextRound') options = [{ type: p.type }];
  else {
    const n = state.players.length;
    const seats = p.seat !== undefined ? [p.seat] : Array.from({ length: n }, (_, i) => i);
    const areas = p.area !== undefined ? [p.area] : Array.from({ length: n === 2 ? 2 : 1 }, (_, i) => i);
    const targets: AreaRef[] = seats.flatMap((seat) => areas.map((area) => ({ seat, area })));
    options = targets.map((target) =>
      p.type === 'add' ? { type: 'add', card: p.card, target } : { type: 'take', target },
    );
  }
  const fits = legalMoves(state).filter((m) => options.some((o) => JSON.stringify(o) === JSON.stringify(m)));
  if (fits.length === 1) return { move: fits[0] };
  if (fits.length > 1) return { code: 'AMBIGUOUS', candidates: fits };
  const verdicts = options.map((o) => checkMove(state, o));
  const pick =
    verdicts.find((v) => !v.ok && v.code !== 'NO_SET_THERE' && v.code !== 'NOT_AN_OPPONENT_SET') ?? verdicts[0]!;
  return { code: 'ILLEGAL', moveCode: pick.ok ? 'none' : pick.code };
}

function newParse(state: GameState, text: string): unknown {
  try {
    return { move: parseMove(state, text) };
  } catch (e) {
    if (!isNotationError(e)) throw e;
    if (e.code === 'AMBIGUOUS') return { code: e.code, candidates: e.details.candidates };
    if (e.code === 'ILLEGAL') return { code: e.code, moveCode: e.details.moveCode };
    return { code: e.code };
  }
}

/** Short texts made of the notation's own pieces, in any order: most are not notation at all. */
const piece = fc.constantFrom(
  'P',
  'p',
  'A',
  'a',
  'T',
  't',
  'R',
  'r',
  'N',
  'n',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\n',
  ',',
  ', ',
  '>',
  '.',
  '0',
  '1',
  '2',
  '3',
  '5',
  '12',
  '17',
  '23',
  '39',
  '1234567',
  'x',
  'é',
);
const text = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

/** Texts that read as moves, with forgiving spacing. */
const space = fc.constantFrom('', ' ', '  ', '\t', '\u00a0');
const wellFormed = fc.oneof(
  fc
    .tuple(
      space,
      fc.array(fc.tuple(fc.integer({ min: 0, max: 45 }), space, fc.constantFrom(',', ' ', ' , ')), {
        minLength: 1,
        maxLength: 4,
      }),
      space,
    )
    .map(
      ([a, ids, b]) =>
        `${a}P${a}${ids.map(([id, s, sep], i) => `${id}${i < ids.length - 1 ? `${s}${sep}` : ''}`).join('')}${b}`,
    ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 45 }),
      fc.option(fc.integer({ min: 0, max: 5 })),
      fc.option(fc.integer({ min: 0, max: 2 })),
      space,
    )
    .map(([c, s, a, sp]) => `A${sp}${c}${s === null ? '' : `${sp}>${sp}${s}${a === null ? '' : `${sp}.${sp}${a}`}`}`),
  fc
    .tuple(fc.integer({ min: 0, max: 5 }), fc.option(fc.integer({ min: 0, max: 2 })), space)
    .map(([s, a, sp]) => `t${sp}${s}${a === null ? '' : `.${sp}${a}`}`),
);

describe('parseMove reads exactly what the old regular expressions read', () => {
  it('the same move or the same refusal for any short text, on random positions at 2–5 players (property)', () => {
    fc.assert(
      fc.property(
        gameScript({ maxMoves: 40 }),
        fc.array(fc.oneof(text, wellFormed), { minLength: 1, maxLength: 20 }),
        (script, texts) => {
          const last = playScript(script, () => undefined);
          for (const t of texts) expect(newParse(last, t), JSON.stringify(t)).toEqual(oldParse(last, t));
        },
      ),
      { numRuns: scaled(150) },
    );
  });
});
