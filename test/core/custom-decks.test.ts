/**
 * Property tests over random CUSTOM decks (rules §2: any safe integers ≥ 1 as faces, sparse ids,
 * minPlayers marks): random decks × 2–5 players × random games, with every part of the public
 * API checked at every step against independent oracles. Faces mix small values shared by up to
 * ten cards with huge ones (2^31 ± k, 2^32 ± k, up to Number.MAX_SAFE_INTEGER), where a value
 * stored in a 32-bit slot would wrap.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  formatPosition,
  STANDARD_DECK,
  deckProblems,
  describeMove,
  discardPile,
  determinize,
  formatMove,
  fromPosition,
  greedyBot,
  iterateLegalMoves,
  legalMoveGroups,
  legalMoves,
  locateCard,
  monteCarloBot,
  parseMove,
  playerView,
  playGame,
  randomBot,
  recordOf,
  renderPosition,
  replay,
  seededRandom,
  validatePosition,
  type DeckDefinition,
  type GameState,
  type Move,
} from '../../src/index.js';
import {
  customDeck,
  deckScript,
  faceValue,
  MAX_FACES_PER_VALUE,
  playDeckScript,
  startOf,
} from '../helpers/custom-decks.js';
import { pick } from '../helpers/random-games.js';
import { deepFreeze } from '../helpers/freeze.js';
import { checkDeterministicAndJsonSafe, checkStateInvariants } from '../helpers/invariants.js';
import { schemaErrors } from '../records/record-schema.js';
import { knowledgeAfter } from '../views/harness.js';

const PLAYER_COUNTS = [2, 3, 4, 5] as const;
const schema = JSON.parse(readFileSync(new URL('../../docs/record.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** Numeric order without subtraction, so the oracle shares no arithmetic with the library. */
const byNumber = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every `size`-subset of `ids` (ascending), in lexicographic order, recursively. */
function subsets(ids: readonly number[], size: number, from = 0): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (let i = from; i <= ids.length - size; i++)
    for (const rest of subsets(ids, size - 1, i + 1)) out.push([ids[i]!, ...rest]);
  return out;
}

/**
 * The legal moves of rules §5, listed straight from the rules in the canonical order
 * documented on `legalMoves`: plays by value, size, then card ids; adds by target then card;
 * takes by target; rotate. `nextRound` alone when the round is over (§8), none when the game is.
 */
function oracleMoves(state: GameState): Move[] {
  if (state.status === 'gameOver') return [];
  if (state.status === 'roundOver') return [{ type: 'nextRound' }];
  const seat = state.turn.seat;
  const hand = state.hands[seat]!;
  const mayArrive = (size: number, value: number): boolean => {
    const x = state.table.find((t) => t.cards.length === size);
    return x === undefined || value > x.value;
  };
  const showing = (value: number): number[] =>
    hand
      .filter((c) => c.active === value)
      .map((c) => c.id)
      .sort(byNumber);
  const out: Move[] = [];
  for (const value of [...new Set(hand.map((c) => c.active))].sort(byNumber)) {
    const ids = showing(value);
    for (let size = 1; size <= ids.length; size++) {
      if (mayArrive(size, value)) for (const cards of subsets(ids, size)) out.push({ type: 'play', cards });
    }
  }
  const targets = state.table
    .filter((t) => t.seat !== seat)
    .sort((a, b) => byNumber(a.seat, b.seat) || byNumber(a.area, b.area));
  for (const y of targets) {
    if (!mayArrive(y.cards.length + 1, y.value)) continue;
    for (const card of showing(y.value)) out.push({ type: 'add', card, target: { seat: y.seat, area: y.area } });
  }
  for (const y of targets) out.push({ type: 'take', target: { seat: y.seat, area: y.area } });
  out.push({ type: 'rotate' });
  return out;
}

