/**
 * The offline {@link GameSource}: the local engine (engine.ts, which alone keeps the full state
 * and the seed) with the built-in bots. The board gets the human seat's player view after every
 * move, as it would from a server.
 */
import type { GameRecord, Move } from 'dnup';
import { startMatch, type MatchConfig, type Match } from '../engine';
import { refusalOf, type GameSource, type SeatStatus, type SourceSnapshot, type SubmitResult } from './source';

export interface OfflineOptions {
  /** Milliseconds a bot waits before moving, so people can follow (read before every bot move). */
  readonly botDelay: () => number;
  /** The moves of a game kept on the device, played again before the board draws. */
  readonly resume?: readonly Move[];
  /** Called after every move with the moves so far, and the winner's seat once the game is over. */
  readonly onMove?: (moves: readonly Move[], winner: number | null, record: GameRecord | null) => void;
}

/** A game against bots in this page; `commitment` is the SHA-256 of the seed (fairness.ts). */
export function offlineSource(config: MatchConfig, commitment: string | null, options: OfflineOptions): GameSource {
  const match: Match = startMatch(config, commitment, options.resume);
  const listeners = new Set<(s: SourceSnapshot) => void>();
  const seats: SeatStatus[] = config.seats.map((kind, i) =>
    kind === 'human'
      ? { name: match.view().players[i]!, kind: 'person', connection: { state: 'connected' } }
      : { name: match.view().players[i]!, kind: 'bot', botKind: kind, connection: { state: 'connected' } },
  );
  let stopped = false;
  let botsRunning = false;

  const snapshot = (): SourceSnapshot => {
    const seed = match.revealedSeed();
    return {
      view: match.view(),
      seats,
      turnDeadline: null,
      over: seed === null ? null : { record: match.recordToShare() as GameRecord, seed, reason: 'won' },
    };
  };
  let last = snapshot();
  const publish = (): void => {
    last = snapshot();
    for (const l of listeners) l(last);
    options.onMove?.(match.moves(), match.winner(), last.over?.record ?? null);
  };

  async function runBots(): Promise<void> {
    if (botsRunning) return;
    botsRunning = true;
    try {
      while (!stopped && match.botToMove()) {
        await new Promise((resolve) => setTimeout(resolve, options.botDelay()));
        if (stopped) return;
        await match.stepBot();
        if (stopped) return;
        publish();
      }
    } finally {
      botsRunning = false;
    }
  }

  // the first bot moves start once the board had the chance to subscribe and draw the deal
  setTimeout(() => void runBots(), 0);

  return {
    viewer: match.humanSeat,
    commitment,
    current: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit(move): Promise<SubmitResult> {
      const verdict = match.check(move);
      if (!verdict.ok) return Promise.resolve(refusalOf(verdict));
      match.play(move);
      publish();
      void runBots();
      return Promise.resolve({ ok: true });
    },
    recordToShare: () => match.recordToShare(),
    close() {
      stopped = true;
      listeners.clear();
    },
  };
}
