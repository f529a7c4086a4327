/**
 * The replay {@link GameSource}: a loaded record (replays.ts) stepped through on the same board
 * as offline, online and spectated games. It takes no moves; its `steps` let the board move to
 * any position (first, back, forward, last, arrow keys). A full record shows every hand face up
 * (the seed is known); a player's record shows only that player's hand, as the player saw it.
 */
import type { Replay } from '../replays';
import type { BoardView, GameSource, SeatStatus, SourceSnapshot, SubmitResult } from './source';

/** The view of a frame as the board draws it: a full record's is the public view, a player's record that seat's. */
const boardView = (r: Replay, index: number): BoardView => r.frames[index]!.view;

/** A replay as a source, opened at position `at` (the record's `start` unless given). */
export function replaySource(r: Replay, at = r.start): GameSource {
  let index = Math.max(0, Math.min(at, r.frames.length - 1));
  const listeners = new Set<(s: SourceSnapshot) => void>();
  const seats: SeatStatus[] = r.players.map((name) => ({ name, kind: 'person', connection: { state: 'connected' } }));
  const snapshot = (): SourceSnapshot => ({
    view: boardView(r, index),
    seats,
    turnDeadline: null,
    over: null,
    hands: r.frames[index]!.hands,
  });
  let last = snapshot();
  const lastIndex = r.frames.length - 1;
  return {
    viewer: r.kind === 'player' ? r.viewer : null,
    commitment: null,
    current: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit: (): Promise<SubmitResult> =>
      Promise.resolve({ ok: false, code: 'REPLAY', message: 'A replay takes no moves.' }),
    steps: {
      position: () => index,
      last: () => lastIndex,
      go(to) {
        const next = Math.max(0, Math.min(to, lastIndex));
        if (next === index) return;
        index = next;
        last = snapshot();
        for (const l of listeners) l(last);
      },
      history: () => r.frames.slice(0, index + 1).map((_, i) => boardView(r, i)),
    },
    close() {
      listeners.clear();
    },
  };
}
