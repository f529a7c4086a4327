/** The replay viewer's text: what the record is, the step shown, the library's verdict on each move. */
import type { MoveVerdict } from 'dnup';
import { h } from './dom';
import { shortHash } from './fairness';
import { t } from './i18n';
import type { Replay } from './replays';
import { inPlayerWords, type WordingContext } from './wording';

/** The library's verdict on a move, in the player's words. */
function verdictEl(v: MoveVerdict | null, words: WordingContext | null): HTMLElement {
  if (v === null) return h('span', { class: 'verdict ok' }, t().replay.theDeal);
  if (v.status === 'legal') return h('span', { class: 'verdict ok' }, t().replay.legal);
  if (v.status === 'illegal')
    return h(
      'span',
      { class: 'verdict bad' },
      t().replay.refused(v.code, v.rule, words ? inPlayerWords(v.message, words) : v.message),
    );
  return h('span', { class: 'verdict' }, t().replay.notReached);
}

/** A move as the record's notation writes it, with its seat's name. */
function moveLabel(r: Replay, v: MoveVerdict): string {
  const who = v.status !== 'unreached' && v.seat !== null ? `${r.players[v.seat]}: ` : '';
  return `${who}${v.status === 'unreached' ? JSON.stringify(v.move) : v.text}`;
}

/** What the record is: whose view so far, or the seed, the number of moves and the first refused. */
function metaEl(r: Replay): HTMLElement {
  const moves = r.frames.length - 1;
  if (r.kind === 'player') {
    return h(
      'p',
      { class: 'replay-meta' },
      t().replay.soFar(r.players.join(', '), r.players[r.viewer ?? 0] ?? ''),
      r.seedSha256 ? [t().replay.sealed, h('code', { title: r.seedSha256 }, shortHash(r.seedSha256))] : null,
    );
  }
  const refused = r.verdicts?.find((v) => v.status === 'illegal');
  const total = r.verdicts?.length ?? moves;
  return h(
    'p',
    { class: 'replay-meta' },
    t().replay.seed(r.players.join(', ')),
    h('code', {}, r.seed ?? ''),
    t().replay.moves(total),
    refused ? t().replay.moveRefused(refused.index + 1) : t().replay.allLegal,
  );
}

/** The text above the replay's board: what the record is, the step shown and its verdict, the move list. */
export function replayInfo(
  r: Replay,
  frame: Replay['frames'][number],
  words: WordingContext | null,
  go: (to: number) => void,
): HTMLElement[] {
  const total = r.verdicts?.length ?? r.frames.length - 1;
  const step = h(
    'p',
    { class: 'replay-step', id: 'replay-step', 'aria-live': 'polite' },
    h('strong', { id: 'replay-position' }, t().replay.position(frame.index, total)),
    frame.verdict
      ? [' · ', h('code', { class: 'notation' }, moveLabel(r, frame.verdict)), ' ']
      : r.kind === 'full' || frame.index === 0
        ? ' · '
        : null,
    r.kind === 'full' || frame.index === 0 ? verdictEl(frame.verdict, words) : null,
  );
  if (!r.verdicts) return [metaEl(r), step];
  const list = h(
    'details',
    { class: 'move-list' },
    h('summary', {}, t().replay.allMoves),
    h(
      'ol',
      {},
      r.verdicts.map((v, i) =>
        h(
          'li',
          { class: i + 1 === frame.index ? 'current' : '' },
          v.status === 'unreached'
            ? moveLabel(r, v)
            : h('button', { type: 'button', class: 'link', onclick: () => go(i + 1) }, moveLabel(r, v)),
          ' ',
          verdictEl(v, words),
        ),
      ),
    ),
  );
  return [metaEl(r), step, list];
}
