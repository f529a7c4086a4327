/** The seat's outlook: what the greedy heuristic and the search bots read of a position. */
import type { DeckDefinition, GameState, HeldCard, TableSet } from '../core/index.js';
import { withState } from '../core/internal.js';
import { loadView } from '../views/load-view.js';
import type { PlayerView } from '../views/player-view.js';
import type { Playout } from '../search/playout.js';

/** What the heuristic reads: the public facts plus the seat's own hand. */
export interface Outlook {
  readonly seat: number;
  readonly hand: readonly HeldCard[];
  readonly table: readonly TableSet[];
  readonly handSizes: readonly number[];
  readonly out: readonly number[];
  /** The deck in use (for the values a card shows once rotated). */
  readonly deck: DeckDefinition;
}

/** The outlook of the seat to play in a full state (for playouts). */
export function outlookOfState(state: GameState): Outlook {
  return withState(state, (s) => outlookOfTrusted(s));
}

/** {@link outlookOfState} of a state the library made (internal: playouts). */
export function outlookOfTrusted(state: GameState): Outlook {
  const seat = state.turn.seat;
  return {
    seat,
    hand: state.hands[seat]!,
    table: state.table,
    handSizes: state.hands.map((h) => h.length),
    out: state.out,
    deck: state.deck,
  };
}

/** The outlook of a view's seat. */
export function outlookOfView(view: PlayerView): Outlook {
  return outlookOf(loadView(view));
}

/** {@link outlookOfView} of a checked view (internal: the bots). */
export function outlookOf(view: PlayerView): Outlook {
  return {
    seat: view.seat,
    hand: view.hand,
    table: view.table,
    handSizes: view.handSizes,
    out: view.out,
    deck: view.deck,
  };
}

/** The outlook of the seat to play in a search's playout. */
export function playoutOutlook(p: Playout, deck: DeckDefinition): Outlook {
  const seat = p.turn.seat;
  const n = p.playerCount;
  const handSizes = new Array<number>(n);
  for (let s = 0; s < n; s++) handSizes[s] = p.handSize(s);
  return { seat, hand: p.hand(seat), table: p.table, handSizes, out: p.out, deck };
}
