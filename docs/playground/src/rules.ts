/**
 * The rules page: the project's rules reference (docs/rules.md, the text every refusal cites as
 * "rules §N"), rendered from Markdown at build time, after a short guide to this page's controls.
 */
import { marked } from 'marked';
import { h } from './dom';

// a glob rather than a plain import, so a checkout without docs/rules.md still builds
const sources = import.meta.glob<string>('../../rules.md', { query: '?raw', import: 'default', eager: true });
const RULES_MD: string | undefined = Object.values(sources)[0];

/** "5. The four actions" → "rules-5-the-four-actions", so "rules §5" can link to its section. */
function slug(text: string): string {
  return `rules-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** Mounts the rules page in `root`. */
export function mountRules(root: HTMLElement): void {
  const body = h('div', { class: 'rules-text' });
  if (RULES_MD === undefined) {
    body.append(h('p', {}, 'The rules reference (docs/rules.md) is not part of this build.'));
  } else {
    // our own Markdown from the repository, known at build time: never text from a player
    body.innerHTML = marked.parse(RULES_MD, { async: false });
    for (const heading of body.querySelectorAll('h1, h2, h3')) heading.id = slug(heading.textContent ?? '');
    // the reference's title is the page's own; keep one h1 per page
    for (const h1 of body.querySelectorAll('h1')) h1.replaceWith(Object.assign(document.createElement('h2'), { id: h1.id, textContent: h1.textContent }));
    for (const table of body.querySelectorAll('table')) table.replaceWith(h('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Table', tabindex: 0 }, table.cloneNode(true)));
  }
  root.replaceChildren(
    h('h2', { id: 'rules-title' }, 'How to play'),
    h(
      'ul',
      { class: 'how' },
      h('li', {}, 'On your turn, first your set from your last turn goes to the discard pile; then you do one thing: play a set, add a card to an opponent’s set, take an opponent’s set, or rotate your whole hand.'),
      h('li', {}, 'Select cards of one value in your hand, then Play. If the table holds a set of the same size, your value must be higher: that set is beaten and goes back to its owner, every card turned over.'),
      h('li', {}, 'Drag a card onto an opponent’s set to add it (or select one card and press “Add”); press “Take” to take a set into your hand, every card turned over.'),
      h('li', {}, 'Empty your hand to go out. With 3–5 players the first out gains 2 tokens, the second 1, and the first to 4 tokens wins. In the duel each player has two play areas and two turns in a row, and the first to win 2 rounds wins.'),
      h('li', {}, 'Keyboard: arrow keys move between your cards, Space selects, Alt+arrows move a card, Tab reaches Play.'),
    ),
    h('p', {}, 'The full rules, as the dnup library enforces them; every refusal in the game names its section (rules §N).'),
    body,
  );
}
