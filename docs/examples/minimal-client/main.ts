/**
 * A complete minimal dnup client in plain TypeScript: you hold seat 0, built-in bots hold the
 * others. The page knows no rules: cardHints says which cards and sets can do something,
 * moveFromSelection turns a selection into a move or a reason, viewSteps animates each move
 * event by event, describeEvent narrates it to "you". Build: npx esbuild main.ts --bundle --outfile=main.js
 */
import {
  apply,
  botByName,
  cardHints,
  createGame,
  describeEvent,
  describeMove,
  legalMoves,
  moveFromSelection,
  playerView,
  viewSteps,
  type GameState,
  type Move,
  type PlayerView,
  type Selection,
} from 'dnup';

const ME = 0;
const params = new URLSearchParams(location.search);
const pause = Number(params.get('pause') ?? 500); // milliseconds between two steps of a move
const bots = [botByName('greedy', { seed: 1 }), botByName('greedy', { seed: 2 })];
let state: GameState = createGame(['You', 'Ben', 'Cy'], params.get('seed') ?? 'minimal client');
let shown: PlayerView = playerView(state, ME); // what the page shows: only seat 0's view
let selected: number[] = [];
let busy = false; // true while a move is being animated or a bot thinks

const $ = (id: string): HTMLElement => document.getElementById(id)!;
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...kids);
  return node;
}
const say = (text: string): void => void $('message').replaceChildren(text);
const name = (seat: number): string => (seat === ME ? 'you' : shown.players[seat]!);

/** Draws the view `v` (a step of a move while `busy`), with the hints of the real position otherwise. */
function render(v: PlayerView): void {
  const mine = !busy && v.seat === v.turn.seat && v.status === 'playing';
  // a step is the middle of a move, for drawing only: hints come from the view the move ends in
  const hints = busy ? null : cardHints(v);
  document.body.dataset.status = v.status;
  document.body.dataset.turn = mine ? 'you' : v.status === 'playing' || busy ? 'other' : v.status;
  $('status').textContent =
    v.status === 'gameOver'
      ? `${name(v.winner!)} won the game.`
      : `Round ${v.round} · scores ${v.scores.join(' / ')} · ${v.status === 'roundOver' ? 'round over' : `${name(v.turn.seat)} to play`}`;
  $('table').replaceChildren(
    ...v.table.map((set, i) => {
      const s = hints?.sets[i];
      const box = el('div', { className: 'set' }, `${name(set.seat)}: ${set.cards.length} × ${set.value} `);
      box.dataset.seat = String(set.seat);
      if (mine && s && selected.length === 1 && s.add.includes(selected[0]!))
        box.append(
          el('button', { className: 'add', onclick: () => choose({ cards: selected, target: s.target }) }, 'Add here'),
        );
      if (mine && s?.take)
        box.append(el('button', { className: 'take', onclick: () => choose({ target: s.target }) }, 'Take'));
      return box;
    }),
  );
  $('hand').replaceChildren(
    ...v.hand.map((c, i) => {
      const h = hints?.cards[i];
      const useful = h !== undefined && (h.playSizes.length > 0 || h.addTo.length > 0);
      const b = el('button', { className: `card${mine && useful ? ' hint' : ''}`, disabled: !mine }, String(c.active));
      b.dataset.card = String(c.id);
      b.dataset.sizes = h?.playSizes.join(' ') ?? '';
      b.title = !h
        ? ''
        : h.playSizes.length > 0
          ? `can be played in a set of ${h.playSizes.join(', ')}`
          : h.addTo.length > 0
            ? 'can be added to a set'
            : 'cannot be used now';
      b.setAttribute('aria-pressed', String(selected.includes(c.id)));
      b.onclick = () => {
        selected = selected.includes(c.id) ? selected.filter((id) => id !== c.id) : [...selected, c.id];
        render(shown);
      };
      return b;
    }),
  );
  const buttons: HTMLElement[] = [];
  if (mine)
    buttons.push(
      el('button', { id: 'play', disabled: selected.length === 0, onclick: () => choose({ cards: selected }) }, 'Play'),
    );
  if (mine && hints?.rotate)
    buttons.push(el('button', { id: 'rotate', onclick: () => choose({ action: 'rotate' }) }, 'Rotate hand'));
  if (hints?.nextRound)
    buttons.push(el('button', { id: 'deal', onclick: () => choose({ action: 'nextRound' }) }, 'Deal the next round'));
  $('actions').replaceChildren(...buttons);
}

/** Turns the selection into a move, or says why not; an ambiguous one offers its candidates. */
function choose(selection: Selection): void {
  const verdict = moveFromSelection(shown, selection);
  if (verdict.ok) return void play(verdict.move);
  say(verdict.message);
  if (verdict.code === 'AMBIGUOUS_SELECTION') {
    for (const move of verdict.params.candidates!) {
      $('message').append(
        ' ',
        el('button', { className: 'candidate', onclick: () => play(move) }, describeMove(state, move, { viewer: ME })),
      );
    }
  }
}

/** Plays a move, then shows each of its steps in turn and narrates it; then lets the bots move. */
async function play(move: Move): Promise<void> {
  busy = true;
  selected = [];
  say('');
  const before = shown;
  state = apply(state, move); // in an online client, the server does this and sends the next view
  const after = playerView(state, ME);
  for (const step of viewSteps(before, after)) {
    shown = step.view;
    $('log').prepend(el('li', {}, describeEvent(step.event, { players: shown.players, viewer: ME })));
    render(shown);
    await new Promise((done) => setTimeout(done, pause));
  }
  shown = after;
  busy = false;
  render(shown);
  await botsMove();
}

/** Lets the bot of the seat to play choose, while it is not seat 0's turn. */
async function botsMove(): Promise<void> {
  if (state.status !== 'playing' || state.turn.seat === ME) return;
  const seat = state.turn.seat;
  const move = await bots[seat - 1]!.chooseMove(playerView(state, seat), legalMoves(state));
  await play(move);
}

render(shown);
void botsMove();