/** A key per move, whatever the order of a play's cards. */
const moveKey = (m: Move): string => {
  switch (m.type) {
    case 'play':
      return `P${[...m.cards].sort(byNumber).join(',')}`;
    case 'add':
      return `A${m.card}>${m.target.seat}.${m.target.area}`;
    case 'take':
      return `T${m.target.seat}.${m.target.area}`;
    default:
      return m.type;
  }
};

/**
 * Candidates for checkMove: every play of up to three cards from the hand (in scrambled order),
 * every add and take at every area and one past the last, cards of other hands, cards the deck
 * keeps out at this player count and ids not in the deck, rotate and nextRound.
 */
function candidates(state: GameState): Move[] {
  const ids = state.hands[state.turn.seat]!.map((c) => c.id);
  const inDeck = new Set(state.deck.cards.map((c) => c.id));
  const strangers = state.deck.cards.filter((c) => !ids.includes(c.id)).map((c) => c.id);
  for (const id of [0, 1, 65_535, 65_536]) if (!inDeck.has(id)) strangers.push(id);
  const out: Move[] = [{ type: 'rotate' }, { type: 'nextRound' }, { type: 'play', cards: [] }];
  for (let i = 0; i < ids.length; i++) {
    out.push({ type: 'play', cards: [ids[i]!] }, { type: 'play', cards: [ids[i]!, ids[i]!] });
    for (let j = i + 1; j < ids.length; j++) {
      out.push({ type: 'play', cards: [ids[j]!, ids[i]!] });
      for (let k = j + 1; k < ids.length; k++) out.push({ type: 'play', cards: [ids[i]!, ids[k]!, ids[j]!] });
    }
  }
  for (const id of strangers)
    out.push(
      { type: 'play', cards: [id] },
      ...(ids.length > 0 ? [{ type: 'play' as const, cards: [ids[0]!, id] }] : []),
    );
  // bigger sets: each whole value group, reversed, and with one card of another value added
  const hand = state.hands[state.turn.seat]!;
  for (const value of new Set(hand.map((c) => c.active))) {
    const group = hand.filter((c) => c.active === value).map((c) => c.id);
    const stranger = hand.find((c) => c.active !== value);
    out.push(
      { type: 'play', cards: group.slice().reverse() },
      { type: 'play', cards: [...group, ...(stranger ? [stranger.id] : [])] },
    );
  }
  const areas = state.players.length === 2 ? 2 : 1;
  for (let seat = 0; seat <= state.players.length; seat++) {
    for (let area = 0; area <= areas; area++) {
      out.push({ type: 'take', target: { seat, area } });
      for (const id of [...ids, ...strangers.slice(0, 3)]) out.push({ type: 'add', card: id, target: { seat, area } });
    }
  }
  return out;
}

/** The code `apply` throws for `move` in `state`, or 'none'. */
function applyCode(state: GameState, move: Move): string {
  try {
    apply(state, move);
    return 'none';
  } catch (e) {
    return (e as { code?: string }).code ?? 'no code';
  }
}

