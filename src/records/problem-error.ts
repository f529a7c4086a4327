/** What record and position errors share: a message summing up every problem, and a guard that needs no `instanceof`. */

/** One sentence for a list of problems: the problem itself, or the count followed by each. */
export function summarize(problems: readonly { readonly message: string }[]): string {
  return problems.length === 1 ? problems[0]!.message : `${problems.length} problems: ${problems.map((p) => p.message).join(' ')}`;
}

/** True when `e` carries the error `name` and one of `codes` (works across ESM and CommonJS copies). */
export function hasNameAndCode(e: unknown, name: string, codes: readonly string[]): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { name?: unknown; code?: unknown };
  return err.name === name && typeof err.code === 'string' && codes.includes(err.code);
}
