/**
 * Nothing the library hands out can be changed to alter a game behind its back: a state or a
 * player view changed in place by any means is either blocked (its frozen parts throw), or caught
 * with a coded error by the next call that reads the changed part, or changes nothing that call
 * returns. Two copies of the same game are played side by side; one is tampered with, the other
 * says what every call must answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  isDnupError,
  legalMoves,
  loadView,
  playerView,
  history as startHistory,
  validatePosition,
  type GameState,
  type Move,
  type PlayerView,
} from '../../src/index.js';
import { ownCopyOf } from '../../src/core/trust.js';
import { runs, timeoutFor } from '../helpers/fuzz.js';

type Path = readonly (string | number)[];

/** Every object and array reachable from `root` that is not frozen, with its path. */
function containers(root: unknown): { path: Path; at: object }[] {
  const out: { path: Path; at: object }[] = [];
  const walk = (x: unknown, path: Path): void => {
    if (typeof x !== 'object' || x === null) return;
    if (!Object.isFrozen(x)) out.push({ path, at: x });
    if (Array.isArray(x)) x.forEach((v, i) => walk(v, [...path, i]));
    else for (const k of Object.keys(x)) walk((x as Record<string, unknown>)[k], [...path, k]);
  };
  walk(root, []);
  return out;
}

/** The ways to change a container in place; `pick` chooses a key and a value. */
const EDITS: readonly [string, (at: object, pick: number) => void][] = [
  [
    'set a field to another value',
    (at, pick) => {
      const keys = Object.keys(at);
      if (keys.length === 0) return;
      const key = keys[pick % keys.length]!;
      const old = (at as Record<string, unknown>)[key];
      const values: unknown[] = [
        typeof old === 'number' ? old + 1 : 1,
        typeof old === 'number' ? old - 1 : 0,
        null,
        undefined,
        'x',
        [],
        { id: 1, active: 2 },
      ];
      (at as Record<string, unknown>)[key] = values[pick % values.length];
    },
  ],
  [
    'delete a field',
    (at, pick) => {
      const keys = Object.keys(at);
      if (keys.length > 0) delete (at as Record<string, unknown>)[keys[pick % keys.length]!];
    },
  ],
  ['push a copy of an item', (at) => Array.isArray(at) && at.length > 0 && at.push(at[0])],
  ['pop', (at) => Array.isArray(at) && at.pop()],
  ['shift', (at) => Array.isArray(at) && at.shift()],
  ['reverse', (at) => Array.isArray(at) && at.reverse()],
  ['empty it', (at) => Array.isArray(at) && (at.length = 0)],
  [
    'swap two items',
    (at, pick) => {
      if (!Array.isArray(at) || at.length < 2) return;
      const i = pick % at.length;
      const j = (i + 1) % at.length;
      [at[i], at[j]] = [at[j], at[i]];
    },
  ],
  [
    'define a field',
    (at, pick) => {
      const keys = Object.keys(at);
      if (keys.length > 0) Object.defineProperty(at, keys[pick % keys.length]!, { value: 7, enumerable: true });
    },
  ],
];

/** A game played twice from the same choices: two equal, separate objects at every step. */
function playTwice(players: number, seed: number, choices: readonly number[]): [GameState, GameState, Move[]] {
  let a = createGame(players, seed);
  let b = createGame(players, seed);
  for (const c of choices) {
    if (a.status === 'gameOver') break;
    const moves = legalMoves(a);
    const m = moves[c % moves.length]!;
    a = apply(a, m);
    b = apply(b, m);
  }
  return [a, b, legalMoves(b)];
}

/** What `f` gives: its JSON, or the code of the coded error it throws (any other throw fails the test). */
function outcome(f: () => unknown): { json?: string; code?: string } {
  try {
    return { json: JSON.stringify(f()) };
  } catch (e) {
    expect(isDnupError(e), `an uncoded error escaped: ${String(e)}`).toBe(true);
    return { code: (e as { code: string }).code };
  }
}

/** The call on the tampered copy is caught with `code`, or answers exactly as on the untouched copy. */
function caughtOrSame(
  call: string,
  tampered: { json?: string; code?: string },
  clean: { json?: string },
  codes: readonly string[],
): void {
  if (tampered.code !== undefined) expect(codes, call).toContain(tampered.code);
  else expect(tampered.json, `${call} answered differently`).toBe(clean.json);
}

