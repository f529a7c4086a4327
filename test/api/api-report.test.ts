/** The public API report (docs/api-report.md) lists exactly what the package root exports. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

describe('public API report', () => {
  it('matches the exports of the package root (regenerate with scripts/regenerate-api-report.mjs)', () => {
    const report = readFileSync(new URL('../../docs/api-report.md', import.meta.url), 'utf8');
    const listed = [...report.matchAll(/^- `([^`]+)`: (\w+)$/gm)].map((m) => `${m[1]}: ${m[2]}`);
    const actual = Object.keys(api)
      .sort()
      .map((name) => {
        const value = (api as Record<string, unknown>)[name];
        const kind = typeof value === 'function' ? (/^class\s/.test(String(value)) ? 'class' : 'function') : typeof value;
        return `${name}: ${kind}`;
      });
    expect(listed).toEqual(actual);
  });
});
