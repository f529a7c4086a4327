/**
 * The moves `legalMoves` last listed from a state's own copy (own-copy.ts), kept in that copy so
 * that `apply` right after it on the same state (the loop of every playout, UI and bot) need not
 * judge the move again: a shared move (frozen, marked by the library: interned-moves.ts) found by
 * identity in that list is legal by construction, the list being made from the very copy `apply`
 * plays from, which nothing ever changes. Any other move is judged in full.
 *
 * The list kept is the library's own copy of the one handed out, which its caller may change.
 */
import type { Move } from './moves.js';
import type { OwnCopy } from './own-copy.js';

/**
 * Lists longer than this are not kept: a custom deck's position may list a million moves, and a
 * kept list lives as long as its state. The standard deck lists a few dozen at most.
 */
const KEPT = 256;

/** Keeps a copy of `moves`, just listed from `own.state`, when every one is a shared move (`shared`). */
export function keepListed(own: OwnCopy, moves: readonly Move[], shared: boolean): void {
  own.listed = shared && moves.length <= KEPT ? moves.slice() : null;
}

/** True when `move` is, by identity, one of the shared moves last listed from `own.state`: legal there. */
export function wasListed(own: OwnCopy, move: unknown): move is Move {
  const list = own.listed;
  if (list === null) return false;
  for (let i = 0; i < list.length; i++) if (list[i] === move) return true;
  return false;
}
