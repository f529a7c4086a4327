/**
 * The floors of src/ (.dependency-cruiser.cjs, docs/architecture.md): no import circle, and no
 * module imports a floor above its own. dependency-cruiser reads the real imports, type-only ones
 * included; a fixture with one circle, one upward import and one core file imported past the
 * core's doors (core/index.ts, core/internal.ts) shows that the rules can fail.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../docs/markdown.js';

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** The violations dependency-cruiser finds in `dir`/src with the project's config. */
function violations(dir: string): Violation[] {
  const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    // it exits non-zero when it finds errors, with the report still on stdout
    out = (e as { stdout?: string }).stdout ?? '';
    if (!out) throw e;
  }
  const report = JSON.parse(out) as { summary: { violations: Violation[]; totalCruised: number } };
  expect(report.summary.totalCruised).toBeGreaterThan(0);
  return report.summary.violations;
}

const show = (v: readonly Violation[]): string[] => v.map((x) => `${x.rule.name}: ${x.from} -> ${x.to}`);

describe('the floors of src/', () => {
  it('src/ has no import circle and no import from a floor above', () => {
    expect(show(violations(ROOT))).toEqual([]);
  }, 60_000);

  it('the rules catch a circle, an upward import, a core file imported from above and the arena in the root entry', () => {
    const dir = join(ROOT, 'test', '.tmp', 'layering-fixture');
    rmSync(dir, { recursive: true, force: true });
    for (const d of ['core', 'views', 'arena']) mkdirSync(join(dir, 'src', d), { recursive: true });
    cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(dir, 'src', 'core', 'a.ts'),
      "import type { B } from './b.js';\nimport { v } from '../views/v.js';\nexport type A = B | typeof v;\n",
    );
    writeFileSync(join(dir, 'src', 'core', 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
    writeFileSync(join(dir, 'src', 'views', 'v.ts'), "import { w } from '../arena/arena.js';\nexport const v = w;\n");
    writeFileSync(join(dir, 'src', 'arena', 'arena.ts'), 'export const w = 1;\n');
    // the core's doors: core/index.ts and core/internal.ts may be imported from above, b.ts may not
    writeFileSync(join(dir, 'src', 'core', 'index.ts'), "export type { B } from './b.js';\n");
    writeFileSync(join(dir, 'src', 'core', 'internal.ts'), "export type { A } from './a.js';\n");
    writeFileSync(
      join(dir, 'src', 'views', 'doors.ts'),
      "import type { B } from '../core/index.js';\nimport type { A } from '../core/internal.js';\nimport type { B as C } from '../core/b.js';\nexport type D = A | B | C;\n",
    );
    writeFileSync(join(dir, 'src', 'index.ts'), "export * from './views/v.js';\n");
    const found = show(violations(dir));
    rmSync(dir, { recursive: true, force: true });
    expect(found.filter((v) => v.startsWith('core-through-its-doors:'))).toEqual([
      'core-through-its-doors: src/views/doors.ts -> src/core/b.ts',
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        'no-circular: src/core/a.ts -> src/core/b.ts',
        'core-imports-only-core: src/core/a.ts -> src/views/v.ts',
        'floor-1-below-players: src/views/v.ts -> src/arena/arena.ts',
        'root-entry-without-arena: src/index.ts -> src/arena/arena.ts',
      ]),
    );
  }, 60_000);
});
