/**
 * `dnup replay` and `dnup play` do the rules' work once per move: the record is read once (one
 * JSON.parse of the file) and each move is judged once (one call into the rules core's apply);
 * the printed sentence is told from the events of the applied state (docs/notation.md §4).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ apply: 0, applyTrusted: 0, recordReads: 0 }));
vi.mock('../../src/core/apply.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/core/apply.js')>();
  return {
    ...real,
    apply: (...args: Parameters<typeof real.apply>) => {
      calls.apply++;
      return real.apply(...args);
    },
    applyTrusted: (...args: Parameters<typeof real.applyTrusted>) => {
      calls.applyTrusted++;
      return real.applyTrusted(...args);
    },
  };
});

vi.mock('../../src/records/parse-record.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/records/parse-record.js')>();
  return {
    ...real,
    parseRecord: (...args: Parameters<typeof real.parseRecord>) => {
      calls.recordReads++;
      return real.parseRecord(...args);
    },
    readRecordStart: (...args: Parameters<typeof real.readRecordStart>) => {
      calls.recordReads++;
      return real.readRecordStart(...args);
    },
  };
});

const { replayCommand } = await import('../../src/cli/replay-command.js');
const { createGame, legalMoves, apply, recordOf, describeMove } = await import('../../src/index.js');
const { describeApplied } = await import('../../src/i18n/describe-move.js');

const dir = mkdtempSync(join(tmpdir(), 'dnup-replay-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function recordFile(seed: string, moves: number): { path: string; count: number } {
  let s = createGame(3, seed);
  const start = s;
  const played = [];
  for (let i = 0; i < moves && s.status !== 'gameOver'; i++) {
    const m = legalMoves(s)[i % legalMoves(s).length]!;
    played.push(m);
    s = apply(s, m);
  }
  const path = join(dir, `${seed}.json`);
  writeFileSync(path, JSON.stringify(recordOf(start, played)));
  return { path, count: played.length };
}

describe('dnup replay works once per move', () => {
  it('parses the file once and applies each move once, with sentences and positions', async () => {
    const { path, count } = recordFile('once', 40);
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    const parse = vi.spyOn(JSON, 'parse');
    calls.apply = 0;
    calls.applyTrusted = 0;
    calls.recordReads = 0;
    const code = await replayCommand([path, '--positions']);
    expect(code).toBe(0);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(calls.recordReads).toBe(1);
    expect(calls.applyTrusted + calls.apply).toBe(count);
    expect(out.join('')).toContain(`Verdict: all ${count} moves are legal.`);
  });

  it('reads a record with a start position once too, and replays its moves from there', async () => {
    let s = createGame(3, 'started');
    for (let i = 0; i < 12; i++) s = apply(s, legalMoves(s)[i % legalMoves(s).length]!);
    const moves = [];
    let end = s;
    for (let i = 0; i < 20 && end.status === 'playing'; i++) {
      const m = legalMoves(end)[0]!;
      moves.push(m);
      end = apply(end, m);
    }
    const path = join(dir, 'started.json');
    const { formatPosition } = await import('../../src/index.js');
    writeFileSync(path, JSON.stringify({ ...recordOf(s, moves), start: formatPosition(s) }));
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    const parse = vi.spyOn(JSON, 'parse');
    calls.apply = 0;
    calls.applyTrusted = 0;
    calls.recordReads = 0;
    expect(await replayCommand([path])).toBe(0);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(calls.recordReads).toBe(1);
    expect(calls.applyTrusted + calls.apply).toBe(moves.length);
    expect(out.join('')).toContain(`Verdict: all ${moves.length} moves are legal.`);
    expect(out.join('')).toMatch(new RegExp(`^ {3}0 {2}r${s.round} t${s.turn.number} `, 'm'));
  });
});

describe('describeApplied', () => {
  it('tells the same sentence as describeMove, in every locale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.string({ maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.constantFrom('en', 'fr', 'nl'),
        (players, seed, picks, locale) => {
          let s = createGame(players, seed);
          for (const pick of picks) {
            if (s.status === 'gameOver') break;
            const moves = legalMoves(s);
            const m = moves[pick % moves.length]!;
            const next = apply(s, m);
            expect(describeApplied(s, next, locale)).toBe(describeMove(s, m, locale));
            s = next;
          }
        },
      ),
      { numRuns: scaled(40) },
    );
  });
});
