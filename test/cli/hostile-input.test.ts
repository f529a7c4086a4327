/**
 * No input to the command line, however large or strange, may end in anything but
 * the documented exit status 0, 1 or 2, nor print without bound. The commands run in-process
 * here (as `main` runs them: a `CliError` becomes its exit status, anything else would be an
 * internal error, exit 3, and fails the test), on generated files: arbitrary JSON, real
 * positions and records with one value replaced by a hostile one, truncated texts and bytes.
 * test/cli/cli.test.ts runs the built command on the biggest inputs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkCommand, MAX_MOVES_SHOWN, MAX_PROBLEMS_SHOWN } from '../../src/cli/check-command.js';
import { CliError } from '../../src/cli/cli-support.js';
import { replayCommand } from '../../src/cli/replay-command.js';
import { apply, createGame, formatPosition, legalMoves, recordOf, type GameState, type Move } from '../../src/index.js';
import { bigDescription, bigState } from '../helpers/big-positions.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/records/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'dnup-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Command = (args: readonly string[]) => Promise<number>;

/** Runs a command as `main` does; returns its exit status and everything it printed. */
async function run(command: Command, args: string[]): Promise<{ status: number; out: string }> {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    const status = await command(args);
    return { status, out: printed.join('') };
  } catch (e) {
    if (e instanceof CliError) return { status: e.exitCode, out: `${printed.join('')}dnup: ${e.message}\n` };
    throw e; // main would print "internal error" and exit 3
  } finally {
    spy.mockRestore();
  }
}

let fileNumber = 0;
function file(content: string | Uint8Array): string {
  const path = join(tmp, `input-${fileNumber++}.json`);
  writeFileSync(path, content);
  return path;
}

/** Both commands on one input: each ends with 0, 1 or 2, and prints at most a bounded amount. */
async function expectHandled(content: string | Uint8Array): Promise<void> {
  const path = file(content);
  const size = typeof content === 'string' ? content.length : content.length;
  for (const command of [checkCommand, replayCommand]) {
    for (const extra of [[], ['--json']]) {
      const { status, out } = await run(command, [...extra, path]);
      expect([0, 1, 2]).toContain(status);
      // the sample of moves, the problems shown and the position all stay proportional to the input
      expect(out.length).toBeLessThanOrEqual(40 * size + 1000 * (MAX_MOVES_SHOWN + MAX_PROBLEMS_SHOWN));
    }
  }
}

/** Values no JSON writer would put in a dnup file, as raw JSON text. */
const hostileRaw = fc.constantFrom(
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '0.5',
  '-1',
  '65536',
  '4294967296',
  '""',
  '" "',
  '"\\u0000"',
  '"\\ud800"',
  '[]',
  '{}',
  'null',
  'true',
  `"${'x'.repeat(5000)}"`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  `[${Array.from({ length: 5000 }, () => 7).join(',')}]`,
  '{"__proto__":{"x":1}}',
  '{"length":1e9}',
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value (keys and indexes), the root excluded. */
function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      paths(v, [...prefix, i], out);
    });
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      paths(v, [...prefix, k], out);
    }
  return out;
}

const MARK = '"@@hostile@@"';

/** `base` as JSON text with the value at one path replaced by raw text (or the key deleted). */
function mutated(base: Json, choice: number, raw: string | undefined): string {
  const all = paths(base);
  const copy = JSON.parse(JSON.stringify(base)) as Json;
  if (all.length === 0) return raw ?? 'null';
  const path = all[choice % all.length]!;
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (raw === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
    return JSON.stringify(copy);
  }
  parent[last] = MARK.slice(1, -1);
  return JSON.stringify(copy).replace(MARK, raw);
}

function savedGame(players: number, moves: number): { state: GameState; played: Move[] } {
  let state = createGame(players, `hostile ${players}`);
  const played: Move[] = [];
  for (let i = 0; i < moves && state.status !== 'gameOver'; i++) {
    const list = legalMoves(state);
    const move = list[(i * 7) % list.length]!;
    played.push(move);
    state = apply(state, move);
  }
  return { state, played };
}

const game3 = savedGame(3, 12);
const duel = savedGame(2, 9);
const bases: Json[] = [
  JSON.parse(readFileSync(join(FIXTURES, 'position-worked-example.json'), 'utf8')) as Json,
  JSON.parse(readFileSync(join(FIXTURES, 'legal-duel.json'), 'utf8')) as Json,
  JSON.parse(JSON.stringify(game3.state)) as Json,
  JSON.parse(JSON.stringify(duel.state)) as Json,
  JSON.parse(JSON.stringify(recordOf(game3.state, game3.played))) as Json,
  JSON.parse(JSON.stringify(bigDescription(40, 'one'))) as Json,
];