describe('random custom decks (rules §2)', () => {
  it('§2: are accepted by deck validation and by createGame, and keep each value on at most ten faces in use', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAYER_COUNTS).chain((n) => customDeck(n).map((deck) => ({ n, deck }))),
        fc.string(),
        ({ n, deck }, seed) => {
          expect(deckProblems(deck, n)).toEqual([]);
          const inUse = deck.cards.filter((c) => c.minPlayers <= n);
          const faces = inUse.flatMap((c) => c.faces);
          for (const v of new Set(faces))
            expect(faces.filter((f) => f === v).length).toBeLessThanOrEqual(MAX_FACES_PER_VALUE);
          const state = startOf({ players: n, deck, seed, choices: [] });
          checkStateInvariants(state);
          expect(state.hands.map((h) => h.length)).toEqual(Array.from({ length: n }, () => inUse.length / n));
        },
      ),
      { numRuns: scaled(200) },
    );
  });

  it('§2: reach huge faces, values shared by many cards, sparse and extreme ids (the generator covers what it claims)', () => {
    const decks = fc.sample(
      fc.constantFrom(...PLAYER_COUNTS).chain((n) => customDeck(n)),
      { numRuns: 300, seed: 11 },
    );
    const faces = decks.flatMap((d) => d.cards.flatMap((c) => c.faces));
    expect(faces.some((v) => v >= 2 ** 31 && v < 2 ** 32)).toBe(true);
    expect(faces.some((v) => v > 2 ** 32)).toBe(true);
    expect(faces).toContain(Number.MAX_SAFE_INTEGER);
    expect(faces.some((v) => v <= 12)).toBe(true);
    const shared = decks.map((d) =>
      Math.max(
        ...[...new Set(d.cards.flatMap((c) => c.faces))].map((v) => d.cards.filter((c) => c.faces.includes(v)).length),
      ),
    );
    expect(Math.max(...shared)).toBeGreaterThanOrEqual(8);
    const ids = decks.flatMap((d) => d.cards.map((c) => c.id));
    expect(ids.some((id) => id > 65_500)).toBe(true);
    expect(decks.some((d) => d.cards.some((c) => c.minPlayers > 2 && !c.star))).toBe(true);
  });
});