const game = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  choices: fc.array(fc.nat(), { maxLength: 70 }),
  where: fc.nat(),
  edit: fc.nat({ max: EDITS.length - 1 }),
  pick: fc.nat(),
  move: fc.nat(),
});

describe('states the library made, changed in place', () => {
  it(
    'are blocked, caught with CORRUPT_STATE by the next call that reads the change, or change nothing',
    () => {
      fc.assert(
        fc.property(game, ({ players, seed, choices, where, edit, pick, move }) => {
          const [s, clean, moves] = playTwice(players, seed, choices);
          const places = containers(s);
          const { path, at } = places[where % places.length]!;
          const [what, change] = EDITS[edit]!;
          try {
            change(at, pick);
          } catch (e) {
            expect(e, `${what} at ${path.join('.')} threw, but not as a blocked write`).toBeInstanceOf(TypeError);
          }
          const changed = JSON.stringify(s) !== JSON.stringify(clean);
          const m = moves[move % Math.max(1, moves.length)];
          const codes = ['CORRUPT_STATE'];
          const at_ = `after "${what}" at state.${path.join('.')}`;
          caughtOrSame(
            `legalMoves ${at_}`,
            outcome(() => legalMoves(s)),
            outcome(() => legalMoves(clean)),
            codes,
          );
          if (m !== undefined) {
            // apply reads what the move is judged from and what it replaces: a change there is caught;
            // a change elsewhere passes into the next state with the part it shares, and is caught there
            const next = outcome(() => apply(s, m));
            if (next.code !== undefined) expect(codes, `apply ${at_}`).toContain(next.code);
            else {
              const after = apply(s, m);
              const cleanAfter = apply(clean, m);
              const codesAfter = validatePosition(after).map((p) => p.code);
              // the same game (a state that still shares the changed list may be refused all the same)
              if (JSON.stringify(after) === JSON.stringify(cleanAfter))
                expect([[], ['CORRUPT_STATE']]).toContainEqual(codesAfter);
              else expect(codesAfter, `apply ${at_} passed the change on unflagged`).toContain('CORRUPT_STATE');
            }
            const verdict = checkMove(s, m);
            if (!verdict.ok && verdict.code === 'INVALID_STATE') expect(changed).toBe(true);
            else expect(verdict).toEqual(checkMove(clean, m));
          }
          for (let seat = 0; seat < players; seat++) {
            caughtOrSame(
              `playerView ${at_}`,
              outcome(() => playerView(s, seat)),
              outcome(() => playerView(clean, seat)),
              codes,
            );
          }
          const problems = validatePosition(s).map((p) => p.code);
          if (changed) expect(problems, `${what} at ${path.join('.')} was called valid`).toContain('CORRUPT_STATE');
          else expect(problems).toEqual([]);
        }),
        runs(300),
      );
    },
    timeoutFor(),
  );

  it('a cheater who edits the state it holds changes nothing the game reads: apply plays the library copy', () => {
    let s = createGame(3, 7);
    let clean = createGame(3, 7);
    for (let i = 0; i < 40 && s.status === 'playing'; i++) {
      const seat = s.turn.seat;
      // the attack: a card dropped from a hand, another copied in, the scores edited
      (s.hands[seat] as unknown as unknown[]).pop();
      (s.hands[(seat + 1) % 3] as unknown as unknown[]).push(s.hands[seat]![0]);
      (s.scores as number[])[seat] = 9;
      expect(() => playerView(s, seat)).toThrow(expect.objectContaining({ code: 'CORRUPT_STATE' }));
      expect(validatePosition(s).map((p) => p.code)).toContain('CORRUPT_STATE');
      const moves = legalMoves(s);
      expect(moves).toEqual(legalMoves(clean));
      const m = moves[i % moves.length]!;
      s = apply(s, m);
      clean = apply(clean, m);
      // what the move replaced is the clean game's; what it shares may still carry the edit, and is refused
      expect(s.hands[seat]).toEqual(clean.hands[seat]);
      expect(checkMove(s, legalMoves(clean)[0]!)).toMatchObject(
        validatePosition(s).length === 0 ? { ok: true } : { ok: false, code: 'INVALID_STATE' },
      );
    }
  });

  it('the state handed out and the library copy share only frozen objects', () => {
    fc.assert(
      fc.property(game, ({ players, seed, choices }) => {
        const [s] = playTwice(players, seed, choices);
        const own = new Set<object>();
        const walk = (x: unknown, into: (o: object) => void): void => {
          if (typeof x !== 'object' || x === null) return;
          into(x);
          for (const v of Object.values(x)) walk(v, into);
        };
        walk(ownCopyOf(s).state, (o) => own.add(o));
        walk(s, (o) => {
          if (own.has(o)) expect(Object.isFrozen(o), 'a changeable object is shared with the library copy').toBe(true);
        });
      }),
      runs(100),
    );
  });
});

