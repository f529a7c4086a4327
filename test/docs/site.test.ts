/**
 * The API site as typedoc builds it (read from its JSON model): one module named dnup, every
 * export under a topic group, the rules reference, the guides and the changelog as pages.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './markdown.js';

interface Node {
  readonly name: string;
  readonly kind: number;
  readonly children?: readonly Node[];
  readonly groups?: readonly { readonly title: string; readonly children?: readonly number[] }[];
  readonly documents?: readonly Node[];
}
const MODULE = 2;
const TOPICS = [
  'Rules core',
  'Player views',
  'Game UI',
  'Records and positions',
  'Notation',
  'Languages',
  'History',
  'Bots',
];
let model: Node;

beforeAll(() => {
  const out = join(ROOT, 'test', '.tmp', 'typedoc.json');
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc'),
      '--json',
      out,
      '--out',
      join(ROOT, 'test', '.tmp', 'site'),
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  model = JSON.parse(readFileSync(out, 'utf8')) as Node;
}, 120_000);

describe('the API site', () => {
  it('has the two entries as modules, dnup and dnup/arena (not index)', () => {
    const modules = (model.children ?? []).filter((c) => c.kind === MODULE);
    expect(modules.map((m) => m.name)).toEqual(['dnup', 'dnup/arena']);
    const arena = modules[1]!;
    expect(arena.children!.map((c) => c.name)).toContain('runArena');
  });

  it('groups every export by topic, in the documented order', () => {
    const dnup = model.children!.find((c) => c.name === 'dnup')!;
    expect(dnup.groups!.map((g) => g.title)).toEqual(TOPICS);
    const grouped = dnup.groups!.reduce((n, g) => n + (g.children?.length ?? 0), 0);
    expect(grouped).toBe(dnup.children!.length);
  });

  it('holds the rules reference, the guides and the changelog as pages, and links the playground', () => {
    const titles = (model.documents ?? []).map((d) => d.name);
    for (const title of [
      'The rules of dnup',
      'CHANGELOG',
      'CONTRIBUTING',
      'Guide: building a game UI',
      'Benchmarks',
      'Limits',
      'Arena results',
    ])
      expect(titles).toContain(title);
    const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as {
      navigationLinks: Record<string, string>;
    };
    expect(config.navigationLinks.Playground).toBe('playground/index.html');
  });
});
