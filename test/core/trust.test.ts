/**
 * Impossible to knock over: each class of hostile input that once hung the library,
 * made it allocate without bound, threw an uncoded exception, or was trusted blindly. Every test
 * is named after the bug it pins; the properties cover each class, not only its example.
 */
import { deepStrictEqual } from 'node:assert';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  describeMove,
  determinize,
  formatMove,
  fromPosition,
  isDnupError,
  isLegalMove,
  isMove,
  legalMoveGroups,
  legalMoves,
  loadState,
  loadView,
  parseMove,
  parseRecord,
  playerView,
  recordOf,
  renderPosition,
  replay,
  seededRandom,
  STANDARD_DECK,
  validatePosition,
  type GameState,
} from '../../src/index.js';
import { gameScript, playScript } from '../helpers/random-games.js';

/** `S` of the issue: a 3-player game after 5 legal moves; `T` its JSON copy. */
function reached(): GameState {
  let s = createGame(3, 'fz1');
  for (let i = 0; i < 5; i++) s = apply(s, legalMoves(s)[0]!);
  return s;
}
const S = reached();
const copyOf = (s: unknown): Record<string, any> => JSON.parse(JSON.stringify(s));

/** Runs `f` and returns what it threw (undefined if nothing). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The error is one of the library's own: a class name of the package, a string code, a sentence. */
function expectCoded(e: unknown, code?: string): void {
  expect(isDnupError(e), `not a coded error: ${String(e)}`).toBe(true);
  if (code) expect((e as { code: string }).code).toBe(code);
}

describe('hangs and unbounded memory from one edited field', () => {
  it('refuses rotate at once in a state whose every seat is out', () => {
    const T = copyOf(S);
    T.out = [0, 1, 2];
    expectCoded(thrown(() => apply(T as GameState, { type: 'rotate' })));
    expect(checkMove(T as GameState, { type: 'rotate' })).toMatchObject({ ok: false, code: 'INVALID_STATE' });
  });

  it('T.deck.cards[5].id = 1e9; checkMove(T, move) is refused without building a huge table', () => {
    const T = copyOf(S);
    T.deck.cards[5].id = 1e9;
    const verdict = checkMove(T as GameState, legalMoves(S)[0]!);
    expect(verdict).toMatchObject({ ok: false, code: 'INVALID_STATE' });
  });

  it('a state the library made, then changed in place, never hangs: apply plays its own copy, checkMove refuses it', () => {
    const s = reached() as { -readonly [K in keyof GameState]: GameState[K] };
    const clean = reached();
    s.out = [0, 1, 2]; // states are read-only; this breaks the contract on purpose
    expect(apply(s as GameState, { type: 'rotate' }).turn).toEqual(apply(clean, { type: 'rotate' }).turn);
    expect(checkMove(s as GameState, { type: 'rotate' })).toMatchObject({ ok: false, code: 'INVALID_STATE' });
  });
});

describe('values JSON cannot hold never escape as uncoded exceptions', () => {
  const cyclic: Record<string, unknown> = { type: 'play' };
  cyclic.cards = cyclic;
  let deep: unknown = [];
  for (let i = 0; i < 10_000; i++) deep = [deep];

  it.each<[string, () => unknown]>([
    ['createGame(3n, 1)', () => createGame(3n as never, 1)],
    ['createGame(3, 2n ** 64n)', () => createGame(3, (2n ** 64n) as never)],
    ['createGame(3, 1, { deck: cyclic })', () => createGame(3, 1, { deck: cyclic as never })],
    ['createGame(3, 1, { deck: deep })', () => createGame(3, 1, { deck: deep as never })],
    ['parseMove(S, 10n)', () => parseMove(S, 10n as never)],
    ['formatMove(S, { type: 10n })', () => formatMove(S, { type: 10n } as never)],
    ['formatMove(S, cyclic)', () => formatMove(S, cyclic as never)],
    ['describeMove(S, deep)', () => describeMove(S, deep as never)],
    ['apply(S, { type: Symbol() })', () => apply(S, { type: Symbol('x') } as never)],
    ['replay(deep)', () => replay(deep)],
    [
      'parseRecord({ moves: [10n] })',
      () => parseRecord({ format: 'dnup-record', version: 1, players: ['a', 'b'], seed: 1, moves: [10n] }),
    ],
    ['playerView(S, 1n)', () => playerView(S, 1n as never)],
    ['loadState(cyclic)', () => loadState(cyclic)],
    ['recordOf(S, [cyclic])', () => recordOf(S, [cyclic as never])],
  ])('%s throws a coded error', (_, f) => {
    expectCoded(thrown(f));
  });

  it('type guards and checkMove never throw, whatever they are given', () => {
    const hostile = [
      10n,
      Symbol('s'),
      cyclic,
      deep,
      { type: 10n },
      {
        get type(): string {
          throw new Error('getter');
        },
      },
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
    ];
    for (const x of hostile) {
      expect(isMove(x)).toBe(false);
      expect(checkMove(S, x)).toMatchObject({ ok: false, code: 'MALFORMED_MOVE' });
      expect(isLegalMove(S, x)).toBe(false);
      expect(checkMove(x as never, { type: 'rotate' })).toMatchObject({ ok: false, code: 'INVALID_STATE' });
    }
  });

  it('property: checkMove, isMove and isLegalMove never throw on any value (fc.anything)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        (x) => {
          expect(typeof isMove(x)).toBe('boolean');
          expect(typeof checkMove(S, x).ok).toBe('boolean');
          expect(typeof checkMove(x as never, x).ok).toBe('boolean');
          expect(typeof isLegalMove(x as never, { type: 'rotate' })).toBe('boolean');
        },
      ),
      { numRuns: scaled(300) },
    );
  });
});