describe.each(PLAYER_COUNTS)('random games with custom decks, %i players', (players) => {
  it('§3–§7: keep every invariant, and legalMoves lists exactly the moves of §5 in canonical order, each accepted by checkMove and apply', () => {
    fc.assert(
      fc.property(deckScript({ players }), (script) => {
        let steps = 0;
        playDeckScript(script, ({ before, moves, after }) => {
          deepFreeze(before);
          checkStateInvariants(before);
          expect(moves).toEqual(oracleMoves(before));
          for (const m of moves) {
            expect(checkMove(before, m)).toEqual({ ok: true });
            expect(applyCode(before, m)).toBe('none');
          }
          checkStateInvariants(after);
          steps++;
        });
        expect(steps).toBeGreaterThan(0);
      }),
      { numRuns: scaled(25) },
    );
  });

  it('§5: checkMove (on the state and on the view of the seat to play) accepts exactly the listed moves among exhaustive candidates, and apply throws the same code', () => {
    fc.assert(
      fc.property(deckScript({ players, maxMoves: 40 }), (script) => {
        playDeckScript(script, ({ before, moves }) => {
          const legal = new Set(moves.map(moveKey));
          const view = playerView(before, before.turn.seat);
          for (const c of candidates(before)) {
            const verdict = checkMove(before, c);
            expect(checkMove(view, c)).toEqual(verdict);
            expect(verdict.ok, moveKey(c)).toBe(legal.has(moveKey(c)));
            expect(applyCode(before, c), moveKey(c)).toBe(verdict.ok ? 'none' : verdict.code);
          }
        });
      }),
      { numRuns: scaled(10) },
    );
  });

  it('§3: games are deterministic and survive a JSON round trip of the state (deck included)', () => {
    fc.assert(
      fc.property(deckScript({ players }), (script) => {
        checkDeterministicAndJsonSafe(() => playDeckScript(script));
      }),
      { numRuns: scaled(25) },
    );
  });

  it('§5, §8: legalMoveGroups and iterateLegalMoves agree with legalMoves, on the state and on the view of the seat to play', () => {
    fc.assert(
      fc.property(deckScript({ players }), (script) => {
        playDeckScript(script, ({ before, moves }) => {
          const view = playerView(before, before.turn.seat);
          expect([...iterateLegalMoves(before)]).toEqual(moves);
          expect([...iterateLegalMoves(view)]).toEqual(moves);
          expect(legalMoves(view)).toEqual(moves);
          const { plays, others } = legalMoveGroups(before);
          expect(legalMoveGroups(view)).toEqual({ plays, others });
          const playCount = plays.filter((g) => g.legal).reduce((n, g) => n + g.count, 0);
          expect(playCount).toBe(moves.filter((m) => m.type === 'play').length);
          expect(others).toEqual(moves.filter((m) => m.type !== 'play'));
          for (const g of plays) {
            // a group lists every card showing its value, ascending
            const showing = before.hands[before.turn.seat]!.filter((c) => c.active === g.value)
              .map((c) => c.id)
              .sort(byNumber);
            expect(g.cards).toEqual(showing);
          }
        });
      }),
      { numRuns: scaled(20) },
    );
  });

  it('§8: player views keep public knowledge true, and a determinized state has the same view and the same moves', () => {
    fc.assert(
      fc.property(deckScript({ players, maxMoves: 100 }), fc.integer(), (script, sampleSeed) => {
        let oracle = startOf(script).players.map((): number[] => []);
        playDeckScript(script, ({ before, move, after }) => {
          expect(before.known).toEqual(oracle);
          oracle = knowledgeAfter(oracle, after);
          for (let seat = 0; seat < players; seat++) {
            const view = playerView(before, seat);
            expect(JSON.parse(JSON.stringify(view))).toEqual(view);
            const sample = determinize(view, seededRandom(`${sampleSeed}:${seat}`));
            checkStateInvariants(sample);
            expect(playerView(sample, seat)).toEqual(view);
            // a new deal comes from the sample's own random stream, so compare only moves of play
            if (seat === before.turn.seat && before.status === 'playing') {
              expect(legalMoves(sample)).toEqual(legalMoves(before));
              const next = apply(sample, move);
              expect(next.table).toEqual(after.table);
              expect(next.hands[seat]).toEqual(after.hands[seat]);
            }
          }
        });
      }),
      { numRuns: scaled(10) },
    );
  });

  it('§5: formatMove and parseMove round-trip every legal move, each text unique; sentences and position text show the real values', () => {
    fc.assert(
      fc.property(deckScript({ players, maxMoves: 100 }), (script) => {
        playDeckScript(script, ({ before, moves, move }) => {
          const texts = moves.map((m) => formatMove(before, m));
          expect(new Set(texts).size).toBe(texts.length);
          moves.forEach((m, i) => expect(parseMove(before, texts[i]!)).toEqual(m));
          // rules §8: each card's active value is observable, exactly
          const picture = renderPosition(before);
          for (const hand of before.hands) {
            for (const c of hand) {
              const where = locateCard(before, c.id);
              expect(where).toMatchObject({ zone: 'hand', active: c.active });
              expect(picture).toContain(`${c.active}/${where?.zone === 'hand' ? where.inactive : '?'}#${c.id}`);
            }
          }
          const sentence = describeMove(before, move);
          if (move.type === 'play' || move.type === 'add') {
            const id = move.type === 'play' ? move.cards[0]! : move.card;
            expect(sentence).toContain(String(before.hands[before.turn.seat]!.find((c) => c.id === id)!.active));
          }
        });
      }),
      { numRuns: scaled(15) },
    );
  });

  it('§3: a record of the game conforms to docs/record.schema.json and replays to the same final state, every move legal', () => {
    fc.assert(
      fc.property(deckScript({ players }), (script) => {
        const moves: Move[] = [];
        const states: GameState[] = [];
        const final = playDeckScript(script, ({ before, move }) => {
          states.push(before);
          moves.push(move);
        });
        const record = recordOf(final, moves, { event: 'custom deck' });
        expect(record.options?.deck).toEqual(script.deck);
        const text = JSON.stringify(record);
        expect(schemaErrors(schema, JSON.parse(text))).toEqual([]);
        const result = replay(text);
        expect(result.ok).toBe(true);
        expect(result.state).toEqual(final);
        expect(result.verdicts.map((v) => v.status)).toEqual(moves.map(() => 'legal'));
        result.verdicts.forEach((v, i) =>
          expect(v).toMatchObject({ index: i, text: formatMove(states[i]!, moves[i]!) }),
        );
      }),
      { numRuns: scaled(20) },
    );
  });

  it('§8: every reached state is a valid position, and fromPosition rebuilds it from its JSON', () => {
    fc.assert(
      fc.property(deckScript({ players, maxMoves: 100 }), (script) => {
        playDeckScript(script, ({ after }) => {
          expect(validatePosition(after)).toEqual([]);
          const rebuilt = fromPosition(JSON.parse(JSON.stringify(after)));
          expect(legalMoves(rebuilt)).toEqual(legalMoves(after));
          // the same position described as a person would, discard pile listed
          const {
            players: names,
            hands,
            known,
            table,
            turn,
            out,
            scores,
            round,
            status,
            winner,
            starter,
            deck,
            seed,
            rng,
          } = after;
          const description = {
            players: names,
            hands,
            known,
            table,
            discard: discardPile(after),
            turn,
            out,
            scores,
            round,
            status,
            winner,
            starter,
            deck,
            seed,
            rng,
          };
          const described = fromPosition(JSON.parse(JSON.stringify(description)));
          expect({ ...described, moveCount: 0, lastMove: null, events: [] }).toEqual({
            ...after,
            moveCount: 0,
            lastMove: null,
            events: [],
          });
        });
      }),
      { numRuns: scaled(15) },
    );
  });
});

