/** `dnup arena` (issue #6). PLACEHOLDER. */
export async function arenaCommand(_args: readonly string[]): Promise<number> {
  return 2;
}
