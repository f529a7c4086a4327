/** What the board asks of the page around it, and the speeds a player may choose. */
import type { GameRecord } from 'dnup';
import type { Replay } from '../replays';
import type { BoardView } from './source';

/** The speeds a player may choose: milliseconds between moves shown (bots wait that long). */
export const SPEEDS = { slow: 1200, normal: 600, fast: 200, instant: 0 } as const;
export type Speed = keyof typeof SPEEDS;

/** What the board asks of the page around it. */
export interface BoardHost {
  /** The speed the player chose (bots' pace, how long a move stays marked, how fast cards travel). */
  speed(): Speed;
  setSpeed(speed: Speed): void;
  /** Opens the replay viewer on a replay. */
  openReplay(replay: Replay): void;
  /** A new game with the same seats and a new secret deal (offline only). */
  playAgain?(): void;
  /** A link that opens the finished game's record in the replay viewer. */
  replayLink(record: GameRecord): Promise<string>;
  /** Opens the rules at a section, e.g. `"§5 B"`. */
  showRules(rule: string): void;
  /** Whether the Hint button is offered (offline always; online where the room allows hints). */
  hints?(): boolean;
  /** Called after each drawing with the status drawn (a move is drawn step by step: its end comes last). */
  drawn?(status: BoardView['status']): void;
}
