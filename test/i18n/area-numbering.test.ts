/**
 * One area numbering in every text for people (`dnup check` once printed "Ana area 0" beside
 * "Ana to play (area 1)"). The duel's play areas are "area 1" and "area 2", as in the rulebook
 * (docs/rules.md §1, §6), in English, French and Dutch alike, beside the players' names; the data
 * (`AreaRef.area`, the move notation, the position text, an error sentence told without the
 * players' names) counts from 0 (one-numbering.test.ts). Checked over whole duels, every state.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  describeEvent,
  errorSentence,
  fromPosition,
  legalMoves,
  LOCALES,
  renderPosition,
  validatePosition,
  type GameState,
  type Locale,
} from '../../src/index.js';

const AREA: Record<Locale, string> = { en: 'area', fr: 'zone', nl: 'speelgebied' };
/** "area 0", "zone de jeu 0", "speelgebied 0": a count from 0 shown to people. */
const FROM_ZERO = /\b(area|zone(?: de jeu)?|speelgebied) 0\b/;

function duels(): GameState[] {
  const states: GameState[] = [];
  for (const seed of ['areas 1', 'areas 2', 'areas 3']) {
    let state = createGame(['Ana', 'Ben'], seed);
    let pick = seed.length * 7919;
    while (state.status !== 'gameOver' && state.moveCount < 400) {
      states.push(state);
      const moves = legalMoves(state);
      pick = (pick * 1103515245 + 12345) % 2147483648;
      state = apply(state, moves[pick % 10 < 7 ? 0 : pick % moves.length]!);
    }
    states.push(state);
  }
  return states;
}
const STATES = duels();

describe('areas are numbered 1 and 2 in every sentence, as in the rulebook', () => {
  it("renderPosition names the area to play and each set's area from 1, in every locale, over whole duels", () => {
    let sets = 0;
    for (const state of STATES) {
      for (const locale of LOCALES) {
        const picture = renderPosition(state, locale);
        expect(picture, picture).not.toMatch(FROM_ZERO);
        if (state.status === 'playing')
          expect(picture.split('\n')[0]).toContain(`${AREA[locale]} ${state.turn.area + 1})`);
        for (const set of state.table) {
          sets++;
          expect(picture).toMatch(new RegExp(`${state.players[set.seat]} ${AREA[locale]} ${set.area + 1} ?:`));
        }
      }
    }
    expect(sets).toBeGreaterThan(100);
  });

  it('the turn events say which area plays from 1', () => {
    let turns = 0;
    for (const state of STATES) {
      for (const e of state.events) {
        if (e.type !== 'turnStarted') continue;
        turns++;
        expect(describeEvent(e, state.players)).toBe(`${state.players[e.seat]} to play (area ${e.area + 1}).`);
      }
    }
    expect(turns).toBeGreaterThan(50);
  });

  it('error sentences told to players, with their names, count areas from 1 in every locale', () => {
    const players = ['Ana', 'Ben'];
    for (const locale of LOCALES) {
      const told = { locale, players };
      expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', { seat: 1, area: 0 }, told)).toMatch(
        new RegExp(`${AREA[locale]}(?: de jeu)? 1 `),
      );
      expect(errorSentence('IllegalMoveError', 'NO_SET_THERE', { seat: 1, area: 1 }, told)).toMatch(
        new RegExp(`${AREA[locale]}(?: de jeu)? 2 `),
      );
      expect(errorSentence('IllegalMoveError', 'NO_SUCH_AREA', { seat: 1, area: 2 }, told)).toMatch(
        new RegExp(`${AREA[locale]}(?: de jeu)? 3 `),
      );
    }
    // Ben's area 2 (index 1) is empty at the start of a duel
    const state = createGame(['Ana', 'Ben'], 'areas 1');
    const verdict = checkMove(state, { type: 'take', target: { seat: 1 - state.turn.seat, area: 1 } });
    const beyond = checkMove(state, { type: 'take', target: { seat: 1 - state.turn.seat, area: 2 } });
    expect(verdict.ok || beyond.ok).toBe(false);
    const told = (v: typeof verdict) =>
      v.ok ? '' : errorSentence('IllegalMoveError', v.code, { ...v.params, rule: v.rule }, { players: state.players });
    expect(told(verdict)).toMatch(/play area 2 /);
    expect(told(beyond)).toMatch(/play area 3 /);
  });

  it('position problems that name a player count areas from 1 too', () => {
    const state = createGame(['Ana', 'Ben'], 'areas 1');
    const seat = state.turn.seat;
    const card = state.hands[seat]![0]!;
    const hands = state.hands.map((h, i) => (i === seat ? h.slice(1) : h));
    const problems = validatePosition({
      players: ['Ana', 'Ben'],
      hands,
      table: [{ seat, area: 2, value: card.active, cards: [card.id] }],
      turn: { seat: state.turn.seat, area: state.turn.area },
    });
    // its wording, one numbering per sentence, is checked in one-numbering.test.ts
    expect(problems.map((p) => p.code)).toContain('NO_SUCH_AREA');
    expect(() =>
      fromPosition({
        players: ['Ana', 'Ben'],
        hands,
        table: [{ seat, area: 1, value: card.active, cards: [card.id] }],
        turn: { seat, area: 1 },
      }),
    ).toThrow(/area 2 is still on the table/);
  });
});
