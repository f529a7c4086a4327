/**
 * The arena table of docs/arena.md is generated from the arena results kept in bench/results/arena/: a
 * hand edit, or a result file changed without regenerating the table, fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the arena table of docs/arena.md', () => {
  it('is exactly what bench/arena-table.ts makes of bench/results/arena/*.json', () => {
    const table = execFileSync(process.execPath, ['--import', 'tsx', 'bench/arena-table.ts'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(table.split('\n').length).toBeGreaterThan(10);
    const page = readFileSync(`${root}docs/arena.md`, 'utf8');
    expect(page).toContain(table);
  });
});
