/**
 * CHANGELOG.md follows Keep a Changelog, with an `[Unreleased]` section on top, and each bullet
 * tells a user in one line of at most 25 words what they get.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown.js';

/** The most words a bullet may have. */
const MAX_WORDS = 25;

const text = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
const lines = text.split('\n');

/** Each bullet with its line number, and the line after it when that line continues the bullet. */
function bullets(): { line: number; text: string; continued: boolean }[] {
  return lines.flatMap((l, i) =>
    l.startsWith('- ') ? [{ line: i + 1, text: l, continued: /^\s+\S/.test(lines[i + 1] ?? '') }] : [],
  );
}

describe('CHANGELOG.md', () => {
  it('opens with an Unreleased section, then versions with their dates', () => {
    const versions = lines.filter((l) => l.startsWith('## '));
    expect(versions[0]).toBe('## [Unreleased]');
    expect(versions.length).toBeGreaterThan(1);
    for (const v of versions.slice(1)) expect(v).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
  });

  it('groups the bullets of a version under Keep a Changelog headings', () => {
    const groups = lines.filter((l) => l.startsWith('### ')).map((l) => l.slice(4));
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(g);
  });

  it(`has bullets of one line and at most ${MAX_WORDS} words each`, () => {
    const all = bullets();
    expect(all.length).toBeGreaterThan(20);
    const long = all
      .filter((b) => b.continued || b.text.slice(2).trim().split(/\s+/).length > MAX_WORDS)
      .map((b) => `line ${b.line}: ${b.text}`);
    expect(long).toEqual([]);
  });

  it('names no issue numbers: a bullet says what changed', () => {
    expect(lines.filter((l) => /\bissue \d+|#\d+\b/i.test(l))).toEqual([]);
  });
});