describe('states from outside go through one gateway', () => {
  it.each<[string, (t: Record<string, any>) => void]>([
    [
      'T.deck = ""',
      (t) => {
        t.deck = '';
      },
    ],
    [
      'T.table = 4',
      (t) => {
        t.table = 4;
      },
    ],
    [
      'T.rng = 1',
      (t) => {
        t.rng = 1;
      },
    ],
    [
      'T.hands[0] = null',
      (t) => {
        t.hands[0] = null;
      },
    ],
    [
      'T.turn.seat = 7',
      (t) => {
        t.turn.seat = 7;
      },
    ],
    [
      'T.extra = 1',
      (t) => {
        t.extra = 1;
      },
    ],
  ])('%s: apply, legalMoves, playerView and loadState refuse it with a PositionError', (_, edit) => {
    const T = copyOf(S);
    edit(T);
    for (const f of [
      () => apply(T as GameState, { type: 'rotate' }),
      () => legalMoves(T as GameState),
      () => playerView(T as GameState, 0),
      () => loadState(T),
      () => renderPosition(T as GameState),
    ]) {
      const e = thrown(f);
      expectCoded(e);
      expect((e as { name: string }).name).toBe('PositionError');
    }
    expect(validatePosition(T).length).toBeGreaterThan(0);
  });

  it('a JSON copy of a real state works exactly as the original, and loadState makes it trusted', () => {
    const T = copyOf(S);
    expect(apply(T as GameState, { type: 'rotate' })).toEqual(apply(S, { type: 'rotate' }));
    const loaded = loadState(JSON.stringify(S));
    expect(loaded).toEqual(S);
    expect(loadState(loaded)).toBe(loaded); // trusted from then on: no second check, no copy
  });

  it('apply(playerView(S, seat), move) says to use the state (NOT_A_STATE)', () => {
    const view = playerView(S, S.turn.seat);
    const e = thrown(() => apply(view as never, legalMoves(view)[0]!));
    expectCoded(e, 'NOT_A_STATE');
    expect((e as Error).message).toMatch(/full state/);
  });

  it('property: one edited field of a real state is judged alike by validatePosition and by every function', () => {
    const edits = fc.oneof(
      fc.constantFrom(
        'out',
        'table',
        'rng',
        'deck',
        'known',
        'scores',
        'starter',
        'turn',
        'events',
        'hands',
        'discardCount',
        'round',
        'winner',
        'status',
        'moveCount',
        'lastMove',
        'players',
        'seed',
        'scoring',
      ),
    );
    fc.assert(
      fc.property(gameScript({ maxMoves: 60 }), edits, fc.jsonValue({ maxDepth: 3 }), (script, key, value) => {
        const T = copyOf(playScript(script));
        T[key] = value;
        const problems = validatePosition(T);
        const e = thrown(() => legalMoves(T as GameState));
        if (problems.length > 0) {
          expectCoded(e);
          expectCoded(thrown(() => apply(T as GameState, { type: 'rotate' })));
          expect(checkMove(T as GameState, { type: 'rotate' }).ok).toBe(false);
        } else {
          expect(e).toBeUndefined();
          const v = thrown(() => playerView(T as GameState, 0));
          expect(v).toBeUndefined();
        }
      }),
      { numRuns: scaled(300) },
    );
  });
});

