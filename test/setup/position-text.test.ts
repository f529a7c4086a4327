/** The position text, field by field (docs/notation.md §5): what it writes, and how it refuses. */
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  formatPosition,
  isNotationError,
  isPositionError,
  legalMoves,
  MAX_POSITION_TEXT,
  parsePosition,
  POSITION_TEXT_VERSION,
  fromPosition,
  toPosition,
  type DeckDefinition,
  type GameState,
} from '../../src/index.js';
import { buildState, set } from '../helpers/positions.js';

function refusal(text: string): { code: string; message: string; path?: string | undefined } {
  try {
    parsePosition(text);
  } catch (e) {
    if (isNotationError(e)) return { code: e.code, message: e.message, path: e.params.path };
    if (isPositionError(e)) return { code: e.code, message: e.message, path: e.problems[0]?.path };
    throw e;
  }
  throw new Error(`parsePosition accepted ${text}`);
}

/** The rulebook's position of rules §5 (Ben's two 3s, Cy's single 5, Ana to play). */
const example = (): GameState =>
  buildState({
    players: 3,
    hands: [
      [
        [9, 5],
        [4, 1],
      ],
      [[5, 7]],
      [[6, 8]],
    ],
    table: [set(1, 0, 3, [15, 17]), set(2, 0, 5, [27])],
    turn: { seat: 0, area: 0 },
  });

