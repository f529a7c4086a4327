/** What record and position errors share: a message summing up every problem. */

/** Problems spelled out in an error's message; the error's `problems` list holds the rest. */
const SPELLED_OUT = 5;

/** One sentence for a list of problems: the problem itself, or the count followed by the first few. */
export function summarize(problems: readonly { readonly message: string }[], total = problems.length): string {
  if (total === 1 && problems.length === 1) return problems[0]!.message;
  const shown = problems
    .slice(0, SPELLED_OUT)
    .map((p) => p.message)
    .join(' ');
  const rest = total - Math.min(problems.length, SPELLED_OUT);
  return `${total} problems: ${shown}${rest > 0 ? ` …and ${rest} more.` : ''}`;
}
