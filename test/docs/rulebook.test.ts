/**
 * The players' rulebook (docs/players/rulebook.LANG.md): three languages that say the same thing,
 * numbered like the rules reference, whose card pictures are real cards of the standard deck.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDARD_DECK } from '../../src/index.js';
import { ROOT } from './markdown.js';

const LANGUAGES = ['en', 'fr', 'nl'] as const;
const text = (lang: string): string => readFileSync(join(ROOT, 'docs', 'players', `rulebook.${lang}.md`), 'utf8');
const sections = (markdown: string): string[] => [...markdown.matchAll(/^## (§\d+)/gm)].map((m) => m[1]!);
const cards = (markdown: string): [number, number][] =>
  [...markdown.matchAll(/\{card:(\d+):(\d+)\}/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("the players' rulebook", () => {
  it('is numbered like the rules reference, §1 to §7, in every language', () => {
    const reference = sections(readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8')).filter((s) => s !== '§8');
    for (const lang of LANGUAGES) expect(sections(text(lang)), lang).toEqual(reference);
  });

  it('draws only real cards of the standard deck, each showing one of its two faces', () => {
    for (const lang of LANGUAGES) {
      const list = cards(text(lang));
      expect(list.length, lang).toBeGreaterThan(15);
      for (const [id, active] of list) {
        const card = STANDARD_DECK.cards.find((c) => c.id === id);
        expect(card, `${lang}: card ${id}`).toBeDefined();
        expect(card!.faces, `${lang}: card ${id} showing ${active}`).toContain(active);
      }
    }
  });

  it('shows the same cards in the same order in English, French and Dutch', () => {
    const english = cards(text('en'));
    for (const lang of LANGUAGES) expect(cards(text(lang)), lang).toEqual(english);
  });
});
