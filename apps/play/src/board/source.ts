/**
 * The board's boundary: a {@link GameSource} is the only thing the board reads a game from, and
 * the only thing it tells what the player did. Offline it is the local engine with built-in bots
 * (offline.ts); online it is the game server's room (src/online/). Either way the page never holds
 * another seat's hand: a source hands the board the viewer's player view (or, for a spectator or
 * a replay, the public view), never the full state.
 *
 * The board knows no rules of its own (chessground's shape): it draws what the source gives,
 * computes hints from the view with the library's view functions, and reports moves by `submit`.
 */
import type { ErrorParams, GameRecord, HeldCard, Move, MoveCheck, PlayerView, PublicView } from 'dnup';

/** What the board draws: the viewer's player view, or the library's public view when it has no seat. */
export type BoardView = PlayerView | PublicView;

/** True when the view is a seat's view (it has a hand to draw and moves to make). */
export function isSeatView(view: BoardView): view is PlayerView {
  return view.seat !== null;
}

/** Who sits in a seat and whether they are there, as everyone may see it. */
export interface SeatStatus {
  /** Display name ('' while an online seat waits for its person). */
  readonly name: string;
  /** A person, or one of the bots (`botKind` names which, e.g. `greedy`). */
  readonly kind: 'person' | 'bot';
  readonly botKind?: string;
  /**
   * `connected`; `reconnecting` until `deadline` (epoch ms), after which a bot plays the seat;
   * `bot` when a bot plays for a person who did not come back; `empty` while nobody took it.
   */
  readonly connection:
    | { readonly state: 'connected' }
    | { readonly state: 'reconnecting'; readonly deadline: number }
    | { readonly state: 'bot' }
    | { readonly state: 'empty' };
}

/** What the board gets once the game is over: the full record and the seed, checked against the seal. */
interface GameOverInfo {
  readonly record: GameRecord;
  readonly seed: string;
  /** `won`, or `abandoned` when every person left an online game for good. */
  readonly reason: 'won' | 'abandoned';
}

/** One state of the game as the board draws it. */
export interface SourceSnapshot {
  readonly view: BoardView;
  /** Per seat, in seat order. */
  readonly seats: readonly SeatStatus[];
  /** When the player to move runs out of time (epoch ms), if the source has a turn clock. */
  readonly turnDeadline: number | null;
  /** Set once the game is over and the source can reveal it. */
  readonly over: GameOverInfo | null;
  /** Hands shown face up, per seat (a replay's; undefined keeps a hand hidden). */
  readonly hands?: readonly (readonly HeldCard[] | undefined)[];
  /** True when the view's last move was played by the turn clock for its seat, whose time ran out. */
  readonly byClock?: boolean;
}

/** A source the viewer steps through (a replay) rather than plays: the board shows step controls. */
export interface SourceSteps {
  /** The position shown, 0 being the deal. */
  position(): number;
  /** The last position. */
  last(): number;
  /** Moves to a position (clamped); the new snapshot arrives through `subscribe`. */
  go(index: number): void;
  /** The views of positions 0 to the one shown, for the log. */
  history(): readonly BoardView[];
}

/** A move played before the page joined the game (online: the server's welcome), for the log. */
export interface PastMove {
  /** What anyone watching saw of it (the public view's events). */
  readonly events: BoardView['events'];
  readonly move: Move | null;
  /** The seat that moved, or null (a deal). */
  readonly seat: number | null;
  readonly moveCount: number;
  /** True when the turn clock played it for its seat. */
  readonly byClock?: boolean;
}

/** A refused move: the library's (or the server's) code, its parameters, and the rule it breaks. */
export interface Refusal {
  readonly ok: false;
  /** Which catalogue of the library words `code`: a move's refusal (default), or a selection's (the UI kit's). */
  readonly kind?: 'IllegalMoveError' | 'SelectionError';
  readonly code: string;
  /** The library's error parameters when known (offline), for a sentence in the player's language. */
  readonly params?: ErrorParams;
  /** The rules section, e.g. `"§5 A"`. */
  readonly rule?: string;
  /** The sentence as the source has it (English from the server), used when no catalogue sentence fits. */
  readonly message: string;
}

export type SubmitResult = { readonly ok: true } | Refusal;

/** The library's verdict on a refused move, as the board shows a refusal. */
export function refusalOf(verdict: Extract<MoveCheck, { ok: false }>): Refusal {
  return { ok: false, code: verdict.code, params: verdict.params, rule: verdict.rule, message: verdict.message };
}

/**
 * A game as the board sees it. `subscribe` calls the listener with every new snapshot (after each
 * move, each connection change); the board animates from the previous view to the new one.
 */
export interface GameSource {
  /** The viewer's seat, or null for a spectator or a replay. */
  readonly viewer: number | null;
  /** SHA-256 (hex) of the seed, shown during play as the sealed deal; null when unknown. */
  readonly commitment: string | null;
  /** The latest snapshot. */
  current(): SourceSnapshot;
  /** Calls `listener` with each new snapshot; returns the unsubscribe function. */
  subscribe(listener: (snapshot: SourceSnapshot) => void): () => void;
  /**
   * Plays a move of the viewer's seat (or `nextRound`). Resolves when the source accepted or
   * refused it; the new view arrives through `subscribe`.
   */
  submit(move: Move): Promise<SubmitResult>;
  /** The record to offer for download while playing (the player's view of it) or once over (the full record). */
  recordToShare?(): unknown;
  /** The game so far when the page joined it mid-game (online), for the log; absent or empty otherwise. */
  history?(): readonly PastMove[];
  /** Present on a replay: the board steps through it instead of playing. */
  readonly steps?: SourceSteps;
  /** Stops the source (bots stop moving, the connection closes). */
  close(): void;
}
