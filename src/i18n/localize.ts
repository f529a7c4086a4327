/**
 * Sentences in the players' languages: a catalogue per locale (en, fr, nl) keyed by error code
 * and event type, with templates over structured parameters. English stays the default and the
 * `message` of every error; {@link localizeError} words the same error in another language.
 */
import { ArgumentError } from '../core/index.js';
import { isCodedError, describeValue, isRecord, readInput } from '../core/internal.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { nl } from './nl.js';
import {
  LOCALE_ERROR_CODES,
  LOCALES,
  type Catalogue,
  type ErrorCodes,
  type ErrorKind,
  type ErrorParams,
  type Locale,
  type LocaleErrorCode,
  type NarratedEvent,
} from './types.js';

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
 * How an error sentence is told: its language, and the players' names by seat. With the names, a
 * sentence names each seat it speaks of by its player and counts play areas from 1, as the rulebook
 * does ("There is no set in Ben's play area 2"); without them, it counts both as the data does,
 * from 0 ("There is no set at seat 1, area 1"). Never one of each in one sentence.
 */
export interface ErrorSentenceOptions {
  /** `'en'` (default), `'fr'` or `'nl'`. */
  readonly locale?: Locale;
  /** The players' names by seat (`state.players` or `view.players`), for a sentence shown to players. */
  readonly players?: readonly string[];
}

/** The catalogue and the players' names of a locale or `{ locale, players }`, read once. */
function errorTelling(telling: unknown): { words: Catalogue; names: readonly string[] | undefined } {
  if (telling === undefined || typeof telling === 'string')
    return { words: catalogue(telling as Locale | undefined), names: undefined };
  const read = readInput(telling, { depth: 3 });
  const o = read.ok && isRecord(read.value) ? read.value : undefined;
  const unknown = o ? Object.keys(o).filter((k) => k !== 'locale' && k !== 'players') : [];
  const names = o?.players;
  if (!o || unknown.length > 0 || (names !== undefined && !isNameList(names))) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `An error sentence is told from a locale ("en", "fr", "nl") or { locale, players } with the players' names, not ${unknown.length > 0 ? `an object with ${unknown.slice(0, 3).map(describeValue).join(', ')}` : describeValue(telling)}.`,
    );
  }
  return { words: catalogue((o.locale ?? undefined) as Locale | undefined), names };
}

function isNameList(x: unknown): x is readonly string[] {
  return Array.isArray(x) && x.every((n) => typeof n === 'string');
}

/**
 * The sentence of an error code in a locale, from its structured parameters: for a UI that keeps
 * codes and parameters (from `checkMove`, a stored verdict…) and words them when it shows them.
 * Give the players' names to show it to players: seats are then named, and play areas counted
 * from 1 ({@link ErrorSentenceOptions}).
 *
 * @param kind - the error's class name, e.g. `"IllegalMoveError"` (codes such as `BAD_DECK` exist in several).
 * @param code - the error code.
 * @param params - the error's `params` (missing facts give a more general sentence).
 * @param telling - `'en'` (default), `'fr'` or `'nl'`, or `{ locale, players }`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`; {@link ArgumentError} `BAD_ARGUMENT` for an unknown
 *   kind or code, parameters that are not plain data, or options other than `{ locale, players }`.
 *
 * @example
 * ```ts
 * const verdict = checkMove(state, move);
 * if (!verdict.ok) show(errorSentence('IllegalMoveError', verdict.code, { ...verdict.params, rule: verdict.rule }, { locale: 'fr', players: state.players }));
 * // "Il n'y a pas de série dans la zone de jeu 2 de Ben (règles §5 C)."
 * ```
 */
export function errorSentence<K extends ErrorKind>(
  kind: K,
  code: ErrorCodes[K],
  params: ErrorParams = {},
  telling?: Locale | ErrorSentenceOptions,
): string {
  const { words: c, names } = errorTelling(telling);
  const errors = c.errors as unknown as Readonly<Record<string, Readonly<Record<string, Template>>>>;
  const table = typeof kind === 'string' && Object.hasOwn(errors, kind) ? errors[kind]! : undefined;
  if (!table || typeof code !== 'string' || !Object.hasOwn(table, code)) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `There is no error ${describeValue(kind)} with the code ${describeValue(code)}.`,
    );
  }
  return worded(table[code]!, params, names);
}

/** An error code's sentence over its parameters and, for players, their names. */
type Template = (p: ErrorParams, names?: readonly string[]) => string;

