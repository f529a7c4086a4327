/** How the board names a turn: the seat, and in the duel its area (rules §6). */
import { areasPerSeat } from 'dnup';
import { t } from '../i18n';
import type { BoardView } from './source';

/** Area label as the rulebook counts them (area 1 and 2; the library numbers them from 0). */
export function areaLabel(area: number): string {
  return t().table.area(area + 1);
}

/** "Bob · area 2" in the duel, "Bob" otherwise. */
export function turnLabel(view: BoardView, seat: number, area: number): string {
  return areasPerSeat(view.players.length) === 2 ? `${view.players[seat]} · ${areaLabel(area)}` : view.players[seat]!;
}
