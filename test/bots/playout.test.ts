/**
 * The search fast path (Playout) against the reducer: on many random games, the same
 * legal moves in the same order and the same state after every move, and the same refusals.
 */
import fc from 'fast-check';
import { scaled } from '../helpers/scale.js';
import { describe, expect, it } from 'vitest';
import { apply, checkMove, createGame, legalMoves, Playout, type GameState, type Move } from '../../src/index.js';
import { gameScript, pick } from '../helpers/random-games.js';

/** Moves that are usually refused: someone else's card, a foreign card, own or empty areas. */
function probes(state: GameState): Move[] {
  const seat = state.turn.seat;
  const other = state.hands[(seat + 1) % state.players.length]!;
  const out: Move[] = [
    { type: 'nextRound' },
    { type: 'play', cards: [] },
    { type: 'play', cards: [999] },
    { type: 'take', target: { seat, area: 0 } },
    { type: 'take', target: { seat: 7, area: 0 } },
  ];
  if (other.length > 0)
    out.push(
      { type: 'play', cards: [other[0]!.id] },
      { type: 'add', card: other[0]!.id, target: { seat: (seat + 1) % state.players.length, area: 0 } },
    );
  const hand = state.hands[seat]!;
  if (hand.length > 1) out.push({ type: 'play', cards: [hand[0]!.id, hand[1]!.id] });
  return out;
}

function same<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected)
    throw new Error(`fast path and apply disagree on ${what}:\n${String(actual)}\n${String(expected)}`);
}

/** Random games of the first property: 2,000 at FUZZ_SCALE 1 (CI), 400 in `npm test`. */
const GAMES = scaled(2000);

describe('Playout, the search fast path, agrees with apply move for move', () => {
  it('on random games (2,000 at FUZZ_SCALE 1): same legal moves, same state after every move', () => {
    let games = 0;
    fc.assert(
      fc.property(gameScript({ maxMoves: 400 }), (script) => {
        let state = createGame(script.players, script.seed);
        const p = new Playout(state);
        expect(p.toState()).toBe(state);
        for (const choice of script.choices) {
          const moves = legalMoves(state);
          // strings, not deep equality: thousands of games must stay quick to compare
          same(JSON.stringify(p.legalMoves()), JSON.stringify(moves), 'legal moves');
          if (moves.length === 0) break;
          const move = pick(moves, choice);
          // an equal copy half the time: the fast path must copy what it keeps, like apply
          const next = apply(state, move);
          p.play(choice % 2 === 0 ? move : structuredClone(move));
          same(p.status, next.status, 'status');
          same(p.moveCount, next.moveCount, 'move count');
          same(JSON.stringify(p.toState()), JSON.stringify(next), 'state');
          same(JSON.stringify(p.events), JSON.stringify(next.events), 'events');
          state = next;
        }
        expect(p.toState()).toEqual(state);
        games++;
      }),
      { numRuns: GAMES },
    );
    expect(games).toBe(GAMES);
  });

  it('lists its own moves right after changing a hand in place (a rotated hand keeps its array and length): the same moves as apply', () => {
    // nothing else lists moves in between, so a sort remembered for the live hand would be reused
    // stale (ISMCTS played MIXED_VALUES plays in duels after a rotate, through the hand-sort memo)
    fc.assert(
      fc.property(fc.constantFrom(2, 2, 3, 5), gameScript({ maxMoves: 200 }), (players, script) => {
        const start = createGame(players, script.seed); // duels twice as often: a seat plays two turns in a row
        const p = new Playout(start);
        const listed: string[] = [];
        const played: Move[] = [];
        for (const choice of script.choices) {
          const moves = p.legalMoves();
          listed.push(JSON.stringify(moves));
          if (moves.length === 0) break;
          // rotate whenever legal half the time, so the same seat (duel areas) lists again after an in-place change
          const rotate = moves.find((m) => m.type === 'rotate');
          const move = rotate && choice % 2 === 0 ? rotate : pick(moves, choice);
          played.push(move);
          p.play(move);
        }
        let state = start;
        for (let i = 0; i < played.length; i++) {
          same(listed[i], JSON.stringify(legalMoves(state)), `legal moves before move ${i}`);
          state = apply(state, played[i]!);
        }
      }),
      { numRuns: scaled(300) },
    );
  });

  it('refuses what apply refuses, with the same code, and stays unchanged (rules §5)', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 120 }), (script) => {
        let state = createGame(script.players, script.seed);
        const p = new Playout(state);
        for (const choice of script.choices) {
          if (state.status === 'gameOver') break;
          for (const bad of probes(state)) {
            const verdict = checkMove(state, bad);
            if (verdict.ok) continue;
            const before = JSON.stringify(p.toState());
            expect(() => p.play(bad)).toThrow(expect.objectContaining({ code: verdict.code }));
            expect(JSON.stringify(p.toState())).toBe(before);
          }
          const move = pick(legalMoves(state), choice);
          state = apply(state, move);
          p.play(move);
        }
        expect(p.toState()).toEqual(state);
      }),
      { numRuns: scaled(150) },
    );
  });

  it('with { events: false }: the same moves and states, no events, on many random games', () => {
    fc.assert(
      fc.property(gameScript({ maxMoves: 400 }), (script) => {
        let state = createGame(script.players, script.seed);
        const p = new Playout(state, { events: false });
        for (const choice of script.choices) {
          const moves = legalMoves(state);
          same(JSON.stringify(p.legalMoves()), JSON.stringify(moves), 'legal moves');
          if (moves.length === 0) break;
          const move = pick(moves, choice);
          state = apply(state, move);
          p.play(move);
          expect(p.events).toEqual([]);
          // every 7th move only: publishing copies the position, which the playout itself never does
          if (choice % 7 === 0)
            same(JSON.stringify({ ...p.toState(), events: state.events }), JSON.stringify(state), 'state');
        }
        expect({ ...p.toState(), events: state.events }).toEqual(state);
      }),
      { numRuns: scaled(500) },
    );
  });

  it('changes its own arrays in place, and a published state never again', () => {
    const p = new Playout(createGame(4, 'in place'), { events: false });
    const hand = p.hand(p.turn.seat);
    const before = hand.length;
    const published = p.toState();
    const text = JSON.stringify(published);
    p.play(p.legalMoves()[0]!); // a play: the mover's hand shrinks in place
    expect(p.hand(published.turn.seat)).toBe(hand);
    expect(hand.length).toBeLessThan(before);
    expect(JSON.stringify(published)).toBe(text);
    expect(p.toState()).toBe(p.toState()); // published once until the next move
  });

  it('never changes the state it starts from, nor a state it published', () => {
    const state = createGame(3, 'untouched');
    const copy = structuredClone(state);
    const p = new Playout(state);
    let published: GameState | undefined;
    let text = '';
    while (p.status !== 'gameOver') {
      p.play(p.legalMoves()[p.moveCount % p.legalMoves().length]!);
      if (p.moveCount === 20) {
        published = p.toState();
        text = JSON.stringify(published);
      }
    }
    expect(state).toEqual(copy);
    expect(JSON.stringify(published)).toBe(text);
    expect(p.winner).not.toBeNull();
  });
});
