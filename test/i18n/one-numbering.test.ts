/**
 * A sentence counts seats and areas one way (rules §1: the data's area 0 is the rulebook's area 1).
 * For players: seats by name, areas from 1 ("Ben's play area 2"). For programmers, as the data:
 * both from 0 ("seat 1, area 1"). Never "play area 2 of seat 1", which counts the area from 1 and
 * the seat from 0. Checked twice: in the source of every message and sentence (src/, the
 * playground's words), and in the sentences the catalogues and the library actually write.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are the source text of templates, on purpose
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMove,
  createGame,
  errorSentence,
  isDnupError,
  legalMoves,
  LOCALES,
  localizeError,
  playerView,
  apply,
  validatePosition,
  type ErrorKind,
  type ErrorParams,
  type LocalizableError,
} from '../../src/index.js';
import { ROOT } from '../docs/markdown.js';
import { CODES_OF_KIND } from '../helpers/error-codes.js';

/**
 * Mixed sentences in files the i18n owners do not edit, each `file: text` as found, waiting for
 * their fix (the data's form, `seat ${seat}, area ${area}`). The scan must find exactly these: a
 * new one fails, and so does a fixed one still listed, so that this list only shrinks.
 */
const PENDING_IN_SOURCE: string[] = [];

/** The same sentences as the library writes them, by where they come from. */
const PENDING_WRITTEN: string[] = [];

const AREA_WORD = '(?:area|zone(?: de jeu)?|speelgebied)';
const SEAT_WORD = '(?:seat|place|plaats)';
/** An interpolation that reads a name from a list of players ("${n[p.seat]}", "${s.players[seat]}"). */
const NAME = /\$\{[^}]*(?:players|names|\bn)\[/;

/** The expression of the interpolation that opens at `start` (just after `${`), braces balanced. */
function interpolation(line: string, start: number): string {
  let depth = 1;
  for (let i = start; i < line.length; i++) {
    if (line[i] === '{') depth++;
    else if (line[i] === '}' && --depth === 0) return line.slice(start, i);
  }
  return line.slice(start);
}

/** From 0 or from 1: how each `WORD ${…}` of a line counts (an interpolation adding 1 counts from 1). */
function counts(line: string, word: string): Set<0 | 1> {
  const found = new Set<0 | 1>();
  for (const m of line.matchAll(new RegExp(String.raw`\b${word}\s*\$\{`, 'g'))) {
    found.add(/\+\s*1\b/.test(interpolation(line, m.index + m[0].length)) ? 1 : 0);
  }
  return found;
}

/** The functions of a file that write a seat from 0 ("seat 2", "la place 2", "plaats 2"). */
function seatHelpers(source: string): string[] {
  const re = new RegExp(String.raw`const (\w+) =[^\n]*\`(?:la )?${SEAT_WORD} \$\{`, 'g');
  return [...source.matchAll(re)].map((m) => m[1]!);
}

/** True when a source line counts an area from 1 beside a seat from 0, or an area from 0 beside a name. */
function mixesInSource(line: string, helpers: readonly string[]): boolean {
  const areas = counts(line, AREA_WORD);
  const seatFrom0 = counts(line, SEAT_WORD).has(0) || helpers.some((h) => new RegExp(String.raw`\b${h}\(`).test(line));
  return (areas.has(1) && seatFrom0) || (areas.has(0) && NAME.test(line));
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Every mixed line of the library and of the playground's words, as `file: text`. */
function mixedLines(): string[] {
  const found: string[] = [];
  for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'apps', 'play', 'src'))]) {
    const text = readFileSync(file, 'utf8');
    const helpers = seatHelpers(text);
    for (const line of text.split('\n'))
      if (mixesInSource(line, helpers)) found.push(`${relative(ROOT, file)}: ${line.trim()}`);
  }
  return found.sort();
}

const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli'];

/**
 * How a written sentence counts the seats and areas of known data: "from 1" when it says an area
 * as `area + 1`, "from 0" as `area`; a seat named, or said as its number. True when it mixes.
 */
function mixesInText(text: string, data: { seats: readonly number[]; area: number }): boolean {
  const areas = [...text.matchAll(new RegExp(String.raw`\b${AREA_WORD} (\d+)`, 'g'))].map((m) => Number(m[1]));
  const seatNumbers = [...text.matchAll(new RegExp(String.raw`\b${SEAT_WORD} (\d+)`, 'g'))].map((m) => Number(m[1]));
  const areaFrom1 = areas.includes(data.area + 1);
  const areaFrom0 = areas.includes(data.area);
  const seatFrom0 = seatNumbers.some((n) => data.seats.includes(n));
  const named = data.seats.some((s) => NAMES[s] !== undefined && new RegExp(`\\b${NAMES[s]}\\b`).test(text));
  return (areaFrom1 && seatFrom0) || (areaFrom0 && named);
}

