/**
 * One rule citation per message. Every sentence of every error code in every locale cites its rule
 * at most once; the refusals of real moves cite exactly once; a position problem keeps its rule
 * in `rule` and out of its message, so whoever prints both (the command line) cites it once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkMove,
  createGame,
  errorSentence,
  legalMoves,
  LOCALES,
  localizeError,
  validatePosition,
  type ErrorKind,
  type ErrorParams,
  type GameState,
  type Move,
} from '../../src/index.js';
import { CODES_OF_KIND } from '../helpers/error-codes.js';

const KINDS: Record<ErrorKind, readonly string[]> = CODES_OF_KIND;

/** "(rules §5 A)", "(règles §5 A)", "(regels §5 A)", "rules §2, §3.1": one citation each. */
const CITATION = /\b(rules|règles|regels) §/g;
const citations = (text: string): number => [...text.matchAll(CITATION)].length;

const SAMPLES: ErrorParams[] = [
  {},
  {
    rule: '§5 A',
    card: 17,
    cards: [3, 17],
    value: 6,
    values: [9, 1],
    tableValue: 7,
    size: 2,
    seat: 1,
    turnSeat: 2,
    area: 0,
    action: 'B',
    players: 3,
    count: 2,
    input: '"P 99"',
    path: 'hands[1][0]',
    name: '"x"',
    allowed: ['a', 'b'],
    moveNumber: 4,
  },
];

describe('one rule citation per message', () => {
  it('every error code of every kind cites its rule at most once, in every locale, and every locale cites as English does', () => {
    const twice: string[] = [];
    const uneven: string[] = [];
    for (const [kind, codes] of Object.entries(KINDS) as [ErrorKind, readonly string[]][]) {
      for (const code of codes) {
        for (const params of SAMPLES) {
          const english = citations(errorSentence(kind, code as never, params, 'en'));
          for (const locale of LOCALES) {
            const text = errorSentence(kind, code as never, params, locale);
            if (citations(text) > 1) twice.push(`${kind}.${code} (${locale}): ${text}`);
            if (citations(text) !== english) uneven.push(`${kind}.${code} (${locale}): ${text}`);
          }
        }
      }
    }
    expect(twice).toEqual([]);
    expect(uneven).toEqual([]);
  });

  it('the refusals of real moves cite their rule exactly once, in the verdict and the error, in every locale', () => {
    let state: GameState = createGame(['Ana', 'Ben', 'Cy'], 'one citation');
    let checked = 0;
    for (let step = 0; step < 60 && state.status === 'playing'; step++) {
      const other = state.hands[(state.turn.seat + 1) % 3]![0];
      const mine = state.hands[state.turn.seat]!;
      const bad: Move[] = [
        { type: 'play', cards: [] },
        ...(other ? [{ type: 'play', cards: [other.id] } as Move] : []),
        ...(mine.length > 1 && mine[0]!.active !== mine[1]!.active
          ? [{ type: 'play', cards: [mine[0]!.id, mine[1]!.id] } as Move]
          : []),
        { type: 'take', target: { seat: state.turn.seat, area: 0 } },
        { type: 'nextRound' },
      ];
      for (const move of bad) {
        const verdict = checkMove(state, move);
        if (verdict.ok) continue;
        checked++;
        expect(citations(verdict.message), verdict.message).toBe(1);
        try {
          apply(state, move);
        } catch (e) {
          for (const locale of LOCALES)
            expect(citations(localizeError(e as never, locale)), `${verdict.code} in ${locale}`).toBe(1);
        }
      }
      state = apply(state, legalMoves(state)[step % legalMoves(state).length]!);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a position problem carries its rule in `rule`, not in its message', () => {
    const broken = JSON.parse(
      readFileSync(new URL('../fixtures/records/position-broken.json', import.meta.url), 'utf8'),
    ) as unknown;
    const problems = validatePosition(broken);
    expect(problems.length).toBeGreaterThan(5);
    for (const p of problems) {
      expect(p.rule, p.code).toMatch(/^§\d/);
      expect(citations(p.message), p.message).toBe(0);
    }
  });
});
