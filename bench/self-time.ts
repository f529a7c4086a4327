/** What a V8 CPU profile says about where the time went: self samples per function and place. */

/** The part of a V8 CPU profile (`Profiler.stop`) read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples?: readonly number[] | undefined;
}

/**
 * The functions with the most self samples, idle and program frames left out, most first, each
 * named by function, file and line; and the number of busy samples.
 */
export function selfTime(profile: CpuProfile, top: number): { total: number; rows: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples ?? []) {
    const f = byId.get(id)?.callFrame;
    if (f === undefined || f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const file = f.url === '' ? '' : `${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    const key = `${f.functionName || '(anonymous)'} ${file}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  }
  return { total, rows: [...counts].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

/** Prints {@link selfTime}'s rows as shares of the busy samples. */
export function printSelfTime(rows: readonly [string, number][], total: number): void {
  console.log('self time  function');
  for (const [key, n] of rows) console.log(`${((100 * n) / total).toFixed(1).padStart(8)}%  ${key}`);
}
