/**
 * Work done once a frame is painted (src/board/after-frame.ts) with a fake frame clock: it waits for
 * a frame with no drawing before it, so that it never lays the page out inside its own task.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFrame, markDrawn, waitThenFrame } from '../src/board/after-frame';

/** The frame callbacks waiting for the next frame. */
let frameCallbacks: (() => void)[] = [];

/** The browser paints a frame: its callbacks run, then the frame is on screen. */
function paintFrame(): void {
  const now = frameCallbacks;
  frameCallbacks = [];
  for (const fn of now) fn();
}

beforeEach(() => {
  vi.useFakeTimers();
  frameCallbacks = [];
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frameCallbacks.push(fn));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFrame', () => {
  it('runs the work in a task of its own once the next frame is painted', () => {
    const done = vi.fn();
    afterFrame(done);
    vi.runAllTimers();
    expect(done).not.toHaveBeenCalled();
    paintFrame();
    expect(done).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(done).toHaveBeenCalledOnce();
  });

  it('waits for the next frame when a drawing came between the paint and the work', () => {
    const done = vi.fn();
    afterFrame(done);
    paintFrame();
    markDrawn(); // a step's timer fell in the same moment
    vi.runAllTimers();
    expect(done).not.toHaveBeenCalled();
    paintFrame();
    vi.runAllTimers();
    expect(done).toHaveBeenCalledOnce();
  });

  it('a drawing before the frame is painted does not delay it: the frame lays it out', () => {
    const done = vi.fn();
    markDrawn();
    afterFrame(done);
    markDrawn();
    paintFrame();
    vi.runAllTimers();
    expect(done).toHaveBeenCalledOnce();
  });

  it('runs at last after a few frames when drawings keep coming', () => {
    const done = vi.fn();
    afterFrame(done);
    let frames = 0;
    while (!done.mock.calls.length && frames < 20) {
      paintFrame();
      markDrawn();
      vi.runAllTimers();
      frames++;
    }
    expect(done).toHaveBeenCalledOnce();
    expect(frames).toBeGreaterThan(1);
    expect(frames).toBeLessThanOrEqual(5);
  });

  it('waitThenFrame waits the time, then a frame; on a hidden page the time alone', async () => {
    const visible = vi.fn();
    vi.stubGlobal('document', { hidden: false });
    void waitThenFrame(100).then(visible);
    await vi.advanceTimersByTimeAsync(100);
    expect(visible).not.toHaveBeenCalled(); // no frame painted yet
    paintFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(visible).toHaveBeenCalledOnce();

    const hidden = vi.fn();
    vi.stubGlobal('document', { hidden: true });
    void waitThenFrame(100).then(hidden);
    await vi.advanceTimersByTimeAsync(99);
    expect(hidden).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(hidden).toHaveBeenCalledOnce(); // no frame needed
  });
});