/** The deck with every face replaced by its rank among the deck's values (1, 2, …): the same order, small numbers. */
function ranked(deck: DeckDefinition): { deck: DeckDefinition; rank: (v: number) => number } {
  const values = [...new Set(deck.cards.flatMap((c) => c.faces))].sort(byNumber);
  const rankOf = new Map(values.map((v, i) => [v, i + 1]));
  const rank = (v: number): number => rankOf.get(v)!;
  return {
    deck: { cards: deck.cards.map((c) => ({ ...c, faces: [rank(c.faces[0]), rank(c.faces[1])] as [number, number] })) },
    rank,
  };
}

/** What the rules decide, with values mapped through `rank`. */
function ruled(state: GameState, rank: (v: number) => number = (v) => v): unknown {
  const { status, turn, out, scores, winner, discardCount, known, round } = state;
  return {
    status,
    turn,
    out,
    scores,
    winner,
    discardCount,
    known,
    round,
    hands: state.hands.map((h) => h.map((c) => ({ id: c.id, active: rank(c.active) }))),
    table: state.table.map((t) => ({ ...t, value: rank(t.value) })),
  };
}

describe.each(PLAYER_COUNTS)('custom decks and the order of values, %i players', (players) => {
  it('§5: only the order of values matters: a deck with every face replaced by its rank plays the same game', () => {
    fc.assert(
      fc.property(deckScript({ players }), (script) => {
        const small = ranked(script.deck);
        let big = startOf(script);
        let same = startOf({ ...script, deck: small.deck });
        for (const choice of script.choices) {
          expect(ruled(big, small.rank)).toEqual(ruled(same));
          const moves = legalMoves(big);
          expect(legalMoves(same)).toEqual(moves);
          if (moves.length === 0) break;
          const move = pick(moves, choice);
          big = apply(big, move);
          same = apply(same, move);
        }
        expect(ruled(big, small.rank)).toEqual(ruled(same));
      }),
      { numRuns: scaled(25) },
    );
  });
});

/** C(n, k) exactly. */
function exactBinomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

describe('big custom decks (rules §2: any number of cards)', () => {
  it('§5: hands of up to 70 cards (past every scratch buffer) list exactly the moves of §5', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...PLAYER_COUNTS)
          .chain((players) => deckScript({ players, maxInUse: 140, maxHandSize: 70, maxMoves: 30 })),
        (script) => {
          let biggest = 0;
          playDeckScript(script, ({ before, moves, after }) => {
            expect(moves).toEqual(oracleMoves(before));
            checkStateInvariants(after);
            biggest = Math.max(biggest, ...before.hands.map((h) => h.length));
          });
          expect(biggest).toBeGreaterThan(0);
        },
      ),
      { numRuns: scaled(12) },
    );
  });
});

