/**
 * The settings every dnup room of this process reads (one server per process: Colyseus'
 * matchmaker is a singleton), set once by `startServer`.
 */
import type { GameStore } from './store.js';

/** Server-wide settings of every dnup room. */
export interface RoomSettings {
  readonly store: GameStore;
  /** Seconds a dropped player keeps the seat before a bot plays it (default 30). */
  readonly reconnectSeconds: number;
  /** Pause before a bot moves, in ms, so people can follow (default 400). */
  readonly botDelayMs: number;
  /** Pause at a round's end before the server deals the next round if nobody did (default 3000). */
  readonly roundPauseMs: number;
  /** Monte-Carlo playouts per bot move (default 100). */
  readonly montecarloPlayouts: number;
  /** Messages a client may send per second, and in one burst (defaults 10 and 20). */
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  /** A finished room with nobody left, or an idle one, closes after this many seconds (default 600). */
  readonly idleSeconds: number;
  /** Log lines about one client's refused messages and frames, at most (default 10; then one line saying so). */
  readonly logLinesPerClient: number;
  /** Called for every room problem worth a log line (default: console.error). */
  readonly log: (line: string) => void;
  /** Called for each refused message or frame, one line (default: console.log). */
  readonly logRefusal: (line: string) => void;
}

const DEFAULTS: RoomSettings = {
  store: undefined as unknown as GameStore,
  reconnectSeconds: 30,
  botDelayMs: 400,
  roundPauseMs: 3000,
  montecarloPlayouts: 100,
  ratePerSecond: 10,
  rateBurst: 20,
  idleSeconds: 600,
  logLinesPerClient: 10,
  log: (line) => console.error(line),
  logRefusal: (line) => console.log(line),
};

let current: RoomSettings = DEFAULTS;

/** Sets the settings of rooms created from now on. */
export function configureRooms(s: Partial<RoomSettings> & { store: GameStore }): RoomSettings {
  current = { ...DEFAULTS, ...s };
  return current;
}

/** The settings rooms created now get. */
export function roomSettings(): RoomSettings {
  return current;
}
