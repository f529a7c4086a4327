/**
 * Sentences to the reader: with a viewer, describeEvent and describeMove tell that seat
 * as "you" (« vous », "je", as each rulebook addresses its reader) and every other seat by name,
 * for every event type in every locale; without one, the old third-person sentences are unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  describeEvent,
  describeMove,
  isArgumentError,
  LOCALES,
  type Locale,
  type NarratedEvent,
} from '../../src/index.js';
import { buildState, set } from '../helpers/positions.js';

const NAMES = ['Ana', 'Ben', 'Cy'];
const h = (id: number, active: number) => ({ id, active });
/** One event of each type, Ana (seat 0) acting on Ben's (seat 1) sets. */
const EVENTS: NarratedEvent[] = [
  { type: 'roundDealt', round: 2, starter: 0 },
  { type: 'setDiscarded', seat: 0, area: 0, value: 6, cards: [32, 33] },
  { type: 'setPlayed', seat: 0, area: 0, value: 6, cards: [32, 33, 34] },
  { type: 'cardAdded', seat: 0, card: 32, target: { seat: 1, area: 0 }, value: 6, size: 3 },
  {
    type: 'setBeaten',
    seat: 0,
    area: 0,
    value: 4,
    cards: [22, 23],
    by: 1,
    fate: 'returned',
    returned: [h(22, 6), h(23, 7)],
  },
  { type: 'setBeaten', seat: 0, area: 0, value: 4, cards: [22, 23], by: 1, fate: 'discarded', returned: [] },
  { type: 'setTaken', seat: 0, from: { seat: 1, area: 0 }, value: 2, cards: [h(9, 5), h(10, 6)] },
  { type: 'handRotated', seat: 0, size: 8, cards: null },
  { type: 'playerOut', seat: 0, place: 1 },
  { type: 'tokensGained', seat: 0, tokens: 2, total: 3 },
  { type: 'roundWon', seat: 0, total: 1 },
  { type: 'roundEnded', round: 2 },
  { type: 'gameWon', seat: 0 },
  { type: 'turnStarted', seat: 0, area: 0, number: 4 },
];
const YOU: Record<Locale, RegExp> = {
  en: /\b(You|you|Your|your)\b/,
  fr: /\b(Vous|vous|Votre|votre)\b/,
  nl: /\b(Je|je|Jij|jij|Jouw|jouw)\b/,
};

describe('describeEvent to a viewer', () => {
  it('tells the viewer\'s own events as "you" and other seats by name, for every event type in every locale', () => {
    for (const locale of LOCALES) {
      for (const e of EVENTS) {
        const third = describeEvent(e, NAMES, locale);
        const mine = describeEvent(e, NAMES, { locale, viewer: 0 });
        const theirs = describeEvent(e, { players: NAMES, locale, viewer: 2 });
        expect(theirs, `${locale} ${e.type}`).toBe(third); // Cy reads Ana's event as anyone would
        if (e.type === 'roundEnded') {
          expect(mine).toBe(third); // nobody in it
          continue;
        }
        expect(mine, `${locale} ${e.type}: ${mine}`).toMatch(YOU[locale]);
        expect(mine, `${locale} ${e.type}: ${mine}`).not.toMatch(/Ana/);
        expect(third, `${locale} ${e.type}: ${third}`).toMatch(/Ana/);
        expect(third, `${locale} ${e.type}: ${third}`).not.toMatch(YOU[locale]);
      }
    }
  });

  it('tells the target of an add or a take as "your set" to its owner', () => {
    const added = EVENTS[3]!;
    const taken = EVENTS[6]!;
    expect(describeEvent(added, NAMES, { viewer: 1 })).toBe('Ana adds a 6 to your set, making three 6s.');
    expect(describeEvent(taken, NAMES, { viewer: 1 })).toBe('Ana takes your two 2s, which join their hand as 5 and 6.');
    expect(describeEvent(added, NAMES, { locale: 'fr', viewer: 1 })).toBe(
      'Ana ajoute un 6 à votre série, qui devient une série de trois 6.',
    );
    expect(describeEvent(taken, NAMES, { locale: 'nl', viewer: 1 })).toBe(
      'Ana neemt jouw set (twee 2) en draait de kaarten om: ze komen in de hand als 5 en 6.',
    );
  });

  it('words the second person as each rulebook does', () => {
    const [dealt, , played, added, returned, , taken, rotated, out] = EVENTS;
    const you = (e: NarratedEvent, locale: Locale) => describeEvent(e, NAMES, { locale, viewer: 0 });
    expect(you(played!, 'en')).toBe('You play three 6s.');
    expect(you(played!, 'fr')).toBe('Vous jouez une série de trois 6.');
    expect(you(played!, 'nl')).toBe('Je speelt een set van drie 6.');
    expect(you(added!, 'en')).toBe("You add a 6 to Ben's set, making three 6s.");
    expect(you(returned!, 'en')).toBe('Your two 4s are beaten and return to your hand as 6 and 7.');
    expect(you(returned!, 'fr')).toBe(
      'Votre série (deux 4) est battue : vous la reprenez en main en la retournant, et elle revient comme 6 et 7.',
    );
    expect(you(returned!, 'nl')).toBe(
      'Jouw set (twee 4) is verslagen: je neemt de kaarten terug in je hand en draait ze om, als 6 en 7.',
    );
    expect(you(taken!, 'fr')).toBe(
      'Vous prenez la série de Ben (deux 2) et la retournez : elle arrive en main comme 5 et 6.',
    );
    expect(you(rotated!, 'en')).toBe('You rotate your hand of 8 cards.');
    expect(you(out!, 'fr')).toBe('Vous vous êtes débarrassé de toutes vos cartes, en premier.');
    expect(you(dealt!, 'nl')).toBe('Ronde 2 is gedeeld; jij hebt de sterkaart en begint.');
    expect(you(EVENTS[13]!, 'en')).toBe('Your turn.');
    // one card after a possessive: "Ben's single 2", never "Ben's a 2"
    const single: NarratedEvent = { type: 'setTaken', seat: 0, from: { seat: 1, area: 0 }, value: 2, cards: [h(9, 5)] };
    expect(you(single, 'en')).toBe("You take Ben's single 2, which joins your hand as a 5.");
    expect(describeEvent(single, NAMES, { viewer: 1 })).toBe('Ana takes your single 2, which joins their hand as a 5.');
  });

  it('keeps the old call forms and refuses a viewer that is no seat', () => {
    expect(describeEvent(EVENTS[2]!, NAMES)).toBe('Ana plays three 6s.');
    expect(describeEvent(EVENTS[2]!, NAMES, 'nl')).toBe('Ana speelt een set van drie 6.');
    expect(describeEvent(EVENTS[2]!, NAMES, { viewer: null })).toBe('Ana plays three 6s.');
    for (const viewer of [3, -1, 0.5, '0']) {
      let error: unknown;
      try {
        describeEvent(EVENTS[2]!, NAMES, { viewer } as never);
      } catch (e) {
        error = e;
      }
      expect(isArgumentError(error), String(viewer)).toBe(true);
    }
    expect(() => describeEvent(EVENTS[2]!, NAMES, { locale: 'de' } as never)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_LOCALE' }),
    );
    expect(() => describeEvent(EVENTS[2]!, NAMES, { colour: 'red' } as never)).toThrow(
      expect.objectContaining({ code: 'BAD_ARGUMENT' }),
    );
  });
});