describe('the mark of a state the library made is invisible and never copied', () => {
  const copies: [string, (s: GameState) => unknown][] = [
    ['a JSON copy', (s) => copyOf(s)],
    ['a spread copy', (s) => ({ ...s })],
    ['Object.assign', (s) => Object.assign({}, s)],
    ['structuredClone', (s) => structuredClone(s)],
    [
      'a hand-built object',
      (s) => Object.fromEntries(Object.keys(s).map((k) => [k, (s as unknown as Record<string, unknown>)[k]])),
    ],
    ['a frozen spread copy', (s) => Object.freeze({ ...s })],
  ];

  it.each(copies)('%s is checked in full: a broken one is refused, a sound one is a new trusted object', (_, copy) => {
    const sound = copy(S);
    const loaded = loadState(sound);
    expect(loaded).not.toBe(sound); // checked into the library's own copy, not trusted as it is
    expect(loadState(loaded)).toBe(loaded);
    const broken = copy(S) as Record<string, unknown>;
    const T = Object.isFrozen(broken) ? { ...broken } : broken;
    T.out = [0, 1, 2];
    expectCoded(thrown(() => apply(T as unknown as GameState, { type: 'rotate' })));
    expectCoded(thrown(() => legalMoves(T as unknown as GameState)));
  });

  it('a state the library made is the same plain data as its JSON copy', () => {
    const T = copyOf(S);
    expect(JSON.stringify(S)).toBe(JSON.stringify(T));
    deepStrictEqual(S, T);
    deepStrictEqual(structuredClone(S), T);
    expect(Reflect.ownKeys(S)).toEqual(Reflect.ownKeys(T));
    expect(Object.getPrototypeOf(S)).toBe(Object.prototype);
    expect(Object.isExtensible(S)).toBe(true);
    const view = playerView(S, 1);
    deepStrictEqual(view, copyOf(view));
    expect(Reflect.ownKeys(view)).toEqual(Reflect.ownKeys(copyOf(view)));
  });

  it('every state apply, createGame and loadState return is trusted as it is (loadState returns it)', () => {
    let s = createGame(4, 'mark');
    for (let i = 0; i < 40 && s.status !== 'gameOver'; i++) {
      expect(loadState(s)).toBe(s);
      s = apply(s, legalMoves(s)[i % legalMoves(s).length]!);
    }
    const view = playerView(s, 0);
    expect(loadView(view)).toBe(view);
  });

  it('a hand changed in place after the library made the state: a coded error or a legal answer, never a hang', () => {
    const edits: ((h: any[]) => void)[] = [
      (h) => {
        h[0] = null;
      },
      (h) => {
        h[0] = { id: 1e9, active: 3 };
      },
      (h) => {
        h.push(h[0]);
      },
      (h) => {
        h[1] = { id: h[0].id, active: h[0].active };
      },
      (h) => {
        h.length = 0;
      },
      (h) => {
        h[0] = { id: h[0].id, active: -5 };
      },
    ];
    for (const edit of edits) {
      const s = reached();
      const before = legalMoves(s); // sorts this hand once (and remembers it)
      edit(s.hands[s.turn.seat] as any[]);
      for (const f of [
        () => legalMoves(s),
        () => apply(s, before[0]!),
        () => apply(s, { type: 'rotate' }),
        () => legalMoveGroups(s),
      ]) {
        const e = thrown(f);
        if (e !== undefined) expectCoded(e);
      }
      // the next sound state is listed as if nothing had happened
      const fresh = reached();
      expect(legalMoves(fresh)).toEqual(legalMoves(copyOf(fresh) as GameState));
    }
  });
});

describe('validatePosition refuses impossible positions', () => {
  it('a duel with starter = 2', () => {
    const T = copyOf(createGame(2, 'duel'));
    T.starter = 2;
    expect(validatePosition(T).map((p) => p.code)).toContain('BAD_STARTER');
  });

  it('duplicate ids in known', () => {
    const T = copyOf(S);
    const id = T.hands[0][0].id;
    T.known[0] = [id, id];
    expect(validatePosition(T).map((p) => p.code)).toContain('BAD_KNOWN');
  });

  it('reports a malformed event ({ type: "handRotated", seat: 0 }), and playerView refuses it', () => {
    const T = copyOf(S);
    T.events = [{ type: 'handRotated', seat: 0 }];
    expect(validatePosition(T).map((p) => p.code)).toContain('BAD_EVENTS');
    expectCoded(thrown(() => playerView(T as GameState, 1)));
  });

  it('impossible scores: [0, 0, 3, 0, 0] in round 2 (one round gives 2 and 1)', () => {
    const five = fromPosition({ players: 5, hands: createGame(5, 'five').hands, turn: { seat: 0 } });
    const T = copyOf(five);
    T.round = 2;
    T.scores = [0, 0, 3, 0, 0];
    T.moveCount = 40;
    expect(validatePosition(T).map((p) => p.code)).toContain('IMPOSSIBLE_SCORES');
    T.scores = [0, 2, 1, 0, 0];
    expect(validatePosition(T)).toEqual([]);
  });
});

