/**
 * The online screens' words and the small readers behind them (docs/playground/src/online/): every
 * sentence exists in English, French and Dutch with the same `{parts}`, none is left in English, and
 * the server's errors, room codes and turn deadlines are read as documented in docs/online.md.
 */
import { describe, expect, it } from 'vitest';
import { failureOf, readCode } from '../../docs/playground/src/online/connection';
import { reconnectDeadlineOf, turnDeadlineOf } from '../../docs/playground/src/online/source';
import { EN, ONLINE_WORDS, say, type WordKey } from '../../docs/playground/src/online/words';

const parts = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
/** Sentences that may read the same in every language (names, codes, units). */
const SAME_EVERYWHERE = new Set<WordKey>(['namePlaceholder', 'codePlaceholder', 'server', 'turnClock_seconds', 'state_botSeat']);

describe('online words', () => {
  for (const locale of ['fr', 'nl'] as const) {
    it(`${locale}: every English key, the same {parts}, and translated`, () => {
      const words = ONLINE_WORDS[locale];
      expect(Object.keys(words).sort()).toEqual(Object.keys(EN).sort());
      for (const key of Object.keys(EN) as WordKey[]) {
        expect(words[key].trim(), `${locale}.${key}`).not.toBe('');
        expect(parts(words[key]), `${locale}.${key} has the parts of the English`).toEqual(parts(EN[key]));
        if (!SAME_EVERYWHERE.has(key) && EN[key].length > 8) expect(words[key], `${locale}.${key} is translated`).not.toBe(EN[key]);
      }
    });
  }

  it('fills the parts of a sentence', () => {
    expect(say('fr', 'noServer', { server: 'ws://h:1' })).toBe('Aucun serveur dnup ne répond à ws://h:1 ; lancez-en un avec npm run server.');
    expect(say('en', 'noServer', { server: 'ws://h:1' })).toBe('No dnup server answers at ws://h:1; start one with npm run server.');
    expect(say('nl', 'seat', {})).toBe('Plaats {n}');
  });
});

describe('reading the server', () => {
  it('tells a refusal, a missing room and a missing server apart', () => {
    expect(failureOf({ code: 4409, message: 'ROOM_FULL: every seat is taken; join as a spectator.' })).toEqual({ kind: 'refused', code: 'ROOM_FULL', detail: 'every seat is taken; join as a spectator.' });
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
    expect(turnDeadlineOf({ view, moves: [], deadline: { seat: 1, at: 1, remainingMs: 19_000 } } as never, 1_000_000)).toBe(1_019_000);
    expect(turnDeadlineOf({ view, moves: [], deadline: null } as never, 5)).toBeNull();
    expect(turnDeadlineOf({ view, moves: [] } as never, 5)).toBeNull();
    expect(turnDeadlineOf({ view, moves: [], deadline: { seat: 0, at: 0, remainingMs: -50 } } as never, 5)).toBe(5);
  });

  it("counts a dropped seat's reconnection time down from the server's remainingMs, not its clock", () => {
    const seat = { seat: 1, kind: 'human', name: 'Ben', taken: true, connected: false, playedBy: 'human' } as const;
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: { at: 1, remainingMs: 12_000 } }, 1_000_000)).toBe(1_012_000);
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: null }, 5)).toBeNull();
    expect(reconnectDeadlineOf(seat as never, 5)).toBeNull(); // an older server sends none
    expect(reconnectDeadlineOf({ ...seat, reconnectDeadline: { at: 0, remainingMs: -50 } }, 5)).toBe(5);
  });
});
