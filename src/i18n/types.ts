/**
 * The shapes every locale's catalogue fills: sentences for error codes (over structured
 * parameters), for events, for a move's story ({@link describeMove}) and for the position text.
 */
import type { BOT_ERROR_CODES } from '../bots/errors.js';
import type {
  ARGUMENT_ERROR_CODES,
  MOVE_ERROR_CODES,
  SETUP_ERROR_CODES,
  GameEvent,
  POSITION_PROBLEM_CODES,
} from '../core/index.js';
import type { ErrorParams } from '../core/internal.js';
import type { HISTORY_ERROR_CODES } from '../history/history.js';
import type { NOTATION_ERROR_CODES } from '../notation/notation-error.js';
import type { RECORD_ERROR_CODES } from '../records/record-error.js';
import type { VIEW_ERROR_CODES } from '../views/errors.js';
import type { SELECTION_ERROR_CODES } from '../ui/selection.js';

// the facts of an error belong to the core (the floor every module's errors stand on); re-exported
// here for the catalogues
export type { ErrorParams };

/** The languages of the sentences: English (default), French (the original rulebook) and Dutch. */
export const LOCALES = ['en', 'fr', 'nl'] as const;

/** A language of the sentences, from {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** Why a locale was refused. */
export const LOCALE_ERROR_CODES = ['UNKNOWN_LOCALE'] as const;

/** A machine-readable reason, from {@link LOCALE_ERROR_CODES}. */
export type LocaleErrorCode = (typeof LOCALE_ERROR_CODES)[number];

/** The class name of each error this package throws, with its codes. */
export interface ErrorCodes {
  readonly IllegalMoveError: (typeof MOVE_ERROR_CODES)[number];
  readonly GameSetupError: (typeof SETUP_ERROR_CODES)[number];
  readonly ArgumentError: (typeof ARGUMENT_ERROR_CODES)[number];
  readonly RecordError: (typeof RECORD_ERROR_CODES)[number];
  readonly PositionError: (typeof POSITION_PROBLEM_CODES)[number];
  readonly NotationError: (typeof NOTATION_ERROR_CODES)[number];
  readonly ViewError: (typeof VIEW_ERROR_CODES)[number];
  readonly BotError: (typeof BOT_ERROR_CODES)[number];
  readonly HistoryError: (typeof HISTORY_ERROR_CODES)[number];
  readonly LocaleError: LocaleErrorCode;
  /** The refusals of `moveFromSelection` that are not a rule's (a verdict's `kind`; never thrown). */
  readonly SelectionError: (typeof SELECTION_ERROR_CODES)[number];
}

/** The class name of an error of this package, e.g. `"IllegalMoveError"`. */
export type ErrorKind = keyof ErrorCodes;

/** A set as a sentence sees it: whose it is (`own`: the mover's) and what it shows. */
export interface SetRef {
  readonly owner: string;
  readonly own: boolean;
  /** True when the owner is the reader (`viewer`): "your set". */
  readonly yours: boolean;
  readonly size: number;
  readonly value: number;
}

/** What a move did, in the order a sentence tells it (built from the move's events). */
export interface MoveStory {
  /** The name of the player who moved. */
  readonly who: string;
  /** True when the player who moved is the reader (`viewer`): told as "you". */
  readonly you: boolean;
  readonly action:
    | { readonly kind: 'play'; readonly size: number; readonly value: number }
    | { readonly kind: 'add'; readonly value: number; readonly target: SetRef; readonly size: number }
    | { readonly kind: 'take'; readonly from: SetRef; readonly shownAs: readonly number[] }
    | { readonly kind: 'rotate'; readonly size: number }
    | { readonly kind: 'deal'; readonly round: number; readonly starter: string; readonly starterYou: boolean }
    | { readonly kind: 'other' };
  readonly beaten?: {
    readonly set: SetRef;
    readonly fate: 'returned' | 'discarded';
    readonly returnedAs: readonly number[];
  };
  readonly out?:
    | { readonly kind: 'round'; readonly total: number; readonly target: number; readonly game: boolean }
    | {
        readonly kind: 'tokens';
        readonly place: number;
        readonly tokens: number;
        readonly total: number;
        readonly game: boolean;
        readonly roundEnds: boolean;
      };
}

/** An event with seat numbers, in the state's form or a player view's (hand sizes only). */
export type NarratedEvent =
  | Exclude<GameEvent, { type: 'handRotated' }>
  | {
      readonly type: 'handRotated';
      readonly seat: number;
      readonly size?: number;
      readonly cards: readonly unknown[] | null;
    };

type EventOf<T extends NarratedEvent['type']> = Extract<NarratedEvent, { type: T }>;

/** The words of {@link renderPosition}. */
export interface PositionWords {
  gameOver(round: number, winner: string | null): string;
  roundOver(round: number, turn: number): string;
  playing(round: number, turn: number, name: string, area: number | null): string;
  scores(mode: 'tokens' | 'rounds', target: number, list: string): string;
  out(list: readonly { readonly name: string; readonly place: number }[]): string;
  tableEmpty(): string;
  table(): string;
  set(name: string, area: number | null, size: number, value: number, cards: readonly number[]): string;
  discard(count: number): string;
  hands(): string;
  seat(seat: number): string;
}

/** Everything one locale says. */
export interface Catalogue {
  readonly locale: Locale;
  /**
   * One sentence per error code, over its {@link ErrorParams}; given the players' `names` by seat, a
   * sentence names the seats it speaks of and counts areas from 1, else it counts both from 0.
   */
  readonly errors: {
    readonly [K in ErrorKind]: {
      readonly [C in ErrorCodes[K]]: (p: ErrorParams, names?: readonly string[]) => string;
    };
  };
  /** Several problems of one record or position in one sentence. */
  problems(sentences: readonly string[]): string;
  /**
   * One sentence per event type; `names` are the players' names by seat, and `viewer` the seat of
   * the reader, told in the second person ("You play…"), or undefined for the third person only.
   */
  readonly events: {
    readonly [T in NarratedEvent['type']]: (e: EventOf<T>, names: readonly string[], viewer?: number) => string;
  };
  /** The sentence of a move ({@link describeMove}). */
  move(story: MoveStory): string;
  readonly position: PositionWords;
}
