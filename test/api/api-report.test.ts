/**
 * The public API report (etc/dnup.api.md, written by api-extractor) matches the sources: every
 * export with its signature and types, so that any API change shows in review as a diff of that
 * file. After a deliberate change, `npm run api-report` rewrites it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, type ExtractorMessage } from '@microsoft/api-extractor';
import { describe, expect, it } from 'vitest';
import * as arena from '../../src/arena.js';
import * as encodings from '../../src/encodings.js';
import * as api from '../../src/index.js';
import { ROOT } from '../docs/markdown.js';

describe('public API report', () => {
  it('etc/dnup.api.md and the reports of dnup/arena, dnup/encodings and dnup/neural are up to date with the declarations of src/ (regenerate with npm run api-report)', () => {
    rmSync(join(ROOT, 'test', '.tmp', 'api-dts'), { recursive: true, force: true });
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.api.json')],
      { cwd: ROOT, stdio: 'pipe' },
    );
    // one report per package entry: the root, dnup/arena, dnup/encodings and dnup/neural
    for (const config of [
      'api-extractor.json',
      'api-extractor.arena.json',
      'api-extractor.encodings.json',
      'api-extractor.neural.json',
    ])
      expectReportCurrent(config);
  }, 120_000);

  function expectReportCurrent(config: string): void {
    const messages: string[] = [];
    const result = Extractor.invoke(ExtractorConfig.loadFileAndPrepare(join(ROOT, config)), {
      localBuild: false, // compare, never rewrite
      messageCallback: (m: ExtractorMessage) => {
        if (m.logLevel === 'error' || m.logLevel === 'warning') messages.push(m.text);
        m.handled = true;
      },
    });
    expect(messages, config).toEqual([]);
    expect(result.apiReportChanged, `the API changed (${config}): review it, then npm run api-report`).toBe(false);
    expect(result.succeeded, config).toBe(true);
  }

  it('lists every value the package root exports, with its signature', () => {
    const report = readFileSync(join(ROOT, 'etc', 'dnup.api.md'), 'utf8');
    const missing = Object.keys(api).filter(
      (name) =>
        !new RegExp(`^export (?:declare )?(?:function|const|class|abstract class) ${name}\\b`, 'm').test(report),
    );
    expect(missing).toEqual([]);
    expect(report).toMatch(/^export function apply\(state: GameState, move: Move\): GameState;$/m);
  });

  it('lists every value dnup/arena exports, and the root none of the arena', () => {
    const report = readFileSync(join(ROOT, 'etc', 'dnup-arena.api.md'), 'utf8');
    const missing = Object.keys(arena).filter(
      (name) => !new RegExp(`^export (?:declare )?(?:function|const|class) ${name}\\b`, 'm').test(report),
    );
    expect(missing).toEqual([]);
    expect(report).toMatch(/^export function runArena\(options: ArenaOptions\): Promise<ArenaResult>;$/m);
    expect(Object.keys(api)).not.toContain('runArena');
  });

  it('lists every value dnup/encodings exports, and the root none of the encodings', () => {
    const report = readFileSync(join(ROOT, 'etc', 'dnup-encodings.api.md'), 'utf8');
    const missing = Object.keys(encodings).filter(
      (name) => !new RegExp(`^export (?:declare )?(?:function|const|class) ${name}\\b`, 'm').test(report),
    );
    expect(missing).toEqual([]);
    expect(report).toMatch(
      /^export function legalActionMask\(source: MoveSource, out\?: Uint8Array, offset\?: number\): Uint8Array;$/m,
    );
    for (const name of Object.keys(encodings)) expect(Object.keys(api)).not.toContain(name);
  });
});
