/**
 * README.md is read on the registry's page and in node_modules, where relative links to the
 * repository do not resolve: it links the shipped documents through the registry's CDN (unpkg),
 * pinned to this version. Those links must name this version and a file the package ships.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeLinks, ROOT } from './markdown.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README links', () => {
  const shipped = (): string[] => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  };

  it('links documents through unpkg at this version, to files the package ships', () => {
    const links = [...readme.matchAll(/\]\((https:\/\/unpkg\.com\/[^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(5);
    const files = shipped();
    const wrong = links.filter((url) => {
      const m = /^https:\/\/unpkg\.com\/([^@/]+)@([^/]+)\/([^#]+)$/.exec(url);
      return !m || m[1] !== pkg.name || m[2] !== pkg.version || !files.includes(m[3]!);
    });
    expect(wrong).toEqual([]);
  });

  it('has no relative link other than to its own headings', () => {
    expect(relativeLinks(join(ROOT, 'README.md')).filter((l) => l.target !== '')).toEqual([]);
  });
});