describe('formatPosition', () => {
  it('writes every field in order, cards as active/inactive', () => {
    const text = formatPosition(example());
    const fields = text.split(' ');
    expect(fields.slice(0, 12)).toEqual([
      'dnup1',
      'Ana,Ben,Cy',
      '5/2,1/6;7/1;8/1',
      '1:3/4,3/6;2:5/6',
      'playing',
      'r1',
      't0#5',
      's0',
      'o-',
      'p0,0,0',
      'm4',
      fields[11],
    ]);
    expect(fields[11]).toMatch(/^x[0-9a-f]{32}$/);
    expect(fields[12]).toBe('"hand-built"');
    expect(POSITION_TEXT_VERSION).toBe(1);
  });

  it('names the area in the duel, marks publicly known cards with !, writes number seeds bare', () => {
    let s = createGame(['Ana', 'Ben'], 42);
    // play until a set is taken, so that a hand holds publicly known cards
    for (let i = 0; i < 200 && !s.known.some((k) => k.length > 0); i++) {
      const moves = legalMoves(s);
      s = apply(s, moves.find((m) => m.type === 'take') ?? moves.find((m) => m.type === 'play') ?? moves[0]!);
    }
    const text = formatPosition(s);
    expect(text).toMatch(/ t[01]\.[01]#\d+ /);
    expect(text).toMatch(/!/);
    expect(text.endsWith(' 42')).toBe(true);
    expect(parsePosition(text).known).toEqual(s.known);
  });

  it('escapes names and seeds that hold separators, quotes, spaces or invisible characters', () => {
    const s = createGame(['Ana Maria', 'O"Neil', 'Zoë,Jr', 'x%y', 'tab\there'], 'a "quoted" seed');
    const text = formatPosition(s);
    expect(text.split(' ')[1]).toBe('Ana%0020Maria,O%0022Neil,Zoë%002CJr,x%0025y,tab%0009here');
    expect(text.endsWith(' "a%0020%0022quoted%0022%0020seed"')).toBe(true);
    expect(parsePosition(text).players).toEqual(s.players);
    expect(parsePosition(text).seed).toBe(s.seed);
  });

  it('writes a custom deck, with #id on cards that share both faces with another', () => {
    const deck: DeckDefinition = {
      name: 'twins',
      cards: [
        { id: 0, faces: [1, 2], minPlayers: 2, star: true },
        { id: 1, faces: [2, 1], minPlayers: 2 },
        { id: 2, faces: [3, 4], minPlayers: 2, star: false },
        { id: 3, faces: [5, 6], minPlayers: 2 },
      ],
    };
    const s = createGame(2, 'twins', { deck });
    const text = formatPosition(s);
    expect(text.endsWith(' deck"twins":0=1/2+2*,1=2/1+2,2=3/4+2^,3=5/6+2')).toBe(true);
    expect(text.split(' ')[2]).toMatch(/#[01]/);
    expect(parsePosition(text).deck).toEqual(s.deck);
    // without the id, a card that has a twin cannot be told apart
    const bare = text.replace(/#[01]/, '');
    expect(refusal(bare)).toMatchObject({ code: 'BAD_POSITION_TEXT', path: 'hands' });
    expect(refusal(bare).message).toMatch(/2 cards showing/);
  });
});

describe('parsePosition', () => {
  const text = formatPosition(example());

  it('reads its own text back, and the state plays on', () => {
    const s = parsePosition(text);
    expect(s).toEqual({ ...example(), lastMove: null, events: [] });
    expect(legalMoves(s)).toEqual(legalMoves(example()));
    // white space around and between fields is forgiven
    expect(parsePosition(`  ${text.split(' ').join('  \t')}\n`)).toEqual(s);
  });

  it('refuses texts that do not follow the grammar, naming the field', () => {
    const fields = text.split(' ');
    const at = (i: number, v: string): string => fields.map((f, j) => (j === i ? v : f)).join(' ');
    expect(refusal('')).toMatchObject({ code: 'BAD_POSITION_TEXT', path: 'version' });
    expect(refusal('{"players":2}')).toMatchObject({ code: 'BAD_POSITION_TEXT', path: 'version' });
    expect(refusal(text.replace('dnup1', 'dnup2')).message).toMatch(/version 1 \(dnup1\), not version 2/);
    expect(refusal(fields.slice(0, 4).join(' ')).message).toMatch(/from 5 fields/);
    expect(refusal(fields.slice(0, 6).join(' '))).toMatchObject({ path: 'turn' }); // the short form keeps the turn
    expect(refusal(`${fields.slice(0, 4).join(' ')} t0 playing`).message).toMatch(/"playing" is not a field here/); // out of order
    expect(refusal(`${text} deck:0=1/2,1=2/3 x`).message).toMatch(/from 5 fields/);
    expect(refusal(at(2, '5/2,1/x;7/1;8/1'))).toMatchObject({ path: 'hands' });
    expect(refusal(at(2, '5/5,1/6;7/1;8/1')).message).toMatch(/no card showing 5 and 5/);
    expect(refusal(at(3, '1:3/4!,3/6;2:5/6'))).toMatchObject({ path: 'table' });
    expect(refusal(at(4, 'paused'))).toMatchObject({ path: 'status' });
    expect(refusal(at(5, 'r01'))).toMatchObject({ path: 'round' });
    expect(refusal(at(6, 't0#'))).toMatchObject({ path: 'turn' });
    expect(refusal(at(6, 'tx'))).toMatchObject({ path: 'turn' });
    expect(refusal(at(9, 'p0,-1,0'))).toMatchObject({ path: 'scores' });
    expect(refusal(at(11, 'x123'))).toMatchObject({ path: 'random' });
    expect(refusal(at(12, 'seed'))).toMatchObject({ path: 'seed' });
    expect(refusal(at(12, '"a%zz"'))).toMatchObject({ path: 'seed' });
    expect(refusal(`${text} deck:0=1/2`)).toMatchObject({ path: 'deck' });
    expect(refusal(`${'dnup1 '.repeat(MAX_POSITION_TEXT / 6 + 1)}`).message).toMatch(/too long/);
    expect(() => parsePosition(42 as unknown as string)).toThrow(/not a position text/);
  });

  it('refuses a text that follows the grammar but breaks a rule with a PositionError listing every problem', () => {
    const fields = text.split(' ');
    // Ana holds card 17 (3·6), which is also on the table, and the scores cannot happen
    fields[2] = '5/2,1/6,3/6;7/1;8/1';
    fields[9] = 'p9,0,0';
    const e = (() => {
      try {
        parsePosition(fields.join(' '));
      } catch (x) {
        return x;
      }
      return undefined;
    })();
    expect(isPositionError(e)).toBe(true);
    if (isPositionError(e))
      expect(e.problems.map((p) => p.code)).toEqual(expect.arrayContaining(['DUPLICATE_CARD', 'IMPOSSIBLE_SCORES']));
  });

  it('a set of mixed values reads (the text is well formed) but is an invalid position, as in JSON: MIXED_SET with the other problems', () => {
    const fields = text.split(' ');
    fields[3] = '1:3/4,4/8;2:5/6'; // 4·8 shows 4 in a set of 3s
    fields[9] = 'p9,0,0';
    let caught: unknown;
    try {
      parsePosition(fields.join(' '));
    } catch (x) {
      caught = x;
    }
    expect(isPositionError(caught)).toBe(true);
    if (isPositionError(caught)) {
      expect(caught.problems[0]).toMatchObject({ code: 'MIXED_SET', path: 'table[0]', rule: '§1' });
      expect(caught.problems.map((p) => p.code)).toContain('IMPOSSIBLE_SCORES');
      expect(caught.problems.filter((p) => p.code === 'MIXED_SET')).toHaveLength(1);
    }
  });

  it('is the same position as the description it stands for', () => {
    const s = parsePosition(text);
    expect(
      fromPosition({
        players: ['Ana', 'Ben', 'Cy'],
        hands: s.hands,
        table: s.table,
        turn: s.turn,
        starter: 0,
        seed: 'hand-built',
        rng: s.rng,
        moveCount: 4,
      }),
    ).toEqual(s);
  });
});

describe('the short form (docs/notation.md §5): every field after the table but the turn may be left out', () => {
  const full = formatPosition(example());

  it('fills what it leaves out with the documented defaults of a position description', () => {
    const short = 'dnup1 Ana,Ben,Cy 5/2,1/6;7/1;8/1 1:3/4,3/6;2:5/6 t0';
    const s = parsePosition(short);
    expect(s).toEqual(
      fromPosition({ players: ['Ana', 'Ben', 'Cy'], hands: s.hands, table: s.table, turn: { seat: 0 } }),
    );
    expect(s).toMatchObject({
      status: 'playing',
      round: 1,
      starter: 0,
      out: [],
      scores: [0, 0, 0],
      seed: 'position',
      turn: { seat: 0, area: 0, number: 1 },
    });
    // written back in full, which reads back to the same state
    const written = formatPosition(s);
    expect(written.split(' ')).toHaveLength(13);
    expect(parsePosition(written)).toEqual(s);
  });

  it('reads any subset of the optional fields, in their order, the same as the description without them', () => {
    const fields = full.split(' ');
    const names = ['status', 'round', 'turn', 'starter', 'out', 'scores', 'moves', 'random', 'seed'] as const;
    const keys: Record<(typeof names)[number], string[]> = {
      status: ['status'],
      round: ['round'],
      turn: [],
      starter: ['starter'],
      out: ['out'],
      scores: ['scores'],
      moves: ['moveCount'],
      random: ['rng'],
      seed: ['seed'],
    };
    const described = toPosition(parsePosition(full)) as unknown as Record<string, unknown>;
    for (let mask = 0; mask < 1 << names.length; mask += 7) {
      const kept = names.filter((n, i) => n === 'turn' || (mask & (1 << i)) !== 0);
      const text = [
        ...fields.slice(0, 4),
        ...names.map((n, i) => (kept.includes(n) ? fields[4 + i]! : '')).filter(Boolean),
      ].join(' ');
      const description = Object.fromEntries(
        Object.entries(described).filter(
          ([k]) =>
            !names.some((n) => !kept.includes(n) && keys[n].includes(k)) &&
            k !== 'lastMove' &&
            k !== 'events' &&
            k !== 'discard',
        ),
      );
      let want: unknown;
      try {
        want = fromPosition(description);
      } catch (e) {
        want = e;
      }
      let got: unknown;
      try {
        got = parsePosition(text);
      } catch (e) {
        got = e;
      }
      if (isPositionError(want)) expect(isPositionError(got), text).toBe(true);
      else expect(got, text).toEqual(want);
    }
  });
});

describe('test positions', () => {
  it('buildState takes a position text too, through the same setup layer', () => {
    const text = formatPosition(example());
    expect(buildState(text)).toEqual({ ...example(), lastMove: null, events: [] });
    // an impossible position cannot be built, whichever way it is written
    expect(() => buildState(text.replace(' p0,0,0 ', ' p3,0,0 '))).toThrow(/IMPOSSIBLE_SCORES|tokens/);
  });
});

describe('the largest state', () => {
  it('a deck of 65,536 cards with 16-digit faces, every card in a hand, fits under MAX_POSITION_TEXT and reads back', () => {
    const top = Number.MAX_SAFE_INTEGER;
    const cards = Array.from({ length: 65_536 }, (_, id) => ({
      id,
      faces: [top - 2 * id, top - 2 * id - 1] as [number, number],
      minPlayers: 2,
      ...(id === 0 ? { star: true } : {}),
    }));
    const deck: DeckDefinition = { name: 'widest', cards };
    const state = fromPosition({
      players: 2,
      deck,
      hands: [
        cards.slice(0, 32_768).map((c) => ({ id: c.id, active: c.faces[1] })),
        cards.slice(32_768).map((c) => ({ id: c.id, active: c.faces[0] })),
      ],
      turn: { seat: 0, area: 1 },
      seed: '\u0000'.repeat(100_000),
    });
    const text = formatPosition(state);
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(text.length).toBeLessThan(MAX_POSITION_TEXT);
    expect(parsePosition(text)).toEqual(state);
  }, 60_000);
});
