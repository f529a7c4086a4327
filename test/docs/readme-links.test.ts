/**
 * README.md is read on a repository host, on the registry's page and in node_modules/dnup: its
 * links are relative paths, to files the package ships, so that each works in all three places
 * (and offline). No link goes to a CDN at a version that may not exist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeLinks, ROOT } from './markdown.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README links', () => {
  const shipped = (): string[] => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  };

  it('links documents by relative path, each to a file the package ships', () => {
    const links = relativeLinks(join(ROOT, 'README.md')).filter((l) => l.target !== '');
    expect(links.length).toBeGreaterThan(10);
    const files = shipped();
    expect(links.filter((l) => !files.includes(l.target)).map((l) => `line ${l.line}: ${l.target}`)).toEqual([]);
  });

  it('has no link to a CDN or a registry at a version', () => {
    expect(readme).not.toMatch(/\]\(https:\/\/(unpkg\.com|cdn\.jsdelivr\.net|www\.npmjs\.com)\//);
  });
});
