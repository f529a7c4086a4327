/**
 * Skill ratings for the ladder, by the `openskill` package (Weng–Lin ratings, Plackett–Luce
 * model). dnup has no runtime dependency: openskill is an optional peer dependency, loaded here
 * only when a ladder runs, by a name that bundlers leave alone.
 */
import { seededRandom } from '../core/index.js';
import { randomBelow } from '../core/internal.js';
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

/** A game as {@link rateEntries} reads it. */
interface RatedGame {
  readonly g: number;
  readonly seats: readonly number[];
  readonly winner: number | null;
  readonly scores: readonly number[];
  readonly forfeit?: { readonly seat: number } | undefined;
}

/**
 * How many orders of the games the ratings are the mean of. openskill rates one game at a time,
 * and the order counts: rated in the schedule's order (each deal's lineups in the same turn, so
 * the same bots close every deal), a 4-player ladder of every built-in bot put `montecarlo` above
 * `expert`, which placed ahead of it in 238 of the 408 games they shared and above it in each of
 * 30 shuffled orders (docs/arena.md). Over 40 orders one bot's mu moved by about 1 (one standard
 * deviation); the mean of 16 moves by about a quarter of that.
 */
export const RATING_ORDERS = 16;

/**
 * Every entry's rating after the games: the mean, over {@link RATING_ORDERS} orders of the games
 * drawn from `seed`, of openskill's ratings updated one game at a time. The games are taken by
 * game number first, so the result depends neither on the order they finished in nor on the
 * number of workers. A game rates its seats by their final scores, ties tied; a game a seat
 * forfeited rates that seat last and the others by their scores ({@link forfeitOrder}); a game
 * stopped by the move cap (no winner, no forfeit) is left out.
 */
export function rateEntries(
  lib: RatingLibrary,
  entries: number,
  games: readonly RatedGame[],
  seed: string,
): EntryRating[] {
  const order = games.filter((game) => game.winner !== null || game.forfeit !== undefined).sort((a, b) => a.g - b.g);
  const places = order.map((game) =>
    game.forfeit === undefined
      ? finishingOrder(
          game.seats.map((e) => e === game.winner),
          game.scores,
        )
      : forfeitOrder(game.scores, game.forfeit.seat),
  );
  const index = order.map((_, i) => i);
  const rng = seededRandom(`${seed}/ratings`);
  const mu = new Array<number>(entries).fill(0);
  const sigma = new Array<number>(entries).fill(0);
  for (let k = 0; k < RATING_ORDERS; k++) {
    for (let i = index.length - 1; i > 0; i--) {
      const j = randomBelow(rng, i + 1);
      [index[i], index[j]] = [index[j]!, index[i]!];
    }
    const ratings = Array.from({ length: entries }, () => lib.rating());
    for (const i of index) {
      const game = order[i]!;
      const rated = lib.rate(
        game.seats.map((e) => [ratings[e]!]),
        { rank: places[i]! },
      );
      game.seats.forEach((e, s) => {
        ratings[e] = rated[s]![0]!;
      });
    }
    ratings.forEach((r, e) => {
      mu[e]! += r.mu / RATING_ORDERS;
      sigma[e]! += r.sigma / RATING_ORDERS;
    });
  }
  return mu.map((m, e) => ({ mu: m, sigma: sigma[e]!, ordinal: lib.ordinal({ mu: m, sigma: sigma[e]! }) }));
}
