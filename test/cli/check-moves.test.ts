/**
 * `dnup check POSITION --move/--moves` and `dnup replay` of a record with a start position, run
 * as real processes (`node dist/cli.js`); dist/ is built first when it is older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, formatPosition, parseMove, parsePosition, type GameState } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli.js');
let tmp = '';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

beforeAll(() => {
  let built = 0;
  try {
    built = statSync(CLI).mtimeMs;
  } catch {
    built = 0;
  }
  if (built < newestSource(join(ROOT, 'src'))) {
    const r = spawnSync('npx', ['tsup', '--silent'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  }
  tmp = mkdtempSync(join(tmpdir(), 'dnup-check-moves-'));
}, 300_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function dnup(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', input, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

/** A clean refusal: exit code 2, one line `dnup: …`, no stack trace, nothing on standard output. */
function expectUsageError(r: ReturnType<typeof dnup>, pattern: RegExp): void {
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^dnup: /);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout).toBe('');
}

/** The rulebook's example of rules §5: Ana holds 2·5 (card 9) showing 5; Ben has two 3s, Cy a single 5. */
const POSITION = 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0';

describe('dnup check POSITION --move (rules §5)', () => {
  it('exit 0: a legal move, in ids or faces, with what it does', () => {
    const path = file('rulebook.txt', `${POSITION}\n`);
    for (const text of ['A 9>2', 'a 5|2']) {
      const r = dnup(['check', path, '--move', text]);
      expect(r.status, text).toBe(0);
      expect(r.stdout).toBe(
        "Legal: A 9>2 (Ana to play).\n  Ana adds a 5 to Cy's single 5, making two 5s, beating Ben's two 3s, which return to Ben's hand as 4 and 6.\n",
      );
    }
  });

  it('exit 1: an illegal move, with the refusal code and the sentence citing its rule once', () => {
    const r = dnup(['check', POSITION, '--move', 'P 9']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('Illegal: P 9 (Ana to play).');
    expect(lines[1]).toMatch(/^ {2}DOES_NOT_BEAT: "P 9" is not legal here: A set of 1 showing 5 must beat/);
    expect(lines[1]!.match(/rules §/g)).toHaveLength(1);
    const faces = dnup(['check', POSITION, '--move', 'P 2|5']);
    expect(faces.status).toBe(1);
    expect(faces.stdout).toMatch(/NOT_YOUR_CARD: .*card 9 shows 5, with 2 underneath \(rules §5 A/);
  });

  it('exit 2: text that is not notation, or that does not say which move, in one line naming what is wrong', () => {
    expectUsageError(
      dnup(['check', POSITION, '--move', 'play 3']),
      /^dnup: --move: "play 3" is not a move in dnup notation/,
    );
    expectUsageError(dnup(['check', POSITION, '--move', 'P 5|']), /--move: "P 5\|" is not a move/);
    // a house deck with two cards 2·6 in Ana's hand: 6|2 does not say which
    const house =
      'dnup1 Ana,Ben 6/2#1,6/2#4,1/5;3/7,4/8,9/1 - t0.1 "h" deck:0=1/5+2*,1=2/6+2,2=3/7+2,3=4/8+2,4=2/6+2,5=9/1+2';
    expectUsageError(dnup(['check', house, '--move', 'P 6|2']), /6\|2 names cards 1 and 4 in your hand/);
    expect(dnup(['check', house, '--move', 'P 6|2,6|2']).status).toBe(0);
    expectUsageError(dnup(['check', POSITION, '--move', 'R', '--moves', 'R']), /--move or --moves, not both/);
  });

  it('--json gives the same as data; an invalid position is still exit 1 with its problems', () => {
    const legal = JSON.parse(dnup(['check', POSITION, '--move', 'A 9>2', '--json']).stdout);
    expect(legal).toMatchObject({
      valid: true,
      legal: true,
      move: { text: 'A 9>2', legal: true, notation: 'A 9>2', move: { type: 'add', card: 9 } },
    });
    expect(legal.position).toBe(formatPosition(parsePosition(POSITION)));
    const r = dnup(['check', POSITION, '--move', 'P 9', '--json']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      legal: false,
      move: { text: 'P 9', legal: false, code: 'DOES_NOT_BEAT', rule: '§5 A' },
    });
    const invalid = dnup(['check', POSITION.replace('5/2,1/6;', '5/2,1/6,3/6;'), '--move', 'R']);
    expect(invalid.status).toBe(1);
    expect(invalid.stdout).toMatch(/^Invalid position: \d+ problems?\.\n {2}DUPLICATE_CARD/);
  });

  it('reads the position from a file, standard input or the argument itself, and keeps dnup check POSITION', () => {
    const path = file('from-file.txt', POSITION);
    expect(dnup(['check', path, '--move', 'R']).status).toBe(0);
    expect(dnup(['check', '-', '--move', 'R'], POSITION).status).toBe(0);
    const plain = dnup(['check', POSITION]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/^Valid position\./);
    expect(plain.stdout).toMatch(/^ {2}A 9>2 +Ana adds a 5/m);
  });
});

describe('dnup check POSITION --moves (moves separated by ;)', () => {
  it('exit 0: every move legal, played in order, with the position after them', () => {
    const r = dnup(['check', POSITION, '--moves', 'A 5|2; R ;P 8|1']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {3}1 {2}A 9>2 +Ana adds a 5/);
    expect(lines[1]).toMatch(/^ {3}2 {2}R +Ben rotates/);
    expect(lines[2]).toMatch(/^ {3}3 {2}P 6 +Cy plays an 8/);
    expect(lines[3]).toBe('Verdict: all 3 moves are legal.');
    let s: GameState = parsePosition(POSITION);
    for (const text of ['A 9>2', 'R', 'P 6']) s = apply(s, parseMove(s, text));
    expect(lines[4]).toBe(`Position after them: ${formatPosition(s)}`);
  });

  it('exit 1: stops at the first illegal move, giving its number, code and reason', () => {
    // move 3: Cy plays card 5, which is Ben's
    const r = dnup(['check', POSITION, '--moves', 'A 9>2; R; P 5; R']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[2]).toMatch(/^ {3}3 {2}P 5 +ILLEGAL \(Cy to play\)$/);
    expect(lines[3]).toMatch(/^ {6}NOT_YOUR_CARD: "P 5" is not legal here: Card 5 is not in your hand \(rules §5 A/);
    expect(lines[4]).toBe('Verdict: move 3 of 4 is illegal; 1 later move not judged.');
    expect(lines[5]).toMatch(/^Position before move 3: dnup1 Ana,Ben,Cy .* t2#3 /);
    const json = dnup(['check', POSITION, '--moves', 'A 9>2; R; P 5; R', '--json']);
    expect(json.status).toBe(1);
    const data = JSON.parse(json.stdout);
    expect(data).toMatchObject({ valid: true, legal: false, firstIllegal: 3 });
    expect(data.moves.map((m: { number: number; legal: boolean }) => [m.number, m.legal])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(data.moves[2]).toMatchObject({ text: 'P 5', code: 'NOT_YOUR_CARD', rule: '§5 A' });
    expect(data.final).toBe(lines[5]!.replace('Position before move 3: ', ''));
  });

  it('exit 2: a move that is not notation or an empty one, naming its number', () => {
    expectUsageError(dnup(['check', POSITION, '--moves', 'R; x; R']), /^dnup: --moves, move 2 of 3: "x" is not a move/);
    expectUsageError(dnup(['check', POSITION, '--moves', 'R;;R']), /--moves, move 2 of 3 is empty/);
    expectUsageError(dnup(['check', POSITION, '--moves', 'R;'.repeat(10_001)]), /at most 10000/);
  });
});

describe('dnup replay of a record with a start position (rules §3)', () => {
  const record = (fields: Record<string, unknown>): string =>
    JSON.stringify({
      format: 'dnup-record',
      version: 1,
      players: ['Ana', 'Ben', 'Cy'],
      seed: 'position',
      start: POSITION,
      moves: [{ type: 'add', card: 9, target: { seat: 2, area: 0 } }, { type: 'rotate' }],
      ...fields,
    });

  it('exit 0: replays the moves from the start position, printing it first with --positions', () => {
    const r = dnup(['replay', file('start.json', record({})), '--positions']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]!.trim()).toBe(formatPosition(parsePosition(POSITION)));
    expect(lines[1]).toMatch(/^ {3}0 {2}r1 t1 +A 9>2 +Ana adds a 5/);
    expect(r.stdout).toContain('Verdict: all 2 moves are legal.');
  });

  it('exit 1: stops at the first illegal move after the start', () => {
    const moves = [
      { type: 'add', card: 9, target: { seat: 2, area: 0 } },
      { type: 'rotate' },
      { type: 'play', cards: [5] },
    ];
    const r = dnup(['replay', file('start-illegal.json', record({ moves }))]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/Verdict: ILLEGAL move at index 2 \(round 1, turn 3\), seat 2 \(Cy\): P 5/);
    expect(r.stdout).toMatch(/NOT_YOUR_CARD: Card 5 is not in your hand/);
  });

  it('exit 2: an invalid start position, every problem on its own line with BAD_START', () => {
    const broken = 'dnup1 Ana,Ben,Cy 5/2,1/6,3/6;7/1;8/1 1:3/4,3/6;2:5/6;0:7/8 t0';
    const r = dnup(['replay', file('start-broken.json', record({ start: broken, seed: 7 }))]);
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^dnup: .*start-broken\.json is not a valid game record:$/);
    expect(
      lines.slice(1).every((l) => l.startsWith('  BAD_START at start: The start position breaks a rule at ')),
    ).toBe(true);
    expect(r.stderr).toMatch(/Card 17 is in 2 places at once/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