describe('the detectors', () => {
  it('tell a mixed template from one that counts one way', () => {
    const helpers = seatHelpers('const seat = (n: number): string => `seat ${n}`;\nconst x = 1;');
    expect(helpers).toEqual(['seat']);
    expect(mixesInSource('`There is no set in play area ${(p.area ?? 0) + 1} of ${seat(p.seat)}.`', helpers)).toBe(
      true,
    );
    expect(mixesInSource('`no play area ${p.area !== undefined ? `${p.area + 1} ` : ""}at seat ${s}`', [])).toBe(true);
    expect(mixesInSource('`${s.players[seat]} area ${area} is empty`', [])).toBe(true);
    expect(mixesInSource('`There is no set at seat ${seat}, area ${area}.`', [])).toBe(false);
    expect(mixesInSource("`There is no set in ${n[p.seat]}'s play area${` ${p.area + 1}`}.`", helpers)).toBe(false);
    expect(mixesInSource('`Seat ${i + 1}: area ${a + 1}`', [])).toBe(false);
  });

  it('tell a mixed sentence from one that counts one way', () => {
    const data = { seats: [3], area: 1 };
    expect(mixesInText('There is no set in play area 2 of seat 3.', data)).toBe(true);
    expect(mixesInText("Dee's area 1 is empty.", data)).toBe(true);
    expect(mixesInText('There is no set at seat 3, area 1.', data)).toBe(false);
    expect(mixesInText("There is no set in Dee's play area 2.", data)).toBe(false);
  });
});

describe('one numbering per sentence of the catalogues', () => {
  it('every error sentence of every catalogue counts one way, with the players named or not', () => {
    const params: ErrorParams = { seat: 3, turnSeat: 2, area: 1, players: 5, action: 'C', rule: '§5 C' };
    const data = { seats: [3, 2], area: 1 };
    const mixed: string[] = [];
    let named = 0;
    for (const [kind, codes] of Object.entries(CODES_OF_KIND) as [ErrorKind, readonly string[]][]) {
      for (const code of codes) {
        for (const locale of LOCALES) {
          for (const telling of [locale, { locale, players: NAMES }] as const) {
            const text = errorSentence(kind, code as never, params, telling);
            if (typeof telling !== 'string' && NAMES.some((n) => text.includes(n))) named++;
            if (mixesInText(text, data)) mixed.push(`${locale} ${kind}.${code}: ${text}`);
          }
        }
      }
    }
    expect(mixed).toEqual([]);
    // the turn and the two area refusals name their seats in the three locales
    expect(named).toBe(9);
  });

  it('no seat, area, turn or list of names makes a move refusal count two ways, in any locale', () => {
    const codes = CODES_OF_KIND.IllegalMoveError;
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.option(fc.integer({ min: 2, max: 5 }), { nil: undefined }),
        (code, locale, area, seat, turnSeat, players) => {
          // a seat that reads like the area's number either way could not be told apart
          fc.pre(![area, area + 1].includes(seat) && ![area, area + 1].includes(turnSeat));
          const telling = players === undefined ? locale : { locale, players: NAMES.slice(0, players) };
          const text = errorSentence('IllegalMoveError', code as never, { seat, turnSeat, area }, telling);
          expect(mixesInText(text, { seats: [seat, turnSeat], area }), text).toBe(false);
        },
      ),
    );
  });

  it('a refusal shown to players names the seat and counts the area from 1; without names, both from 0', () => {
    const params = { seat: 1, area: 1, action: 'C' as const, rule: '§5 C' };
    const players = ['Ana', 'Ben'];
    expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', params)).toBe(
      'There is no set at seat 1, area 1 (rules §5 C).',
    );
    expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', params, { players })).toBe(
      "There is no set in Ben's play area 2 (rules §5 C).",
    );
    expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', params, { locale: 'fr', players })).toBe(
      "Il n'y a pas de série dans la zone de jeu 2 de Ben (règles §5 C).",
    );
    expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', params, { locale: 'nl', players })).toBe(
      'Er ligt geen set in speelgebied 2 van Ben (regels §5 C).',
    );
    expect(errorSentence('IllegalMoveError', 'NO_SUCH_AREA', { seat: 0, area: 2 }, { players })).toBe(
      'Ana has no play area 3 in this game (rules §1).',
    );
    expect(
      errorSentence('IllegalMoveError', 'NOT_YOUR_TURN', { seat: 0, turnSeat: 1 }, { locale: 'fr', players }),
    ).toBe("C'est le tour de Ben, pas d'Ana (règles §4).");
    // a seat without a name (a seat that does not exist) is told as the data
    expect(errorSentence('IllegalMoveError', 'NO_SUCH_AREA', { seat: 4, area: 0 }, { players })).toBe(
      'There is no play area at seat 4, area 0 in this game (rules §1).',
    );
  });

  it('refuses options other than a locale or { locale, players }', () => {
    for (const telling of [{ locale: 'en', viewer: 0 }, { players: 'Ana,Ben' }, { players: [1, 2] }, 7]) {
      let caught: unknown;
      try {
        errorSentence('IllegalMoveError', 'NO_SET_THERE', { seat: 1, area: 0 }, telling as never);
      } catch (e) {
        caught = e;
      }
      expect(isDnupError(caught) && caught.code === 'BAD_ARGUMENT', JSON.stringify(telling)).toBe(true);
    }
  });

  it('localizeError names the seat when given the players, in English too, and keeps the message otherwise', () => {
    const state = createGame(['Ana', 'Ben'], 'areas 1');
    let error: LocalizableError | undefined;
    try {
      apply(state, { type: 'take', target: { seat: 1 - state.turn.seat, area: 1 } });
    } catch (e) {
      error = e as LocalizableError;
    }
    expect(error?.code).toBe('NO_SET_THERE');
    expect(localizeError(error!)).toBe(error!.message);
    const opponent = state.players[1 - state.turn.seat]!;
    for (const locale of LOCALES) {
      const text = localizeError(error!, { locale, players: state.players });
      expect(text).toContain(opponent);
      expect(mixesInText(text, { seats: [1 - state.turn.seat], area: 1 })).toBe(false);
    }
  });
});

