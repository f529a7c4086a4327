/** What every part of the board's drawing may read and call. */
import type { CardId, GameRecord, HeldCard } from 'dnup';
import type { BoardController } from '../controller';
import type { BoardHost } from '../host';
import type { FaceCache } from './faces';
import type { PartCache } from './parts';

export interface BoardCtx {
  readonly ctrl: BoardController;
  readonly host: BoardHost;
  /** The card faces drawn so far, to draw again unchanged (faces.ts). */
  readonly faces: FaceCache;
  /** The parts drawn so far from a few inputs, to draw again unchanged (parts.ts). */
  readonly parts: PartCache;
  /** Draws the board again (an answer that came later: a link, a seal checked). */
  redraw(): void;
  /** Opens the end-of-round or end-of-game dialog. */
  openResult(): void;
  /** Closes it. */
  closeResult(): void;
  /** The game's record, or the viewer's own record of it while playing, when there is one to share. */
  shareable(): GameRecord | { readonly format?: string } | null;
  /** Saves `shareable()` as a file. */
  download(): void;
  /** A pointer went down on a hand card: maybe a tap, maybe a drag (drag.ts). */
  pointerDown(e: PointerEvent, id: CardId): void;
  /** Whether a click on a hand card is the same tap the pointer already handled. */
  clickHandled(): boolean;
  /** Every hand, once the game is over and its record reveals them. */
  revealedHands(): readonly (readonly HeldCard[])[] | undefined;
}
