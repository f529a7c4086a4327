/** Rules of rules §4–§7 and every ruling of §6, each on a hand-built position. */
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  discardPile,
  legalMoves,
  localizeError,
  type GameState,
  type IllegalMoveError,
  type Move,
} from '../../src/index.js';
import { add, buildState, play, rotate, set, take } from '../helpers/positions.js';
import { deepFreeze } from '../helpers/freeze.js';

const types = (s: GameState) => s.events.map((e) => e.type);
const applyAll = (s: GameState, moves: Move[]) => moves.reduce((acc, m) => apply(acc, m), s);

describe('rules §4.1 discard at turn start', () => {
  it('the set a seat played is discarded as its next turn begins, before it decides', () => {
    const state = deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [3, 1],
            [2, 1],
          ],
          [[6, 1]],
          [
            [4, 1],
            [5, 1],
          ],
        ],
        table: [set(0, 0, 9, [7])],
        turn: { seat: 2, area: 0 },
      }),
    );
    const next = apply(state, rotate);
    expect(next.turn).toMatchObject({ seat: 0, area: 0, number: 6 });
    expect(next.table).toEqual([]);
    expect(next.discardCount).toBe(state.discardCount + 1);
    expect(discardPile(next)).toContain(7);
    expect(types(next)).toEqual(['handRotated', 'setDiscarded', 'turnStarted']);
  });
});

describe('rules §5 actions and conflicts by set size', () => {
  // seat 1: a single 8; seat 2: a pair of 3s; seat 0 holds 2, 2, 4 and 9
  const base = () =>
    deepFreeze(
      buildState({
        players: 3,
        hands: [
          [
            [9, 2],
            [11, 2],
            [15, 4],
            [13, 9],
          ],
          [[6, 1]],
          [
            [4, 1],
            [5, 1],
          ],
        ],
        table: [set(1, 0, 8, [24]), set(2, 0, 3, [17, 18])],
        turn: { seat: 0, area: 0 },
      }),
    );

  it('A: a set must beat the set of its own size (§5 A)', () => {
    expect(checkMove(base(), play(9, 11))).toMatchObject({ ok: false, code: 'DOES_NOT_BEAT', rule: '§5 A' });
    expect(checkMove(base(), play(15))).toMatchObject({ ok: false, code: 'DOES_NOT_BEAT' });
  });

  it('A: sets of different sizes never interact, whatever their values (§5)', () => {
    // a single 4 is above the pair of 3s, yet only the single 8 matters
    expect(checkMove(base(), play(15)).ok).toBe(false);
    const next = apply(base(), play(13));
    expect(next.table).toContainEqual(set(2, 0, 3, [17, 18]));
  });

  it('A: the beaten set returns to its owner, every card rotated; played cards keep their face (§5)', () => {
    const next = apply(base(), play(13));
    expect(next.hands[1]).toContainEqual({ id: 24, active: 4 });
    expect(next.table).toContainEqual(set(0, 0, 9, [13]));
    expect(types(next)).toEqual(['setPlayed', 'setBeaten', 'turnStarted']);
  });

  it('A: you may keep other cards of the played value in hand (§5 A)', () => {
    const s = buildState({
      players: 3,
      hands: [
        [
          [9, 2],
          [11, 2],
        ],
        [[6, 1]],
        [[4, 1]],
      ],
      turn: { seat: 0, area: 0 },
    });
    expect(apply(s, play(9)).hands[0]).toEqual([{ id: 11, active: 2 }]);
  });

  it('B and C never target your own set (§5 B, §5 C)', () => {
    // your own set never lies in your area when your turn starts (§4.1), so the own area is empty here
    const mine = buildState({
      players: 3,
      hands: [[[21, 3]], [[6, 1]], [[2, 1]]],
      table: [set(1, 0, 3, [17])],
      turn: { seat: 0, area: 0 },
    });
    expect(checkMove(mine, add(21, 0))).toMatchObject({ ok: false, code: 'NOT_AN_OPPONENT_SET', rule: '§5 B' });
    expect(checkMove(mine, take(0))).toMatchObject({ ok: false, code: 'NOT_AN_OPPONENT_SET', rule: '§5 C' });
    expect(checkMove(mine, take(1))).toEqual({ ok: true });
  });

  it('C: a taken set joins the hand rotated (§5 C)', () => {
    const next = apply(base(), take(2));
    expect(next.hands[0]!.slice(-2)).toEqual([
      { id: 17, active: 6 },
      { id: 18, active: 7 },
    ]);
  });

  it('D: rotates every card of the hand and nothing else (§5 D)', () => {
    const s = base();
    const next = apply(s, rotate);
    expect(next.hands[0]).toEqual([
      { id: 9, active: 5 },
      { id: 11, active: 7 },
      { id: 15, active: 3 },
      { id: 13, active: 2 },
    ]);
    expect(next.hands[1]).toBe(s.hands[1]);
    expect(next.table).toEqual(s.table.filter((t) => t.seat !== 1));
  });
});

