/**
 * Property tests over random games (rules §2–§8): fast-check draws player count, seed and
 * each move as an index into legalMoves, and every invariant is checked at every step.
 * Game length is bounded here, in the harness, never in the rules.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import { apply, checkMove, createGame, legalMoves, type GameState, type Move } from '../../src/index.js';
import { checkDeterministicAndJsonSafe, checkStateInvariants, facesOf, locate } from '../helpers/invariants.js';
import { gameScript, playScript, type Step } from '../helpers/random-games.js';
import { deepFreeze } from '../helpers/freeze.js';

const PLAYER_COUNTS = [2, 3, 4, 5] as const;
const RUNS = scaled(25);

const other = (state: GameState, id: number, active: number) => {
  const [a, b] = facesOf(state, id);
  return active === a ? b : a;
};

/** The canonical key of a move, to compare moves whatever the order of their cards. */
const moveKey = (m: Move): string => {
  switch (m.type) {
    case 'play':
      return `P${[...m.cards].sort((a, b) => a - b).join(',')}`;
    case 'add':
      return `A${m.card}>${m.target.seat}.${m.target.area}`;
    case 'take':
      return `T${m.target.seat}.${m.target.area}`;
    default:
      return m.type;
  }
};

/** rules §5, golden rule: table→hand rotates, hand→table keeps, only D rotates a hand. */
function checkRotation({ before, move, after }: Step): void {
  if (move.type === 'nextRound') return;
  const mover = before.turn.seat;
  const was = locate(before);
  for (const [id, now] of locate(after)) {
    const then = was.get(id)!;
    const from = then.where.split(':')[0];
    const to = now.where.split(':')[0];
    if (from === 'hand' && to === 'hand') {
      expect(now.where, `card ${id} moved between hands`).toBe(then.where);
      const rotated = move.type === 'rotate' && then.where === `hand:${mover}`;
      expect(now.active, `card ${id} in hand`).toBe(rotated ? other(before, id, then.active) : then.active);
    } else if (from === 'hand' && to === 'table') {
      expect(now.active, `card ${id} hand→table keeps its face`).toBe(then.active);
    } else if (from === 'table' && to === 'hand') {
      expect(now.active, `card ${id} table→hand is rotated`).toBe(other(before, id, then.active));
    } else if (from === 'table' && to === 'table') {
      expect(now.active).toBe(then.active);
    } else if (from === 'discard') {
      expect(to, `card ${id} left the discard pile mid-round`).toBe('discard');
    }
  }
}

/** rules §5: conflicts by set size; an arriving set of size k beats the lower k-set, which leaves. */
function checkConflict({ before, move, after }: Step): void {
  const sizeSet = (k: number) => before.table.find((t) => t.cards.length === k);
  let k = 0;
  let value = 0;
  if (move.type === 'play') {
    k = move.cards.length;
    value = before.hands[before.turn.seat]!.find((c) => c.id === move.cards[0])!.active;
    expect(after.table).toContainEqual({ seat: before.turn.seat, area: before.turn.area, value, cards: move.cards });
  } else if (move.type === 'add') {
    const y = before.table.find((t) => t.seat === move.target.seat && t.area === move.target.area)!;
    k = y.cards.length + 1;
    value = y.value;
  } else return;
  const x = sizeSet(k);
  if (x) {
    expect(value).toBeGreaterThan(x.value);
    for (const id of x.cards)
      expect(
        after.table.some((t) => t.cards.includes(id)),
        `beaten card ${id} stayed`,
      ).toBe(false);
    const back = after.hands[x.seat]!.filter((c) => x.cards.includes(c.id));
    expect(back.length).toBe(before.out.includes(x.seat) ? 0 : x.cards.length);
  }
  // sets of other sizes are untouched by the action (they may only leave by a turn-start discard)
  for (const t of before.table) {
    if (t.cards.length === k || t === x) continue;
    const moved = move.type === 'add' && t.seat === move.target.seat && t.area === move.target.area;
    const discarded = after.events.some((e) => e.type === 'setDiscarded' && e.seat === t.seat && e.area === t.area);
    if (!moved && !discarded) expect(after.table).toContainEqual(t);
  }
}

