/**
 * The language of the library's sentences in the log and in refusals: English, French or Dutch
 * (rulebook words), kept in the page's link (`?lang=fr`). The page's own buttons stay English.
 */
import { describeEvent, describeMove, errorSentence, isLocale, LOCALES, type GameState, type Locale, type Move, type SetDiscardedEvent, type ViewMoveCheck } from 'dnup';

const NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', nl: 'Nederlands' };

function fromLink(): Locale {
  const lang = new URLSearchParams(location.search).get('lang');
  return isLocale(lang) ? lang : 'en';
}

let locale: Locale = fromLink();

/** The language chosen. */
export function currentLocale(): Locale {
  return locale;
}

/** A move's sentence in the chosen language. */
export function moveSentence(before: GameState, move: Move): string {
  return describeMove(before, move, locale);
}

/** A set discarded as a turn begins; null in English (the page words it itself). */
export function discardSentence(e: SetDiscardedEvent, players: readonly string[]): string | null {
  return locale === 'en' ? null : describeEvent(e, players, locale);
}

/** The reason for a refused move, in the chosen language. */
export function refusal(verdict: Extract<ViewMoveCheck, { ok: false }>): string {
  return locale === 'en' ? verdict.message : errorSentence('IllegalMoveError', verdict.code, { ...verdict.params, rule: verdict.rule }, locale);
}

/**
 * A small language menu, appended to `into` (the page's header), or fixed at the top right of the
 * page when none is given; the next sentences use the new language.
 */
export function mountLanguageSwitch(into?: HTMLElement): void {
  const select = document.createElement('select');
  select.setAttribute('aria-label', 'Language of the sentences');
  select.dataset.testid = 'language';
  if (!into) select.style.cssText = 'position:fixed;top:0.5rem;right:0.5rem;z-index:10';
  for (const l of LOCALES) select.append(new Option(NAMES[l], l, false, l === locale));
  select.addEventListener('change', () => {
    if (!isLocale(select.value)) return;
    locale = select.value;
    document.documentElement.lang = locale;
    const url = new URL(location.href);
    url.searchParams.set('lang', locale);
    history.replaceState(null, '', url);
  });
  document.documentElement.lang = locale;
  (into ?? document.body).append(select);
}
