/**
 * Judging one move of a seat against the game: the library's rules, plus the server's two
 * checks (the move was chosen at the game's move count; the game is being played). Pure: the
 * room stores the accepted move, then shows it.
 */
import { apply, checkMove, IllegalMoveError, playerView, type GameState, type Move } from 'dnup';
import type { RefusedMessage } from './protocol.js';

export type Judgement =
  | { readonly ok: true; readonly next: GameState }
  | {
      readonly ok: false;
      readonly refusal: { readonly code: RefusedMessage['code']; readonly message: string; readonly rule?: string };
    };

/** The state after `seat` plays `move` chosen at `moveCount` (null: not said), or why not. */
export function judgeMove(
  game: GameState | null,
  playing: boolean,
  seat: number,
  move: Move,
  moveCount: number | null,
): Judgement {
  if (game && moveCount !== null && moveCount !== game.moveCount) {
    // chosen before another move landed (at a round's end anyone may deal): not judged against a newer position
    return {
      ok: false,
      refusal: {
        code: 'STALE_MOVE',
        message: `That move was chosen at move ${moveCount}; the game is at move ${game.moveCount}. Choose again from the latest view.`,
      },
    };
  }
  if (!game || !playing)
    return { ok: false, refusal: { code: 'GAME_OVER', message: 'The game is over (rules §6).', rule: '§6' } };
  // another seat's turn: the library's own refusal, worded from that seat's view (rules §4)
  if (game.status === 'playing' && game.turn.seat !== seat) {
    const verdict = checkMove(playerView(game, seat), move);
    // never played for the seat to play: the library always refuses here, and if it did not, a bug
    if (verdict.ok) throw new Error(`seat ${seat}'s move was judged legal on another seat's turn`);
    return { ok: false, refusal: { code: verdict.code, message: verdict.message, rule: verdict.rule } };
  }
  // judged once, by apply itself: it refuses with the code and sentence checkMove would give
  try {
    return { ok: true, next: apply(game, move) };
  } catch (e) {
    if (!(e instanceof IllegalMoveError)) throw e;
    return { ok: false, refusal: { code: e.code, message: e.message, rule: e.rule } };
  }
}
