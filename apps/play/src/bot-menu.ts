/**
 * The bots a seat menu offers, from the library's catalogue (`BOT_CATALOGUE`), one per difficulty,
 * easiest first, each named by one word in the page's language (i18n/, `bots`).
 */
import { BOT_CATALOGUE, type BotId } from 'dnup';
import { t } from './i18n';

/** The bots among `ids` (the whole catalogue unless given), easiest first, with their word. */
export function botChoices(ids?: readonly BotId[]): { readonly id: BotId; readonly label: string }[] {
  const m = t().bots;
  return BOT_CATALOGUE.filter((b) => ids === undefined || ids.includes(b.id)).map((b) => ({
    id: b.id,
    label: m[b.id],
  }));
}
