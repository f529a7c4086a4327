/**
 * The list of the last finished games on this device (saved-games.ts), on the New game page: when,
 * who won, and for each a replay and its record to download.
 */
import { downloadText, h } from './dom';
import { t } from './i18n';
import { recentGames, type RecentGame } from './saved-games';

/** The list, or null when no game was finished on this device. `replay` opens a record's JSON. */
export function recentGamesList(replay: (json: string) => void): HTMLElement | null {
  const games = recentGames();
  if (games.length === 0) return null;
  const m = t().recent;
  const result = (g: RecentGame): string =>
    g.winner === null ? m.unfinished : g.winner === g.seat ? m.youWon : m.won(String(g.record.players[g.winner]));
  return h(
    'section',
    { id: 'recent-games', 'aria-labelledby': 'recent-title' },
    h('h3', { id: 'recent-title' }, m.title),
    h(
      'ul',
      {},
      games.map((g, i) =>
        h(
          'li',
          { 'data-index': i },
          h('span', {}, `${new Date(g.date).toLocaleString()} · ${g.record.players.join(', ')} · ${result(g)} `),
          h('button', { type: 'button', class: 'replay', onclick: () => replay(JSON.stringify(g.record)) }, m.replay),
          ' ',
          h(
            'button',
            {
              type: 'button',
              class: 'download',
              onclick: () => downloadText(`dnup-${g.date.slice(0, 10)}.json`, JSON.stringify(g.record, null, 2)),
            },
            m.download,
          ),
        ),
      ),
    ),
  );
}
