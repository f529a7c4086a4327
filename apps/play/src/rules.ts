/**
 * The rules page: the players' rulebook in the page's language (docs/players/rulebook.LANG.md,
 * numbered like the reference, its cards drawn as the board draws them), then the project's rules
 * reference (docs/rules.md, the text every refusal cites as "rules §N"), both rendered from
 * Markdown at build time, after a short guide to this page's controls.
 */
import { STANDARD_DECK } from 'dnup';
import { marked } from 'marked';
import { cardFace } from './cards';
import { toElement } from './board/vdom';
import { h } from './dom';
import { currentLocale, onLocaleChange, t } from './i18n';

const books = import.meta.glob<string>('../../../docs/players/rulebook.*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The players' rulebook in `locale`, else in English (undefined when the build has none). */
function rulebookText(locale: string): string | undefined {
  return books[`../../../docs/players/rulebook.${locale}.md`] ?? books['../../../docs/players/rulebook.en.md'];
}

/** A card the rulebook names, `{card:ID:ACTIVE}`: the standard deck's card ID showing ACTIVE. */
const CARD_MARK = /\{card:(\d+):(\d+)\}/g;

/**
 * A card of the standard deck drawn as the board draws it, as a picture: it names no card of a
 * game (`data-picture-*`, not the board's `data-card-*`, which the page's tests check for leaks).
 */
function picture(id: number, active: number): HTMLElement {
  const face = toElement(cardFace({ id, active }, STANDARD_DECK, 'small rulebook-card'));
  face.removeAttribute('data-card-id');
  face.removeAttribute('data-active');
  face.dataset.pictureId = String(id);
  face.dataset.pictureActive = String(active);
  return face;
}

/**
 * The rulebook as elements: Markdown from the repository (never a player's text), one h2 for its
 * title (the page keeps one h1), and each `{card:ID:ACTIVE}` drawn by the board's own card face.
 */
function rulebook(locale: string): HTMLElement | null {
  const text = rulebookText(locale);
  if (text === undefined) return null;
  const book = h('section', {
    class: 'rulebook rules-text',
    id: 'rulebook',
    lang: books[`../../../docs/players/rulebook.${locale}.md`] ? locale : 'en',
  });
  book.innerHTML = marked.parse(text, { async: false });
  // below the page's own title: its title an h2, its sections h3
  for (const [from, to] of [
    ['h2', 'h3'],
    ['h1', 'h2'],
  ] as const)
    for (const heading of book.querySelectorAll(from))
      heading.replaceWith(Object.assign(document.createElement(to), { textContent: heading.textContent }));
  const walker = document.createTreeWalker(book, NodeFilter.SHOW_TEXT);
  const withCards: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (/\{card:\d+:\d+\}/.test(node.textContent ?? '')) withCards.push(node as Text);
  for (const node of withCards) {
    const parts: (string | Node)[] = [];
    let last = 0;
    const text = node.textContent ?? '';
    for (const m of text.matchAll(CARD_MARK)) {
      parts.push(text.slice(last, m.index));
      parts.push(picture(Number(m[1]), Number(m[2])));
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    node.replaceWith(...parts);
  }
  return book;
}

// a glob rather than a plain import, so a checkout without docs/rules.md still builds
const sources = import.meta.glob<string>('../../../docs/rules.md', { query: '?raw', import: 'default', eager: true });
const RULES_MD: string | undefined = Object.values(sources)[0];

/**
 * The id of a heading: its GitHub-style anchor ("§5 The four actions" → "5-the-four-actions"),
 * which the reference's own links use, prefixed so it cannot clash with the page's ids.
 */
function anchorId(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
  return `rules-${slug}`;
}

/** What the page can ask of the rules page. */
export interface RulesPage {
  /** Scrolls to the section a refusal cites, e.g. `"§5 B"`, and puts the keyboard there. */
  reveal(rule: string): void;
}

/** Mounts the rules page in `root`. */
export function mountRules(root: HTMLElement): RulesPage {
  const body = h('div', { class: 'rules-text' });
  if (RULES_MD === undefined) {
    body.append(h('p', {}, t().rules.missing));
  } else {
    // our own Markdown from the repository, known at build time: never text from a player
    body.innerHTML = marked.parse(RULES_MD.replace(/^---\n[\s\S]*?\n---\n/, ''), { async: false });
    for (const heading of body.querySelectorAll<HTMLElement>('h1, h2, h3, h4')) {
      heading.id = anchorId(heading.textContent ?? '');
      heading.tabIndex = -1;
    }
    // the reference's title is below the page's own; keep one h1 per page
    for (const h1 of body.querySelectorAll('h1'))
      h1.replaceWith(
        Object.assign(document.createElement('h2'), { id: h1.id, tabIndex: -1, textContent: h1.textContent }),
      );
    // links inside the reference scroll to their section instead of changing the page's hash
    for (const a of body.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      const id = `rules-${a.getAttribute('href')!.slice(1)}`;
      a.addEventListener('click', (e) => {
        const target = document.getElementById(id);
        if (!target) return;
        e.preventDefault();
        target.scrollIntoView();
        target.focus({ preventScroll: true });
      });
    }
    // an empty header cell (a column of row labels) is a plain cell: a header must name its column
    for (const th of body.querySelectorAll('th')) if (!th.textContent?.trim()) th.replaceWith(h('td', {}));
    // each scrolling table is a region named after the heading above it (worded in draw)
    for (const table of body.querySelectorAll('table'))
      table.replaceWith(h('div', { class: 'table-scroll', role: 'region', tabindex: 0 }, table.cloneNode(true)));
    // the headings are the page's words: the English title is kept to look up its translation
    for (const heading of body.querySelectorAll<HTMLElement>('h2, h3, h4')) {
      const m = /^(§\d+(?:\.\d+)?(?: [A-D])?)\s+(.*)$/.exec(heading.textContent ?? '');
      heading.dataset.number = m ? m[1]! : '';
      heading.dataset.title = m ? m[2]! : (heading.textContent ?? '');
    }
  }
  /** The headings in the page's language (the § numbers stay, every refusal cites them); one the catalogue lacks stays English. */
  const wordHeadings = (): void => {
    const titles = t().rules.headings as Record<string, string>;
    for (const heading of body.querySelectorAll<HTMLElement>('h2, h3, h4')) {
      const english = heading.dataset.title ?? '';
      const title = titles[english];
      heading.textContent = `${heading.dataset.number ? `${heading.dataset.number} ` : ''}${title ?? english}`;
      heading.lang = title === undefined ? 'en' : currentLocale();
    }
    [...body.querySelectorAll<HTMLElement>('.table-scroll')].forEach((region, i) => {
      const heading = [...body.querySelectorAll('h2, h3, h4')]
        .filter((el) => el.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING)
        .pop();
      region.setAttribute('aria-label', `${heading?.textContent ?? ''} (${i + 1})`);
    });
  };
  // the page's own words follow the chosen language; the reference below is the English text every refusal cites
  const draw = (): void => {
    const toReference = h('a', { href: '#rules-reference', id: 'rules-to-reference' }, t().rules.toReference);
    toReference.addEventListener('click', (e) => {
      e.preventDefault();
      reference.scrollIntoView();
      reference.focus({ preventScroll: true });
    });
    const reference = h('p', { id: 'rules-reference', tabindex: -1 }, t().rules.reference);
    root.replaceChildren(
      h('h2', { id: 'rules-title' }, t().rules.title),
      h(
        'ul',
        { class: 'how' },
        t().rules.how.map((line) => h('li', {}, line)),
      ),
      h('p', {}, toReference),
      rulebook(currentLocale()) ?? '',
      reference,
      body,
    );
    body.lang = 'en';
    wordHeadings();
  };
  draw();
  onLocaleChange(draw);
  return {
    reveal: (rule) => {
      const heading =
        [...body.querySelectorAll<HTMLElement>('h2, h3')].find((el) => el.textContent?.startsWith(rule)) ??
        body.querySelector<HTMLElement>(`#${CSS.escape(anchorId(rule.split(' ')[0]!))}`);
      heading?.scrollIntoView();
      heading?.focus({ preventScroll: true });
    },
  };
}
