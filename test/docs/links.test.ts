/**
 * Relative links in README.md, the guides, the other pages of docs/ and CONTRIBUTING.md point at
 * files that exist and at headings that exist (typedoc checks the files when it builds the site;
 * the anchors are checked only here). The README stays a page for users: short, with its tour and
 * the two quick-start commands.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, linkedFiles, relativeLinks, ROOT } from './markdown.js';

/** The README's limit: beyond it, material belongs in docs/ or CONTRIBUTING.md. */
const README_MAX_LINES = 120;

describe('documentation links', () => {
  for (const file of linkedFiles()) {
    it(`${relative(ROOT, file)}: every relative link resolves, anchors included`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(file)) {
        const target = link.target === '' ? file : join(dirname(file), link.target);
        if (!existsSync(target)) {
          broken.push(`line ${link.line}: ${link.target} does not exist`);
        } else if (link.anchor !== undefined && target.endsWith('.md') && !anchors(target).has(link.anchor)) {
          broken.push(`line ${link.line}: no heading #${link.anchor} in ${relative(ROOT, target)}`);
        } else if (link.anchor !== undefined && target.endsWith('.md') && !anchors(target, true).has(link.anchor)) {
          // found by CI: the API site (typedoc) drops a heading's code spans from its anchor
          broken.push(
            `line ${link.line}: #${link.anchor} in ${relative(ROOT, target)} is a heading with code, anchored otherwise on the API site: take the code out of the heading`,
          );
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('README.md', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('keeps install, one example, the quick start and the documents, in that order', () => {
    const headings = [...anchors(join(ROOT, 'README.md'))];
    expect(headings).toEqual(['dnup', 'install', 'example', 'quick-start', 'documents']);
  });

  it('has exactly two quick-start commands: the demo on a fresh clone, then the whole test suite', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'));
    const commands = /```sh\n([\s\S]*?)```/.exec(quick)![1]!.trim().split('\n');
    expect(commands).toEqual(['npm ci && npm run demo', 'npm run test:all']);
  });

  it("links every document the package ships: the pages of docs/ and the guides, the changelog, the contributors' guide and the licence", () => {
    const targets = new Set(relativeLinks(join(ROOT, 'README.md')).map((l) => l.target));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    const shipped = (f: string): boolean =>
      pkg.files.some(
        (p) => p === f || (p.endsWith('/*.md') && dirname(f) === p.slice(0, -'/*.md'.length) && f.endsWith('.md')),
      );
    const pages = linkedFiles()
      .map((f) => relative(ROOT, f))
      .filter((f) => f !== 'README.md' && shipped(f));
    expect(pages.length).toBeGreaterThan(12);
    for (const page of [...pages, 'LICENSE', 'docs/record.schema.json'])
      expect(targets, `README.md does not link ${page}`).toContain(page);
  });

  it('leaves no page of docs/ unreachable: what the package does not ship is linked from CONTRIBUTING.md', () => {
    const linked = new Set([
      ...relativeLinks(join(ROOT, 'README.md')).map((l) => l.target),
      ...relativeLinks(join(ROOT, 'CONTRIBUTING.md')).map((l) => l.target),
    ]);
    const unlinked = linkedFiles()
      .map((f) => relative(ROOT, f))
      .filter((f) => !['README.md', 'CONTRIBUTING.md'].includes(f) && !linked.has(f));
    expect(unlinked).toEqual([]);
  });

  it('holds no tables: results and figures live in docs/', () => {
    const tables = readme.split('\n').filter((l) => /^\|.*\|$/.test(l));
    expect(tables).toEqual([]);
  });
});
