/**
 * The replay viewer: load a record (file, pasted JSON, or a link), step forward and back through
 * it on the game board (a replay is one more GameSource: buttons, slider, arrow keys), and read
 * the library's verdict on every move.
 * A player's record of a game in progress shows only what that player saw.
 */
import { onLocaleChange, t } from './i18n';
import { h, replaceChildren } from './dom';
import { loadReplay, type Replay } from './replays';
import { mountBoard, type BoardHost } from './board/board';
import { replaySource } from './board/replay-source';
import type { GameSource } from './board/source';
import { replayInfo } from './replay-info';
import type { WordingContext } from './wording';

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

/** The title and the ways to load a record: a file, or pasted JSON; `relabel` after a change of language. */
function loadControls(loadJson: (json: string) => void): { elements: HTMLElement[]; relabel(): void } {
  // the browser's own file button speaks the browser's language: it is hidden behind a label in the page's
  const fileInput = h('input', {
    type: 'file',
    id: 'record-file',
    class: 'file-input',
    accept: '.json,application/json',
  });
  const pasteArea = h('textarea', { id: 'record-text', rows: 3 });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    // cleared at once, so choosing the same file again (after editing it) loads it again
    fileInput.value = '';
    if (file) void file.text().then(loadJson);
  });
  const loadButton = h('button', { type: 'button', id: 'record-load-text', onclick: () => loadJson(pasteArea.value) });
  const fileLabel = h('label', { for: 'record-file', class: 'button-like file-label' });
  const title = h('h2', { id: 'replay-title' });
  const relabel = (): void => {
    title.textContent = t().replay.title;
    fileLabel.textContent = t().replay.loadFile;
    loadButton.textContent = t().replay.loadPasted;
    pasteArea.placeholder = t().replay.paste;
    pasteArea.setAttribute('aria-label', t().replay.pasteLabel);
  };
  relabel();
  return {
    elements: [title, h('div', { class: 'replay-load' }, fileLabel, fileInput, pasteArea, loadButton)],
    relabel,
  };
}

/** Mounts the replay viewer in `root`; its board asks `host` for the speed and the rules. */
export function mountReplay(root: HTMLElement, host: BoardHost): ReplayViewer {
  let replay: Replay | null = null;
  let index = 0;
  let error = '';
  /** What the verdicts' sentences may name: the players, and the cards the current frame shows. */
  let words: WordingContext | null = null;

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

  function go(to: number): void {
    source?.steps?.go(to);
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
    replaceChildren(info, ...replayInfo(r, frame, words, go));
  }

  const loader = loadControls(loadJson);
  onLocaleChange(() => {
    loader.relabel();
    render();
  });
  viewer.replaceChildren(info, boardRoot);
  root.replaceChildren(...loader.elements, viewer);
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
