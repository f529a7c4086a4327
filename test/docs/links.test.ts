/**
 * Relative links in README.md and the guides point at files that exist and at headings that
 * exist (typedoc checks the files when it builds the site; the anchors are checked only here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, documentedFiles, relativeLinks, ROOT } from './markdown.js';

describe('documentation links', () => {
  for (const file of documentedFiles()) {
    it(`${relative(ROOT, file)}: every relative link resolves, anchors included`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(file)) {
        const target = link.target === '' ? file : join(dirname(file), link.target);
        if (!existsSync(target)) {
          broken.push(`line ${link.line}: ${link.target} does not exist`);
        } else if (link.anchor !== undefined && target.endsWith('.md') && !anchors(target).has(link.anchor)) {
          broken.push(`line ${link.line}: no heading #${link.anchor} in ${relative(ROOT, target)}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it('README.md keeps the sections the project relies on, and the two quick-start commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const headings = [...anchors(join(ROOT, 'README.md'))];
    for (const h of ['quick-start', 'api-tour', 'settling-disputes', 'bot-authors', 'benchmarks', 'package-size', 'docs']) {
      expect(headings).toContain(h);
    }
    const quick = readme.slice(readme.indexOf('## Quick start'));
    const commands = /```sh\n([\s\S]*?)```/.exec(quick)![1]!.trim().split('\n');
    expect(commands).toEqual(['npm ci && npm run demo', 'npm test']);
  });
});