/** rules §5: the plays and adds listed are exactly those the size rule allows. */
function checkListedBySizeRule(state: GameState, moves: Move[]): void {
  if (state.status !== 'playing') return;
  const hand = state.hands[state.turn.seat]!;
  const allowed = (k: number, v: number) => {
    const x = state.table.find((t) => t.cards.length === k);
    return !x || x.value < v;
  };
  const byValue = new Map<number, number>();
  for (const c of hand) byValue.set(c.active, (byValue.get(c.active) ?? 0) + 1);
  for (const [v, count] of byValue) {
    for (let k = 1; k <= count; k++) {
      const listed = moves.filter(
        (m) => m.type === 'play' && m.cards.length === k && hand.find((c) => c.id === m.cards[0])!.active === v,
      ).length;
      const choose = (n: number, r: number): number => (r === 0 ? 1 : (n * choose(n - 1, r - 1)) / r);
      expect(listed, `plays of ${k}×${v}`).toBe(allowed(k, v) ? choose(count, k) : 0);
    }
  }
  for (const y of state.table) {
    const adds = moves.filter((m) => m.type === 'add' && m.target.seat === y.seat && m.target.area === y.area);
    const own = y.seat === state.turn.seat;
    const fitting = hand.filter((c) => c.active === y.value).length;
    expect(adds.length).toBe(!own && allowed(y.cards.length + 1, y.value) ? fitting : 0);
    expect(moves.some((m) => m.type === 'take' && m.target.seat === y.seat && m.target.area === y.area)).toBe(!own);
  }
}

/** rules §6: going out and scoring, seen through events and state. */
function checkScoring({ before, after }: Step): void {
  const goal = after.scoring === 'tokens' ? 4 : 2;
  for (const e of after.events) {
    if (e.type !== 'playerOut') continue;
    expect(after.hands[e.seat]).toEqual([]);
    expect(e.place).toBe(before.out.length + 1);
    if (after.scoring === 'tokens') {
      const gained = after.events.find((g) => g.type === 'tokensGained');
      expect(gained).toMatchObject({ seat: e.seat, tokens: e.place === 1 ? 2 : 1 });
      if (e.place === 2) expect(after.status).not.toBe('playing');
    } else {
      expect(after.events.some((g) => g.type === 'roundWon' && g.seat === e.seat)).toBe(true);
      expect(after.status).not.toBe('playing');
    }
  }
  const best = Math.max(...after.scores);
  expect(after.status === 'gameOver').toBe(best >= goal);
  if (after.status === 'gameOver') expect(after.scores[after.winner!]).toBeGreaterThanOrEqual(goal);
  if (after.status === 'playing' && before.status === 'playing') {
    // rules §7: turn order
    if (after.players.length === 2) {
      const { seat, area } = before.turn;
      expect([after.turn.seat, after.turn.area]).toEqual(area === 0 ? [seat, 1] : [1 - seat, 0]);
    } else {
      let s = (before.turn.seat + 1) % after.players.length;
      while (after.out.includes(s)) s = (s + 1) % after.players.length;
      expect(after.turn.seat).toBe(s);
    }
    expect(after.turn.number).toBe(before.turn.number + 1);
    // the first player out's set leaves when its turn would have begun
    for (const p of after.out) {
      const skipped = after.players.length > 2 && between(before.turn.seat, after.turn.seat, p, after.players.length);
      if (skipped) expect(after.table.some((t) => t.seat === p)).toBe(false);
    }
  }
}

/** True when seat p comes strictly after a and before b going clockwise. */
function between(a: number, b: number, p: number, n: number): boolean {
  for (let s = (a + 1) % n; s !== b; s = (s + 1) % n) if (s === p) return true;
  return false;
}

