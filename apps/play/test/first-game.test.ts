/**
 * The guided first game's script (src/guide/first-game.ts): a position the rules
 * allow, each scripted move legal where it is played, and each lesson doing what its sentence says.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalMoves, validatePosition, type GameState, type Move } from 'dnup';
import { FIRST_GAME_SCRIPT, firstGameStart } from '../src/guide/first-game';
import { sameMove } from '../src/same-move';

const holds = (s: GameState, seat: number): string[] => s.hands[seat]!.map((c) => `${c.id}:${c.active}`);

describe('the guided first game', () => {
  it('starts from a position the rules allow: a duel, the person to play area 1 (area 0)', () => {
    const start = firstGameStart('Ada', 'Teacher');
    expect(validatePosition(start)).toEqual([]);
    expect(start.players).toEqual(['Ada', 'Teacher']);
    expect(start.turn).toMatchObject({ seat: 0, area: 0 });
  });

  it('plays every scripted move where it is legal, the person and the Teacher in turn', () => {
    let s = firstGameStart('Ada', 'Teacher');
    for (const step of FIRST_GAME_SCRIPT) {
      expect(s.turn.seat, JSON.stringify(step.move)).toBe(step.by === 'you' ? 0 : 1);
      expect(
        legalMoves(s).some((m) => sameMove(m, step.move)),
        JSON.stringify(step.move),
      ).toBe(true);
      s = apply(s, step.move);
    }
    expect(s.status).toBe('playing');
    expect(s.turn.seat).toBe(1); // the Teacher then plays on as the greedy bot
  });

  it('each lesson does what its sentence says', () => {
    let s = firstGameStart('Ada', 'Teacher');
    const after: Record<string, GameState> = {};
    for (const step of FIRST_GAME_SCRIPT) {
      s = apply(s, step.move);
      if (step.by === 'you') after[step.lesson] = s;
    }
    // play: two 3s in area 1 (area 0)
    expect(after.play!.table).toContainEqual({ seat: 0, area: 0, value: 3, cards: [15, 17] });
    // add: the two 8s beat the person's own two 3s, back in hand rotated as a 4 and a 6
    expect(after.add!.events).toContainEqual(expect.objectContaining({ type: 'setBeaten', seat: 0, fate: 'returned' }));
    expect(holds(after.add!, 0)).toEqual(expect.arrayContaining(['15:4', '17:6']));
    // take: the Teacher's two 5s come to the hand rotated (5·6 and 5·9)
    expect(holds(after.take!, 0)).toEqual(expect.arrayContaining(['27:6', '30:9']));
    // rotate: every card of the hand turned over
    const before = after.take!.hands[0]!;
    expect(after.rotate!.hands[0]!.every((c) => before.some((b) => b.id === c.id && b.active !== c.active))).toBe(true);
  });

  it('compares moves as moves: a play in another card order is the same play', () => {
    const play: Move = { type: 'play', cards: [15, 17] };
    expect(sameMove(play, { type: 'play', cards: [17, 15] })).toBe(true);
    expect(sameMove(play, { type: 'play', cards: [15] })).toBe(false);
    expect(
      sameMove({ type: 'take', target: { seat: 1, area: 1 } }, { type: 'take', target: { seat: 1, area: 0 } }),
    ).toBe(false);
    expect(sameMove({ type: 'rotate' }, { type: 'rotate' })).toBe(true);
  });
});
