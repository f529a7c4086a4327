/**
 * The command line on hostile files: whatever `dnup replay` and `dnup check` are
 * given (binary, huge, deeply nested, numbers beyond 2^53, directories, missing files), the exit
 * status is one of the documented 0/1/2 and standard error holds no stack trace. A handful of
 * fixed files plus a few generated ones; deeper command-line tests live in test/cli. The command
 * line is bundled from src/ for this file.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';
import { bundleEntry } from '../helpers/fuzz-sandbox.js';
import { descriptionOf, mutate, mutation, reached, recordOfReached, runs, timeoutFor } from '../helpers/fuzz.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The command line, bundled from the current sources (dist/ is test/cli's, and may be stale or being rebuilt). */
let CLI = '';
let tmp = '';

beforeAll(async () => {
  CLI = await bundleEntry(join('src', 'cli', 'main.ts'), 'cli');
  tmp = mkdtempSync(join(tmpdir(), 'dnup-fuzz-cli-'));
}, 300_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  if (CLI) rmSync(CLI, { force: true });
});

/** Runs the built CLI (30 s at most: a hang fails with status null) and checks the documented exit contract. */
function expectCleanExit(args: string[], input?: string | Buffer): void {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    input,
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const stderr = r.stderr?.toString('utf8') ?? '';
  const what = `dnup ${args.join(' ')}`;
  expect([0, 1, 2], `${what} exited with ${r.status ?? r.signal}; stderr: ${stderr.slice(0, 500)}`).toContain(r.status);
  expect(stderr, `${what} printed a stack trace`).not.toMatch(/\n\s+at |node:internal|FATAL ERROR|Native stack trace/);
}

function file(name: string, content: string | Buffer): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

/** JSON text of a value, BigInts written as plain (huge) numbers, as a file from another program would hold them. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `@@big${v}@@` : v)).replace(
    /"@@big(-?\d+)@@"/g,
    '$1',
  );
}

const deepJson = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('dnup replay and dnup check on hostile files', () => {
  const REPLAY = ['replay'];
  const CHECK = ['check', '--json'];
  // each file goes to the command it stands for (both read files through the same code)
  const fixed: [string, string[], () => string | Buffer][] = [
    ['binary', REPLAY, () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ['empty', CHECK, () => ''],
    ['a 4 MB JSON array', REPLAY, () => `[${'0,'.repeat(2_000_000)}0]`],
    ['JSON nested 100,000 deep', CHECK, () => deepJson(100_000)],
    [
      'a record nested 50,000 deep in its moves',
      REPLAY,
      () => `{"format":"dnup-record","version":1,"players":["a","b"],"seed":1,"moves":${deepJson(50_000)}}`,
    ],
    [
      'numbers beyond 2^53 and 1e999',
      REPLAY,
      () =>
        JSON.stringify({ format: 'dnup-record', version: 1, players: ['a', 'b'], seed: 0, moves: [] })
          .replace('"seed":0', '"seed":123456789012345678901234567890')
          .replace('"moves":[]', '"moves":[{"type":"play","cards":[1e999]}]'),
    ],
    [
      'a position with card id 1e9 in its deck',
      CHECK,
      () =>
        JSON.stringify({
          ...descriptionOf(createGame(3, 'x')),
          deck: { cards: [{ id: 1e9, faces: [1, 2], minPlayers: 2, star: true }] },
        }),
    ],
    ['a state with out = every seat', CHECK, () => JSON.stringify({ ...createGame(3, 'x'), out: [0, 1, 2] })],
    [
      'a state with a deck card id of 1e9',
      CHECK,
      () => {
        const s = JSON.parse(JSON.stringify(createGame(3, 'x'))) as { deck: { cards: { id: number }[] } };
        s.deck.cards[5]!.id = 1e9;
        return JSON.stringify(s);
      },
    ],
    [
      'a UTF-16 file with a byte-order mark',
      CHECK,
      () => Buffer.from(`\ufeff${JSON.stringify(createGame(2, 'x'))}`, 'utf16le'),
    ],
  ];

  it.each(fixed)(
    '%s',
    (name, command, content) => {
      expectCleanExit([...command, file(`${name.replace(/\W+/g, '-')}.json`, content())]);
    },
    120_000,
  );

  it('a directory, a missing file, and standard input that is not JSON', () => {
    const dir = join(tmp, 'a-directory.json');
    mkdirSync(dir, { recursive: true });
    expectCleanExit(['replay', dir]);
    expectCleanExit(['check', join(tmp, 'missing.json')]);
    expectCleanExit(['replay', '-'], Buffer.from([0xff, 0xfe, 0x00, 0x7b]));
  });

  it(
    'damaged records and positions of random games',
    () => {
      fc.assert(
        fc.property(reached, mutation, mutation, (r, m1, m2) => {
          const record = file('record.json', jsonText(mutate(recordOfReached(r), m1).value));
          const position = file('position.json', jsonText(mutate(descriptionOf(r.state), m2).value));
          expectCleanExit(['replay', '--quiet', record]);
          expectCleanExit(['check', position]);
        }),
        // each case spawns two processes: a few only (npm run fuzz multiplies them)
        runs(2),
      );
    },
    timeoutFor(),
  );
});
