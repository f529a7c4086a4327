/**
 * The replay viewer: load a record (file, pasted JSON, or a link), step forward and back through
 * it on the game board (a replay is one more GameSource: buttons, slider, arrow keys), and read
 * the library's verdict on every move.
 * A player's record of a game in progress shows only what that player saw.
 */
import { onLocaleChange, t } from './i18n';
import type { MoveVerdict } from 'dnup';
import { h, replaceChildren } from './dom';
import { shortHash } from './fairness';
import { loadReplay, type Replay } from './replays';
import { mountBoard, type BoardHost } from './board/board';
import { replaySource } from './board/replay-source';
import type { GameSource } from './board/source';
import { inPlayerWords, type WordingContext } from './wording';

/** What the page can do with the viewer. */
export interface ReplayViewer {
  /** Opens a record's JSON text; a bad record shows why it was refused. */
  loadJson(json: string): void;
  /** Opens a replay built elsewhere (the game in progress). */
  open(replay: Replay): void;
  /** Shows why nothing could be opened (a damaged link). */
  fail(message: string): void;
  /** Tells the viewer whether its screen is shown (its board is mounted only then). */
  setShown(shown: boolean): void;
}

/** Mounts the replay viewer in `root`; its board asks `host` for the speed and the rules. */
export function mountReplay(root: HTMLElement, host: BoardHost): ReplayViewer {
  let replay: Replay | null = null;
  let index = 0;
  let error = '';
  /** What the verdicts' sentences may name: the players, and the cards the current frame shows. */
  let words: WordingContext | null = null;

  // the browser's own file button speaks the browser's language: it is hidden behind a label in the page's
  const fileInput = h('input', {
    type: 'file',
    id: 'record-file',
    class: 'file-input',
    accept: '.json,application/json',
  });
  const pasteArea = h('textarea', {
    id: 'record-text',
    rows: 3,
    placeholder: t().replay.paste,
    'aria-label': t().replay.pasteLabel,
  });
  const viewer = h('div', { class: 'replay-viewer', id: 'replay-viewer' });

  function open(r: Replay): void {
    replay = r;
    index = r.start;
    error = '';
    openBoard(r);
    render();
  }

  function openBoard(r: Replay): void {
    try {
      mount(r);
    } catch {
      // a hand-edited player record may hold views no game can reach (cards its deck lacks…)
      unmountBoard();
      boardRoot.replaceChildren(h('p', { class: 'message error', role: 'alert' }, t().replay.cannotDraw));
    }
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
    source?.steps?.go(to);
  }

  function verdictEl(v: MoveVerdict | null): HTMLElement {
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

  /** The board the replay is stepped through on, and its source; a new pair for each record. */
  const boardRoot = h('div', { class: 'game replay-board', id: 'replay-board' });
  const info = h('div', { class: 'replay-info' });
  let unmount: (() => void) | null = null;
  let source: GameSource | null = null;

  /** Whether the replay screen is shown: its board exists only then, so the game's board ids stay unique. */
  let shown = false;

  function mount(r: Replay): void {
    unmountBoard();
    if (!shown) return;
    source = replaySource(r, index);
    // arrow keys, buttons and slider move the source; the text above follows it
    source.subscribe(() => {
      index = source!.steps!.position();
      render();
    });
    unmount = mountBoard(boardRoot, source, host);
  }

  function unmountBoard(): void {
    unmount?.();
    unmount = null;
    source?.close();
    source = null;
    boardRoot.replaceChildren();
  }

  function render(): void {
    if (!replay) {
      delete viewer.dataset.kind;
      delete viewer.dataset.move;
      unmountBoard();
      replaceChildren(
        info,
        h(
          'p',
          { class: `message ${error ? 'error' : ''}`, role: error ? 'alert' : 'status' },
          error || t().replay.none,
        ),
      );
      return;
    }
    const r = replay;
    const frame = r.frames[index]!;
    words = {
      players: r.players,
      deck: frame.view.deck,
      cards: [
        ...frame.hands.flatMap((hand) => hand ?? []),
        ...frame.view.table.flatMap((s) => s.cards.map((id) => ({ id, active: s.value }))),
      ],
    };
    viewer.dataset.kind = r.kind;
    viewer.dataset.move = String(frame.index);
    const total = r.verdicts?.length ?? r.frames.length - 1;
    replaceChildren(
      info,
      metaEl(r),
      h(
        'p',
        { class: 'replay-step', id: 'replay-step', 'aria-live': 'polite' },
        h('strong', { id: 'replay-position' }, t().replay.position(frame.index, total)),
        frame.verdict
          ? [' · ', h('code', { class: 'notation' }, moveLabel(r, frame.verdict)), ' ']
          : r.kind === 'full' || frame.index === 0
            ? ' · '
            : null,
        r.kind === 'full' || frame.index === 0 ? verdictEl(frame.verdict) : null,
      ),
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
                  v.status === 'unreached'
                    ? moveLabel(r, v)
                    : h('button', { type: 'button', class: 'link', onclick: () => go(i + 1) }, moveLabel(r, v)),
                  ' ',
                  verdictEl(v),
                ),
              ),
            ),
          )
        : null,
    );
  }

  const recordLoadButton = h('button', {
    type: 'button',
    id: 'record-load-text',
    onclick: () => loadJson(pasteArea.value),
  });
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
  viewer.replaceChildren(info, boardRoot);
  root.replaceChildren(
    title,
    h('div', { class: 'replay-load' }, fileLabel, fileInput, pasteArea, recordLoadButton),
    viewer,
  );
  render();
  const fail = (message: string): void => {
    replay = null;
    error = message;
    render();
  };
  const setShown = (now: boolean): void => {
    if (now === shown) return;
    shown = now;
    if (!now) unmountBoard();
    else if (replay) openBoard(replay);
  };
  return { loadJson, open, fail, setShown };
}
