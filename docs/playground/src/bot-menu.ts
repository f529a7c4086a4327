/**
 * The bots a seat menu offers, from the library's catalogue (`BOT_CATALOGUE`), one per difficulty,
 * easiest first, each named by one word in the page's language (i18n/, `bots`).
 */
import { BOT_CATALOGUE, type BotId } from 'dnup';
import { h } from './dom';
import { t } from './i18n';

/** The options of the bots among `ids` (the whole catalogue unless given), easiest first, `selected` chosen. */
export function botOptions(selected: string, ids?: readonly BotId[]): HTMLElement[] {
  const m = t().bots;
  // one bot per difficulty (the catalogue's order): each is named by its one word
  return BOT_CATALOGUE.filter((b) => ids === undefined || ids.includes(b.id)).map((b) =>
    h('option', { value: b.id, selected: b.id === selected }, m[b.id]),
  );
}
