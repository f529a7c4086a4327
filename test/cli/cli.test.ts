/**
 * The built `dnup` command line, run as a real process (`node dist/cli.js`). dist/ is built
 * first when it is missing or older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGame,
  discardPile,
  legalMoves,
  apply,
  formatPosition,
  parsePosition,
  parseRecord,
  replay,
  STANDARD_DECK,
} from '../../src/index.js';

const fromPositionText = parsePosition;
import { bigDescription } from '../helpers/big-positions.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli.js');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'records');
const fixture = (name: string): string => join(FIXTURES, name);
let tmp = '';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function dnup(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', input, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A clean refusal: exit code 2, one `dnup:` message, no stack trace. */
function expectUsageError(r: ReturnType<typeof dnup>, pattern: RegExp): void {
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^dnup: /);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
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
  tmp = mkdtempSync(join(tmpdir(), 'dnup-cli-'));
}, 300_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('dnup', () => {
  it('prints its version and its help', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(dnup(['--version'])).toMatchObject({ status: 0, stdout: `${pkg.version}\n` });
    const help = dnup(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['replay', 'check', 'play', 'arena']) expect(help.stdout).toContain(`dnup ${command}`);
    expect(dnup([]).status).toBe(2);
  });

  it.each(['replay', 'check', 'play'])('dnup %s --help explains the command and its exit status', (command) => {
    const r = dnup([command, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: dnup ${command}`));
    expect(r.stdout).toContain('Exit status');
  });

  it('refuses an unknown command or option with a one-line error and exit code 2', () => {
    expectUsageError(dnup(['judge']), /unknown command "judge"/);
    expectUsageError(
      dnup(['replay', '--fast', fixture('legal-3p.json')]),
      /^dnup: unknown option --fast for dnup replay; see dnup replay --help\n$/,
    );
    expectUsageError(dnup(['replay']), /needs a record file/);
    expectUsageError(dnup(['replay', 'a.json', 'b.json']), /at most 1 argument/);
  });

  it('dnup arena runs its games in the built worker threads, with the same results as one thread', () => {
    const args = [
      'arena',
      '-p',
      '3',
      '-g',
      '6',
      '-b',
      'montecarlo,greedy,greedy',
      '--playouts',
      '10',
      '-s',
      'dist',
      '--json',
    ];
    const one = dnup([...args, '--workers', '1']);
    const two = dnup([...args, '--workers', '2']);
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    const wins = (r: { stdout: string }) =>
      (JSON.parse(r.stdout) as { rows: { bot: string; wins: number; moves: number }[] }).rows.map((x) => [
        x.bot,
        x.wins,
        x.moves,
      ]);
    expect(wins(two)).toEqual(wins(one));
    expect(JSON.parse(two.stdout)).toMatchObject({ workers: 2, games: 6 });
    // not a terminal: one progress line per tenth of the games (6 games: one per game)
    expect(two.stderr.trim().split('\n')).toHaveLength(6);
  });

  it('knows the bots neural and neural-expert by name (dnup/neural, this copy of it) in the arena, the ladder and dnup play', () => {
    // run from a folder with no dnup installed: the name is found from the command line's own copy
    const outside = (args: string[]) => {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const arena = outside(['arena', '-p', '2', '-g', '4', '-b', 'neural,greedy', '-w', '1', '--json']);
    expect(arena.status).toBe(0);
    const rows = (JSON.parse(arena.stdout) as { rows: { bot: string; seats: number; forfeits: number }[] }).rows;
    expect(rows.map((r) => [r.bot, r.seats, r.forfeits])).toEqual([
      ['neural', 1, 0],
      ['greedy', 1, 0],
    ]);
    const ladder = outside(['ladder', '-b', 'neural,random', '-g', '2', '-w', '1', '--json']);
    expect(ladder.status).toBe(0);
    expect(ladder.stdout).toContain('"neural"');
    const play = outside(['play', '-p', '3', '-b', 'neural', '-s', 'n', '-q']);
    expect(play.status).toBe(0);
    expect(play.stdout).toMatch(/wins the game/);
    expect(outside(['arena', '--help']).stdout).toMatch(/expert, neural, neural-expert\n/);
    // neural-expert: the same module, its factory told apart by the name (expert's budget applies)
    const guided = outside([
      'arena',
      '-p',
      '3',
      '-g',
      '3',
      '-b',
      'neural-expert,greedy,neural',
      '--playouts',
      '20',
      '-w',
      '1',
      '--json',
    ]);
    expect(guided.status).toBe(0);
    const guidedRows = (JSON.parse(guided.stdout) as { rows: { bot: string; seats: number; forfeits: number }[] }).rows;
    expect(guidedRows.map((r) => [r.bot, r.seats, r.forfeits]).sort()).toEqual([
      ['greedy', 1, 0],
      ['neural', 1, 0],
      ['neural-expert', 1, 0],
    ]);
    expectUsageError(
      dnup(['arena', '-p', '2', '-g', '2', '-b', 'greedy,neural-expert', '--bot', 'neural-expert=./x.js']),
      /neural-expert is a built-in bot/,
    );
    expectUsageError(
      dnup(['arena', '-p', '2', '-g', '2', '-b', 'greedy,neural', '--bot', 'neural=./x.js']),
      /neural is a built-in bot/,
    );
  });

  it('dispatches dnup arena to the arena command', () => {
    const r = dnup(['arena', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/arena/);
  });
});

describe('dnup replay (rules §3, §5)', () => {
  it('exit 0: prints every move in notation with a sentence, then the verdict', () => {
    const record = JSON.parse(readFileSync(fixture('legal-3p.json'), 'utf8')) as { moves: unknown[] };
    const r = dnup(['replay', fixture('legal-3p.json')]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => /^\s*\d+ {2}r\d+ t\d+/.test(l))).toHaveLength(record.moves.length);
    expect(r.stdout).toContain(`Verdict: all ${record.moves.length} moves are legal.`);
    expect(r.stdout).toMatch(/wins the game/);
    expect(r.stderr).toBe('');
  });

  it('exit 1: names the first illegal move by index, round, turn, seat, notation, code and rule', () => {
    const record = JSON.parse(readFileSync(fixture('illegal-add.json'), 'utf8')) as {
      metadata: { expected: { index: number; round: number; turn: number; seat: number; text: string; code: string } };
    };
    const e = record.metadata.expected;
    const r = dnup(['replay', fixture('illegal-add.json')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      `Verdict: ILLEGAL move at index ${e.index} (round ${e.round}, turn ${e.turn}), seat ${e.seat}`,
    );
    expect(r.stdout).toContain(e.text);
    expect(r.stdout).toContain(`${e.code}: `);
    expect(r.stdout).toMatch(/\(rules §5 B\)\.\n/);
    expect(r.stdout).toContain('Position before the move:');
    const quiet = dnup(['replay', '--quiet', fixture('illegal-add.json')]);
    expect(quiet.status).toBe(1);
    expect(quiet.stdout.startsWith('Verdict: ILLEGAL')).toBe(true);
  });

  it('--json gives the verdicts to tools; - reads the record from standard input', () => {
    const r = dnup(['replay', '--json', '-'], readFileSync(fixture('illegal-add.json'), 'utf8'));
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as {
      ok: boolean;
      error: { index: number; code: string };
      verdicts: { status: string }[];
    };
    expect(out.ok).toBe(false);
    expect(out.error).toMatchObject({ index: 5, code: 'VALUE_MISMATCH' });
    expect(out.verdicts[6]!.status).toBe('unreached');
  });

  it.each([
    ['truncated.json', /BAD_JSON/],
    ['wrong-version.json', /WRONG_VERSION/],
    ['unknown-card.json', /UNKNOWN_CARD at moves\[2\][\s\S]*UNKNOWN_CARD at moves\[3\][\s\S]*BAD_MOVE at moves\[4\]/],
    ['perft.json', /WRONG_FORMAT/],
  ])('exit 2: %s is not a valid game record', (name, pattern) => {
    const r = dnup(['replay', fixture(name)]);
    expectUsageError(r, /is not a valid game record/);
    expect(r.stderr).toMatch(pattern);
    expect(r.stdout).toBe('');
  });

  it('exit 2: a missing file or a directory', () => {
    expectUsageError(dnup(['replay', join(tmp, 'nope.json')]), /cannot read .*nope\.json: no such file/);
    expectUsageError(dnup(['replay', tmp]), /it is a directory/);
  });
});

describe('dnup check (rules §1–§8)', () => {
  it('exit 0: a valid position is shown with the legal moves of the seat to play', () => {
    const r = dnup(['check', fixture('position-worked-example.json')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Valid position.');
    expect(r.stdout).toContain('Legal moves (5, Ana to play):');
    expect(r.stdout).toMatch(/A 27>2 +Ana adds a 5 to Cy's single 5, making two 5s, beating Ben's two 3s/);
  });

  it('exit 0: a full game state saved from a game is valid too', () => {
    let state = createGame(['Ana', 'Ben', 'Cy', 'Dee'], 'saved');
    for (let i = 0; i < 9; i++) state = apply(state, legalMoves(state)[i % 3]!);
    const path = join(tmp, 'state.json');
    writeFileSync(path, JSON.stringify(state));
    const r = dnup(['check', '--json', path]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { valid: boolean; moves: { text: string }[] };
    expect(out.valid).toBe(true);
    expect(out.moves).toHaveLength(legalMoves(state).length);
  });

  it('exit 1: every problem of an invalid position is listed with its code and rule', () => {
    const r = dnup(['check', fixture('position-broken.json')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Invalid position: 7 problems.');
    for (const code of [
      'CARD_NOT_IN_USE',
      'BAD_ORIENTATION',
      'DUPLICATE_CARD',
      'NO_SUCH_AREA',
      'SAME_SIZE_SETS',
      'TURN_AT_OUT_SEAT',
      'IMPOSSIBLE_SCORES',
    ]) {
      expect(r.stdout).toContain(code);
    }
  });

  it('exit 2: bad JSON', () => {
    expectUsageError(dnup(['check', fixture('truncated.json')]), /is not valid JSON/);
  });
});

describe('dnup check and replay with position text (docs/notation.md §5)', () => {
  it('check reads one line of position text, from a file or standard input, and prints the text back', () => {
    let state = createGame(['Ana', 'Ben'], 'pasted');
    for (let i = 0; i < 7; i++) state = apply(state, legalMoves(state)[i % 2]!);
    const text = formatPosition(state);
    const path = join(tmp, 'position.txt');
    writeFileSync(path, `${text}\n`);
    const r = dnup(['check', path]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Valid position.');
    expect(r.stdout).toContain(`Position text: ${text}\n`);
    expect(r.stdout).toContain(`Legal moves (${legalMoves(state).length}, `);
    const json = dnup(['check', '--json', '-'], text);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: true, position: text, moveCount: legalMoves(state).length });
    // the same position as JSON gives the same text
    writeFileSync(join(tmp, 'state.json'), JSON.stringify(state));
    expect(dnup(['check', join(tmp, 'state.json')]).stdout).toContain(`Position text: ${text}\n`);
  });

  it('check: a text that breaks a rule is exit 1 with every problem; a text off the grammar, huge or garbage, is exit 2 in one line', () => {
    const text = formatPosition(createGame(3, 'x'));
    const fields = text.split(' ');
    fields[9] = 'p5,0,0';
    const bad = dnup(['check', '-'], fields.join(' '));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/IMPOSSIBLE_SCORES/);
    for (const input of [
      text.replace(' playing ', ' paused '),
      `dnup1 ${'\u0000%;,'.repeat(3_000_000)}`,
      `dnup9 ${text}`,
      `dnup1${'x'.repeat(5_000_000)}`,
    ]) {
      const r = dnup(['check', '-'], input);
      expectUsageError(r, /is not a valid position text: .*BAD_POSITION_TEXT|is not a valid position text: /);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.length).toBeLessThan(800);
      expect(r.stdout).toBe('');
    }
  });

  it('an invalid position is exit 1 whether it comes as JSON or as position text: a set of mixed values too', () => {
    const state = fromPositionText('dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0');
    const mixed = 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,4/8;2:5/6 t0'; // 4·8 shows 4 in a set of 3s
    const r = dnup(['check', '-'], mixed);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Invalid position: 1 problem.');
    expect(r.stdout).toMatch(/MIXED_SET at table\[0\]: /);
    // the same kind of fault in JSON: a card that cannot show its set's value
    const odd = discardPile(state).find((id) => !STANDARD_DECK.cards[id]!.faces.includes(3))!;
    const json = JSON.stringify({
      ...state,
      table: [{ seat: 1, area: 0, value: 3, cards: [15, odd] }, ...state.table.slice(1)],
      discardCount: state.discardCount,
    });
    const j = dnup(['check', '-'], json);
    expect(j.status).toBe(1);
    expect(j.stdout).toMatch(/Invalid position/);
    expect(j.stdout).toMatch(/MIXED_SET/);
  });

  it('reads the short form of position text, and prints it back in full', () => {
    const r = dnup(['check', '-'], 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Legal moves (');
    expect(r.stdout).toMatch(
      /Position text: dnup1 Ana,Ben,Cy 5\/2,1\/6;7\/1;8\/1 1:3\/4,3\/6;2:5\/6 playing r1 t0#1 s0 o- p0,0,0 m0 x[0-9a-f]{32} "position"\n/,
    );
  });

  it('every problem and refusal it prints cites its rule once', () => {
    const lines = [
      ...dnup(['check', fixture('position-broken.json')])
        .stdout.split('\n')
        .filter((l) => /^ {2}[A-Z_]+ /.test(l)),
      ...dnup(['replay', fixture('illegal-add.json')])
        .stdout.split('\n')
        .filter((l) => /^ {2}[A-Z_]+: /.test(l)),
      ...dnup(['replay', fixture('unknown-card.json')])
        .stderr.split('\n')
        .filter((l) => /^ {2}[A-Z_]+ /.test(l)),
    ];
    expect(lines.length).toBeGreaterThan(8);
    for (const line of lines) expect([...line.matchAll(/\brules §/g)], line).toHaveLength(1);
  });

  it('names the duel\'s play areas "area 1" and "area 2" in every line for people (the notation counts from 0)', () => {
    let state = createGame(['Ana', 'Ben'], 'areas');
    while (state.table.length < 2 || state.status !== 'playing') state = apply(state, legalMoves(state)[0]!);
    const r = dnup(['check', '-'], formatPosition(state));
    expect(r.status).toBe(0);
    const people = r.stdout
      .split('\n')
      .filter((l) => !l.startsWith('Position text:'))
      .map((l) => l.replace(/^ {2}[ANTRP] [0-9.,>]+\s+/, ''));
    expect(people.join('\n')).not.toMatch(/\barea 0\b/);
    expect(r.stdout).toContain(`to play (area ${state.turn.area + 1})`);
    for (const set of state.table)
      expect(r.stdout).toMatch(new RegExp(`${state.players[set.seat]} area ${set.area + 1}: `));
  });

  it('replay --positions prints the starting position and the position after each move, each one that reads back', () => {
    const record = parseRecord(readFileSync(fixture('legal-3p.json'), 'utf8'));
    const r = dnup(['replay', '--positions', fixture('legal-3p.json')]);
    expect(r.status).toBe(0);
    const texts = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('      dnup1 '))
      .map((l) => l.trim());
    expect(texts).toHaveLength(record.moves.length + 1);
    const end = replay(record).state;
    expect(parsePosition(texts.at(-1)!)).toEqual({ ...end, lastMove: null, events: [] });
    expect(formatPosition(parsePosition(texts[0]!))).toBe(texts[0]);
    const json = dnup(['replay', '--json', '--positions', fixture('illegal-add.json')]);
    expect(json.status).toBe(1);
    const out = JSON.parse(json.stdout) as { error: { index: number }; positions: string[] };
    expect(out.positions).toHaveLength(out.error.index + 1);
    const quiet = dnup(['replay', '-q', '-p', fixture('legal-3p.json')]);
    expect(quiet.stdout.trim().split('\n')).toHaveLength(record.moves.length + 1 + 2);
  });
});

describe('dnup play', () => {
  it('plays a whole game move by move, the same for the same seed, and writes a record that replays', () => {
    const path = join(tmp, 'game.json');
    const r = dnup(['play', '--players', '3', '--seed', '42', '--record', path]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^dnup play: 3 players \(Ana: greedy, Ben: greedy, Cy: greedy\), seed "42"/);
    expect(r.stdout).toMatch(/^\s+0 {2}[PARTN] /m);
    expect(r.stdout).toMatch(/wins the game/);
    expect(dnup(['play', '-p', '3', '-s', '42']).stdout).toBe(r.stdout.replace(/Record written.*\n/, ''));
    const record = JSON.parse(readFileSync(path, 'utf8')) as { players: string[]; seed: string; moves: unknown[] };
    expect(record).toMatchObject({ format: 'dnup-record', players: ['Ana', 'Ben', 'Cy'], seed: '42' });
    const replayed = dnup(['replay', '--quiet', path]);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout).toContain(`all ${record.moves.length} moves are legal`);
  });

  it('takes names, bots and a move limit', () => {
    const r = dnup([
      'play',
      '--names',
      'Kim,Lou',
      '--bots',
      'random,greedy',
      '--seed',
      's',
      '--max-moves',
      '5',
      '--quiet',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^The game is not over: .* Stopped after 5 moves\.\n$/);
  });

  it('fills a bot list shorter than the seats with its last name, as dnup arena does', () => {
    const r = dnup(['play', '--players', '3', '--bots', 'random,greedy', '--seed', 's', '--max-moves', '2']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^dnup play: 3 players \(Ana: random, Ben: greedy, Cy: greedy\)/);
    expectUsageError(
      dnup(['play', '--players', '2', '--bots', 'random,greedy,greedy']),
      /--bots gives 3 bots for 2 players/,
    );
  });

  it.each([
    [['--players', '9'], /--players must be from 2 to 5/],
    [['--players', 'three'], /--players must be a whole number/],
    [['--bots', 'nobody'], /There is no bot called "nobody"/],
    [['--names', 'Kim', '--players', '3'], /--names must give 3/],
    [['extra'], /at most 0 arguments/],
    [['--record', '/nonexistent-dir/x.json', '--seed', '1', '--max-moves', '3'], /cannot write/],
  ])('exit 2 with a clear message for bad arguments %j', (args, pattern) => {
    expectUsageError(dnup(['play', ...args]), pattern);
  });
});

describe('dnup check and replay on inputs built to knock them over', () => {
  /** k cards of one value in the hand to play: 2^k − 1 plays. */
  function kFile(k: number): string {
    const path = join(tmp, `k${k}.json`);
    writeFileSync(path, JSON.stringify(bigDescription(2 * k, 'one')));
    return path;
  }

  it('a 5 KB position with 2^40 − 1 plays: the first 1000 moves and the counts per kind (it printed millions of lines, then aborted out of memory)', () => {
    const r = dnup(['check', kFile(40)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Legal moves (1,099,511,627,776, Player 1 to play):');
    expect(r.stdout).toContain('… the first 1000 in canonical order; in all: 1,099,511,627,775 plays, 1 rotate.');
    expect(r.stdout.split('\n').length).toBeLessThan(1100);
    const json = dnup(['check', '--json', kFile(40)]);
    expect(json.status).toBe(0);
    const out = JSON.parse(json.stdout) as {
      moveCount: number;
      moveCounts: Record<string, number>;
      moves: { text: string }[];
      truncated: boolean;
    };
    expect(out).toMatchObject({
      moveCount: 2 ** 40,
      moveCounts: { play: 2 ** 40 - 1, add: 0, take: 0, rotate: 1, nextRound: 0 },
      truncated: true,
    });
    expect(out.moves).toHaveLength(1000);
    expect(out.moves[0]!.text).toBe('P 0');
  });

  it('a hand of 2,000 cards of one value: more plays than a double holds, still summarised', () => {
    const r = dnup(['check', kFile(2000)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('in all: more than 1.8e+308 plays, 1 rotate.');
  });

  it('exit 2 for an input over 16 MiB, from a file or standard input, read no further than the limit', () => {
    const big = join(tmp, 'big.json');
    writeFileSync(big, `[${' '.repeat(16 * 1024 * 1024)}]`);
    expectUsageError(dnup(['check', big]), /too large: dnup reads at most 16777216 bytes/);
    expectUsageError(dnup(['replay', '-'], `[${' '.repeat(16 * 1024 * 1024)}]`), /standard input is too large/);
    if (existsSync('/dev/zero')) expectUsageError(dnup(['check', '/dev/zero']), /too large/);
  });

  it('exit 2 for bytes that are not UTF-8 text, and for an empty file', () => {
    const binary = join(tmp, 'binary.json');
    writeFileSync(binary, Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d, 0x00, 0xff]));
    expectUsageError(dnup(['check', binary]), /not text: it is not valid UTF-8/);
    const empty = join(tmp, 'empty.json');
    writeFileSync(empty, '');
    expectUsageError(dnup(['replay', empty]), /not a valid game record|not valid JSON/);
  });
});
