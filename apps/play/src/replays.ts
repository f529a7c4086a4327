/**
 * What the replay viewer steps through, from either kind of file: the library's full record
 * (seed and moves: every hand face up, every move judged by the library's `replay`), or a
 * player's record of a game in progress (only what that seat saw, see player-record.ts).
 */
import {
  isDnupError,
  localizeError,
  publicView,
  replay,
  type GameState,
  type HeldCard,
  type MoveVerdict,
  type PlayerView,
  type PublicView,
} from 'dnup';
import { moveLines, type LogLine } from './engine';
import { currentLocale, t } from './i18n';
import { PLAYER_RECORD_FORMAT, readPlayerRecord, viewOfFrame, type PlayerRecord } from './player-record';

/** One position of a replay. */
interface ReplayFrame {
  readonly index: number;
  /** The library's verdict on move `index - 1` (null for the deal, and in a player's record). */
  readonly verdict: MoveVerdict | null;
  /** The position as the public sees it (a full record: every hand is in `hands`), or as the record's seat saw it. */
  readonly view: PlayerView | PublicView;
  /** The hands shown face up, per seat; undefined for a hand kept hidden. */
  readonly hands: readonly (readonly HeldCard[] | undefined)[];
  /** What the move did, in words. */
  readonly lines: readonly LogLine[];
}

/** A loaded record, ready to step through. */
export interface Replay {
  /** `full`: the library's record; `player`: one seat's views of a game in progress. */
  readonly kind: 'full' | 'player';
  readonly players: readonly string[];
  /** The seed of a full record; null in a player's record. */
  readonly seed: string | null;
  /** The seed's SHA-256 in a player's record. */
  readonly seedSha256: string | null;
  /** The seat whose views a player's record holds. */
  readonly viewer: number | null;
  readonly frames: readonly ReplayFrame[];
  /** Every move's verdict in order (a full record); a player's record has no verdicts. */
  readonly verdicts: readonly MoveVerdict[] | null;
  /** The frame to open at: a full record's refused move (else the deal); a player record's last move. */
  readonly start: number;
}

/** Replays the library's record (parsed JSON) with `replay`, which judges every move. */
function fullReplay(record: unknown): Replay {
  const states: { state: GameState; lines: LogLine[] }[] = [];
  const result = replay(record, {
    onMove: (before, move, after) => {
      states.push({ state: after, lines: moveLines(before, move, after) });
    },
  });
  const frameOf = (state: GameState, index: number, lines: LogLine[]): ReplayFrame => ({
    index,
    verdict: index === 0 ? null : result.verdicts[index - 1]!,
    view: publicView(state),
    hands: state.hands,
    lines,
  });
  const frames = [frameOf(result.initial, 0, [])];
  states.forEach((s, i) => frames.push(frameOf(s.state, i + 1, s.lines)));
  // a refused move is shown on the position it was tried in, with its verdict
  if (!result.ok) frames.push({ ...frameOf(result.state, result.error.index + 1, []), verdict: result.error });
  return {
    kind: 'full',
    players: result.record.players,
    seed: String(result.record.seed),
    seedSha256: null,
    viewer: null,
    frames,
    verdicts: result.verdicts,
    start: result.ok ? 0 : frames.length - 1,
  };
}

function playerReplay(record: PlayerRecord): Replay {
  const frames = record.frames.map((f, index): ReplayFrame => {
    const view = viewOfFrame(record, f);
    return {
      index,
      verdict: null,
      view,
      hands: record.players.map((_, seat) => (seat === record.seat ? view.hand : undefined)),
      lines: f.lines.map((text) => ({ text, seat: null })),
    };
  });
  // opened where the game now stands: one looks back from there
  return {
    kind: 'player',
    players: record.players,
    seed: null,
    seedSha256: record.seedSha256,
    viewer: record.seat,
    frames,
    verdicts: null,
    start: frames.length - 1,
  };
}

/**
 * Reads a record's JSON text, of either kind.
 *
 * @throws an `Error` (the library's `RecordError` for a full record) whose message says what is wrong.
 */
export function loadReplay(json: string): Replay {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(t().errors.record.notJson);
  }
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as { format?: unknown }).format === PLAYER_RECORD_FORMAT
  ) {
    const read = readPlayerRecord(parsed);
    if (typeof read === 'string') throw new Error(read);
    return playerReplay(read);
  }
  try {
    return fullReplay(parsed);
  } catch (e) {
    // the library's own error, worded in the player's language
    throw isDnupError(e) ? new Error(localizeError(e, currentLocale())) : e;
  }
}

/** The replay of a game in progress as its player saw it: never the hidden hands. */
export function replayOfPlayerRecord(record: PlayerRecord): Replay {
  return playerReplay(record);
}
