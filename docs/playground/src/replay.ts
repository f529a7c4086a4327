/**
 * The replay viewer: load a record (file, pasted JSON, or a link), step forward and back through
 * it with buttons, the slider or the arrow keys, and read the library's verdict on every move.
 * A player's record of a game in progress shows only what that player saw.
 */
import { onLocaleChange, t } from './i18n';
import type { MoveVerdict } from 'dnup';
import { h, replaceChildren } from './dom';
import { shortHash } from './fairness';
import { loadReplay, type Replay } from './replays';
import { orderEl, seatsEl, tableEl } from './table';
import { inPlayerWords, type WordingContext } from './wording';

/** What the page can do with the viewer. */
export interface ReplayViewer {
  /** Opens a record's JSON text; a bad record shows why it was refused. */
  loadJson(json: string): void;
  /** Opens a replay built elsewhere (the game in progress). */
  open(replay: Replay): void;
  /** Shows why nothing could be opened (a damaged link). */
  fail(message: string): void;
}

/** Mounts the replay viewer in `root`; `isShown` says whether the viewer is the page's current view. */
export function mountReplay(root: HTMLElement, isShown: () => boolean): ReplayViewer {
  let replay: Replay | null = null;
  let index = 0;
  let error = '';
  /** What the verdicts' sentences may name: the players, and the cards the current frame shows. */
  let words: WordingContext | null = null;

  // the browser's own file button speaks the browser's language: it is hidden behind a label in the page's
  const fileInput = h('input', { type: 'file', id: 'record-file', class: 'file-input', accept: '.json,application/json' });
  const pasteArea = h('textarea', { id: 'record-text', rows: 3, placeholder: t().replay.paste, 'aria-label': t().replay.pasteLabel });
  const viewer = h('div', { class: 'replay-viewer', id: 'replay-viewer' });

  function open(r: Replay): void {
    replay = r;
    index = r.start;
    error = '';
    render();
  }

  function loadJson(json: string): void {
    try {
      open(loadReplay(json));
    } catch (e) {
      replay = null;
      error = e instanceof Error ? e.message : String(e);
      render();
    }
  }

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    // cleared at once, so choosing the same file again (after editing it) loads it again
    fileInput.value = '';
    if (file) void file.text().then(loadJson);
  });

  function go(to: number): void {
    if (!replay) return;
    index = Math.max(0, Math.min(to, replay.frames.length - 1));
    render();
  }

  function verdictEl(v: MoveVerdict | null): HTMLElement {
    if (v === null) return h('span', { class: 'verdict ok' }, t().replay.theDeal);
    if (v.status === 'legal') return h('span', { class: 'verdict ok' }, t().replay.legal);
    if (v.status === 'illegal') return h('span', { class: 'verdict bad' }, t().replay.refused(v.code, v.rule, words ? inPlayerWords(v.message, words) : v.message));
    return h('span', { class: 'verdict' }, t().replay.notReached);
  }

  function moveLabel(r: Replay, v: MoveVerdict): string {
    const who = v.status !== 'unreached' && v.seat !== null ? `${r.players[v.seat]}: ` : '';
    return `${who}${v.status === 'unreached' ? JSON.stringify(v.move) : v.text}`;
  }

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

  function render(): void {
    if (!replay) {
      delete viewer.dataset.kind;
      replaceChildren(viewer, h('p', { class: `message ${error ? 'error' : ''}`, role: error ? 'alert' : 'status' }, error || t().replay.none));
      return;
    }
    const r = replay;
    const frame = r.frames[index]!;
    words = {
      players: r.players,
      deck: frame.view.deck,
      cards: [...frame.hands.flatMap((hand) => hand ?? []), ...frame.view.table.flatMap((s) => s.cards.map((id) => ({ id, active: s.value })))],
    };
    viewer.dataset.kind = r.kind;
    viewer.dataset.move = String(frame.index);
    const last = r.frames.length - 1;
    const total = r.verdicts?.length ?? last;
    let body: HTMLElement[];
    try {
      body = [seatsEl(frame.view, frame.hands), orderEl(frame.view), tableEl(frame.view, undefined, false)];
    } catch {
      // a hand-edited player record may hold views no game can reach (cards its deck lacks…)
      body = [h('p', { class: 'message error', role: 'alert' }, t().replay.cannotDraw)];
    }
    replaceChildren(
      viewer,
      metaEl(r),
      h(
        'div',
        { class: 'replay-controls', role: 'group', 'aria-label': t().replay.controls },
        h('button', { type: 'button', id: 'replay-first', 'data-key': 'first', 'aria-disabled': String(index === 0), onclick: () => go(0) }, t().replay.first),
        h('button', { type: 'button', id: 'replay-back', 'data-key': 'back', 'aria-disabled': String(index === 0), onclick: () => go(index - 1) }, t().replay.back),
        h('button', { type: 'button', id: 'replay-forward', 'data-key': 'forward', 'aria-disabled': String(index === last), onclick: () => go(index + 1) }, t().replay.forward),
        h('button', { type: 'button', id: 'replay-last', 'data-key': 'last', 'aria-disabled': String(index === last), onclick: () => go(last) }, t().replay.last),
        h('input', {
          type: 'range', min: 0, max: last, value: index, 'aria-label': t().replay.slider, 'data-key': 'slider', id: 'replay-slider',
          oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)),
        }),
      ),
      h(
        'p',
        { class: 'replay-step', id: 'replay-step', 'aria-live': 'polite' },
        h('strong', { id: 'replay-position' }, t().replay.position(frame.index, total)),
        frame.verdict ? [' · ', h('code', { class: 'notation' }, moveLabel(r, frame.verdict)), ' '] : r.kind === 'full' || frame.index === 0 ? ' · ' : null,
        r.kind === 'full' || frame.index === 0 ? verdictEl(frame.verdict) : null,
      ),
      frame.lines.length > 0 ? h('ul', { class: 'replay-lines' }, frame.lines.map((l) => h('li', {}, l.text))) : null,
      ...body,
      r.verdicts
        ? h(
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
                  v.status === 'unreached' ? moveLabel(r, v) : h('button', { type: 'button', class: 'link', onclick: () => go(i + 1) }, moveLabel(r, v)),
                  ' ',
                  verdictEl(v),
                ),
              ),
            ),
          )
        : null,
    );
  }

  const recordLoadButton = h('button', { type: 'button', id: 'record-load-text', onclick: () => loadJson(pasteArea.value) });
  const fileLabel = h('label', { for: 'record-file', class: 'button-like file-label' });
  const title = h('h2', { id: 'replay-title' });
  const words_ = (): void => {
    title.textContent = t().replay.title;
    fileLabel.textContent = t().replay.loadFile;
    recordLoadButton.textContent = t().replay.loadPasted;
    pasteArea.placeholder = t().replay.paste;
    pasteArea.setAttribute('aria-label', t().replay.pasteLabel);
  };
  words_();
  onLocaleChange(() => {
    words_();
    render();
  });
  root.replaceChildren(title, h('div', { class: 'replay-load' }, fileLabel, fileInput, pasteArea, recordLoadButton), viewer);
  // on the document, not the viewer: a click on a control must not cut the arrow keys off
  document.addEventListener('keydown', (e) => {
    if (!isShown() || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type !== 'range')) return;
    if (target instanceof HTMLInputElement && target.type === 'range') return; // the slider moves itself
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(Number.MAX_SAFE_INTEGER);
    else return;
    e.preventDefault();
  });
  render();
  const fail = (message: string): void => {
    replay = null;
    error = message;
    render();
  };
  return { loadJson, open, fail };
}