describe("one numbering per sentence of the library's messages", () => {
  it('no message or sentence in the source counts an area from 1 beside a seat from 0, but those awaiting their fix', () => {
    expect(mixedLines()).toEqual([...PENDING_IN_SOURCE].sort());
  });

  it('the library writes one numbering per sentence, but the messages awaiting their fix', () => {
    const written: { from: string; text: string; data: { seats: number[]; area: number } }[] = [];
    // refusals of checkMove in a duel: an empty area, an area that does not exist
    const duel = createGame(['Ana', 'Ben'], 'areas 1');
    const other = 1 - duel.turn.seat;
    for (const area of [1, 2]) {
      const v = checkMove(duel, { type: 'take', target: { seat: other, area } });
      if (!v.ok) {
        written.push({ from: `checkMove ${v.code}`, text: v.message, data: { seats: [other], area } });
        // the English catalogue words a refusal as the library does, once the library counts one way
        const en = errorSentence('IllegalMoveError', v.code, { ...v.params, rule: v.rule });
        expect(v.message === en, v.message).toBe(!PENDING_WRITTEN.includes(`checkMove ${v.code}`));
      }
    }
    // position problems: a set in an area that does not exist, two sets in one area
    const seat = duel.turn.seat;
    const [a, b] = duel.hands[seat]!;
    const hands = duel.hands.map((h, i) => (i === seat ? h.slice(2) : h));
    const position = (table: object[]) =>
      validatePosition({ players: ['Ana', 'Ben'], hands, table, turn: { seat, area: duel.turn.area } } as never);
    for (const p of position([{ seat, area: 2, value: a!.active, cards: [a!.id] }]))
      written.push({ from: `validatePosition ${p.code}`, text: p.message, data: { seats: [seat], area: 2 } });
    for (const p of position([
      { seat: other, area: 1, value: a!.active, cards: [a!.id] },
      { seat: other, area: 1, value: b!.active, cards: [b!.id] },
    ]))
      written.push({ from: `validatePosition ${p.code}`, text: p.message, data: { seats: [other], area: 1 } });
    // the view checker, on a view from outside whose set lies in an area that does not exist
    let three = createGame(['Ana', 'Ben', 'Cy'], 'view check');
    three = apply(three, legalMoves(three).find((m) => m.type === 'play')!);
    const view = JSON.parse(JSON.stringify(playerView(three, three.turn.seat)));
    view.table[0].area = 2;
    try {
      legalMoves(view);
    } catch (e) {
      if (isDnupError(e))
        written.push({ from: `view check ${e.code}`, text: e.message, data: { seats: [view.table[0].seat], area: 2 } });
    }
    expect(written.map((w) => w.from)).toEqual(expect.arrayContaining(PENDING_WRITTEN));
    const mixed = [...new Set(written.filter((w) => mixesInText(w.text, w.data)).map((w) => w.from))].sort();
    expect(mixed).toEqual(PENDING_WRITTEN);
  });
});