describe('legalMoveGroups on hands too big to list (rules §2, §5 A)', () => {
  it('§5 A: counts C(n, size) plays exactly for n cards of one value (nearest double past 2^53), and 2^n − 1 in all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90 }), faceValue, (n, value) => {
        // n cards showing `value` in seat 0's hand, one more card in seat 1's, a spare to make the count even
        const other = value === 1 ? 2 : value - 1;
        const total = n % 2 === 1 ? n + 1 : n + 2;
        const deck: DeckDefinition = {
          cards: Array.from({ length: total }, (_, id) => ({
            id: id * 700,
            faces: [id < n ? value : other, id < n ? other : value] as [number, number],
            minPlayers: 2,
            ...(id === 0 ? { star: true } : {}),
          })),
        };
        const state = fromPosition({
          players: 2,
          deck,
          hands: [deck.cards.slice(0, n).map((c) => ({ id: c.id, active: value })), [{ id: n * 700, active: other }]],
          turn: { seat: 0, area: 0 },
        });
        const groups = legalMoveGroups(state).plays;
        expect(groups.map((g) => [g.value, g.size])).toEqual(Array.from({ length: n }, (_, i) => [value, i + 1]));
        for (const g of groups) {
          expect(g.legal).toBe(true);
          expect(g.count, `C(${n}, ${g.size})`).toBe(Number(exactBinomial(n, g.size)));
        }
        if (n <= 52) expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(2 ** n - 1);
        const first = iterateLegalMoves(state).next();
        expect(first.value).toEqual({ type: 'play', cards: [0] });
      }),
      { numRuns: scaled(150) },
    );
  });
});

describe('the custom-deck harness reaches every rule it checks', () => {
  it('sees every event kind, both fates of a beaten set, and beats between small and huge values', () => {
    const seen = new Set<string>();
    let hugeBeatsSmall = false;
    for (const players of PLAYER_COUNTS) {
      for (const script of fc.sample(deckScript({ players, maxMoves: 300 }), { numRuns: 40, seed: 7 })) {
        playDeckScript(script, ({ after }) => {
          for (const e of after.events) {
            seen.add(e.type === 'setBeaten' ? `setBeaten:${e.fate}` : e.type);
            if (e.type === 'setBeaten' && e.value <= 12) {
              const winner = after.table.find((t) => t.cards.length === e.cards.length);
              if (winner && winner.value >= 2 ** 31) hugeBeatsSmall = true;
            }
          }
        });
      }
    }
    expect([...seen].sort()).toEqual([
      'cardAdded',
      'gameWon',
      'handRotated',
      'playerOut',
      'roundDealt',
      'roundEnded',
      'roundWon',
      'setBeaten:discarded',
      'setBeaten:returned',
      'setDiscarded',
      'setPlayed',
      'setTaken',
      'tokensGained',
      'turnStarted',
    ]);
    expect(hugeBeatsSmall).toBe(true);
    // the big-deck property deals hands past 64 cards
    const dealt = fc.sample(
      fc.constantFrom(...PLAYER_COUNTS).chain((players) => deckScript({ players, maxInUse: 140, maxHandSize: 70 })),
      { numRuns: 30, seed: 7 },
    );
    expect(Math.max(...dealt.map((script) => startOf(script).hands[0]!.length))).toBeGreaterThan(64);
  });
});

describe('bots on custom decks (rules §2, §5)', () => {
  it('§5: the random, greedy and Monte-Carlo bots play legal games whose records replay', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...PLAYER_COUNTS)
          .chain((n) => fc.record({ n: fc.constant(n), deck: customDeck(n), seed: fc.string({ maxLength: 6 }) })),
        async ({ n, deck, seed }) => {
          const bots = [
            greedyBot(seed),
            monteCarloBot({ seed, playouts: 6, playoutCap: 60 }),
            randomBot(seed),
            greedyBot(`${seed}!`),
            randomBot(`${seed}!`),
          ].slice(0, n);
          const { record, state } = await playGame(bots, { seed, gameOptions: { deck }, maxMoves: 60 });
          checkStateInvariants(state);
          const result = replay(JSON.parse(JSON.stringify(record)));
          expect(result.ok).toBe(true);
          expect(result.state).toEqual(state);
        },
      ),
      { numRuns: scaled(12) },
    );
  });
});

