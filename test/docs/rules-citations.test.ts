/**
 * Every "rules §…" citation in the code, the docs and the tests names a section that the rules
 * reference (docs/rules.md) has, and nothing still points users at the specification's file name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown.js';

const REFERENCE = join(ROOT, 'docs', 'rules.md');
// Spelled in two pieces so that this file does not match its own check.
const SPEC_NAME = ['RULES', 'md'].join('.');
const SKIP_DIRS = new Set(['node_modules', 'api', 'dist', '.tmp', 'coverage', 'test-results']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css)$/;

/** The sections of the rules reference: "3", "3.1", "5 A", … read from its headings. */
function referenceSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const m of markdown.matchAll(/^#{2,6}\s+§(\d+(?:\.\d+)?(?: [A-Z](?![\p{L}]))?)/gmu)) sections.add(m[1]!);
  return sections;
}

/** Each section a text cites as "rules §5 A", "rules §3.1, §4.1", "rules §5 A, B", "rules §5–§6". */
function citations(text: string): { section: string; line: number }[] {
  const found: { section: string; line: number }[] = [];
  const ref = /^§(\d+(?:\.\d+)?)(?: ([A-Z])(?![\p{L}]))?/u;
  for (const m of text.matchAll(/rules (?=§\d)/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    let rest = text.slice(m.index + m[0].length);
    let section = '';
    for (;;) {
      const r = ref.exec(rest);
      if (r) {
        section = r[1]!;
        found.push({ section: r[2] ? `${section} ${r[2]}` : section, line });
        rest = rest.slice(r[0].length);
      } else {
        // "§5 A, B" and "§5 A and B": a bare letter continues the section before it.
        const letter = /^ ([A-Z])(?![\p{L}])/u.exec(rest);
        if (!letter || section === '') break;
        found.push({ section: `${section} ${letter[1]}`, line });
        rest = rest.slice(letter[0].length);
      }
      const sep = /^(?:\s*(?:,|–|-|\/|and)\s*)(?=§\d| ?[A-Z](?![\p{L}]))/u.exec(rest);
      if (!sep) break;
      rest = rest.slice(sep[0].length).replace(/^(?=[A-Z])/, ' ');
    }
  }
  return found;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

// This file's own samples (a made-up section among them) are left out of the scan.
const SELF = join(ROOT, 'test', 'docs', 'rules-citations.test.ts');
const scanned = [
  ...files(join(ROOT, 'src')),
  ...files(join(ROOT, 'docs')),
  ...files(join(ROOT, 'test')),
  ...['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md'].map((f) => join(ROOT, f)),
].filter((file) => file !== SELF);
const sections = referenceSections(readFileSync(REFERENCE, 'utf8'));

describe('rules citations', () => {
  it('the rules reference has §1 to §8, the steps of §3 and §4, and the four actions of §5', () => {
    const expected = [
      '1',
      '2',
      '3',
      '3.1',
      '3.2',
      '3.3',
      '3.4',
      '4',
      '4.1',
      '4.2',
      '5',
      '5 A',
      '5 B',
      '5 C',
      '5 D',
      '6',
      '7',
      '8',
    ];
    expect([...sections].sort()).toEqual(expected.sort());
  });

  it('the citation reader finds lists, ranges and bare action letters', () => {
    const cited = citations(
      'see (rules §3.1, §4.1) and rules §5 A, B; rules §5–§6; rules §5 golden rule; rules §9.9',
    ).map((c) => c.section);
    expect(cited).toEqual(['3.1', '4.1', '5 A', '5 B', '5', '6', '5', '9.9']);
  });

  it('every "rules §…" in src/, docs/, test/, the README, the changelog and CONTRIBUTING.md names a section of docs/rules.md', () => {
    const unknown: string[] = [];
    let count = 0;
    for (const file of scanned) {
      for (const c of citations(readFileSync(file, 'utf8'))) {
        count++;
        if (!sections.has(c.section)) unknown.push(`${relative(ROOT, file)}:${c.line}: rules §${c.section}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(count).toBeGreaterThan(100); // the scan does reach the code's citations
  });

  it('the rules reference only refers to its own sections', () => {
    const text = readFileSync(REFERENCE, 'utf8');
    const unknown = [...text.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1]!).filter((s) => !sections.has(s));
    expect(unknown).toEqual([]);
  });

  it(`no file users or contributors read mentions ${SPEC_NAME}`, () => {
    const left = scanned
      .filter((file) => readFileSync(file, 'utf8').includes(SPEC_NAME))
      .map((file) => relative(ROOT, file));
    const rootFiles = ['package.json', 'typedoc.json', 'tsup.config.ts', 'vitest.config.ts']
      .map((name) => join(ROOT, name))
      .filter((file) => readFileSync(file, 'utf8').includes(SPEC_NAME))
      .map((file) => relative(ROOT, file));
    expect([...left, ...rootFiles]).toEqual([]);
  });
});