describe.each(PLAYER_COUNTS)('random games with %i players', (players) => {
  it('keep every invariant at every step: conservation, rotation, size conflicts, scoring, turn order', () => {
    fc.assert(
      fc.property(gameScript({ players }), (script) => {
        let steps = 0;
        playScript(script, (step) => {
          deepFreeze(step.before);
          checkStateInvariants(step.before);
          expect(step.moves.length > 0).toBe(step.before.status !== 'gameOver');
          checkListedBySizeRule(step.before, step.moves);
          checkRotation(step);
          checkConflict(step);
          checkScoring(step);
          checkStateInvariants(step.after);
          steps++;
        });
        expect(steps).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('list legal moves uniquely, in canonical order, each accepted by checkMove and apply', () => {
    fc.assert(
      fc.property(gameScript({ players, maxMoves: 120 }), (script) => {
        playScript(script, ({ before, moves }) => {
          const keys = moves.map(moveKey);
          expect(new Set(keys).size).toBe(keys.length);
          const rank = (m: Move) => ['play', 'add', 'take', 'rotate', 'nextRound'].indexOf(m.type);
          for (let i = 1; i < moves.length; i++) expect(rank(moves[i]!)).toBeGreaterThanOrEqual(rank(moves[i - 1]!));
          for (const m of moves) {
            if (m.type === 'play') expect([...m.cards]).toEqual([...m.cards].sort((a, b) => a - b));
            expect(checkMove(before, m)).toEqual({ ok: true });
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('checkMove accepts exactly the moves legalMoves lists (exhaustive candidates)', () => {
    fc.assert(
      fc.property(gameScript({ players, maxMoves: 60 }), (script) => {
        playScript(script, ({ before, moves }) => {
          const legal = new Set(moves.map(moveKey));
          for (const c of candidates(before)) {
            expect(checkMove(before, c).ok, moveKey(c)).toBe(legal.has(moveKey(c)));
          }
        });
      }),
      { numRuns: scaled(10) },
    );
  });

  it('are deterministic and survive a JSON round trip', () => {
    fc.assert(
      fc.property(gameScript({ players, maxMoves: 150 }), (script) => {
        checkDeterministicAndJsonSafe(() => playScript(script));
      }),
      { numRuns: RUNS },
    );
  });
});

/** Every play of up to three cards, every add and take at every area, rotate and nextRound. */
function candidates(state: GameState): Move[] {
  const ids = state.hands[state.turn.seat]!.map((c) => c.id);
  const out: Move[] = [{ type: 'rotate' }, { type: 'nextRound' }];
  for (let i = 0; i < ids.length; i++) {
    out.push({ type: 'play', cards: [ids[i]!] });
    for (let j = i + 1; j < ids.length; j++) {
      out.push({ type: 'play', cards: [ids[j]!, ids[i]!] });
      for (let k = j + 1; k < ids.length; k++) out.push({ type: 'play', cards: [ids[i]!, ids[k]!, ids[j]!] });
    }
  }
  const areas = state.players.length === 2 ? 2 : 1;
  for (let seat = 0; seat < state.players.length; seat++) {
    for (let area = 0; area < areas; area++) {
      out.push({ type: 'take', target: { seat, area } });
      for (const id of ids) out.push({ type: 'add', card: id, target: { seat, area } });
    }
  }
  return out;
}

describe('random malformed and illegal moves (rules §5)', () => {
  const junk = fc.oneof(
    fc.anything(),
    fc.record({ type: fc.constantFrom('play', 'add', 'take', 'rotate', 'nextRound', 'pass') }, { requiredKeys: [] }),
    fc.record({ type: fc.constant('play'), cards: fc.array(fc.integer({ min: -2, max: 45 }), { maxLength: 5 }) }),
    fc.record({
      type: fc.constant('add'),
      card: fc.integer({ min: -2, max: 45 }),
      target: fc.record({ seat: fc.integer({ min: -1, max: 5 }), area: fc.integer({ min: -1, max: 2 }) }),
    }),
    fc.record({
      type: fc.constant('take'),
      target: fc.record({ seat: fc.integer({ min: -1, max: 5 }), area: fc.integer({ min: -1, max: 2 }) }),
    }),
    fc.record({ type: fc.constant('rotate'), extra: fc.anything() }),
  );

  it('are refused with a code when not listed, and leave the state untouched', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 80 }), fc.array(junk, { minLength: 1, maxLength: 20 }), (script, tries) => {
        const state = deepFreeze(playScript(script));
        const legal = new Set(legalMoves(state).map(moveKey));
        const before = JSON.stringify(state);
        for (const move of tries) {
          const verdict = checkMove(state, move);
          let listed = false;
          try {
            // a field whose value is undefined is absent, as in JSON
            const fields = Object.keys(move as object).filter(
              (k) => (move as Record<string, unknown>)[k] !== undefined,
            ).length;
            listed =
              (legal.has(moveKey(move as Move)) &&
                fields === { play: 2, add: 3, take: 2 }[(move as Move).type as string]) ||
              (legal.has((move as Move).type) && fields === 1);
          } catch {
            listed = false;
          }
          expect(verdict.ok).toBe(listed);
          if (!verdict.ok)
            expect(() => apply(state, move as Move)).toThrow(expect.objectContaining({ code: verdict.code }));
        }
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: scaled(60) },
    );
  });
});

describe('whole games end (harness bound, not a rule)', () => {
  it('a game played by always choosing the first listed move finishes at every player count', () => {
    for (const players of PLAYER_COUNTS) {
      let s = createGame(players, `finish-${players}`);
      let n = 0;
      while (s.status !== 'gameOver' && n++ < 20_000) s = apply(s, legalMoves(s)[0]!);
      expect(s.status).toBe('gameOver');
      expect(s.winner).not.toBeNull();
    }
  });
});

describe('the random-game harness reaches every rule it checks', () => {
  it('sees every event kind across a fixed sample of games', () => {
    const seen = new Set<string>();
    for (const players of PLAYER_COUNTS) {
      for (const script of fc.sample(gameScript({ players, maxMoves: 400 }), { numRuns: 40, seed: 7 })) {
        playScript(script, ({ after }) => after.events.forEach((e) => seen.add(e.type)));
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
      'setBeaten',
      'setDiscarded',
      'setPlayed',
      'setTaken',
      'tokensGained',
      'turnStarted',
    ]);
  });
});
