/**
 * The bots a seat menu offers, from the library's catalogue (`BOT_CATALOGUE`): grouped by
 * difficulty, easiest first, each labelled in the page's language (i18n/, `bots`).
 */
import { BOT_CATALOGUE, BOT_DIFFICULTIES, type BotId } from 'dnup';
import { h } from './dom';
import { t } from './i18n';

/** The `<optgroup>`s of the bots among `ids` (the whole catalogue unless given), `selected` chosen. */
export function botOptions(selected: string, ids?: readonly BotId[]): HTMLElement[] {
  const m = t().bots;
  const offered = BOT_CATALOGUE.filter((b) => ids === undefined || ids.includes(b.id));
  return BOT_DIFFICULTIES.flatMap((d) => {
    const bots = offered.filter((b) => b.difficulty === d);
    if (bots.length === 0) return [];
    return [
      h(
        'optgroup',
        { label: m.difficulty[d] },
        bots.map((b) => h('option', { value: b.id, selected: b.id === selected }, m[b.id])),
      ),
    ];
  });
}
