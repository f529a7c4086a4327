/**
 * Skill ratings for the ladder, by the `openskill` package (Weng–Lin ratings, Plackett–Luce
 * model). dnup has no runtime dependency: openskill is an optional peer dependency, loaded here
 * only when a ladder runs, by a name that bundlers leave alone.
 */
import { BotError } from '../bots/errors.js';

/** The part of openskill the ladder uses. */
export interface RatingLibrary {
  rating(init?: { mu?: number; sigma?: number }): { mu: number; sigma: number };
  rate(
    teams: readonly (readonly { mu: number; sigma: number }[])[],
    options?: { rank?: number[] },
  ): { mu: number; sigma: number }[][];
  ordinal(rating: { mu: number; sigma: number }): number;
}

/** The rating package's name: the peer dependency to install. */
const RATING_PACKAGE = 'openskill';

/** The sentence that says how to get the rating package. */
const INSTALL_RATINGS = `install it in your project with: npm install ${RATING_PACKAGE}@5`;

/**
 * openskill, loaded once per specifier; a {@link BotError} `RATINGS_UNAVAILABLE` when it is
 * missing or is not the library the ladder knows.
 *
 * @param specifier - the package to load (tests name a missing one).
 */
export async function loadRatings(specifier: string = RATING_PACKAGE): Promise<RatingLibrary> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    const missing =
      code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find (module|package)|Failed to load url/i.test(String((e as Error | null)?.message));
    const why = missing
      ? 'is not installed'
      : `cannot be loaded (${String((e as Error | null)?.message ?? e).slice(0, 200)})`;
    throw new BotError(
      'RATINGS_UNAVAILABLE',
      `The ladder rates bots with the ${specifier} package, an optional peer dependency of dnup, which ${why}: ${INSTALL_RATINGS}.`,
      { name: specifier },
    );
  }
  // a CommonJS copy may hang everything under default
  const lib =
    (typeof loaded.rate === 'function' ? loaded : (loaded.default as Record<string, unknown> | undefined)) ?? {};
  if (typeof lib.rate !== 'function' || typeof lib.rating !== 'function' || typeof lib.ordinal !== 'function') {
    throw new BotError(
      'RATINGS_UNAVAILABLE',
      `The ${specifier} package found has no rate, rating and ordinal functions (another version?): ${INSTALL_RATINGS}.`,
      { name: specifier },
    );
  }
  return lib as unknown as RatingLibrary;
}

/**
 * Each seat's place (1 best, ties shared): the winner first, then the others by final score
 * (rules §6: letter tokens, or round wins in the duel).
 */
export function finishingOrder(won: readonly boolean[], scores: readonly number[]): number[] {
  const key = scores.map((x, s) => (won[s] ? Infinity : x));
  return key.map((k) => 1 + key.filter((other) => other > k).length);
}

/**
 * Each seat's place in a game a seat forfeited (1 best, ties shared): the forfeiting seat last,
 * the others by their score at that moment (rules §6: letter tokens, or round wins in the duel),
 * so in the duel the opponent is first.
 */
export function forfeitOrder(scores: readonly number[], forfeited: number): number[] {
  const key = scores.map((x, s) => (s === forfeited ? -Infinity : x));
  return key.map((k) => 1 + key.filter((other) => other > k).length);
}

/** The winner of a game a seat forfeited: the one seat alone in first place, or null when several share it. */
export function forfeitWinner(scores: readonly number[], forfeited: number): number | null {
  const places = forfeitOrder(scores, forfeited);
  const first = places.flatMap((p, s) => (p === 1 ? [s] : []));
  return first.length === 1 ? first[0]! : null;
}

/** One entry's rating: mean, standard deviation and openskill's ordinal (mu − 3·sigma). */
export interface EntryRating {
  readonly mu: number;
  readonly sigma: number;
  readonly ordinal: number;
}

/**
 * Every entry's rating after the games, updated one game at a time in the order given (the
 * caller gives them by game number, so the ratings do not depend on the order games finished).
 * A game rates its seats by their final scores, ties tied; a game a seat forfeited rates that
 * seat last and the others by their scores ({@link forfeitOrder}); a game stopped by the move
 * cap (no winner, no forfeit) is left out.
 */
export function rateEntries(
  lib: RatingLibrary,
  entries: number,
  games: readonly {
    readonly seats: readonly number[];
    readonly winner: number | null;
    readonly scores: readonly number[];
    readonly forfeit?: { readonly seat: number } | undefined;
  }[],
): EntryRating[] {
  const ratings = Array.from({ length: entries }, () => lib.rating());
  for (const game of games) {
    const forfeit = game.forfeit;
    if (game.winner === null && forfeit === undefined) continue;
    const teams = game.seats.map((e) => [ratings[e]!]);
    const rank =
      forfeit === undefined
        ? finishingOrder(
            game.seats.map((e) => e === game.winner),
            game.scores,
          )
        : forfeitOrder(game.scores, forfeit.seat);
    const rated = lib.rate(teams, { rank });
    game.seats.forEach((e, s) => {
      ratings[e] = rated[s]![0]!;
    });
  }
  return ratings.map((r) => ({ mu: r.mu, sigma: r.sigma, ordinal: lib.ordinal(r) }));
}
