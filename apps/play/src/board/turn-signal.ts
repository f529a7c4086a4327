/**
 * The player's turn, noticed away from the board: the tab's title and icon change while it is your
 * turn to move, and, when the player chose so, a short sound and a vibration mark its start. One
 * signal for the page: the board reports each snapshot, the page's title is drawn here.
 */
import { t } from '../i18n';
import { afterFrame } from './after-frame';
import { ICON, YOUR_TURN_ICON } from './turn-icons';
import type { SourceSnapshot } from './source';

const ALERTS_KEY = 'dnup.turnAlerts';

/** True when the snapshot's viewer is to move (not a spectator, not a round's end, not the game's end). */
function isYourTurn(s: SourceSnapshot): boolean {
  const v = s.view;
  return s.over === null && v.seat !== null && v.status === 'playing' && v.turn.seat === v.seat;
}

/** Whether the player asked for a sound and a vibration on their turn (remembered on this device). */
export function turnAlerts(): boolean {
  try {
    return localStorage.getItem(ALERTS_KEY) === '1';
  } catch {
    return false;
  }
}

export function setTurnAlerts(on: boolean): void {
  try {
    localStorage.setItem(ALERTS_KEY, on ? '1' : '0');
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

let yourTurn = false;

/** The tab's title: the page's name, after "Your turn" while it is. */
export function pageTitle(): string {
  const m = t();
  return yourTurn ? `● ${m.signals.yourTurn} — ${m.app.title}` : m.app.title;
}

/** Redraws the title and icon (also after a change of language); what did not change is not written. */
export function drawTurnSignal(): void {
  const title = pageTitle();
  if (document.title !== title) document.title = title;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  const href = yourTurn ? YOUR_TURN_ICON : ICON;
  if (link.getAttribute('href') !== href) link.href = href;
  document.documentElement.dataset.yourTurn = String(yourTurn);
}

/** The signal drawing waiting for its frame, counted so that a later one replaces it. */
let pending = 0;
let scheduled = 0;

/** How long a drawing waits at most for its frame: a page hidden before its next frame paints none. */
export const SIGNAL_WAIT_MS = 500;

/**
 * Draws the signal once the move's frame is painted: the title and icon are not in the page, and
 * written in the move's task they made its frame longer. A hidden page paints no frame: there
 * (where the signal matters most) it is drawn at once, or by the clock if it was hidden meanwhile.
 */
function drawSoon(): void {
  if (document.hidden) {
    pending = 0;
    drawTurnSignal();
    return;
  }
  if (pending !== 0) return;
  const id = ++scheduled;
  pending = id;
  const draw = (): void => {
    if (pending !== id) return;
    pending = 0;
    drawTurnSignal();
  };
  afterFrame(draw);
  setTimeout(draw, SIGNAL_WAIT_MS);
}

let audio: AudioContext | null = null;

/** A short two-note chime made on the spot (no sound file), and a short vibration where there is one. */
function alert(): void {
  // counted for the end-to-end tests, which hear nothing
  document.documentElement.dataset.turnAlerts = String(Number(document.documentElement.dataset.turnAlerts ?? 0) + 1);
  try {
    navigator.vibrate?.(120);
  } catch {
    // no vibration here
  }
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    for (const [i, f] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.12);
    }
  } catch {
    // no audio here: the title and icon still say it
  }
}

/** Takes the board's latest snapshot: at the start of your turn the signals go on, at its end off. */
export function signalTurn(s: SourceSnapshot | null): void {
  const now = s !== null && isYourTurn(s);
  if (now === yourTurn) return;
  yourTurn = now;
  drawSoon();
  if (now && turnAlerts()) alert();
}