/** A template applied to parameters read once as plain data; anything else is an ArgumentError. */
function worded(template: Template, params: unknown, names?: readonly string[]): string {
  const read = readInput(params ?? {}, { depth: 4 });
  if (!read.ok || !isRecord(read.value))
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `Error parameters are plain data (an object)${read.ok ? '' : `: ${read.problem.message}`}.`,
    );
  try {
    return template(read.value as ErrorParams, names);
  } catch {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      'These error parameters do not have the shapes of the documented ones (ErrorParams).',
    );
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
 * An error of this package worded in a locale. In English it is the error's own `message`, unless
 * the players' names are given and the error speaks of a seat: then, in every locale, the seat is
 * named and play areas are counted from 1 ({@link ErrorSentenceOptions}). Records and positions
 * list each problem. Anything that is not an error of this package comes back as its message,
 * unchanged.
 *
 * @param error - an error caught from this package.
 * @param telling - `'en'` (default), `'fr'` or `'nl'`, or `{ locale, players }`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`; {@link ArgumentError} `BAD_ARGUMENT` for something
 *   other than an error of this package, or options other than `{ locale, players }`.
 *
 * @example
 * ```ts
 * try { apply(state, move); } catch (e) { if (isDnupError(e)) alert(localizeError(e, { locale: 'nl', players: state.players })); }
 * ```
 */
export function localizeError(error: LocalizableError, telling?: Locale | ErrorSentenceOptions): string {
  const { words: c, names } = errorTelling(telling);
  let fields: LocalizableError;
  try {
    // an Error is not plain data: read the fields once, then as plain data
    const e = error as unknown as Record<string, unknown>;
    const read = readInput(
      { name: e.name, code: e.code, message: e.message, params: e.params, rule: e.rule, problems: e.problems },
      { depth: 5 },
    );
    if (!read.ok) throw new Error(read.problem.message);
    fields = read.value as unknown as LocalizableError;
  } catch {
    throw new ArgumentError('BAD_ARGUMENT', 'localizeError needs an error of this package (isDnupError).');
  }
  if (typeof fields.name !== 'string' || typeof fields.code !== 'string' || typeof fields.message !== 'string') {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `localizeError needs an error of this package (isDnupError), not ${describeValue(error)}.`,
    );
  }
  try {
    return wordedError(c, fields, names);
  } catch {
    return fields.message;
  }
}

function wordedError(c: Catalogue, error: LocalizableError, names: readonly string[] | undefined): string {
  // the English message counts as the data does; given names, a sentence about a seat names it
  const named = names !== undefined && (error.params?.seat !== undefined || error.params?.turnSeat !== undefined);
  if (c === en && !named) return error.message;
  const errors = c.errors as unknown as Readonly<Record<string, Readonly<Record<string, Template>>>>;
  const table = Object.hasOwn(errors, error.name) ? errors[error.name] : undefined;
  if (!table || !Object.hasOwn(table, error.code)) return error.message;
  if ((error.name === 'RecordError' || error.name === 'PositionError') && error.problems?.length) {
    return c.problems(
      error.problems.map((p) =>
        typeof p === 'string'
          ? table[error.code]!({})
          : (table[p.code] ?? table[error.code]!)(
              p.rule === undefined ? { path: p.path } : { path: p.path, rule: p.rule },
            ),
      ),
    );
  }
  return table[error.code]!(
    error.rule === undefined ? { ...error.params } : { ...error.params, rule: error.rule },
    names,
  );
}

/**
 * How a sentence is told: its language, and the seat of its reader, told in the second person
 * as the rulebooks address their reader ("You play…", « Vous jouez… », "Je speelt…"); every other
 * seat by its player's name. Without a viewer every seat is named.
 */
export interface DescribeOptions {
  /** `'en'` (default), `'fr'` or `'nl'`. */
  readonly locale?: Locale;
  /** The reader's seat, 0-based (a view's `seat`); undefined or null: nobody in particular. */
  readonly viewer?: number | null;
}

/** {@link DescribeOptions} with the players' names, for the one-argument form of {@link describeEvent}. */
export interface DescribeEventOptions extends DescribeOptions {
  /** The players' names by seat (`state.players` or `view.players`). */
  readonly players: readonly string[];
}

/**
 * The catalogue and the reader's seat of a locale or `{ locale, viewer }`, read once.
 *
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`; {@link ArgumentError} `BAD_ARGUMENT` for other options or a viewer that is no seat.
 * @internal
 */
