/**
 * The replay viewer: load a record (file or pasted JSON), step forward and back through it, and
 * read the library's verdict on every move.
 */
import { h, replaceChildren } from './dom';
import type { MoveVerdict } from 'dnup';
import { replayRecord, type Replay } from './engine';
import { orderEl, seatsEl, tableEl } from './table';

/** Mounts the replay viewer in `root`; returns a loader that opens a record's JSON text. */
export function mountReplay(root: HTMLElement): (json: string) => void {
  let replay: Replay | null = null;
  let index = 0;
  let error = '';

  const fileInput = h('input', { type: 'file', id: 'record-file', accept: '.json,application/json' });
  const pasteArea = h('textarea', { id: 'record-text', rows: 3, placeholder: '…or paste a record’s JSON here', 'aria-label': 'Record JSON' });
  const viewer = h('div', { class: 'replay-viewer', id: 'replay-viewer' });

  function load(json: string): void {
    try {
      replay = replayRecord(json);
      index = 0;
      error = '';
    } catch (e) {
      replay = null;
      error = e instanceof Error ? e.message : String(e);
    }
    render();
  }

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void file.text().then(load);
  });

  function go(to: number): void {
    if (!replay) return;
    index = Math.max(0, Math.min(to, replay.frames.length - 1));
    render();
  }

  function verdictEl(v: MoveVerdict | null): HTMLElement {
    if (v === null) return h('span', { class: 'verdict ok' }, 'the deal');
    if (v.status === 'legal') return h('span', { class: 'verdict ok' }, '✓ legal');
    if (v.status === 'illegal') return h('span', { class: 'verdict bad' }, `✗ refused (${v.code}, rules ${v.rule}): ${v.message}`);
    return h('span', { class: 'verdict' }, 'not reached');
  }

  function moveLabel(r: Replay, v: MoveVerdict): string {
    const who = v.status !== 'unreached' && v.seat !== null ? `${r.players[v.seat]}: ` : '';
    return `${who}${v.status === 'unreached' ? JSON.stringify(v.move) : v.text}`;
  }

  function render(): void {
    if (!replay) {
      replaceChildren(viewer, h('p', { class: `message ${error ? 'error' : ''}`, role: error ? 'alert' : 'status' }, error || 'No record loaded yet.'));
      return;
    }
    const r = replay;
    const frame = r.frames[index]!;
    const last = r.frames.length - 1;
    const moves = r.verdicts.length;
    const refused = r.verdicts.find((v) => v.status === 'illegal');
    replaceChildren(
      viewer,
      h('p', { class: 'replay-meta' }, `${r.players.join(', ')} · seed `, h('code', {}, r.seed), ` · ${moves} move${moves === 1 ? '' : 's'}`, refused ? ` · move ${refused.index + 1} is refused` : ' · every move legal'),
      h(
        'div',
        { class: 'replay-controls', role: 'toolbar', 'aria-label': 'Replay controls' },
        h('button', { type: 'button', id: 'replay-first', 'data-key': 'first', disabled: index === 0, onclick: () => go(0) }, '« Start'),
        h('button', { type: 'button', id: 'replay-back', 'data-key': 'back', disabled: index === 0, onclick: () => go(index - 1) }, '◀ Back'),
        h('button', { type: 'button', id: 'replay-forward', 'data-key': 'forward', disabled: index === last, onclick: () => go(index + 1) }, 'Forward ▶'),
        h('button', { type: 'button', id: 'replay-last', 'data-key': 'last', disabled: index === last, onclick: () => go(last) }, 'End »'),
        h('input', {
          type: 'range', min: 0, max: last, value: index, 'aria-label': 'Move', 'data-key': 'slider',
          oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)),
        }),
      ),
      h(
        'p',
        { class: 'replay-step', id: 'replay-step' },
        h('strong', { id: 'replay-position' }, `Move ${index} of ${moves}`),
        frame.verdict ? [' · ', h('code', { class: 'notation' }, moveLabel(r, frame.verdict)), ' '] : ' · ',
        verdictEl(frame.verdict),
      ),
      frame.lines.length > 0 ? h('ul', { class: 'replay-lines' }, frame.lines.map((l) => h('li', {}, l.text))) : null,
      seatsEl(frame.view, frame.hands),
      orderEl(frame.view),
      tableEl(frame.view, undefined, false),
      h(
        'details',
        { class: 'move-list' },
        h('summary', {}, 'All moves and their verdicts'),
        h(
          'ol',
          {},
          r.verdicts.map((v, i) =>
            h(
              'li',
              { class: i + 1 === index ? 'current' : '' },
              v.status === 'unreached' ? moveLabel(r, v) : h('button', { type: 'button', class: 'link', onclick: () => go(i + 1) }, moveLabel(r, v)),
              ' ',
              verdictEl(v),
            ),
          ),
        ),
      ),
    );
  }

  root.replaceChildren(
    h('h2', {}, 'Replay a game record'),
    h(
      'div',
      { class: 'replay-load' },
      h('label', { for: 'record-file' }, 'Load a record (JSON file): '),
      fileInput,
      pasteArea,
      h('button', { type: 'button', id: 'record-load-text', onclick: () => load(pasteArea.value) }, 'Load pasted record'),
    ),
    viewer,
  );
  root.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
  });
  render();
  return load;
}
