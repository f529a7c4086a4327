/** Small English helpers shared by the move sentences and the position text. */

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "three", or digits past twelve. */
export function countWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** "a 6", "an 8", "an 11". */
export function aValue(value: number): string {
  return `${value === 8 || value === 11 || value === 18 || String(value).startsWith('8') ? 'an' : 'a'} ${value}`;
}

/** "a 6" or "three 6s": a set as played. */
export function setPhrase(size: number, value: number): string {
  return size === 1 ? aValue(value) : `${countWord(size)} ${value}s`;
}

/** "5", "5 and 7", "5, 7 and 9". */
export function listWords(items: readonly (string | number)[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1st", "2nd", "3rd", "4th". */
export function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}
