/**
 * The playground page: a setup form (players, bots, seed), the game, and the replay viewer.
 * The setup lives in the URL hash, e.g. `#seats=human,greedy,random&seed=tuesday`, so a game can
 * be shared and started again exactly.
 */
import './styles.css';
import { h } from './dom';
import { BOT_KINDS, BOT_LABELS, type MatchConfig, type SeatKind } from './engine';
import { mountGame } from './game';
import { mountReplay } from './replay';
import { mountLanguageSwitch } from './language';

mountLanguageSwitch();

const SPEEDS = { slow: 900, normal: 450, fast: 150, instant: 0 } as const;
type Speed = keyof typeof SPEEDS;

const app = document.getElementById('app')!;
const setupEl = h('section', { id: 'setup', class: 'panel', 'aria-labelledby': 'setup-title' });
const gameEl = h('section', { id: 'game', class: 'game', hidden: true, 'aria-label': 'Game' });
const replayEl = h('section', { id: 'replay', class: 'panel', hidden: true, 'aria-label': 'Replay' });
let stopGame: (() => void) | null = null;
let speed: Speed = 'normal';

function randomSeed(): string {
  const words = ['amber', 'brisk', 'cedar', 'dune', 'ember', 'fjord', 'glade', 'heron', 'iris', 'juniper', 'kestrel', 'lumen', 'maple', 'nova', 'opal', 'pebble'];
  const pick = (): string => words[Math.floor(Math.random() * words.length)]!;
  return `${pick()}-${pick()}-${Math.floor(Math.random() * 1000)}`;
}

/** Reads a setup from the URL hash; anything missing or unreadable falls back to a default. */
function configFromHash(): { config: MatchConfig; speed: Speed } {
  const params = new URLSearchParams(location.hash.slice(1));
  const raw = (params.get('seats') ?? 'human,greedy,random').split(',');
  const seats = raw.filter((s): s is SeatKind => s === 'human' || (BOT_KINDS as readonly string[]).includes(s)).slice(0, 5);
  const valid = seats.length >= 2 && seats.filter((s) => s === 'human').length === 1;
  const sp = params.get('speed');
  return {
    config: { seats: valid ? seats : ['human', 'greedy', 'random'], seed: params.get('seed') || randomSeed(), name: params.get('name') || 'Ada' },
    speed: sp !== null && sp in SPEEDS ? (sp as Speed) : 'normal',
  };
}

function hashOf(config: MatchConfig): string {
  return `#${new URLSearchParams({ seats: config.seats.join(','), seed: config.seed, name: config.name }).toString()}`;
}

function show(which: 'setup' | 'game' | 'replay'): void {
  setupEl.hidden = which !== 'setup';
  gameEl.hidden = which !== 'game';
  replayEl.hidden = which !== 'replay';
  for (const b of document.querySelectorAll<HTMLElement>('nav button')) b.setAttribute('aria-current', String(b.dataset.view === which));
}

function startGame(config: MatchConfig): void {
  stopGame?.();
  history.replaceState(null, '', hashOf(config));
  show('game');
  stopGame = mountGame(gameEl, config, {
    botDelay: () => SPEEDS[speed],
    openReplay: (json) => {
      loadReplay(json);
      show('replay');
    },
    newGame: () => {
      renderSetup({ ...config, seed: randomSeed() });
      show('setup');
    },
    shareLink: (c) => `${location.pathname}${location.search}${hashOf(c)}`,
  });
}

