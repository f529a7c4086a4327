/**
 * Sentences in the players' languages: a catalogue per locale (en, fr, nl) keyed by error code
 * and event type, with templates over structured parameters. English stays the default and the
 * `message` of every error; {@link localizeError} words the same error in another language.
 */
import { ArgumentError, isCodedError } from '../core/errors.js';
import { describeValue, isRecord, readInput } from '../core/input.js';
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
    const params = { name: describeValue(locale), allowed: LOCALES };
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
  const c = catalogue(locale);
  const errors = c.errors as Readonly<Record<string, Readonly<Record<string, (p: ErrorParams) => string>>>>;
  const table = typeof kind === 'string' && Object.hasOwn(errors, kind) ? errors[kind]! : undefined;
  if (!table || typeof code !== 'string' || !Object.hasOwn(table, code)) {
    throw new ArgumentError('BAD_ARGUMENT', `There is no error ${describeValue(kind)} with the code ${describeValue(code)}.`);
  }
  return worded(table[code]!, params);
}

/** A template applied to parameters read once as plain data; anything else is an ArgumentError. */
function worded(template: (p: ErrorParams) => string, params: unknown): string {
  const read = readInput(params ?? {}, { depth: 4 });
  if (!read.ok || !isRecord(read.value)) throw new ArgumentError('BAD_ARGUMENT', `Error parameters are plain data (an object)${read.ok ? '' : `: ${read.problem.message}`}.`);
  try {
    return template(read.value as ErrorParams);
  } catch {
    throw new ArgumentError('BAD_ARGUMENT', 'These error parameters do not have the shapes of the documented ones (ErrorParams).');
  }
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
  let fields: LocalizableError;
  try {
    // an Error is not plain data: read the fields once, then as plain data
    const e = error as unknown as Record<string, unknown>;
    const read = readInput({ name: e.name, code: e.code, message: e.message, params: e.params, rule: e.rule, problems: e.problems }, { depth: 5 });
    if (!read.ok) throw new Error(read.problem.message);
    fields = read.value as unknown as LocalizableError;
  } catch {
    throw new ArgumentError('BAD_ARGUMENT', 'localizeError needs an error of this package (isDnupError).');
  }
  if (typeof fields.name !== 'string' || typeof fields.code !== 'string' || typeof fields.message !== 'string') {
    throw new ArgumentError('BAD_ARGUMENT', `localizeError needs an error of this package (isDnupError), not ${describeValue(error)}.`);
  }
  try {
    return wordedError(c, fields);
  } catch {
    return fields.message;
  }
}

function wordedError(c: Catalogue, error: LocalizableError): string {
  if (c === en) return error.message;
  const errors = c.errors as Readonly<Record<string, Readonly<Record<string, (p: ErrorParams) => string>>>>;
  const table = Object.hasOwn(errors, error.name) ? errors[error.name] : undefined;
  if (!table || !Object.hasOwn(table, error.code)) return error.message;
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
  const events = catalogue(locale).events as unknown as Readonly<Record<string, (e: NarratedEvent, names: readonly string[]) => string>>;
  const read = readInput({ event, players }, { depth: 5 });
  const e = read.ok && isRecord(read.value) ? read.value.event : undefined;
  const names = read.ok && isRecord(read.value) ? read.value.players : undefined;
  const type = isRecord(e) ? e.type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(events, type) || !Array.isArray(names)) {
    throw new ArgumentError('BAD_ARGUMENT', `describeEvent needs an event of a state or view and the players' names, not ${describeValue(event)}.`);
  }
  try {
    return events[type]!(e as unknown as NarratedEvent, names as string[]);
  } catch {
    throw new ArgumentError('BAD_ARGUMENT', `This ${type} event does not have the documented fields.`);
  }
}