describe('rules §6 tokens (3–5 players)', () => {
  // seat 0 holds a single 9 and will beat seat 1's single 8 with it
  const goingOut = () =>
    deepFreeze(
      buildState({
        players: 4,
        hands: [
          [[13, 9]],
          [
            [0, 1],
            [7, 1],
          ],
          [
            [2, 1],
            [5, 1],
          ],
          [
            [4, 1],
            [6, 1],
          ],
        ],
        table: [set(1, 0, 8, [24])],
        turn: { seat: 0, area: 0 },
      }),
    );

  it('the first player out gains 2 tokens and is skipped; their last set lingers one lap (§6, §7)', () => {
    const out = apply(goingOut(), play(13));
    expect(types(out)).toEqual(['setPlayed', 'setBeaten', 'playerOut', 'tokensGained', 'turnStarted']);
    expect(out.scores).toEqual([2, 0, 0, 0]);
    expect(out.out).toEqual([0]);
    const afterTwo = applyAll(out, [rotate, rotate]);
    expect(afterTwo.table).toContainEqual(set(0, 0, 9, [13]));
    const lap = apply(afterTwo, rotate); // seat 3 acts; seat 0 is skipped but discards
    expect(lap.table).toEqual([]);
    expect(lap.turn).toMatchObject({ seat: 1, number: out.turn.number + 3 });
    expect(lap.events.filter((e) => e.type === 'setDiscarded')).toEqual([
      { type: 'setDiscarded', seat: 0, area: 0, value: 9, cards: [13] },
    ]);
  });

  it('a lingering set that is beaten is discarded, not returned (§6)', () => {
    const out = apply(goingOut(), play(13));
    const s = buildState({
      ...specOf(out),
      hands: [
        [],
        [
          [14, 10],
          [0, 1],
        ],
        [[2, 1]],
        [[4, 1]],
      ],
    });
    const next = apply(s, play(14));
    expect(next.events[1]).toMatchObject({ type: 'setBeaten', seat: 0, fate: 'discarded', returned: [] });
    expect(next.hands[0]).toEqual([]);
    expect(discardPile(next)).toContain(13);
  });

  it('ruling: the lingering set of a player who is out may be added to or taken (§6)', () => {
    const out = apply(goingOut(), play(13));
    const s = buildState({
      ...specOf(out),
      hands: [
        [],
        [
          [7, 9],
          [0, 1],
        ],
        [[2, 1]],
        [[4, 1]],
      ],
    });
    expect(checkMove(s, take(0))).toEqual({ ok: true });
    expect(checkMove(s, add(7, 0))).toEqual({ ok: true });
  });

  it('the second player out gains 1 token and the round ends at once; nextRound is the only move (§6, §8)', () => {
    // round 2: round 1 gave 2 to seat 0 and 1 to seat 1; seat 2 went out first in this one
    const s = deepFreeze(
      buildState({
        players: 3,
        hands: [[[13, 9]], [[6, 1]], []],
        turn: { seat: 0, area: 0 },
        out: [2],
        scores: [2, 1, 2],
      }),
    );
    const end = apply(s, play(13));
    expect(end.status).toBe('roundOver');
    expect(end.scores).toEqual([3, 1, 2]);
    expect(types(end)).toEqual(['setPlayed', 'playerOut', 'tokensGained', 'roundEnded']);
    expect(legalMoves(end)).toEqual([{ type: 'nextRound' }]);
    expect(checkMove(end, rotate)).toMatchObject({ ok: false, code: 'ROUND_OVER' });
    const next = apply(end, { type: 'nextRound' });
    expect(next).toMatchObject({ round: 3, status: 'playing', scores: [3, 1, 2], table: [], discardCount: 0, out: [] });
    expect(next.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(types(next)).toEqual(['roundDealt', 'turnStarted']);
    expect(checkMove(next, { type: 'nextRound' })).toMatchObject({ ok: false, code: 'ROUND_NOT_OVER' });
  });

  it('ruling: 4 tokens win at once, so the first out ends the game before anyone else scores (§6)', () => {
    // round 3: seat 0 took 2 once, seat 1 took 2 and 1, seat 2 took 1
    const s = buildState({
      players: 3,
      hands: [[[13, 9]], [[6, 1]], [[2, 1]]],
      turn: { seat: 0, area: 0 },
      scores: [2, 3, 1],
    });
    const end = apply(s, play(13));
    expect(end).toMatchObject({ status: 'gameOver', winner: 0, scores: [4, 3, 1] });
    expect(types(end)).toEqual(['setPlayed', 'playerOut', 'tokensGained', 'roundEnded', 'gameWon']);
    expect(legalMoves(end)).toEqual([]);
    expect(checkMove(end, rotate)).toMatchObject({ ok: false, code: 'GAME_OVER' });
  });

  it('ruling: the second player out reaching 4 tokens wins at once (§6)', () => {
    // round 3: before it seat 0 had 3 tokens (2 and 1), seat 1 had 2, seat 2 had 1; seat 2 went out first now
    const s = buildState({
      players: 3,
      hands: [[[13, 9]], [[6, 1]], []],
      turn: { seat: 0, area: 0 },
      out: [2],
      scores: [3, 2, 3],
    });
    expect(apply(s, play(13))).toMatchObject({ status: 'gameOver', winner: 0, scores: [4, 2, 3] });
  });

  it('ruling: 3–5 players score tokens, 2 players round wins (§6)', () => {
    expect([2, 3, 4, 5].map((n) => createGame(n, 'mode').scoring)).toEqual(['rounds', 'tokens', 'tokens', 'tokens']);
  });
});

describe('rules §6 duel', () => {
  it('ruling: the ★ holder opens with a single turn for area 2 (index 1), then the area order alternates (§6, §7)', () => {
    let s = createGame(2, 'duel order');
    const star = s.starter;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(`${s.turn.seat === star ? 'S' : 'O'}${s.turn.area}`);
      s = apply(s, rotate);
    }
    expect(seen).toEqual(['S1', 'O0', 'O1', 'S0', 'S1']);
  });

  it('a play in one area beats your own set of that size in your other area; it returns rotated (§6)', () => {
    const s = deepFreeze(
      buildState({
        players: 2,
        hands: [
          [
            [13, 9],
            [6, 1],
          ],
          [[7, 1]],
        ],
        table: [set(0, 0, 5, [27])],
        turn: { seat: 0, area: 1 },
      }),
    );
    const next = apply(s, play(13));
    expect(next.events[1]).toMatchObject({
      type: 'setBeaten',
      seat: 0,
      area: 0,
      by: 0,
      fate: 'returned',
      returned: [{ id: 27, active: 6 }],
    });
    expect(next.hands[0]).toEqual([
      { id: 6, active: 1 },
      { id: 27, active: 6 },
    ]);
  });

  it('a last play that beats your own other set brings it back, so you are not out (§5 "When an action is over")', () => {
    const s = buildState({
      players: 2,
      hands: [[[13, 9]], [[7, 1]]],
      table: [set(0, 0, 5, [27])],
      turn: { seat: 0, area: 1 },
    });
    const next = apply(s, play(13));
    expect(next.status).toBe('playing');
    expect(next.out).toEqual([]);
    expect(next.hands[0]).toEqual([{ id: 27, active: 6 }]);
  });

  it('an add that grows the opponent set to the size of your own set beats yours if higher (§6)', () => {
    const s = buildState({
      players: 2,
      hands: [
        [
          [27, 5],
          [6, 1],
        ],
        [[7, 1]],
      ],
      table: [set(0, 1, 3, [17, 18]), set(1, 0, 5, [9])],
      turn: { seat: 0, area: 0 },
    });
    const next = apply(s, add(27, 1, 0));
    expect(next.events[1]).toMatchObject({
      type: 'setBeaten',
      seat: 0,
      area: 1,
      fate: 'returned',
      returned: [
        { id: 17, active: 6 },
        { id: 18, active: 7 },
      ],
    });
    expect(next.hands[0]).toEqual([
      { id: 6, active: 1 },
      { id: 17, active: 6 },
      { id: 18, active: 7 },
    ]);
  });

  it('B and C still target only the opponent, not your other area (§6)', () => {
    const s = buildState({
      players: 2,
      hands: [[[21, 3]], [[7, 1]]],
      table: [set(0, 1, 3, [17])],
      turn: { seat: 0, area: 0 },
    });
    expect(checkMove(s, add(21, 0, 1))).toMatchObject({ code: 'NOT_AN_OPPONENT_SET' });
    expect(checkMove(s, take(0, 1))).toMatchObject({ code: 'NOT_AN_OPPONENT_SET' });
    expect(legalMoves(s).filter((m) => m.type === 'add' || m.type === 'take')).toEqual([]);
    // the refusal names the area of that own set, counted from 1 as players count them, in every language
    const refused = checkMove(s, take(0, 1));
    expect(refused).toMatchObject({ params: { seat: 0, area: 1, areas: 2 } });
    expect(!refused.ok && refused.message).toBe(
      "Action C works only on an opponent's set, never your own set in area 2 (rules §5 C).",
    );
    let e!: IllegalMoveError;
    try {
      apply(s, take(0, 1));
    } catch (x) {
      e = x as IllegalMoveError;
    }
    expect(localizeError(e, 'en')).toBe(
      "Action C works only on an opponent's set, never your own set in area 2 (rules §5 C).",
    );
    expect(localizeError(e, 'fr')).toBe(
      "L'action C ne vise qu'une série posée devant un adversaire, jamais la vôtre, comme celle de votre zone 2 (règles §5 C).",
    );
    expect(localizeError(e, 'nl')).toBe(
      'Actie C werkt alleen op de set van een andere speler, nooit op je eigen set in speelgebied 2 (regels §5 C).',
    );
  });

  it('the first out wins the round; the second round win wins the game (§6)', () => {
    const s = buildState({ players: 2, hands: [[[13, 9]], [[7, 1]]], turn: { seat: 0, area: 0 } });
    const one = apply(s, play(13));
    expect(one).toMatchObject({ status: 'roundOver', scores: [1, 0], winner: null });
    expect(types(one)).toEqual(['setPlayed', 'playerOut', 'roundWon', 'roundEnded']);
    const two = apply(
      buildState({ players: 2, hands: [[[13, 9]], [[7, 1]]], turn: { seat: 0, area: 0 }, scores: [1, 1] }),
      play(13),
    );
    expect(two).toMatchObject({ status: 'gameOver', winner: 0, scores: [2, 1] });
  });
});

/** A spec reproducing a state's table, turn, out and scores, to vary its hands. */
function specOf(s: GameState) {
  return {
    players: s.players.length,
    hands: [] as [number, number][][],
    table: s.table.map((t) => ({ ...t, cards: [...t.cards] })),
    turn: { seat: s.turn.seat, area: s.turn.area },
    out: [...s.out],
    scores: [...s.scores],
  };
}