export function tellingOf(
  telling: unknown,
  players: number,
  extra: readonly string[] = [],
): { words: Catalogue; viewer: number | undefined } {
  if (telling === undefined || typeof telling === 'string')
    return { words: catalogue(telling as Locale | undefined), viewer: undefined };
  const read = readInput(telling, { depth: 3 });
  const o = read.ok && isRecord(read.value) ? read.value : undefined;
  const unknown = o ? Object.keys(o).filter((k) => k !== 'locale' && k !== 'viewer' && !extra.includes(k)) : [];
  if (!o || unknown.length > 0) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `Sentences are told from a locale ("en", "fr", "nl") or { locale, viewer }, not ${unknown.length > 0 ? `an object with ${unknown.slice(0, 3).map(describeValue).join(', ')}` : describeValue(telling)}.`,
    );
  }
  const viewer = o.viewer ?? undefined;
  if (
    viewer !== undefined &&
    (!Number.isSafeInteger(viewer) || (viewer as number) < 0 || (viewer as number) >= players)
  ) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `The viewer is a seat of the game, from 0 to ${players - 1}, not ${describeValue(viewer)}.`,
    );
  }
  return { words: catalogue((o.locale ?? undefined) as Locale | undefined), viewer: viewer as number | undefined };
}

/**
 * One sentence for one event, in a locale: for a UI that animates a move event by event (see
 * `applySteps` and `viewSteps`). Works on a state's events and on a player view's (a rotated hand
 * is told by its size only). With a `viewer`, that seat is told as "you".
 *
 * Two forms: `describeEvent(event, players, locale | { locale, viewer })` and
 * `describeEvent(event, { players, locale, viewer })`.
 *
 * @param event - an event from `state.events` or `view.events`.
 * @param players - the players' names by seat (`state.players`), or `{ players, locale, viewer }`.
 * @param telling - `'en'` (default), `'fr'` or `'nl'`, or `{ locale, viewer }`.
 * @throws {@link LocaleError} `UNKNOWN_LOCALE`; {@link ArgumentError} `BAD_ARGUMENT` for an event
 *   without its documented fields, or a viewer that is not a seat.
 *
 * @example
 * ```ts
 * for (const e of state.events) log(describeEvent(e, state.players, 'fr'));
 * // "Ana joue une série de deux 7."
 * describeEvent(e, { players: view.players, locale: 'nl', viewer: view.seat });
 * // "Je speelt een set van twee 7."
 * ```
 */
export function describeEvent(
  event: NarratedEvent,
  players: readonly string[],
  telling?: Locale | DescribeOptions,
): string;
export function describeEvent(event: NarratedEvent, options: DescribeEventOptions): string;
export function describeEvent(
  event: NarratedEvent,
  players: readonly string[] | DescribeEventOptions,
  telling?: Locale | DescribeOptions,
): string {
  let list: unknown = players;
  let how: unknown = telling;
  if (!Array.isArray(players)) {
    const read = readInput(players, { depth: 3 });
    list = read.ok && isRecord(read.value) ? read.value.players : undefined;
    how = read.ok && isRecord(read.value) ? read.value : undefined;
    if (how === undefined)
      throw new ArgumentError(
        'BAD_ARGUMENT',
        `describeEvent needs the players' names or { players, locale, viewer }, not ${describeValue(players)}.`,
      );
  }
  const read = readInput({ event, players: list }, { depth: 5 });
  const e = read.ok && isRecord(read.value) ? read.value.event : undefined;
  const names = read.ok && isRecord(read.value) ? read.value.players : undefined;
  const { words, viewer } = tellingOf(
    how,
    Array.isArray(names) ? names.length : 0,
    Array.isArray(players) ? [] : ['players'],
  );
  const events = words.events as unknown as Readonly<
    Record<string, (e: NarratedEvent, names: readonly string[], viewer?: number) => string>
  >;
  const type = isRecord(e) ? e.type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(events, type) || !Array.isArray(names)) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `describeEvent needs an event of a state or view and the players' names, not ${describeValue(event)}.`,
    );
  }
  try {
    return events[type]!(e as unknown as NarratedEvent, names as string[], viewer);
  } catch {
    throw new ArgumentError('BAD_ARGUMENT', `This ${type} event does not have the documented fields.`);
  }
}
