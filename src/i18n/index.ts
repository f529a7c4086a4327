/** Sentences in English, French and Dutch. */
export {
  LOCALES,
  LOCALE_ERROR_CODES,
  type Locale,
  type LocaleErrorCode,
  type ErrorParams,
  type ErrorKind,
  type ErrorCodes,
  type NarratedEvent,
} from './types.js';
export {
  LocaleError,
  isLocaleError,
  isLocale,
  errorSentence,
  localizeError,
  describeEvent,
  type LocalizableError,
  type DescribeOptions,
  type DescribeEventOptions,
  type ErrorSentenceOptions,
} from './localize.js';
// sentences of a move and a position: they need every locale's catalogue, so they sit with it
export { describeMove } from './describe-move.js';
export { renderPosition } from './render-position.js';
