/**
 * A worker's heartbeat: shared memory it writes at each decision and move, which the main thread
 * reads to stop a decision past the limit from outside, and to rebuild the game it stopped.
 */
import { apply, createGame, type GameState, type Move } from '../core/index.js';
import type { BotFailure, RefereeHooks } from '../bots/bot.js';

/**
 * A decision the main thread saw fail from outside: it ran past the limit (and its worker was
 * stopped), or its worker thread died under it (a bot's stray error, `process.exit`…). What the
 * worker had written to shared memory is all that is left of the game.
 */
export interface HungDecision {
  readonly seat: number;
  readonly kind: 'time' | 'error';
  readonly message: string;
  readonly error: BotFailure | null;
  readonly elapsedMs: number;
  /** The moves played before, or null when they did not fit the shared buffer. */
  readonly moves: readonly Move[] | null;
  /** Per seat: decisions taken, their total time and the longest, in milliseconds. */
  readonly stats: readonly { readonly decisions: number; readonly ms: number; readonly max: number }[];
}

/** The state a hung game had reached: its moves played again from its seed (they are legal: the worker judged them). */
export function replayHung(names: readonly string[], seed: string, moves: readonly Move[] | null): GameState {
  let state = createGame(names, seed);
  for (const move of moves ?? []) state = apply(state, move);
  return state;
}

// The heartbeat: shared memory a worker writes at each decision and move, read by the main thread.
// Int32 header, then Float64 (the running decision's start, then decisions, ms and max per seat),
// then the moves played in the current game, encoded as Int32s.
const HB_STATE = 0; // 1 while a decision runs
const HB_JOB = 1; // the job being played, -1 for none
const HB_SEAT = 2; // the seat deciding, or the last that decided in this game; -1 before any
const HB_LENGTH = 3; // Int32s of the move stream in use
const HB_OVERFLOW = 4; // 1 when the moves did not fit
const HB_INTS = 8;
const HB_FLOATS = 1 + 3 * 5;
const HB_STREAM_BYTE = HB_INTS * 4 + HB_FLOATS * 8;
/** The longest move stream one worker keeps, in Int32s (4 MiB). */
const HB_MAX_STREAM = 1 << 20;
const MOVE_CODES = ['play', 'add', 'take', 'rotate', 'nextRound'] as const;

const clockNow = (): number => performance.timeOrigin + performance.now();

/** One worker's heartbeat, seen from either side. */
export class Heartbeat {
  readonly buffer: SharedArrayBuffer;
  private readonly ints: Int32Array;
  private readonly floats: Float64Array;
  private readonly stream: Int32Array;

  /** A new heartbeat with room for the moves of a game of `maxMoves` (in the main thread), or an existing one (in a worker). */
  constructor(from: number | SharedArrayBuffer) {
    this.buffer =
      typeof from === 'number'
        ? new SharedArrayBuffer(HB_STREAM_BYTE + 4 * Math.min(HB_MAX_STREAM, 4 * from + 64))
        : from;
    this.ints = new Int32Array(this.buffer, 0, HB_INTS);
    this.floats = new Float64Array(this.buffer, HB_INTS * 4, HB_FLOATS);
    this.stream = new Int32Array(this.buffer, HB_STREAM_BYTE);
    if (typeof from === 'number') Atomics.store(this.ints, HB_JOB, -1);
  }

  /** Worker: a game starts. */
  begin(job: number): void {
    Atomics.store(this.ints, HB_STATE, 0);
    this.floats.fill(0);
    Atomics.store(this.ints, HB_SEAT, -1);
    Atomics.store(this.ints, HB_LENGTH, 0);
    Atomics.store(this.ints, HB_OVERFLOW, 0);
    Atomics.store(this.ints, HB_JOB, job);
  }

  /** Worker: the game is over and reported. */
  end(): void {
    Atomics.store(this.ints, HB_STATE, 0);
    Atomics.store(this.ints, HB_JOB, -1);
  }

  /** The hooks a worker's referee calls. */
  hooks(): RefereeHooks {
    return {
      decisionStart: (seat) => {
        this.floats[0] = clockNow();
        Atomics.store(this.ints, HB_SEAT, seat);
        Atomics.store(this.ints, HB_STATE, 1); // after the start time: a reader that sees 1 sees it
      },
      decisionEnd: (seat, ms) => {
        Atomics.store(this.ints, HB_STATE, 0);
        const at = 1 + 3 * seat;
        this.floats[at]! += 1;
        this.floats[at + 1]! += ms;
        if (ms > this.floats[at + 2]!) this.floats[at + 2] = ms;
      },
      moved: (move) => this.record(move),
    };
  }

  private record(move: Move): void {
    const at = this.ints[HB_LENGTH]!;
    const code = MOVE_CODES.indexOf(move.type);
    const words =
      move.type === 'play'
        ? [code, move.cards.length, ...move.cards]
        : move.type === 'add'
          ? [code, move.card, move.target.seat, move.target.area]
          : move.type === 'take'
            ? [code, move.target.seat, move.target.area]
            : [code];
    if (this.ints[HB_OVERFLOW] === 1 || at + words.length > this.stream.length) {
      Atomics.store(this.ints, HB_OVERFLOW, 1);
      return;
    }
    this.stream.set(words, at);
    Atomics.store(this.ints, HB_LENGTH, at + words.length);
  }

  /** Main thread: how long the running decision of `job` has run, in milliseconds, or -1 when none runs. */
  running(job: number): number {
    if (Atomics.load(this.ints, HB_JOB) !== job || Atomics.load(this.ints, HB_STATE) !== 1) return -1;
    return clockNow() - this.floats[0]!;
  }

  /** Main thread: the seat deciding or the last that decided in `job`, or -1. */
  seat(job: number): number {
    return job >= 0 && Atomics.load(this.ints, HB_JOB) === job ? Atomics.load(this.ints, HB_SEAT) : -1;
  }

  /** Main thread: what is known of the game in progress, for a decision that failed from outside. */
  read(
    seat: number,
    kind: HungDecision['kind'],
    message: string,
    error: BotFailure | null,
    elapsedMs: number,
  ): HungDecision {
    const players = 5;
    const stats = Array.from({ length: players }, (_, s) => ({
      decisions: this.floats[1 + 3 * s]!,
      ms: this.floats[2 + 3 * s]!,
      max: this.floats[3 + 3 * s]!,
    }));
    return { seat, kind, message, error, elapsedMs, moves: this.moves(), stats };
  }

  private moves(): Move[] | null {
    if (Atomics.load(this.ints, HB_OVERFLOW) === 1) return null;
    const length = Atomics.load(this.ints, HB_LENGTH);
    const w = this.stream;
    const moves: Move[] = [];
    for (let i = 0; i < length; ) {
      const type = MOVE_CODES[w[i]!];
      if (type === 'play') {
        const n = w[i + 1]!;
        moves.push({ type, cards: Array.from(w.subarray(i + 2, i + 2 + n)) });
        i += 2 + n;
      } else if (type === 'add') {
        moves.push({ type, card: w[i + 1]!, target: { seat: w[i + 2]!, area: w[i + 3]! } });
        i += 4;
      } else if (type === 'take') {
        moves.push({ type, target: { seat: w[i + 1]!, area: w[i + 2]! } });
        i += 3;
      } else if (type === 'rotate' || type === 'nextRound') {
        moves.push({ type });
        i += 1;
      } else return null;
    }
    return moves;
  }
}
