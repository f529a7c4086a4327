/**
 * The package as a user gets it: `npm pack` the built package, install the tarball into a fresh
 * project (offline: dnup has no runtime dependencies), then use it the four ways users do —
 * ESM `import`, CommonJS `require`, and TypeScript with `moduleResolution` `node16` and `bundler`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relativeLinks, ROOT } from '../docs/markdown.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  exports: Record<string, unknown>;
};

/** Every file package.json points at (exports, bin), which the tarball must contain. */
function entryFiles(): string[] {
  const files = new Set<string>(Object.values(pkg.bin));
  const walk = (x: unknown): void => {
    if (typeof x === 'string') {
      if (x.startsWith('./dist/')) files.add(x);
    } else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(pkg.exports);
  return [...files].map((f) => f.replace(/^\.\//, ''));
}

function run(cmd: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${err.stdout ?? ''}${err.stderr ?? err.message}`);
  }
}

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
let dir = '';
let packed: { filename: string; files: { path: string }[] };

beforeAll(() => {
  // CI builds before testing; a fresh checkout (or a missing entry) gets built here
  if (!entryFiles().every((f) => existsSync(join(ROOT, f))))
    run(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js')], ROOT);
  dir = mkdtempSync(join(tmpdir(), 'dnup-install-'));
  const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT);
  packed = (JSON.parse(out) as (typeof packed)[])[0]!;
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'dnup-consumer', version: '0.0.0', private: true }));
  run(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      join(dir, packed.filename),
    ],
    app,
  );
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const app = (): string => join(dir, 'app');

/** A few moves through the public API, printed as one JSON line; the same script for ESM and CJS. */
const PLAY = `
let state = dnup.createGame(['Ana', 'Ben', 'Cy'], 'install test');
for (let i = 0; i < 5; i++) state = dnup.apply(state, dnup.legalMoves(state)[0]);
let code = null;
try { dnup.apply(state, { type: 'fly' }); } catch (e) { code = dnup.isIllegalMoveError(e) ? e.code : 'unrecognised'; }
console.log(JSON.stringify({ moves: state.moveCount, hands: state.hands.map((h) => h.length), code }));
`;

describe('the packed package', () => {
  it('ships the built entries, the documents the help points to, and no sources, tests or maps', () => {
    const files = packed.files.map((f) => f.path);
    const docs = [
      'docs/rules.md',
      'docs/notation.md',
      'docs/randomness.md',
      'docs/record.schema.json',
      'docs/guides/ui-developers.md',
      'docs/guides/bot-authors.md',
      'docs/guides/rules-checkers.md',
      'docs/guides/rules.md',
      'docs/arena.md',
      'docs/benchmarks.md',
      'docs/limits.md',
    ];
    for (const f of [
      ...entryFiles(),
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'CONTRIBUTING.md',
      'LICENSE',
      ...docs,
    ])
      expect(files).toContain(f);
    expect(
      files.filter((f) => /^(src|test|bench|scripts|docs\/playground|docs\/api)\//.test(f) || f.endsWith('.map')),
    ).toEqual([]);
    expect(packed.filename).toBe(`${pkg.name}-${pkg.version}.tgz`);
  });

  it('holds no placeholder address, and every relative link of its Markdown resolves inside the package', () => {
    const root = join(app(), 'node_modules', 'dnup');
    const placeholders: string[] = [];
    const broken: string[] = [];
    for (const { path } of packed.files) {
      const text = readFileSync(join(root, path), 'utf8');
      if (/example\.(invalid|com|org)|localhost/.test(text)) placeholders.push(path);
      if (!path.endsWith('.md')) continue;
      for (const link of relativeLinks(join(root, path))) {
        if (link.target !== '' && !existsSync(join(root, dirname(path), link.target)))
          broken.push(`${path}:${link.line}: ${link.target}`);
      }
    }
    expect(placeholders).toEqual([]);
    expect(broken).toEqual([]);
  });

  it('exports the record schema as dnup/record.schema.json, to ESM (import attributes) and CommonJS', () => {
    writeFileSync(
      join(app(), 'schema.mjs'),
      `import schema from 'dnup/record.schema.json' with { type: 'json' };
import { createRequire } from 'node:module';
const same = createRequire(import.meta.url)('dnup/record.schema.json');
console.log(JSON.stringify({ id: schema.$id, same: JSON.stringify(same) === JSON.stringify(schema) }));`,
    );
    expect(JSON.parse(run(process.execPath, ['schema.mjs'], app()))).toEqual({
      id: 'urn:dnup:record-schema:v1',
      same: true,
    });
  });

  it('installs offline and links the dnup command', () => {
    const installed = JSON.parse(readFileSync(join(app(), 'node_modules', 'dnup', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(pkg.version);
    expect(existsSync(join(app(), 'node_modules', '.bin', 'dnup'))).toBe(true);
  });

  it('works through ESM import and CommonJS require, with the same results', () => {
    writeFileSync(join(app(), 'esm.mjs'), `import * as dnup from 'dnup';\n${PLAY}`);
    writeFileSync(join(app(), 'cjs.cjs'), `const dnup = require('dnup');\n${PLAY}`);
    const esm = run(process.execPath, ['esm.mjs'], app()).trim();
    const cjs = run(process.execPath, ['cjs.cjs'], app()).trim();
    expect(JSON.parse(esm)).toEqual({ moves: 5, hands: expect.any(Array), code: 'MALFORMED_MOVE' });
    expect(cjs).toBe(esm);
  });

  it('runs the arena on worker threads from dnup/arena, through ESM import and CommonJS require', () => {
    const ARENA = `const result = await arena.runArena({ players: 3, games: 3, lineup: ['greedy', 'random', 'random'], seed: 'install', workers: 2 });
console.log(JSON.stringify({ workers: result.workers, games: result.rows.reduce((n, r) => n + r.wins, 0) + result.unfinished, root: 'runArena' in dnup }));`;
    writeFileSync(
      join(app(), 'arena.mjs'),
      `import * as arena from 'dnup/arena';\nimport * as dnup from 'dnup';\n${ARENA}`,
    );
    writeFileSync(
      join(app(), 'arena.cjs'),
      `const arena = require('dnup/arena');\nconst dnup = require('dnup');\n(async () => {\n${ARENA}\n})();`,
    );
    const expected = { workers: 2, games: 3, root: false };
    expect(JSON.parse(run(process.execPath, ['arena.mjs'], app()))).toEqual(expected);
    expect(JSON.parse(run(process.execPath, ['arena.cjs'], app()))).toEqual(expected);
  });

  it('plays a whole game with the neural bot of dnup/neural, through ESM import and CommonJS require', () => {
    const NEURAL = `const { state } = await dnup.playGame([neural.neuralBot(), dnup.greedyBot(), dnup.greedyBot(), dnup.greedyBot()], { seed: 'install' });
const alone = await neural.neuralBotFor(2);
const duel = dnup.createGame(2, 'install');
const move = await alone.chooseMove(dnup.playerView(duel, duel.turn.seat), dnup.legalMoves(duel));
console.log(JSON.stringify({ status: state.status, networks: neural.neuralNetworks().map((n) => n.players), root: 'neuralBot' in dnup, alone: dnup.legalMoves(duel).some((m) => JSON.stringify(m) === JSON.stringify(move)) }));`;
    writeFileSync(
      join(app(), 'neural.mjs'),
      `import * as neural from 'dnup/neural';\nimport * as dnup from 'dnup';\n${NEURAL}`,
    );
    writeFileSync(
      join(app(), 'neural.cjs'),
      `const neural = require('dnup/neural');\nconst dnup = require('dnup');\n(async () => {\n${NEURAL}\n})();`,
    );
    const expected = { status: 'gameOver', networks: [2, 3, 4, 5], root: false, alone: true };
    expect(JSON.parse(run(process.execPath, ['neural.mjs'], app()))).toEqual(expected);
    expect(JSON.parse(run(process.execPath, ['neural.cjs'], app()))).toEqual(expected);
  });

  it('lets the CommonJS copy recognise errors thrown by the ESM copy (no instanceof needed)', () => {
    writeFileSync(
      join(app(), 'dual.mjs'),
      `import { createRequire } from 'node:module';
import * as esm from 'dnup';
const cjs = createRequire(import.meta.url)('dnup');
let verdict;
try { esm.apply(esm.createGame(2, 1), { type: 'nextRound' }); } catch (e) {
  verdict = { two: esm.IllegalMoveError !== cjs.IllegalMoveError, instance: e instanceof cjs.IllegalMoveError, guard: cjs.isIllegalMoveError(e), code: e.code };
}
console.log(JSON.stringify(verdict));`,
    );
    expect(JSON.parse(run(process.execPath, ['dual.mjs'], app()))).toEqual({
      two: true,
      instance: false,
      guard: true,
      code: 'ROUND_NOT_OVER',
    });
  });

  const CONSUMER = `import { createGame, legalMoves, apply, checkMove, isIllegalMoveError, type GameState, type Move, type MoveErrorCode } from 'dnup';
const state: GameState = createGame(['Ana', 'Ben'], 'types');
const moves: Move[] = legalMoves(state);
const next: GameState = apply(state, moves[0]!);
const verdict = checkMove(next, { type: 'rotate' });
const code: MoveErrorCode | undefined = verdict.ok ? undefined : verdict.code;
export const facts = { seat: next.turn.seat, code, guard: isIllegalMoveError(null) };
// the state narrows on its status: a winner exactly when the game is over
export const winner: number | undefined = next.status === 'gameOver' ? next.winner : undefined;
// @ts-expect-error while the game goes on, winner is null
export const early: number = next.status === 'playing' ? next.winner : 0;
// @ts-expect-error a move needs a known type
export const bad: Move = { type: 'fly' };
`;

  const typecheck = (name: string, compilerOptions: Record<string, unknown>, files: Record<string, string>): string => {
    const root = join(app(), name);
    mkdirSync(root, { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
    const tsconfig = {
      compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, types: [], ...compilerOptions },
      include: ['*.ts', '*.cts', '*.mts'],
    };
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
    return run(process.execPath, [TSC, '-p', join(root, 'tsconfig.json')], root);
  };

  it('typechecks in TypeScript with moduleResolution node16, as ESM and as CommonJS', () => {
    // the sub-project's package.json decides: "type": "module" reads the import types (.d.ts)
    mkdirSync(join(app(), 'node16'), { recursive: true });
    writeFileSync(join(app(), 'node16', 'package.json'), JSON.stringify({ type: 'module' }));
    expect(() =>
      typecheck(
        'node16',
        { module: 'node16', moduleResolution: 'node16', target: 'es2022' },
        {
          'consumer.ts': CONSUMER,
          // a .cts file resolves through the "require" condition (.d.cts)
          'consumer.cts': `import dnup = require('dnup');\nexport const state: dnup.GameState = dnup.createGame(3, 1);\n`,
        },
      ),
    ).not.toThrow();
  });

  it('typechecks in TypeScript with moduleResolution bundler', () => {
    expect(() =>
      typecheck(
        'bundler',
        { module: 'esnext', moduleResolution: 'bundler', target: 'es2022' },
        { 'consumer.ts': CONSUMER },
      ),
    ).not.toThrow();
  });
});
