/**
 * Sentences in English, French and Dutch: every error code and every event has a sentence in
 * every locale, and nothing falls back to English silently.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  describeEvent,
  describeMove,
  errorSentence,
  fromPosition,
  isDnupError,
  isLocaleError,
  legalMoves,
  LOCALES,
  localizeError,
  parseRecord,
  playerView,
  renderPosition,
  type ErrorKind,
  type ErrorParams,
  type GameState,
  type Locale,
  type LocalizableError,
} from '../../src/index.js';
import { CODES_OF_KIND } from '../helpers/error-codes.js';

const KINDS: Record<ErrorKind, readonly string[]> = CODES_OF_KIND;

/** Words that give away an English sentence in each other locale ("set", "is", "hand" are Dutch too). */
const ENGLISH: Record<Exclude<Locale, 'en'>, RegExp> = {
  fr: /\b(the|is|not|cards?|your|must|there|this|which|plays|takes|adds|beating|round|turn|hand|wins|tokens?|area|seat)\b/i,
  nl: /\b(the|not|cards?|your|must|there|this|which|plays|takes|adds|beating|round|turn|wins|tokens?|area|seat|returns?)\b/i,
};
const OTHERS = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
const BROKEN = /undefined|NaN|\[object|\$\{/;

const SAMPLE: ErrorParams = {
  rule: '§5 A',
  card: 17,
  cards: [3, 17],
  value: 6,
  values: [6, 4],
  tableValue: 7,
  size: 2,
  seat: 1,
  turnSeat: 2,
  area: 0,
  action: 'B',
  players: 3,
  count: 2,
  input: '"P 99"',
  path: 'hands[1][0]',
  name: '"x"',
  allowed: ['a', 'b'],
  moveNumber: 4,
};

/** Random legal games, every state and move, for sentences over real positions. */
function games(): { before: GameState; after: GameState }[] {
  const steps: { before: GameState; after: GameState }[] = [];
  for (const players of [2, 3, 4, 5]) {
    let state = createGame(players, `locales ${players}`);
    let pick = players * 7919;
    while (state.status !== 'gameOver' && state.moveCount < 2000) {
      const moves = legalMoves(state);
      pick = (pick * 1103515245 + 12345) % 2147483648;
      // prefer plays and adds so that games end; take and rotate often enough to be seen
      const move = moves[pick % 10 < 7 ? 0 : pick % moves.length]!;
      const after = apply(state, move);
      steps.push({ before: state, after });
      state = after;
    }
  }
  return steps;
}
const STEPS = games();

describe('sentences in every locale', () => {
  it('every error code of every kind has a sentence in every locale, with or without parameters', () => {
    const bad: string[] = [];
    for (const [kind, codes] of Object.entries(KINDS) as [ErrorKind, readonly string[]][]) {
      for (const code of codes) {
        for (const locale of LOCALES) {
          for (const params of [{}, SAMPLE]) {
            const text = errorSentence(kind, code as never, params, locale);
            if (typeof text !== 'string' || text.length < 10 || BROKEN.test(text))
              bad.push(`${locale} ${kind}.${code}: ${String(text)}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('no error sentence in French or Dutch is English', () => {
    const english: string[] = [];
    for (const [kind, codes] of Object.entries(KINDS) as [ErrorKind, readonly string[]][]) {
      for (const code of codes) {
        for (const params of [{}, SAMPLE]) {
          const en = errorSentence(kind, code as never, params, 'en');
          for (const locale of OTHERS) {
            const text = errorSentence(kind, code as never, params, locale);
            if (text === en || ENGLISH[locale].test(text)) english.push(`${locale} ${kind}.${code}: ${text}`);
          }
        }
      }
    }
    expect(english).toEqual([]);
  });

  it('every event type met in whole games has a sentence in every locale, none English outside en', () => {
    const types = new Set<string>();
    const bad: string[] = [];
    for (const { after } of STEPS) {
      for (const e of after.events) {
        types.add(e.type);
        const en = describeEvent(e, after.players, 'en');
        for (const locale of OTHERS) {
          const text = describeEvent(e, after.players, locale);
          if (text === en || ENGLISH[locale].test(text) || BROKEN.test(text)) bad.push(`${locale} ${e.type}: ${text}`);
        }
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    const all = [
      'roundDealt',
      'setDiscarded',
      'setPlayed',
      'cardAdded',
      'setBeaten',
      'setTaken',
      'handRotated',
      'playerOut',
      'tokensGained',
      'roundWon',
      'roundEnded',
      'gameWon',
      'turnStarted',
    ];
    expect([...types].sort()).toEqual(all.sort());
  });

  it("a player view's redacted events are told too, by hand size only", () => {
    const step = STEPS.find((s) => s.after.events.some((e) => e.type === 'handRotated'))!;
    const mover = step.before.turn.seat;
    const other = (mover + 1) % step.after.players.length;
    const event = playerView(step.after, other).events.find((e) => e.type === 'handRotated')!;
    for (const locale of LOCALES)
      expect(describeEvent(event, step.after.players, locale)).toMatch(
        new RegExp(String(step.before.hands[mover]!.length)),
      );
  });

  it('describeMove and renderPosition speak French and Dutch over whole games, and English stays the default', () => {
    const bad: string[] = [];
    for (const [i, { before, after }] of STEPS.entries()) {
      if (i % 7 !== 0 && !after.events.some((e) => e.type === 'setBeaten' || e.type === 'playerOut')) continue;
      const move = after.lastMove!;
      const en = describeMove(before, move);
      expect(describeMove(before, move, 'en')).toBe(en);
      for (const locale of OTHERS) {
        const text = describeMove(before, move, locale);
        if (text === en || ENGLISH[locale].test(text) || BROKEN.test(text)) bad.push(`${locale} describeMove: ${text}`);
        const picture = renderPosition(after, locale).split('\n').slice(0, -after.players.length).join('\n');
        if (ENGLISH[locale].test(picture) || BROKEN.test(picture)) bad.push(`${locale} renderPosition: ${picture}`);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('an unknown locale is a coded error, never English in disguise', () => {
    const state = createGame(3, 'x');
    for (const f of [
      () => describeMove(state, legalMoves(state)[0]!, 'de' as Locale),
      () => renderPosition(state, 'EN' as Locale),
      () => errorSentence('IllegalMoveError', 'GAME_OVER', {}, 'es' as Locale),
    ]) {
      let caught: unknown;
      try {
        f();
      } catch (e) {
        caught = e;
      }
      expect(isLocaleError(caught) && caught.code === 'UNKNOWN_LOCALE').toBe(true);
    }
  });
});

describe('errors carry structured parameters', () => {
  const caught = (f: () => unknown): LocalizableError => {
    try {
      f();
    } catch (e) {
      return e as LocalizableError;
    }
    throw new Error('nothing thrown');
  };

  it('an illegal play names its cards, values and sizes, and reads in French and Dutch with the rule', () => {
    const state = createGame(3, 'params');
    const other = state.hands[(state.turn.seat + 1) % 3]![0]!;
    const e = caught(() => apply(state, { type: 'play', cards: [other.id] }));
    expect(e).toMatchObject({ code: 'NOT_YOUR_CARD', params: { card: other.id } });
    expect(localizeError(e, 'en')).toBe(e.message);
    expect(localizeError(e, 'fr')).toBe(`La carte ${other.id} n'est pas dans votre main (règles §5 A).`);
    expect(localizeError(e, 'nl')).toBe(`Kaart ${other.id} zit niet in je hand (regels §5 A).`);
    const verdict = checkMove(state, { type: 'play', cards: [other.id] });
    expect(verdict.ok ? undefined : verdict.params).toEqual({ card: other.id });
  });

  it('a set that does not beat gives its size, its value and the value to beat', () => {
    let state = createGame(3, 'beat');
    // play the highest single, then try a lower single on top
    const hand = state.hands[state.turn.seat]!;
    const high = hand.reduce((a, b) => (b.active > a.active ? b : a));
    state = apply(state, { type: 'play', cards: [high.id] });
    const low = state.hands[state.turn.seat]!.find((c) => c.active <= high.active)!;
    const e = caught(() => apply(state, { type: 'play', cards: [low.id] }));
    expect(e).toMatchObject({ code: 'DOES_NOT_BEAT', params: { size: 1, value: low.active, tableValue: high.active } });
    expect(isDnupError(e)).toBe(true);
    expect(localizeError(e, 'fr')).toBe(
      `Un ${low.active} seul doit battre la carte seule sur la table, qui vaut ${high.active} : il faut une valeur supérieure (règles §5 A).`,
    );
  });

  it('records and positions list each problem in the locale', () => {
    const record = caught(() =>
      parseRecord('{"format":"dnup-record","version":1,"players":["A"],"seed":1,"moves":[],"extra":1}'),
    );
    expect(record.name).toBe('RecordError');
    const fr = localizeError(record, 'fr');
    expect(fr).toMatch(/problèmes|feuille de partie/);
    expect(ENGLISH.fr.test(fr)).toBe(false);
    const position = caught(() =>
      fromPosition({ players: ['A', 'B', 'C'], hands: [[], [], []], table: [], turn: { seat: 0 } } as never),
    );
    expect(position.name).toBe('PositionError');
    const nl = localizeError(position, 'nl');
    expect(nl).toMatch(/regels §/);
    expect(ENGLISH.nl.test(nl)).toBe(false);
  });
});
