/**
 * A dnup client that behaves well online (docs/online.md, "Writing a client"): it paces its
 * messages under the rate limit, resends a move the server may have dropped (the move count
 * makes a resend safe: a move already applied comes back STALE_MOVE, never twice), chooses again
 * after STALE_MOVE, and handles every close code: it comes back with its seat token after a
 * dropped connection, a server restart or a failover (4503), and it stops, without reconnecting,
 * after a close that reconnecting cannot fix (4000, 1009, 4002, 4400, 4429) or a refused join.
 * The server's tests run it against a live server (server/test/online-client.test.ts).
 */
import { Client, type Room } from 'colyseus.js';
import type { Move } from 'dnup';
import {
  DeckKeeper,
  type CreateOptions,
  type GameOverMessage,
  type RefusedMessage,
  type StateMessage,
  type WelcomeMessage,
  type WireStateMessage,
} from '../src/protocol.js';

export interface OnlineClientOptions {
  /** The server, e.g. `ws://127.0.0.1:2567`. */
  readonly url: string;
  /** Join this room; without it, create one with `create`. */
  readonly code?: string;
  readonly create?: CreateOptions;
  readonly name?: string;
  /** A seat token from an earlier `welcome`: take that seat back. */
  readonly seatToken?: string;
  /** Picks one of `state.moves` (never called with an empty list). */
  readonly choose: (state: StateMessage) => Move;
  /**
   * Least time between two messages, in ms (default 150: under the default 10 a second). It
   * doubles (up to 1 s) each time the server shows it dropped a message (`RATE_LIMITED`, or a
   * move resent for want of an answer), so a client paced too fast for the server slows down
   * before it is closed with 4429.
   */
  readonly minGapMs?: number;
  /** Resend a move when no new view came this long after sending it, in ms (default 2000). */
  readonly resendAfterMs?: number;
  /** Give up when no connection worked for this long, in ms (default 60 000). */
  readonly giveUpAfterMs?: number;
  /** Every step, for a log or a test. */
  readonly onEvent?: (event: string) => void;
}

export type Outcome =
  | { readonly kind: 'over'; readonly gameOver: GameOverMessage; readonly code: string; readonly seat: number | null }
  | { readonly kind: 'stopped'; readonly why: string; readonly closeCode: number | null };

/** Closes after which reconnecting would not help: stop and tell the person. */
const FINAL_CLOSES: Readonly<Record<number, string>> = {
  4000: 'you left, or another connection took your seat back',
  1009: 'a message was too big (a client bug)',
  4002: 'a message could not be read (a client bug)',
  4400: 'too many malformed messages (a client bug)',
  4429: 'too many messages (the client does not pace itself)',
};
/** The widest gap between two messages after the server dropped some (one a second is under any sane limit). */
const MAX_GAP_MS = 1000;
/** Join refusals after which trying again would not help (the others, such as 4212 "not found" during a failover, are retried). */
const FINAL_JOIN_ERRORS = new Set([4400, 4403, 4409]);