describe('a deck name that is not text', () => {
  it('is refused at the gate with BAD_DECK, so no later writer (position text, records) meets it', () => {
    for (const name of [[7, 7, 7], 42, null, { a: 1 }, true]) {
      const deck = { name, cards: STANDARD_DECK.cards } as unknown as DeckDefinition;
      expect(deckProblems(deck), JSON.stringify(name)).toEqual([
        {
          code: 'BAD_NAME',
          path: 'name',
          message: expect.stringMatching(/deck's name, when given, must be text.*rules §2/),
        },
      ]);
      let error: unknown;
      try {
        createGame(3, 'named', { deck });
      } catch (e) {
        error = e;
      }
      expect((error as { code?: string }).code, JSON.stringify(name)).toBe('BAD_DECK');
    }
    // a state whose deck name was edited: every function refuses it with a coded error
    const state = createGame(3, 'named');
    const edited = JSON.parse(JSON.stringify(state)) as { deck: { name: unknown } };
    edited.deck.name = [7, 7, 7];
    expect(() => formatPosition(edited as unknown as GameState)).toThrow(
      expect.objectContaining({ code: expect.any(String) }),
    );
    expect(() => formatPosition(edited as unknown as GameState)).not.toThrow(TypeError);
    expect(deckProblems({ name: 'house rules', cards: STANDARD_DECK.cards })).toEqual([]);
  });
});

describe('deckProblems', () => {
  it('lists every broken card rule as a typed problem with the path of the field', () => {
    const deck = {
      name: 'broken',
      cards: [
        { id: 0, faces: [1, 2], minPlayers: 2, star: true },
        { id: 0, faces: [3, 3], minPlayers: 2 },
        { id: -1, faces: [1], minPlayers: 6, star: 'yes' },
        7,
      ],
    };
    expect(deckProblems(deck).map((p) => [p.code, p.path])).toEqual([
      ['DUPLICATE_ID', 'cards[1].id'],
      ['SAME_FACES', 'cards[1].faces'],
      ['BAD_ID', 'cards[2].id'],
      ['BAD_FACES', 'cards[2].faces'],
      ['BAD_MIN_PLAYERS', 'cards[2].minPlayers'],
      ['BAD_STAR', 'cards[2].star'],
      ['NOT_A_CARD', 'cards[3]'],
    ]);
    for (const p of deckProblems(deck)) expect(p.message).toMatch(/^Card #\d/);
  });

  it('judges a sound deck for a player count: the star in use, the cards dealt evenly', () => {
    const cards = [
      { id: 0, faces: [1, 2], minPlayers: 3, star: true },
      { id: 1, faces: [2, 3], minPlayers: 2 },
      { id: 2, faces: [3, 4], minPlayers: 2 },
      { id: 3, faces: [4, 5], minPlayers: 2 },
    ];
    expect(deckProblems({ cards })).toEqual([]);
    expect(deckProblems({ cards }, 2).map((p) => [p.code, p.path])).toEqual([
      ['STAR_NOT_IN_USE', 'cards'],
      ['UNEVEN_DEAL', 'cards'],
    ]);
    expect(deckProblems({ cards: [] }).map((p) => p.code)).toEqual(['STAR_COUNT']);
    expect(deckProblems('forty cards').map((p) => [p.code, p.path])).toEqual([['NOT_A_DECK', '']]);
  });

  it('spells out 20 problems and counts the rest in one', () => {
    const cards = Array.from({ length: 30 }, (_, i) => ({ id: i, faces: [i + 1, i + 1], minPlayers: 2 }));
    const problems = deckProblems({ cards });
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)).toEqual({ code: 'MORE_PROBLEMS', path: 'cards', message: '…and 11 more problems.' });
  });
});
