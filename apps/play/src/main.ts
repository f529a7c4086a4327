/**
 * The playground page: a setup form, the game, the replay viewer and the rules, one shown at a
 * time. The URL hash says what to open:
 * - `#seats=human,greedy,random&name=Ada` starts a game with those seats and a secret deal
 *   (`&seed=…` deals from a seed of your own choosing: you then know every hand);
 * - `#replay=…` opens a finished game's record (see share.ts);
 * - `#rules` opens the rules;
 * - `#guided` starts the guided first game (guide/first-game.ts);
 * - `#online=CODE&server=ws://…` is a room of the game server, opened by online/index.ts.
 */
import './styles.css';
import { isBotId, type GameRecord, type Move } from 'dnup';
import { botChoices } from './bot-menu';
import { h } from './dom';
import type { MatchConfig, SeatKind } from './engine';
import { commitmentOf, randomSeed } from './fairness';
import { mountBoard, SPEEDS, type BoardHost, type Speed } from './board/board';
import { pageTitle, setTurnAlerts, turnAlerts } from './board/turn-signal';
import { guidedGame, type GuideStage } from './board/guided';
import { offlineSource } from './board/offline';
import { languageSelect, onLocaleChange, t } from './i18n';
import { mountReplay } from './replay';
import { installOnline } from './online/index';
import { mountRules } from './rules';
import { decodeRecord, encodeRecord } from './share';
import { saveName, savedName } from './player-name';
import { recentGamesList } from './recent-games';
import { addRecentGame } from './saved-games';
import { saveGame, savedGame, type SavedGame } from './sealed-game';
import type { GameSource } from './board/source';

/** The page's views; each is one section, shown alone, with its nav button. */
const VIEWS = ['setup', 'game', 'replay', 'rules'] as const;
type ViewName = (typeof VIEWS)[number];

const app = document.getElementById('app')!;
const sections: Record<ViewName, HTMLElement> = {
  setup: h('section', { id: 'setup', class: 'panel', 'aria-labelledby': 'setup-title' }),
  game: h('section', { id: 'game', class: 'game', hidden: true }),
  replay: h('section', { id: 'replay', class: 'panel', hidden: true, 'aria-labelledby': 'replay-title' }),
  rules: h('section', { id: 'rules', class: 'panel rules', hidden: true, 'aria-labelledby': 'rules-title' }),
};
let current: ViewName = 'setup';
let stopGame: (() => void) | null = null;
/** What the guide says during the guided first game (above the board), or null in any other game. */
let guideStage: (() => GuideStage) | null = null;
const guidePanel = h('aside', { id: 'guide', class: 'guide', hidden: true, role: 'status', 'aria-live': 'polite' });

/** Words the guide panel: its title and the stage's sentence, in the page's language. */
function drawGuide(): void {
  guidePanel.hidden = guideStage === null || current !== 'game';
  if (guideStage === null) return;
  const m = t().guide;
  guidePanel.replaceChildren(h('strong', {}, `${m.title}: `), h('span', { id: 'guide-step' }, m.steps[guideStage()]));
  guidePanel.dataset.stage = guideStage();
}
let speed: Speed = 'normal';
/** The seats and name of the last game, for "Play again". */
let lastSetup: { seats: readonly SeatKind[]; name: string } | null = null;

interface SetupChoice {
  readonly seats: readonly SeatKind[];
  readonly name: string;
  /** A seed the person chose (they then know the deal), or '' for a secret one. */
  readonly seed: string;
}

/** Reads a setup from the URL hash; anything missing or unreadable falls back to a default. */
function setupFromHash(params: URLSearchParams): SetupChoice {
  const raw = (params.get('seats') ?? 'human,greedy,random').split(',');
  const seats = raw.filter((s): s is SeatKind => s === 'human' || isBotId(s)).slice(0, 5);
  const valid = seats.length >= 2 && seats.filter((s) => s === 'human').length === 1;
  return {
    seats: valid ? seats : ['human', 'greedy', 'random'],
    name: params.get('name')?.slice(0, 24) || savedName(),
    seed: params.get('seed') ?? '',
  };
}

/** The hash of a running game: its seats, never its seed. */
function gameHash(setup: { seats: readonly SeatKind[]; name: string }): string {
  return `#${new URLSearchParams({ seats: setup.seats.join(','), name: setup.name, speed }).toString()}`;
}