describe('what else the library hands out', () => {
  it("a history's lists cannot be changed: undo, redo and record read what was played", () => {
    let h = startHistory(createGame(3, 5));
    for (let i = 0; i < 4; i++) h = h.play(legalMoves(h.state)[0]!);
    const record = JSON.stringify(h.record());
    expect(() => (h.moves as Move[]).push({ type: 'rotate' })).toThrow(TypeError);
    expect(() => (h.states as GameState[]).pop()).toThrow(TypeError);
    expect(JSON.stringify(h.record())).toBe(record);
  });

  it("a move the caller built and apply kept as lastMove cannot be changed through the caller's hands", () => {
    const s = createGame(2, 3);
    const play = legalMoves(s).find((m) => m.type === 'play')!;
    const mine = { type: 'play' as const, cards: [...(play as { cards: readonly number[] }).cards] };
    const next = apply(s, mine);
    mine.cards.push(99); // the caller's own object: the library read it once
    expect(next.lastMove).toEqual({ type: 'play', cards: (play as { cards: readonly number[] }).cards });
    expect(() => (next.lastMove as unknown as { cards: number[] }).cards.push(1)).toThrow(TypeError);
    expect(validatePosition(next)).toEqual([]);
  });
});

describe('player views, changed in place', () => {
  it(
    'share nothing with the state, and are caught with CORRUPT_VIEW or change nothing',
    () => {
      fc.assert(
        fc.property(game, ({ players, seed, choices, where, edit, pick, move }) => {
          const [s, clean] = playTwice(players, seed, choices);
          const seat = s.turn.seat;
          const view = playerView(s, seat);
          const cleanView = playerView(clean, seat);
          const before = JSON.stringify(s);
          const places = containers(view);
          const { path, at } = places[where % places.length]!;
          const [what, change] = EDITS[edit]!;
          try {
            change(at, pick);
          } catch (e) {
            expect(e, `${what} at ${path.join('.')} threw, but not as a blocked write`).toBeInstanceOf(TypeError);
          }
          expect(JSON.stringify(s), `${what} at view.${path.join('.')} reached the state`).toBe(before);
          expect(legalMoves(s)).toEqual(legalMoves(clean));
          const codes = ['CORRUPT_VIEW'];
          const at_ = `after "${what}" at view.${path.join('.')}`;
          caughtOrSame(
            `legalMoves ${at_}`,
            outcome(() => legalMoves(view)),
            outcome(() => legalMoves(cleanView)),
            codes,
          );
          caughtOrSame(
            `loadView ${at_}`,
            outcome(() => loadView(view)),
            outcome(() => loadView(cleanView)),
            ['BAD_VIEW'], // loadView's code, its problems name CORRUPT_VIEW
          );
          const moves = legalMoves(cleanView);
          const m = moves[move % Math.max(1, moves.length)];
          if (m !== undefined && JSON.stringify(view) !== JSON.stringify(cleanView)) {
            const verdict = checkMove(view, m);
            expect(verdict.ok === false ? verdict.code : 'ok').toBe('INVALID_STATE');
          }
        }),
        runs(300),
      );
    },
    timeoutFor(),
  );

  it('a bot that pops a card from its view changes neither the game nor the next view', () => {
    const s = createGame(4, 11);
    const view = playerView(s, s.turn.seat) as PlayerView & { hand: unknown[] };
    const size = s.hands[s.turn.seat]!.length;
    view.hand.pop();
    expect(s.hands[s.turn.seat]).toHaveLength(size);
    expect(playerView(s, s.turn.seat).hand).toHaveLength(size);
    expect(() => legalMoves(view)).toThrow(expect.objectContaining({ code: 'CORRUPT_VIEW' }));
  });
});
