/** How the page names a seat. */
import { t } from '../i18n';
import type { SeatStatus } from './source';

/**
 * A seat's name as the page shows it: a bot seat by its kind and seat number in the player's
 * language ("Glouton 2"), since a server names its bots in English and all of one kind alike.
 */
export function seatName(name: string, status: SeatStatus | undefined, seat: number): string {
  const short = t().bots.short as Record<string, string>;
  const kind = status?.kind === 'bot' ? status.botKind : undefined;
  return kind !== undefined && short[kind] !== undefined ? `${short[kind]} ${seat + 1}` : name;
}
