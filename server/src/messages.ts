/**
 * Messages from clients, before the game sees them: reading a frame (so a frame that is not
 * MessagePack is one log line and a 4002 close, never a stack trace), the per-client state
 * (seat, rate limit, counts), and the log of refusals: one line per refused message or frame
 * (code, room, client), at most `logLinesPerClient` lines per client, then one line saying so.
 */
import { unpack } from '@colyseus/msgpackr';
import { decode } from '@colyseus/schema';
import { newRateState, type RateState } from './rate-limit.js';

/** What a room keeps about each connection. */
export interface ClientData {
  /** The seat the connection holds (kept by the game host through its transport); null for a spectator. */
  seat: number | null;
  rate: RateState;
  /** Malformed or unknown messages so far (past 5 × burst: closed with 4400). */
  malformed: number;
  /** Log lines written about this client. */
  logged: number;
}

export function newClientData(burst: number, now: number): ClientData {
  return { seat: null, rate: newRateState(burst, now), malformed: 0, logged: 0 };
}

/** Colyseus' ROOM_DATA frame: a message type, then a MessagePack payload. */
const ROOM_DATA = 13;

/** A room message read from a frame: its type and payload. */
export type Frame =
  | { readonly ok: true; readonly type: string | number; readonly message: unknown }
  | { readonly ok: false; readonly why: string };

/** Reads a ROOM_DATA frame as Colyseus does, without throwing. */
export function readFrame(buffer: Uint8Array): Frame {
  try {
    const it = { offset: 1 };
    const type = decode.stringCheck(buffer as Buffer, it)
      ? decode.string(buffer as Buffer, it)
      : decode.number(buffer as Buffer, it);
    if (typeof type === 'number' && !Number.isFinite(type)) return { ok: false, why: 'no message type' };
    const message: unknown =
      buffer.byteLength > it.offset ? unpack(buffer.subarray(it.offset, buffer.byteLength)) : undefined;
    return { ok: true, type, message };
  } catch (e) {
    return {
      ok: false,
      why: `not MessagePack (${String((e as Error)?.message ?? e)
        .split('\n')[0]!
        .slice(0, 80)})`,
    };
  }
}

export function isRoomData(buffer: Uint8Array): boolean {
  return buffer[0] === ROOM_DATA;
}

/** Where refusal lines go, and how many per client. */
export interface RefusalSink {
  readonly logRefusal: (line: string) => void;
  readonly logLinesPerClient: number;
}

/**
 * One line about a refused message or frame: `refused <CODE> room=<code> client=<session>
 * type=<type>`, then a short reason. Control characters and length are bounded (the type comes
 * from the client).
 */
export function logRefusal(
  sink: RefusalSink,
  data: { logged: number } | undefined,
  code: string,
  room: string,
  client: string,
  type: string,
  why = '',
): void {
  const n = data ? data.logged++ : 0;
  if (n > sink.logLinesPerClient) return;
  // eslint-disable-next-line no-control-regex
  const clean = (x: string): string => JSON.stringify(x.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 40));
  if (n === sink.logLinesPerClient)
    sink.logRefusal(
      `refused room=${room} client=${client}: ${n} refusals logged for this client; no more lines for it`,
    );
  else
    sink.logRefusal(`refused ${code} room=${room} client=${client} type=${clean(type)}${why ? ` ${clean(why)}` : ''}`);
}