function show(which: ViewName): void {
  current = which;
  replayViewer.setShown(which === 'replay');
  for (const name of VIEWS) sections[name].hidden = name !== which;
  drawGuide();
  for (const b of document.querySelectorAll<HTMLElement>('nav button')) {
    if (b.dataset.view === which) b.setAttribute('aria-current', 'page');
    else b.removeAttribute('aria-current');
  }
  drawGameNav();
}

/** "Game" is offered once there is a game to go back to (before, it would do nothing). */
function drawGameNav(): void {
  const button = document.getElementById('nav-game');
  if (button) button.hidden = stopGame === null && current !== 'game';
}

/**
 * Starts a game with a new deal, or the game kept on this device (`resume`: its seed and moves),
 * which is then kept after every move until it is over and joins the recent games.
 */
async function startGame(choice: SetupChoice, resume?: SavedGame): Promise<void> {
  stopGame?.();
  stopGame = null;
  guideStage = null;
  const config: MatchConfig = {
    seats: choice.seats,
    name: choice.name,
    seed: resume?.seed ?? (choice.seed || randomSeed()),
  };
  lastSetup = { seats: choice.seats, name: choice.name };
  // the form forgets a chosen seed, so the page holds it only inside the running game
  renderSetup({ ...choice, seed: '' });
  history.replaceState(null, '', gameHash(lastSetup));
  const commitment = await commitmentOf(config.seed);
  show('game');
  const humanSeat = config.seats.indexOf('human');
  let finished = false;
  const keep = (moves: readonly Move[], winner: number | null, record: GameRecord | null): void => {
    if (finished) return;
    if (record === null || winner === null) return void saveGame({ ...config, moves });
    finished = true;
    void saveGame(null);
    addRecentGame({ date: new Date().toISOString(), seat: humanSeat, winner, record });
  };
  let source: GameSource;
  try {
    source = offlineSource(config, commitment, {
      botDelay: () => SPEEDS[speed],
      resume: resume?.moves ?? [],
      onMove: keep,
    });
  } catch (e) {
    if (resume === undefined) throw e;
    // a kept game that no longer plays (storage changed by hand): forgotten, and a new deal
    void saveGame(null);
    return startGame({ ...choice, seed: '' });
  }
  if (resume === undefined) keep([], null, null);
  const unmount = mountBoard(sections.game, source, {
    speed: () => speed,
    setSpeed: (s) => {
      speed = s;
      if (lastSetup) history.replaceState(null, '', gameHash(lastSetup));
    },
    openReplay: (r) => {
      replayViewer.open(r);
      show('replay');
    },
    playAgain: () => void startGame({ seats: choice.seats, name: choice.name, seed: '' }),
    hints: () => true,
    showRules: (rule) => {
      show('rules');
      rulesPage.reveal(rule);
    },
    replayLink: async (record) =>
      `${location.pathname}${location.search}#replay=${await encodeRecord(JSON.stringify(record))}`,
  });
  stopGame = () => {
    unmount();
    source.close();
  };
}

/** Starts the guided first game: a duel against the Teacher, each action shown once (guide/first-game.ts). */
function startGuided(): void {
  stopGame?.();
  lastSetup = null;
  history.replaceState(null, '', '#guided');
  const game = guidedGame({
    you: setupNow.name || t().setup.defaultName,
    teacher: t().guide.teacher,
    botDelay: () => SPEEDS[speed],
    lessonSentence: (lesson) => t().guide.steps[lesson],
  });
  guideStage = game.stage;
  const stopWatching = game.onStage(drawGuide);
  show('game');
  const unmount = mountBoard(sections.game, game.source, { ...onlineBoardHost, playAgain: startGuided });
  stopGame = () => {
    stopWatching();
    unmount();
    game.source.close();
    guideStage = null;
    drawGuide();
  };
}

