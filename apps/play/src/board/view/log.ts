/** The game's log: each move in words (what follows from it as notes), and the moves in the library's notation. */
import { describeEvent, formatMove } from 'dnup';
import { currentLocale, t } from '../../i18n';
import { ACTION_EVENTS, type BoardController, type LogEntry } from '../controller';
import { v as h, type VNode } from '../vdom';

/** Each entry's lines, kept while the language and the names stay (a move adds lines; it does not redo the others). */
const drawn = new WeakMap<LogEntry, { key: string; lines: VNode[] }>();

/** One entry's lines: the move itself stands out; its consequences (discards, beaten sets, scores) are notes. */
function entryLines(entry: LogEntry, players: readonly string[], me: number | null): VNode[] {
  const key = `${currentLocale()}:${me}:${players.join(',')}`;
  const kept = drawn.get(entry);
  if (kept?.key === key) return kept.lines;
  const lines: VNode[] = [];
  entry.events.forEach((e, i) => {
    if (e.type === 'turnStarted') return;
    const isMove = entry.move !== null && ACTION_EVENTS.has(e.type);
    let text: string;
    try {
      text = describeEvent(e, { players, locale: currentLocale(), ...(me === null ? {} : { viewer: me }) });
    } catch {
      return;
    }
    const mine = isMove && entry.seat !== null && entry.seat === me;
    const cls = `${isMove ? 'log-move' : 'log-note'}${mine ? ' mine' : ''}`;
    lines.push(h('li', { key: `${entry.moveCount}.${i}`, class: cls }, text));
    if (isMove && entry.byClock === true && entry.seat !== null) {
      const clock =
        entry.seat === me ? t().signals.clockPlayedForYou : t().signals.clockPlayed(players[entry.seat] ?? '?');
      lines.push(h('li', { key: `${entry.moveCount}.${i}.clock`, class: 'log-note by-clock' }, clock));
    }
  });
  drawn.set(entry, { key, lines });
  return lines;
}

/** The log's lines, move by move. */
export function logView(ctrl: BoardController): VNode {
  const { view, me, log } = ctrl;
  const items = log.flatMap((entry) => entryLines(entry, view.players, me));
  return h(
    'ol',
    {
      class: 'log',
      id: 'log',
      tabindex: 0,
      'aria-labelledby': 'log-title',
      'aria-label': t().log.label,
    },
    items,
  );
}

/**
 * The moves in the library's notation (`formatMove`: "P 30,31", "A 4>0.1", "N"), numbered as the
 * record counts them, each with its seat's name.
 */
export function notationView(ctrl: BoardController): VNode {
  const { view, log } = ctrl;
  return h(
    'details',
    { class: 'log-details' },
    h('summary', {}, t().log.details),
    h(
      'ol',
      { class: 'notation-list' },
      log
        .filter((e) => e.move !== null)
        .map((e) =>
          h(
            'li',
            { key: e.moveCount },
            h(
              'code',
              { class: 'notation' },
              `${e.moveCount}. ${e.seat !== null ? `${view.players[e.seat]}: ` : ''}${formatMove(view, e.move!)}`,
            ),
          ),
        ),
    ),
  );
}
