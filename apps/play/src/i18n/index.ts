/**
 * The page's language: English, French or Dutch, chosen on the setup screen or by `?lang=` in the
 * link, and remembered (localStorage). `t()` is the chosen catalogue; the library's own sentences
 * (events, refusals) come from the library in the same language.
 */
import { errorSentence, isLocale, LOCALES, type Locale } from 'dnup';
import { en, type Messages } from './en';
import { fr } from './fr';
import { nl } from './nl';

export type { Messages } from './en';
export type { Locale } from 'dnup';

/** Every catalogue, by locale. */
const CATALOGUES: Readonly<Record<Locale, Messages>> = { en, fr, nl };

/** Each language's name in itself, for the menu. */
const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', fr: 'Français', nl: 'Nederlands' };

const STORAGE_KEY = 'dnup-language';

function initialLocale(): Locale {
  // outside a page (the board controller's unit tests) there is no link to read
  const lang = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (isLocale(lang)) return lang;
  try {
    const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    if (isLocale(kept)) return kept;
  } catch {
    // storage refused (private mode): the browser's languages
  }
  // a first visit: the browser's first language we have, else English
  for (const tag of typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

let locale: Locale = initialLocale();
const listeners = new Set<() => void>();

/** The chosen language. */
export function currentLocale(): Locale {
  return locale;
}

/** `template` with its `{name}` parts filled from `params` (a part with no parameter stays as it is). */
export function fill(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** The chosen language's catalogue. */
export function t(): Messages {
  return CATALOGUES[locale];
}

/** Changes the language: kept in the link and in storage; every screen redraws. */
function setLocale(next: Locale): void {
  if (next === locale) return;
  locale = next;
  document.documentElement.lang = locale;
  const url = new URL(location.href);
  url.searchParams.set('lang', locale);
  history.replaceState(history.state, '', url);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not remembered: the link still holds it
  }
  for (const l of listeners) l();
}

/** Calls `listener` after every change of language; returns the function that stops it. */
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The library's sentence for a refused move, in the chosen language; `fallback` when it has none.
 * Given the players' names, the sentence names seats by player and counts areas from 1.
 */
export function refusalSentence(
  code: string,
  params: Record<string, unknown> | undefined,
  rule: string | undefined,
  fallback: string,
  kind: 'IllegalMoveError' | 'SelectionError' = 'IllegalMoveError',
  players?: readonly string[],
): string {
  try {
    const p = { ...(params ?? {}), ...(rule === undefined ? {} : { rule }) };
    return errorSentence(kind, code as never, p as never, players === undefined ? locale : { locale, players });
  } catch {
    return fallback;
  }
}

/** A language menu (its label read by screen readers), showing the chosen one. */
export function languageSelect(id: string): HTMLSelectElement {
  const select = document.createElement('select');
  select.id = id;
  select.setAttribute('aria-label', t().app.language);
  select.dataset.testid = 'language';
  for (const l of LOCALES) {
    const option = new Option(LANGUAGE_NAMES[l], l, false, l === locale);
    option.lang = l;
    select.append(option);
  }
  select.addEventListener('change', () => {
    if (isLocale(select.value)) setLocale(select.value);
  });
  return select;
}

if (typeof document !== 'undefined') document.documentElement.lang = locale;
