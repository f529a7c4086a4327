/**
 * One way of counting per sentence (rules §1: the data's area 0 is the rulebook's area 1). A
 * sentence for players names each seat by its player and counts areas from 1, as the rulebook
 * does ("Ben's play area 2"); a sentence without the players' names counts both as the data does,
 * from 0 ("seat 1, area 1"). Never one of each: "play area 2 of seat 1" reads as two numberings.
 */

/**
 * The players' names when every seat a sentence speaks of has one (an unknown seat, `undefined`,
 * is "another player"); undefined otherwise, and the sentence then counts as the data does.
 *
 * @param names - the players' names by seat, as given to `errorSentence` or `localizeError`.
 * @param seats - the seats the sentence names.
 * @internal
 */
export function namesFor(
  names: readonly string[] | undefined,
  ...seats: readonly (number | undefined)[]
): readonly string[] | undefined {
  if (names === undefined || seats.every((s) => s === undefined)) return undefined;
  return seats.every((s) => s === undefined || (Number.isInteger(s) && typeof names[s] === 'string'))
    ? names
    : undefined;
}