/** The seat menus of the setup form: how many players, and a person or a bot in each seat (one person). */
function drawSeatChoices(box: HTMLElement, seats: readonly SeatKind[], changed: (seats: SeatKind[]) => void): void {
  const m = t();
  const human = seats.indexOf('human');
  const redraw = (next: SeatKind[]): void => {
    changed(next);
    drawSeatChoices(box, next, changed);
  };
  const setCount = (n: number): void => {
    const next = Array.from({ length: n }, (_, i) => seats[i] ?? 'greedy');
    if (!next.includes('human')) next[0] = 'human';
    redraw(next);
  };
  const setSeat = (i: number, value: SeatKind): void => {
    const next = value === 'human' ? seats.map((s) => (s === 'human' ? 'greedy' : s)) : seats.slice();
    next[i] = value;
    if (!next.includes('human')) next[human >= 0 && human !== i ? human : (i + 1) % next.length] = 'human';
    redraw(next);
  };
  box.replaceChildren(
    h('label', { for: 'players' }, `${m.setup.players} `),
    h(
      'select',
      { id: 'players', onchange: (e: Event) => setCount(Number((e.target as HTMLSelectElement).value)) },
      [2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === seats.length }, m.setup.playerCount(n))),
    ),
    h(
      'ol',
      { class: 'seat-list' },
      seats.map((kind, i) =>
        h(
          'li',
          {},
          h('label', { for: `seat-${i}` }, `${m.setup.seat(i + 1)} `),
          h(
            'select',
            { id: `seat-${i}`, onchange: (e: Event) => setSeat(i, (e.target as HTMLSelectElement).value as SeatKind) },
            h('option', { value: 'human', selected: kind === 'human' }, m.setup.you),
            botChoices().map((b) => h('option', { value: b.id, selected: b.id === kind }, b.label)),
          ),
        ),
      ),
    ),
  );
}

/** The speed of the bots and of the moves drawn. */
function speedField(): HTMLElement {
  const m = t();
  return h(
    'div',
    { class: 'field' },
    h('label', { for: 'speed' }, `${m.setup.speed} `),
    h(
      'select',
      { id: 'speed', onchange: (e: Event) => (speed = (e.target as HTMLSelectElement).value as Speed) },
      (Object.keys(SPEEDS) as Speed[]).map((s) => h('option', { value: s, selected: s === speed }, m.setup.speeds[s])),
    ),
  );
}

/** A sound and a vibration at the start of each of your turns, off unless chosen. */
function alertsField(): HTMLElement {
  return h(
    'div',
    { class: 'field' },
    h(
      'label',
      { for: 'turn-alerts' },
      h('input', {
        type: 'checkbox',
        id: 'turn-alerts',
        checked: turnAlerts(),
        onchange: (e: Event) => setTurnAlerts((e.target as HTMLInputElement).checked),
      }),
      ` ${t().signals.alerts}`,
    ),
  );
}

/** The setup form's choices as they stand, so a change of language redraws it as it was. */
let setupNow: SetupChoice = { seats: ['human', 'greedy', 'random'], name: '', seed: '' };

function renderSetup(choice: SetupChoice): void {
  setupNow = choice;
  const m = t();
  let seats = choice.seats.slice();
  const seedInput = h('input', {
    id: 'seed',
    name: 'seed',
    value: choice.seed,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'seed-hint',
  });
  const nameInput = h('input', {
    id: 'your-name',
    name: 'name',
    value: choice.name || m.setup.defaultName,
    maxlength: 24,
    autocomplete: 'nickname',
  });
  const remember = (): void => {
    setupNow = { seats, name: nameInput.value, seed: seedInput.value };
  };
  nameInput.addEventListener('input', remember);
  nameInput.addEventListener('input', () => saveName(nameInput.value));
  seedInput.addEventListener('input', remember);
  const seatsBox = h('div', { class: 'seat-choices' });
  const seatsChanged = (next: SeatKind[]): void => {
    seats = next;
    remember();
  };
  drawSeatChoices(seatsBox, seats, seatsChanged);
  remember();

  sections.setup.replaceChildren(
    h('h2', { id: 'setup-title' }, m.setup.title),
    h(
      'form',
      {
        id: 'setup-form',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void startGame({ seats, name: nameInput.value.trim() || m.setup.defaultName, seed: seedInput.value.trim() });
        },
      },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'setup-language' }, `${m.app.language} `),
        languageSelect('setup-language'),
      ),
      h('div', { class: 'field' }, h('label', { for: 'your-name' }, `${m.setup.yourName} `), nameInput),
      seatsBox,
      speedField(),
      alertsField(),
      h(
        'details',
        { class: 'field', open: choice.seed !== '' },
        h('summary', {}, m.setup.ownSeed),
        h('label', { for: 'seed' }, `${m.setup.seed} `),
        seedInput,
        h('p', { class: 'hint', id: 'seed-hint' }, m.setup.seedHint),
      ),
      h('button', { type: 'submit', id: 'start', class: 'primary' }, m.setup.start),
    ),
    h(
      'p',
      {},
      `${m.setup.newToDnup} `,
      h('button', { type: 'button', class: 'link', onclick: () => show('rules') }, m.setup.readRules),
      ' · ',
      h('button', { type: 'button', class: 'link', id: 'guided', onclick: startGuided }, m.setup.guided),
      '.',
    ),
    recentGamesList((json) => {
      replayViewer.loadJson(json);
      show('replay');
    }) ?? '',
  );
}

