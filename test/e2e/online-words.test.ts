/**
 * The online screens' words and the small readers behind them (apps/play/src/online/): every
 * sentence exists in English, French and Dutch with the same `{parts}`, none is left in English, and
 * the server's errors, room codes and turn deadlines are read as documented in docs/online.md.
 */
import { describe, expect, it } from 'vitest';
import { answerOfState, failureOf, Pacer, readCode, TIMING } from '../../apps/play/src/online/connection';
import { sameMove } from '../../apps/play/src/same-move';
import { reconnectDeadlineOf, turnDeadlineOf } from '../../apps/play/src/online/source';
import { fill } from '../../apps/play/src/i18n';
import { en } from '../../apps/play/src/i18n/en';
import { fr } from '../../apps/play/src/i18n/fr';
import { nl } from '../../apps/play/src/i18n/nl';
import type { WordKey } from '../../apps/play/src/online/controller';

/** The online screens' words: the `online` section of each catalogue. */
const EN = en.online;
const ONLINE_WORDS = { en: en.online, fr: fr.online, nl: nl.online };
const say = (locale: 'en' | 'fr' | 'nl', key: WordKey, params: Record<string, string | number>): string =>
  fill(ONLINE_WORDS[locale][key], params);

const parts = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
/** Sentences that may read the same in every language (names, codes, units). */
const SAME_EVERYWHERE = new Set<WordKey>([
  'namePlaceholder',
  'codePlaceholder',
  'server',
  'turnClock_seconds',
  'state_botSeat',
]);

describe('online words', () => {
  for (const locale of ['fr', 'nl'] as const) {
    it(`${locale}: every English key, the same {parts}, and translated`, () => {
      const words = ONLINE_WORDS[locale];
      expect(Object.keys(words).sort()).toEqual(Object.keys(EN).sort());
      for (const key of Object.keys(EN) as WordKey[]) {
        expect(words[key].trim(), `${locale}.${key}`).not.toBe('');
        expect(parts(words[key]), `${locale}.${key} has the parts of the English`).toEqual(parts(EN[key]));
        if (!SAME_EVERYWHERE.has(key) && EN[key].length > 8)
          expect(words[key], `${locale}.${key} is translated`).not.toBe(EN[key]);
      }
    });
  }

  it('fills the parts of a sentence', () => {
    expect(say('fr', 'turnClock', { seconds: 5, name: 'Ana' })).toBe('Encore 5 s à Ana pour jouer');
    expect(say('en', 'turnClock', { seconds: 5, name: 'Ana' })).toBe('5 s left for Ana to play');
    expect(say('nl', 'seat', {})).toBe('Plaats {n}');
  });
});

describe('reading the server', () => {
  it('tells a refusal, a missing room and a missing server apart', () => {
    expect(failureOf({ code: 4409, message: 'ROOM_FULL: every seat is taken; join as a spectator.' })).toEqual({
      kind: 'refused',
      code: 'ROOM_FULL',
      detail: 'every seat is taken; join as a spectator.',
    });
    expect(failureOf({ code: 4212, message: 'room "K7QMZD" not found' })).toEqual({ kind: 'notFound' });
    // colyseus.js in a browser: a network error has no status and no message ("Could not join: undefined" before)
    expect(failureOf({ code: undefined, message: undefined })).toEqual({ kind: 'noServer' });
    expect(failureOf({ message: 'connect ECONNREFUSED 127.0.0.1:2567' })).toEqual({ kind: 'noServer' });
    expect(failureOf(new Event('error'))).toEqual({ kind: 'noServer' });
    expect(failureOf({ code: 500, message: 'boom' })).toEqual({ kind: 'refused', code: 'OTHER', detail: 'boom' });
  });

  it('reads a room code as people type it', () => {
    expect(readCode(' k7qmzd ')).toBe('K7QMZD');
    expect(readCode('K7QMZ')).toBeNull();
    expect(readCode('K7QMZD1')).toBeNull();
    expect(readCode('K7-MZD')).toBeNull();
  });

  it("counts the turn clock down from the server's remainingMs, not its clock", () => {
    const view = {} as never;
    expect(
      turnDeadlineOf({ view, moves: [], deadline: { seat: 1, at: 1, remainingMs: 19_000 } } as never, 1_000_000),
    ).toBe(1_019_000);
    expect(turnDeadlineOf({ view, moves: [], deadline: null } as never, 5)).toBeNull();
    expect(turnDeadlineOf({ view, moves: [] } as never, 5)).toBeNull();
    expect(turnDeadlineOf({ view, moves: [], deadline: { seat: 0, at: 0, remainingMs: -50 } } as never, 5)).toBe(5);
  });

  it("counts a dropped seat's reconnection time down from the server's remainingMs, not its clock", () => {
    const seat = { seat: 1, kind: 'human', name: 'Ben', taken: true, connected: false, playedBy: 'human' } as const;
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: { at: 1, remainingMs: 12_000 } }, 1_000_000)).toBe(
      1_012_000,
    );
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: null }, 5)).toBeNull();
    expect(reconnectDeadlineOf(seat as never, 5)).toBeNull(); // an older server sends none
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: { at: 0, remainingMs: -50 } }, 5)).toBe(5);
  });

  it('paces as the documented client: 150 ms between messages, doubled after each drop the server shows, up to 1 s', () => {
    const p = new Pacer();
    expect(p.waitMs(0)).toBe(0);
    p.sent(1000);
    expect(p.waitMs(1000)).toBe(TIMING.minGapMs);
    expect(p.waitMs(1100)).toBe(50);
    expect(p.waitMs(1150)).toBe(0);
    const gaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      p.slowDown();
      gaps.push(p.gapMs);
    }
    expect(gaps).toEqual([300, 600, 1000, 1000, 1000]);
    expect(p.waitMs(1500)).toBe(500);
  });

  it('tells from the next state whether the move in flight landed, or another one came first', () => {
    const play = { type: 'play', cards: [4, 9] } as const;
    const state = (moveCount: number, lastMove: unknown) =>
      ({ view: { moveCount, lastMove }, moves: [], deadline: null }) as never;
    expect(sameMove(play, { type: 'play', cards: [9, 4] })).toBe(true);
    expect(sameMove(play, { type: 'play', cards: [9] })).toBe(false);
    expect(
      sameMove(
        { type: 'add', card: 3, target: { seat: 1, area: 0 } },
        { type: 'add', card: 3, target: { seat: 1, area: 1 } },
      ),
    ).toBe(false);
    expect(sameMove({ type: 'rotate' }, { type: 'rotate' })).toBe(true);
    const p = { move: play, moveCount: 7 };
    expect(answerOfState(p, state(7, null))).toBeUndefined(); // not yet
    expect(answerOfState(p, state(8, { type: 'play', cards: [9, 4] }))).toBeNull(); // landed
    // the turn clock played another move for this seat first: refused, so the page can say why
    expect(answerOfState(p, state(8, { type: 'rotate' }))).toMatchObject({ code: 'STALE_MOVE', type: 'move' });
    // several moves on (a rejoin): this page cannot tell, and a resend would come back STALE_MOVE
    expect(answerOfState(p, state(10, { type: 'rotate' }))).toBeNull();
    // a deal someone else made first is as good as one's own
    expect(answerOfState({ move: { type: 'nextRound' }, moveCount: 7 }, state(8, { type: 'nextRound' }))).toBeNull();
  });
});