/** Plays one seat until the game is over or nothing more can be done. */
export async function playOnline(o: OnlineClientOptions): Promise<Outcome> {
  const client = new Client(o.url);
  const log = o.onEvent ?? (() => {});
  let minGap = o.minGapMs ?? 150;
  /** The server dropped a message of ours: more room between the next ones. */
  const slowDown = (): void => {
    const wider = Math.min(Math.max(minGap * 2, 1), MAX_GAP_MS);
    if (wider !== minGap) log(`gap ${wider}`);
    minGap = wider;
  };
  let code = o.code ?? null;
  let token = o.seatToken ?? null;
  let seat: number | null = null;
  let latest: StateMessage | null = null;
  let sent: { move: Move; moveCount: number; at: number } | null = null;
  let lastSendAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  return new Promise<Outcome>((finish) => {
    let done = false;
    const end = (outcome: Outcome): void => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      log(`end ${outcome.kind}${outcome.kind === 'stopped' ? `: ${outcome.why}` : ''}`);
      finish(outcome);
    };

    /** Sends our move for the latest view, paced, and checks later that it landed. */
    const act = (): void => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (done || !latest || latest.moves.length === 0 || !room) return;
      const now = Date.now();
      const wait = lastSendAt + minGap - now;
      if (wait > 0) {
        timer = setTimeout(act, wait);
        return;
      }
      const count = latest.view.moveCount;
      // the same move again when resending at the same count; a fresh choice at a new one
      const move = sent && sent.moveCount === count ? sent.move : o.choose(latest);
      if (sent && sent.moveCount === count) {
        log(`resend at ${count}`);
        slowDown();
      }
      sent = { move, moveCount: count, at: now };
      lastSendAt = now;
      room.send('move', { move, moveCount: count });
      timer = setTimeout(act, o.resendAfterMs ?? 2000);
    };

    let room: Room | null = null;
    // the deck comes once per connection (deckOnce): kept here, put back into every view
    const deck = new DeckKeeper();
    const listen = (r: Room): void => {
      room = r;
      r.onMessage('welcome', (w: WelcomeMessage) => {
        code = w.code;
        seat = w.seat;
        log(`welcome ${w.code} seat ${w.seat}`);
        if (w.seatToken) token = w.seatToken; // null when we came back through a reconnection: keep ours
      });
      r.onMessage('lobby', () => {});
      r.onMessage('state', (s: WireStateMessage) => {
        latest = deck.complete(s);
        act();
      });
      r.onMessage('refused', (x: RefusedMessage) => {
        log(`refused ${x.code}`);
        // RATE_LIMITED: dropped, resend after a pause. STALE_MOVE: a newer view is here or on its
        // way (at a round's end another seat dealt first): choose from it. Anything else is a bug
        // of ours; a new view lets us choose again, and we do not repeat that move in a loop.
        if (x.code === 'RATE_LIMITED') slowDown();
        if (x.code === 'RATE_LIMITED' && timer) {
          clearTimeout(timer);
          timer = setTimeout(act, 1000);
        } else if (x.code !== 'RATE_LIMITED' && x.code !== 'STALE_MOVE') sent = null;
      });
      r.onMessage('gameOver', (g: GameOverMessage) => {
        end({ kind: 'over', gameOver: g, code: code!, seat });
        void r.leave();
      });
      r.onLeave((closeCode) => {
        if (done || room !== r) return;
        room = null;
        log(`closed ${closeCode}`);
        const final = FINAL_CLOSES[closeCode];
        if (final) return end({ kind: 'stopped', why: final, closeCode });
        // 4503 (restart, failover) and dropped connections: back to the seat with the token
        void comeBack(closeCode === 4503 ? null : r.reconnectionToken);
      });
    };

    /** Reconnection token first (a dropped connection, same process), then the seat token, with backoff. */
    const comeBack = async (reconnectionToken: string | null): Promise<void> => {
      const deadline = Date.now() + (o.giveUpAfterMs ?? 60_000);
      let pause = 250;
      if (reconnectionToken) {
        try {
          log('reconnect');
          return listen(await client.reconnect(reconnectionToken));
        } catch {
          // the room is gone from this process, or our time ran out: the seat token still works
        }
      }
      for (;;) {
        try {
          log('rejoin');
          return listen(await client.joinById(code!, { seatToken: token!, deckOnce: true }));
        } catch (e) {
          const c = (e as { code?: number }).code ?? 0;
          if (FINAL_JOIN_ERRORS.has(c))
            return end({ kind: 'stopped', why: `join refused: ${(e as Error).message}`, closeCode: null });
          if (Date.now() + pause > deadline)
            return end({ kind: 'stopped', why: `no server took us back: ${(e as Error).message}`, closeCode: null });
          await new Promise((r) => setTimeout(r, pause));
          pause = Math.min(pause * 2, 4000);
        }
      }
    };

    const first = code
      ? client.joinById(code, token ? { seatToken: token, deckOnce: true } : { name: o.name ?? '', deckOnce: true })
      : client.create('dnup', {
          seats: ['human', 'greedy'],
          ...o.create,
          name: o.create?.name ?? o.name ?? '',
          deckOnce: true,
        });
    log('join');
    first.then(listen, (e: Error & { code?: number }) =>
      end({ kind: 'stopped', why: `join refused: ${e.message}`, closeCode: null }),
    );
  });
}
