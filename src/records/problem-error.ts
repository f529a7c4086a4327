/** What record and position errors share: a message summing up every problem. */

/** One sentence for a list of problems: the problem itself, or the count followed by each. */
export function summarize(problems: readonly { readonly message: string }[]): string {
  return problems.length === 1 ? problems[0]!.message : `${problems.length} problems: ${problems.map((p) => p.message).join(' ')}`;
}