/** The board's host for replays and online games (offline games add "Play again" and the hash). */
const onlineBoardHost: BoardHost = {
  speed: () => speed,
  setSpeed: (s) => {
    speed = s;
  },
  openReplay: (r) => {
    replayViewer.open(r);
    show('replay');
  },
  showRules: (rule) => {
    show('rules');
    rulesPage.reveal(rule);
  },
  replayLink: async (record) =>
    `${location.pathname}${location.search}#replay=${await encodeRecord(JSON.stringify(record))}`,
};
const replayViewer = mountReplay(sections.replay, onlineBoardHost);
const rulesPage = mountRules(sections.rules);

/** The page's header: title, the header's language menu, the views' buttons. */
function renderHeader(): void {
  const m = t();
  document.title = pageTitle();
  sections.game.setAttribute('aria-label', m.game.region);
  // views other modules added to the nav (the online client) stay when the header is redrawn,
  // and one of them being shown leaves none of the page's own views current
  const added = [...header.querySelectorAll<HTMLElement>('nav button')].filter(
    (b) => !(VIEWS as readonly string[]).includes(b.dataset.view ?? ''),
  );
  const addedShown = added.some((b) => b.hasAttribute('aria-current'));
  const nav = (view: ViewName, label: string, onclick: () => void): HTMLElement =>
    h(
      'button',
      {
        type: 'button',
        'data-view': view,
        id: `nav-${view}`,
        'aria-current': current === view && !addedShown ? 'page' : null,
        onclick,
      },
      label,
    );
  header.replaceChildren(
    h('h1', {}, m.app.title),
    h('span', { class: 'language' }, languageSelect('header-language')),
    h(
      'nav',
      { 'aria-label': m.app.views },
      nav('setup', m.app.navSetup, () => {
        renderSetup(setupNow); // with the games finished since in its list
        show('setup');
      }),
      nav('game', m.app.navGame, () => {
        if (stopGame) show('game');
      }),
      nav('replay', m.app.navReplay, () => show('replay')),
      nav('rules', m.app.navRules, () => show('rules')),
      added,
    ),
  );
  drawGameNav();
}

const header = h('header', { class: 'top' });
app.replaceChildren(header, h('main', {}, guidePanel, Object.values(sections)));
renderHeader();
onLocaleChange(() => {
  const focused = document.activeElement?.id;
  renderHeader();
  renderSetup(setupNow);
  drawGuide();
  // the menu just used was redrawn: the keyboard stays on it
  if (focused) document.getElementById(focused)?.focus();
});

/** Opens what the hash asks for (see the top of this file). */
async function route(): Promise<void> {
  const params = new URLSearchParams(location.hash.slice(1));
  const sp = params.get('speed');
  if (sp !== null && sp in SPEEDS) speed = sp as Speed;
  const setup = setupFromHash(params);
  renderSetup({ ...setup, seed: '' });
  if (params.has('online')) {
    show('setup'); // behind the room of the game server, which online/index.ts opens
  } else if (params.has('replay')) {
    try {
      replayViewer.loadJson(await decodeRecord(params.get('replay')!));
    } catch (e) {
      replayViewer.fail(e instanceof Error ? e.message : String(e));
    }
    show('replay');
  } else if (params.has('guided')) {
    startGuided();
  } else if (params.has('rules')) {
    show('rules');
  } else if (params.has('seats')) {
    // a reload, or a phone that dropped the tab: the game kept on this device comes back
    const kept = await savedGame();
    // (a link that names a seed asks for that deal, not the kept game)
    const same =
      kept !== null && setup.seed === '' && kept.seats.join() === setup.seats.join() && kept.name === setup.name;
    await startGame(setup, same ? kept : undefined);
  } else {
    show('setup');
  }
}

void route();
// a shared link pasted into this tab opens what it names (the page's own hash changes are not links)
window.addEventListener('hashchange', () => {
  if (lastSetup && location.hash === gameHash(lastSetup)) return;
  void route();
});
// "Play online": a client of the game server (docs/online.md), its games drawn on the same board
installOnline(app, (into, source, extra) => mountBoard(into, source, { ...onlineBoardHost, ...extra }), onLocaleChange);
