/**
 * Every TypeScript example of README.md and docs/ runs here, so none can go stale: each fenced
 * ```ts block (unless marked `no-run`) is written to test/.tmp/ with `'dnup'` pointing at
 * src/index.ts, then imported (it must not throw) and typechecked with the repo's strict options.
 * A block marked `pending` uses API still being written; it runs as soon as every name it
 * imports from 'dnup' exists.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { dnupValueImports, documentedFiles, ROOT, tsExamples, type CodeBlock } from './markdown.js';

const api: Record<string, unknown> = await import('../../src/index.js');
const TMP = join(ROOT, 'test', '.tmp', 'docs-examples');
const ENTRY = join(ROOT, 'src', 'index.js');
const ARENA = join(ROOT, 'src', 'arena.js');
const ENCODINGS = join(ROOT, 'src', 'encodings.js');
const NEURAL = join(ROOT, 'src', 'neural.js');

interface Example extends CodeBlock {
  readonly path: string;
  /** Names a `pending` example imports that do not exist yet. */
  readonly missing: readonly string[];
}

function prepare(block: CodeBlock, i: number): Example {
  const path = join(TMP, `${block.file.replace(/[^\w]+/g, '_')}_L${block.line}_${i}.ts`);
  const entry = relative(TMP, ENTRY).split('\\').join('/');
  const arena = relative(TMP, ARENA).split('\\').join('/');
  const encodings = relative(TMP, ENCODINGS).split('\\').join('/');
  const neural = relative(TMP, NEURAL).split('\\').join('/');
  const missing = block.flags.includes('pending') ? dnupValueImports(block.code).filter((n) => !(n in api)) : [];
  return {
    ...block,
    path,
    missing,
    code: block.code
      .replace(/(from\s*)['"]dnup['"]/g, `$1'${entry}'`)
      .replace(/(from\s*)['"]dnup\/arena['"]/g, `$1'${arena}'`)
      .replace(/(from\s*)['"]dnup\/encodings['"]/g, `$1'${encodings}'`)
      .replace(/(from\s*)['"]dnup\/neural['"]/g, `$1'${neural}'`),
  };
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const examples = documentedFiles()
  .flatMap((f) => tsExamples(f))
  .map(prepare);
const runnable = examples.filter((e) => e.missing.length === 0);
// an `export {}` makes every example a module, so top-level await and local names work
for (const e of runnable) writeFileSync(e.path, `${e.code}\nexport {};\n`);

describe('documentation examples', () => {
  it('README.md and every guide carry runnable examples', () => {
    const files = new Set(examples.map((e) => e.file));
    for (const f of documentedFiles())
      expect(files, `${relative(ROOT, f)} has no \`\`\`ts example`).toContain(relative(ROOT, f));
  });

  for (const e of examples) {
    const name = `${e.file}:${e.line}${e.missing.length ? ` (pending: ${e.missing.join(', ')})` : ''}`;
    it.skipIf(e.missing.length > 0)(`${name} checks itself and runs without throwing`, async () => {
      // an example that asserts nothing proves nothing
      expect(e.code, 'an example must use node:assert').toMatch(/\bassert(\.\w+)?\(/);
      await import(e.path);
    });
  }

  it('every runnable example typechecks under the strict tsconfig', () => {
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const program = ts.createProgram(
      runnable.map((e) => e.path),
      { ...parsed.options, noEmit: true, noUnusedLocals: false, noUnusedParameters: false },
    );
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(TMP))
      .map((d) => {
        const e = runnable.find((x) => x.path === d.file!.fileName)!;
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${e.file}:${e.line + 1 + line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(problems).toEqual([]);
  });
});
