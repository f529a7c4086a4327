/**
 * The tab's title and icon while it is your turn (src/board/turn-signal.ts), with a fake document
 * and frame clock: drawn once the move's frame is painted, at once in a hidden page, and by the
 * clock in a page hidden before its next frame; what did not change is not written again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceSnapshot } from '../src/board/source';
import { ICON, YOUR_TURN_ICON } from '../src/board/turn-icons';

/** The frame callbacks waiting for the next frame. */
let frameCallbacks: (() => void)[] = [];

function paintFrame(): void {
  const now = frameCallbacks;
  frameCallbacks = [];
  for (const fn of now) fn();
}

/** A document with a title, an icon link and a root element, counting what is written. */
function fakeDocument() {
  const writes = { title: 0, href: 0 };
  let title = 'dnup playground';
  let href = 'data:,';
  const link = {
    rel: 'icon',
    getAttribute: (name: string) => (name === 'href' ? href : null),
    set href(v: string) {
      writes.href++;
      href = v;
    },
    get href() {
      return href;
    },
  };
  const doc = {
    hidden: false,
    get title() {
      return title;
    },
    set title(v: string) {
      writes.title++;
      title = v;
    },
    querySelector: () => link,
    documentElement: { dataset: {} as Record<string, string> },
    head: { append: () => undefined },
  };
  return { doc, writes, icon: () => href };
}

/** A snapshot in which seat 0 watches and `seat` is to move. */
function snapshot(seat: number): SourceSnapshot {
  return {
    view: { seat: 0, status: 'playing', turn: { seat } },
    seats: [],
    turnDeadline: null,
    over: null,
  } as unknown as SourceSnapshot;
}

let fake: ReturnType<typeof fakeDocument>;
let signal: typeof import('../src/board/turn-signal');

beforeEach(async () => {
  vi.useFakeTimers();
  frameCallbacks = [];
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frameCallbacks.push(fn));
  fake = fakeDocument();
  vi.stubGlobal('document', fake.doc);
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  vi.resetModules();
  signal = await import('../src/board/turn-signal');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the turn signal', () => {
  it('is drawn once the move’s frame is painted, not in the move’s task', () => {
    signal.signalTurn(snapshot(0));
    expect(fake.writes.title).toBe(0);
    paintFrame();
    vi.advanceTimersByTime(0);
    expect(fake.doc.title).toContain('—');
    expect(fake.icon()).toBe(YOUR_TURN_ICON);
    expect(fake.doc.documentElement.dataset.yourTurn).toBe('true');
    // the clock's fallback finds nothing left to draw
    vi.advanceTimersByTime(signal.SIGNAL_WAIT_MS);
    expect(fake.writes).toEqual({ title: 1, href: 1 });
  });

  it('draws the latest state once when the turn comes and goes before the frame', () => {
    signal.signalTurn(snapshot(0));
    signal.signalTurn(snapshot(1));
    paintFrame();
    vi.advanceTimersByTime(signal.SIGNAL_WAIT_MS);
    // back to the plain title, which was never changed: nothing written
    expect(fake.doc.title).toBe('dnup playground');
    expect(fake.writes.title).toBe(0);
    expect(fake.doc.documentElement.dataset.yourTurn).toBe('false');
    expect(fake.icon()).toBe(ICON);
  });

  it('is drawn at once in a hidden page, which paints no frame', () => {
    fake.doc.hidden = true;
    signal.signalTurn(snapshot(0));
    expect(fake.writes.title).toBe(1);
    expect(fake.icon()).toBe(YOUR_TURN_ICON);
  });

  it('is drawn by the clock when the page is hidden before its next frame', () => {
    signal.signalTurn(snapshot(0));
    fake.doc.hidden = true;
    vi.advanceTimersByTime(signal.SIGNAL_WAIT_MS - 1);
    expect(fake.writes.title).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fake.writes.title).toBe(1);
    expect(fake.icon()).toBe(YOUR_TURN_ICON);
  });

  it('uses PNG icons of 32×32, which the page only decodes (an SVG icon is a document the page draws)', () => {
    for (const href of [ICON, YOUR_TURN_ICON]) {
      expect(href.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(href.slice('data:image/png;base64,'.length), 'base64');
      // the PNG signature, then the IHDR chunk: width and height, 4 bytes each
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
    }
    expect(ICON).not.toBe(YOUR_TURN_ICON);
  });
});