function renderSetup(config: MatchConfig): void {
  let seats = config.seats.slice();
  const seedInput = h('input', { id: 'seed', name: 'seed', value: config.seed, required: true, autocomplete: 'off', spellcheck: 'false' });
  const nameInput = h('input', { id: 'your-name', name: 'name', value: config.name, maxlength: 24, autocomplete: 'nickname' });
  const seatsBox = h('div', { class: 'seat-choices' });

  function drawSeats(): void {
    const human = seats.indexOf('human');
    seatsBox.replaceChildren(
      h('label', { for: 'players' }, 'Players '),
      h(
        'select',
        {
          id: 'players',
          onchange: (e: Event) => {
            const n = Number((e.target as HTMLSelectElement).value);
            seats = Array.from({ length: n }, (_, i) => seats[i] ?? 'greedy');
            if (!seats.includes('human')) seats[0] = 'human';
            drawSeats();
          },
        },
        [2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === seats.length }, `${n} players${n === 2 ? ' (duel)' : ''}`)),
      ),
      h(
        'ol',
        { class: 'seat-list' },
        seats.map((kind, i) =>
          h(
            'li',
            {},
            h('label', { for: `seat-${i}` }, `Seat ${i + 1} `),
            h(
              'select',
              {
                id: `seat-${i}`,
                onchange: (e: Event) => {
                  const value = (e.target as HTMLSelectElement).value as SeatKind;
                  if (value === 'human') seats = seats.map((s) => (s === 'human' ? 'greedy' : s));
                  seats[i] = value;
                  if (!seats.includes('human')) seats[human >= 0 && human !== i ? human : (i + 1) % seats.length] = 'human';
                  drawSeats();
                },
              },
              h('option', { value: 'human', selected: kind === 'human' }, 'You'),
              BOT_KINDS.map((b) => h('option', { value: b, selected: kind === b }, BOT_LABELS[b])),
            ),
          ),
        ),
      ),
    );
  }
  drawSeats();

  setupEl.replaceChildren(
    h('h2', { id: 'setup-title' }, 'New game'),
    h(
      'form',
      {
        id: 'setup-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          startGame({ seats, seed: seedInput.value.trim() || randomSeed(), name: nameInput.value.trim() || 'Ada' });
        },
      },
      h('div', { class: 'field' }, h('label', { for: 'your-name' }, 'Your name '), nameInput),
      seatsBox,
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'seed' }, 'Seed '),
        seedInput,
        h('button', { type: 'button', id: 'new-seed', onclick: () => { seedInput.value = randomSeed(); } }, 'New seed'),
        h('p', { class: 'hint' }, 'The same seed and the same moves always give the same game (rules §3): share the link to share the deal.'),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'speed' }, 'Bot speed '),
        h(
          'select',
          { id: 'speed', onchange: (e: Event) => { speed = (e.target as HTMLSelectElement).value as Speed; } },
          (Object.keys(SPEEDS) as Speed[]).map((s) => h('option', { value: s, selected: s === speed }, s)),
        ),
      ),
      h('button', { type: 'submit', id: 'start', class: 'primary' }, 'Start game'),
    ),
    h(
      'details',
      { class: 'how' },
      h('summary', {}, 'How to play'),
      h('ul', {},
        h('li', {}, 'Select cards of one value in your hand, then Play. Against a set of the same size on the table, your value must be higher: that set is beaten and goes back to its owner, rotated.'),
        h('li', {}, 'Drag a card onto an opponent’s set to add it (or select one card and press “Add”). Press “Take” to take a set into your hand, every card rotated.'),
        h('li', {}, 'Rotate hand turns every card over. Empty your hand to go out. Drag cards (or Alt+←/→) to reorder your hand.'),
      ),
    ),
  );
}

const { config, speed: initialSpeed } = configFromHash();
speed = initialSpeed;
const loadReplay = mountReplay(replayEl);

app.replaceChildren(
  h(
    'header',
    { class: 'top' },
    h('h1', {}, 'dnup playground'),
    h(
      'nav',
      { 'aria-label': 'Views' },
      h('button', { type: 'button', 'data-view': 'setup', id: 'nav-setup', onclick: () => show('setup') }, 'New game'),
      h('button', { type: 'button', 'data-view': 'game', id: 'nav-game', onclick: () => { if (stopGame) show('game'); } }, 'Game'),
      h('button', { type: 'button', 'data-view': 'replay', id: 'nav-replay', onclick: () => show('replay') }, 'Replay'),
    ),
  ),
  setupEl,
  gameEl,
  replayEl,
);
renderSetup(config);
if (new URLSearchParams(location.hash.slice(1)).has('seed')) startGame(config);
else show('setup');
// a shared link pasted into this tab starts its game
window.addEventListener('hashchange', () => {
  if (!new URLSearchParams(location.hash.slice(1)).has('seed')) return;
  const next = configFromHash();
  speed = next.speed;
  renderSetup(next.config);
  startGame(next.config);
});
