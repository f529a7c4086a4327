/**
 * Sentences in the players' languages: a catalogue per locale (en, fr, nl) keyed by error code
 * and event type, with templates over structured parameters. English stays the default and the
 * `message` of every error; {@link localizeError} words the same error in another language.
 */
import { isCodedError } from '../core/errors.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { nl } from './nl.js';
import { LOCALE_ERROR_CODES, LOCALES, type Catalogue, type ErrorCodes, type ErrorKind, type ErrorParams, type Locale, type LocaleErrorCode, type NarratedEvent } from './types.js';

const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, fr, nl };

/**
 * A locale that is not one of {@link LOCALES}. Sentences never fall back to English silently.
 *
 * @example
 * ```ts
 * try { describeMove(state, move, 'de' as Locale); } catch (e) { if (isLocaleError(e)) console.log(e.code); } // UNKNOWN_LOCALE
 * ```
 */
export class LocaleError extends Error {
  override readonly name = 'LocaleError' as const;
  /**
   * @param code - the machine-readable reason.
   * @param message - a sentence a user understands.
   * @param params - the locale asked for and those available.
   */
  constructor(
    readonly code: LocaleErrorCode,
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

/**
 * True for a {@link LocaleError} from any copy of this package.
 *
 * @param e - anything caught.
 */
export function isLocaleError(e: unknown): e is LocaleError {
  return isCodedError(e, 'LocaleError', LOCALE_ERROR_CODES);
}

/**
 * True when `x` is one of {@link LOCALES}.
 *
 * @param x - anything, e.g. a language setting read from a URL.
 */
export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

/**
 * The catalogue of a locale.
 *
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`.
 * @internal
 */
export function catalogue(locale: Locale | undefined): Catalogue {
  if (locale === undefined) return en;
  if (!isLocale(locale)) {
    const params = { name: JSON.stringify(locale) ?? String(locale), allowed: LOCALES };
    throw new LocaleError('UNKNOWN_LOCALE', en.errors.LocaleError.UNKNOWN_LOCALE(params), params);
  }
  return CATALOGUES[locale];
}

/**
 * The sentence of an error code in a locale, from its structured parameters: for a UI that keeps
 * codes and parameters (from `checkMove`, a stored verdict…) and words them when it shows them.
 *
 * @param kind - the error's class name, e.g. `"IllegalMoveError"` (codes such as `BAD_DECK` exist in several).
 * @param code - the error code.
 * @param params - the error's `params` (missing facts give a more general sentence).
 * @param locale - `'en'` (default), `'fr'` or `'nl'`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`.
 *
 * @example
 * ```ts
 * const verdict = checkMove(state, move);
 * if (!verdict.ok) show(errorSentence('IllegalMoveError', verdict.code, { ...verdict.params, rule: verdict.rule }, 'fr'));
 * ```
 */
export function errorSentence<K extends ErrorKind>(kind: K, code: ErrorCodes[K], params: ErrorParams = {}, locale?: Locale): string {
  const table = catalogue(locale).errors[kind] as Readonly<Record<string, (p: ErrorParams) => string>>;
  return table[code]!(params);
}

/** An error of this package, as {@link localizeError} reads it (any copy, ESM or CommonJS). */
export interface LocalizableError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly params?: ErrorParams;
  readonly rule?: string;
  readonly problems?: readonly (string | { readonly code: string; readonly path: string; readonly rule?: string })[];
}

/**
 * An error of this package worded in a locale. In English it is the error's own `message`;
 * records and positions list each problem. Anything that is not an error of this package comes
 * back as its message, unchanged.
 *
 * @param error - an error caught from this package.
 * @param locale - `'en'` (default), `'fr'` or `'nl'`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`.
 *
 * @example
 * ```ts
 * try { apply(state, move); } catch (e) { if (isDnupError(e)) alert(localizeError(e, 'nl')); }
 * ```
 */
export function localizeError(error: LocalizableError, locale?: Locale): string {
  const c = catalogue(locale);
  if (c === en) return error.message;
  const table = (c.errors as Readonly<Record<string, Readonly<Record<string, (p: ErrorParams) => string>>>>)[error.name];
  if (!table || !table[error.code]) return error.message;
  if ((error.name === 'RecordError' || error.name === 'PositionError') && error.problems?.length) {
    return c.problems(
      error.problems.map((p) => (typeof p === 'string' ? table[error.code]!({}) : (table[p.code] ?? table[error.code]!)(p.rule === undefined ? { path: p.path } : { path: p.path, rule: p.rule }))),
    );
  }
  return table[error.code]!(error.rule === undefined ? { ...error.params } : { ...error.params, rule: error.rule });
}

/**
 * One sentence for one event, in a locale: for a UI that animates a move event by event.
 * Works on a state's events and on a player view's (a rotated hand is told by its size only).
 *
 * @param event - an event from `state.events` or `view.events`.
 * @param players - the players' names by seat (`state.players`).
 * @param locale - `'en'` (default), `'fr'` or `'nl'`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`.
 *
 * @example
 * ```ts
 * for (const e of state.events) log(describeEvent(e, state.players, 'fr'));
 * // "Ana joue une série de deux 7."
 * ```
 */
export function describeEvent(event: NarratedEvent, players: readonly string[], locale?: Locale): string {
  const narrate = catalogue(locale).events[event.type] as (e: NarratedEvent, names: readonly string[]) => string;
  return narrate(event, players);
}