describe('describeMove to a viewer', () => {
  // Ana plays a pair of 3s over Cy's pair of 2s, which return to Cy's hand
  const s = buildState({
    players: 3,
    hands: [
      [
        [21, 3],
        [19, 3],
        [9, 2],
      ],
      [[6, 1]],
      [[4, 1]],
    ],
    table: [set(2, 0, 2, [11, 13])],
    turn: { seat: 0, area: 0 },
  });
  const move = { type: 'play', cards: [19, 21] } as const;

  it('tells the mover and the beaten set\'s owner as "you", in every locale', () => {
    expect(describeMove(s, move)).toBe("Ana plays two 3s, beating Cy's two 2s, which return to Cy's hand as 7 and 9.");
    expect(describeMove(s, move, { viewer: 0 })).toBe(
      "You play two 3s, beating Cy's two 2s, which return to Cy's hand as 7 and 9.",
    );
    expect(describeMove(s, move, { viewer: 2 })).toBe(
      'Ana plays two 3s, beating your two 2s, which return to your hand as 7 and 9.',
    );
    expect(describeMove(s, move, { locale: 'fr', viewer: 0 })).toBe(
      'Vous jouez une série de deux 3, et battez la série de Cy (deux 2), que Cy reprend en main en la retournant : elle revient comme 7 et 9.',
    );
    expect(describeMove(s, move, { locale: 'fr', viewer: 2 })).toBe(
      'Ana joue une série de deux 3, et bat votre série (deux 2), que vous reprenez en main en la retournant : elle revient comme 7 et 9.',
    );
    expect(describeMove(s, move, { locale: 'nl', viewer: 0 })).toBe(
      'Je speelt een set van twee 3, en verslaat de set van Cy (twee 2): Cy neemt de kaarten terug in de hand en draait ze om, als 7 en 9.',
    );
    expect(describeMove(s, move, { locale: 'nl', viewer: 2 })).toBe(
      'Ana speelt een set van twee 3, en verslaat jouw set (twee 2): je neemt de kaarten terug in je hand en draait ze om, als 7 en 9.',
    );
    expect(describeMove(s, move, 'fr')).toBe(describeMove(s, move, { locale: 'fr', viewer: 1 }));
  });

  it('tells going out to the player who goes out', () => {
    const last = buildState({ players: 3, hands: [[[21, 3]], [[6, 1]], [[4, 1]]], turn: { seat: 0, area: 0 } });
    expect(describeMove(last, { type: 'play', cards: [21] }, { viewer: 0 })).toBe(
      'You play a 3, and go out first, gaining 2 tokens (2 in all).',
    );
    expect(describeMove(last, { type: 'play', cards: [21] }, { locale: 'fr', viewer: 0 })).toBe(
      'Vous jouez un 3, vous vous débarrassez de toutes vos cartes en premier et gagnez 2 jetons Lettre (2 en tout).',
    );
    expect(describeMove(last, { type: 'play', cards: [21] }, { locale: 'nl', viewer: 0 })).toBe(
      'Je speelt een 3, maakt je hand als eerste leeg en krijgt 2 letterfiches (2 in totaal).',
    );
    expect(apply(last, { type: 'play', cards: [21] }).out).toEqual([0]);
  });
});