describe('the command line on hostile files: exit 0, 1 or 2, bounded output', () => {
  it('real positions, states and records with one value replaced by a hostile one, or one field deleted (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bases),
        fc.nat(),
        fc.option(
          fc.oneof(
            hostileRaw,
            fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          ),
          { nil: undefined },
        ),
        async (base, choice, raw) => {
          await expectHandled(mutated(base, choice, raw));
        },
      ),
      { numRuns: scaled(150) },
    );
  });

  it('position texts cut anywhere or with a piece of junk inserted (property)', async () => {
    const texts = [formatPosition(game3.state), formatPosition(duel.state), formatPosition(bigState(40, 'one'))];
    const junk = fc.oneof(
      fc.constantFrom('', ' ', ';', ',', '%', '%FFFF', '"', '#99999', '!', 'x', 'dnup2', '\u0000', '\ud800', '1/5'),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...texts), fc.nat(), fc.nat(), junk, async (text, cut, at, piece) => {
        const short = text.slice(0, Math.max(6, cut % (text.length + 1)));
        const i = at % (short.length + 1);
        const content = short.slice(0, i) + piece + short.slice(i);
        const { status, out } = await run(checkCommand, [file(content)]);
        expect([0, 1, 2]).toContain(status);
        if (status === 2) expect(out.trim().split('\n')).toHaveLength(1);
      }),
      { numRuns: scaled(150) },
    );
  });

  it('a file the JSON parser quotes with its line breaks and control characters still gets a one-line error', async () => {
    // found by the property above (seed -478747035): JSON.parse's message quoted the file's "\n"
    for (const content of ['\u0000\ndnup1 ', '{\n\u0007\r\n', 'x\u2028y\ttail']) {
      const { status, out } = await run(checkCommand, [file(content)]);
      expect(status).toBe(2);
      expect(out.trim().split('\n'), JSON.stringify(content)).toHaveLength(1);
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]/);
    }
  });

  it('arbitrary JSON values and JSON text cut anywhere (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
          fc.constantFrom(...bases).chain((b) => {
            const text = JSON.stringify(b, null, 2);
            return fc.nat({ max: text.length }).map((cut) => text.slice(0, cut));
          }),
        ),
        async (text) => {
          await expectHandled(text);
        },
      ),
      { numRuns: scaled(100) },
    );
  });

  it('arbitrary bytes, and a position behind a byte-order mark', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
        await expectHandled(bytes);
      }),
      { numRuns: scaled(50) },
    );
    const withBom = await run(checkCommand, [
      file(`\ufeff${readFileSync(join(FIXTURES, 'position-worked-example.json'), 'utf8')}`),
    ]);
    expect(withBom.status).toBe(0);
    const invalidUtf8 = await run(checkCommand, [file(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))]);
    expect(invalidUtf8).toMatchObject({ status: 2, out: expect.stringMatching(/not valid UTF-8/) });
  });

  it('JSON nested a million deep, numbers past every integer type, a directory, an empty or missing file', async () => {
    const deep = `{"players":2,"hands":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"turn":{"seat":0}}`;
    await expectHandled(deep);
    await expectHandled(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    await expectHandled(
      '{"players":123456789012345678901234567890,"hands":[[{"id":1e400,"active":-0}]],"turn":{"seat":9007199254740993}}',
    );
    await expectHandled('');
    for (const command of [checkCommand, replayCommand]) {
      expect((await run(command, [tmp])).status).toBe(2);
      expect((await run(command, [join(tmp, 'missing.json')])).status).toBe(2);
    }
  });

  it('a problem list thousands long prints the first 100 and the count (bounded lines, clipped messages)', async () => {
    const state = JSON.parse(JSON.stringify(game3.state)) as { known: number[][]; players: string[] };
    state.known[0] = Array.from({ length: 5000 }, (_, i) => 1000 + i);
    const { status, out } = await run(checkCommand, [file(JSON.stringify(state))]);
    expect(status).toBe(1);
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(MAX_PROBLEMS_SHOWN + 2);
    expect(out).toMatch(/… and \d+ more\./);
    const json = await run(checkCommand, ['--json', file(JSON.stringify(state))]);
    const parsed = JSON.parse(json.out) as { problems: unknown[]; problemCount: number };
    expect(parsed.problems).toHaveLength(MAX_PROBLEMS_SHOWN);
    expect(parsed.problemCount).toBeGreaterThan(MAX_PROBLEMS_SHOWN);
  });
});
