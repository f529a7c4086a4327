/**
 * The arena tables of the docs are generated from the arena results kept in bench/results/: a hand
 * edit, or a result file changed without regenerating the table, fails here.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

  it("the learning guide's table of neuralExpertBot is what it makes of that bot's runs", () => {
    const dir = `${root}bench/results/neural-expert/`;
    const files = [
      'bench/results/arena/neural-expert-vs-expert-3p.json',
      // in name order: rows of one lineup and player count keep the order of their files
      ...readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => `bench/results/neural-expert/${f}`),
    ];
    const table = execFileSync(process.execPath, ['--import', 'tsx', 'bench/arena-table.ts', ...files], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    expect(table.split('\n')).toHaveLength(files.length + 2);
    expect(readFileSync(`${root}docs/guides/learning.md`, 'utf8')).toContain(table);
  });
});