describe('holes in arrays', () => {
  it('createGame([, "b", "c"], 1) is refused (a hole for a name)', () => {
    // eslint-disable-next-line no-sparse-arrays
    expectCoded(
      thrown(() => createGame([, 'b', 'c'] as never, 1)),
      'BAD_PLAYERS',
    );
  });

  it('a deck with a deleted card is refused as a deck (BAD_DECK), not a TypeError later', () => {
    const cards = STANDARD_DECK.cards.slice();
    delete cards[39];
    const e = thrown(() => createGame(5, 1, { deck: { cards } }));
    expectCoded(e);
  });

  it('parseRecord refuses a sparse moves array with a record error; replay too', () => {
    const record = recordOf(S, []);
    // eslint-disable-next-line no-sparse-arrays
    const sparse = { ...record, moves: [{ type: 'rotate' }, , { type: 'rotate' }] };
    for (const f of [() => parseRecord(sparse), () => replay(sparse)]) {
      const e = thrown(f);
      expectCoded(e);
      expect((e as Error).name).toBe('RecordError');
    }
  });
});

describe('nothing is shared with the caller', () => {
  it('editing the deck object after createGame changes nothing in the game', () => {
    const deck = {
      name: 'mine',
      cards: STANDARD_DECK.cards.map((c) => ({ ...c, faces: [c.faces[0], c.faces[1]] as [number, number] })),
    };
    const s = createGame(3, 'own deck', { deck });
    const before = JSON.stringify(s);
    deck.cards[0]!.faces[0] = 99;
    deck.cards.length = 3;
    expect(JSON.stringify(s)).toBe(before);
    expect(Object.isFrozen(s.deck) && Object.isFrozen(s.deck.cards) && Object.isFrozen(s.deck.cards[0])).toBe(true);
    expect(validatePosition(s)).toEqual([]);
    expect(validatePosition(copyOf(s))).toEqual([]);
  });

  it('a deck getter read once: valid at first, invalid later, the game keeps the first reading', () => {
    let reads = 0;
    const options = {
      get deck() {
        return reads++ === 0 ? STANDARD_DECK : { cards: [] };
      },
    };
    const s = createGame(3, 'getter', options as never);
    expect(reads).toBe(1);
    expect(apply(s, legalMoves(s)[0]!).moveCount).toBe(1);
  });

  it("fromPosition's state shares no object with the description", () => {
    const hands = createGame(3, 'desc').hands.map((h) => h.map((c) => ({ ...c })));
    const description = { players: 3, hands, turn: { seat: 0 } };
    const s = fromPosition(description);
    hands[0]![0]!.active = 1234;
    expect(s.hands[0]![0]!.active).not.toBe(1234);
    expect(validatePosition(s)).toEqual([]);
  });
});

describe('views from outside (bot authors)', () => {
  it('a JSON copy of a real view loads; a tampered one is refused with a view error', () => {
    const view = playerView(S, 1);
    const loaded = loadView(JSON.stringify(view));
    expect(loaded).toEqual(view);
    expect(determinize(loaded, seededRandom(1)).hands[1]).toEqual(S.hands[1]);
    const bad = copyOf(view);
    bad.hand = [...bad.hand, bad.hand[0]];
    expectCoded(
      thrown(() => loadView(bad)),
      'BAD_VIEW',
    );
    const lying = copyOf(view);
    lying.handSizes[2] += 1; // a card more than the unseen cards can fill
    expectCoded(
      thrown(() => loadView(lying)),
      'INCONSISTENT_VIEW',
    );
    const scored = copyOf(view);
    scored.scores = [9, 0, 0]; // every field well-formed, but no reachable state has these scores
    expectCoded(
      thrown(() => loadView(scored)),
      'INCONSISTENT_VIEW',
    );
  });

  it('legalMoveGroups and legalMoves on a foreign view are checked too', () => {
    const view = copyOf(playerView(S, S.turn.seat));
    expect(legalMoves(view as never)).toEqual(legalMoves(S));
    view.table = [{ seat: 9, area: 0, value: 3, cards: [1] }];
    expectCoded(thrown(() => legalMoveGroups(view as never)));
  });
});
