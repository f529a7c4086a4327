/**
 * Positions a search bot chose a move in this round, and its moves there. Two searches can pass
 * one card back and forth for ever (a duel: one plays it, the other takes it, turned, and plays it
 * back), each finding the same move best; so a bot back in a position chooses among the moves it
 * has not played there yet (docs/guides/bot-authors.md). Nothing changes for a bot that never
 * meets the same position twice.
 */
import type { Move } from '../core/index.js';
import type { PlayerView } from '../views/player-view.js';

/** A short text that identifies a move within one position's moves. */
export function moveKey(m: Move): string {
  switch (m.type) {
    case 'play':
      return `p${m.cards.join(',')}`;
    case 'add':
      return `a${m.card}>${m.target.seat}.${m.target.area}`;
    case 'take':
      return `t${m.target.seat}.${m.target.area}`;
    default:
      return m.type;
  }
}

/**
 * What decides the rest of the game as the seat sees it: everything in its view but the move and
 * turn counts, the last move and its events (the deck and the names never change within a game).
 */
function positionKey(v: PlayerView): string {
  const cards = (list: readonly { readonly id: number; readonly active: number }[]): string =>
    list.map((c) => `${c.id}:${c.active}`).join(',');
  const table = v.table.map((y) => `${y.seat}.${y.area}=${y.value}:${y.cards.join(',')}`).join(';');
  return [
    v.seat,
    v.round,
    v.status,
    `${v.turn.seat}.${v.turn.area}`, // not the turn's number, which only counts
    cards(v.hand),
    table,
    v.handSizes.join(','),
    v.known.map(cards).join('/'),
    v.discardCount,
    v.out.join(','),
    v.scores.join(','),
  ].join('|');
}

/** Positions remembered at most (a round rarely has a few hundred moves): past it, the memory starts again. */
const MAX_POSITIONS = 10_000;

/** One bot's memory of the positions it chose a move in, this round. */
export class RepetitionGuard {
  private readonly chosen = new Map<string, Set<string>>();
  private round = -1;
  private moveCount = -1;
  /** The view `fresh` last read and its key: `chose` on the same view does not make the key again. */
  private lastView: PlayerView | null = null;
  private lastKey = '';

  private keyOf(view: PlayerView): string {
    if (view !== this.lastView) {
      this.lastView = view;
      this.lastKey = positionKey(view);
    }
    return this.lastKey;
  }

  /**
   * The moves to choose from in `view`: `moves` less those this bot already chose in the same
   * position, or `moves` when it chose them all (or never was here).
   */
  fresh(view: PlayerView, moves: readonly Move[]): readonly Move[] {
    this.follow(view);
    const before = this.chosen.get(this.keyOf(view));
    if (before === undefined) return moves;
    const rest = moves.filter((m) => !before.has(moveKey(m)));
    return rest.length > 0 ? rest : moves;
  }

  /** Forgets every position at a new round or a new game: none of them can come back. */
  private follow(view: PlayerView): void {
    if (view.round !== this.round || view.moveCount < this.moveCount || this.chosen.size >= MAX_POSITIONS)
      this.chosen.clear();
    this.round = view.round;
    this.moveCount = view.moveCount;
  }

  /** Notes that this bot chose `move` in `view`. */
  chose(view: PlayerView, move: Move): void {
    this.follow(view);
    const key = this.keyOf(view);
    let set = this.chosen.get(key);
    if (set === undefined) this.chosen.set(key, (set = new Set()));
    set.add(moveKey(move));
  }
}
