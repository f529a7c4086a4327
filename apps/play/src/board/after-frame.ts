/** Drawings made so far: a task that follows a paint checks that none came in between. */
let drawings = 0;

/** Frames a task waits at most for one with no drawing before it (a stream of drawings ends soon). */
const MAX_WAITS = 4;

/** A drawing was made: the page's layout is out of date until its frame is painted. */
export function markDrawn(): void {
  drawings++;
}

/**
 * Runs `fn` once a frame is painted and no drawing was made since (the page is then laid out:
 * reading a box or focusing costs nothing more). A drawing that came first (a step or a bot's move
 * whose timer fell in the same moment) sends `fn` to the next frame: run after it, `fn` would lay
 * the page out inside its own task, and the two tasks would make one long frame.
 */
export function afterFrame(fn: () => void, waits = 0): void {
  requestAnimationFrame(() => {
    const seen = drawings;
    setTimeout(() => {
      if (drawings === seen || waits >= MAX_WAITS) fn();
      else afterFrame(fn, waits + 1);
    });
  });
}

/**
 * Waits `ms`, then for the start of a frame with no drawing before it ({@link afterFrame}); a hidden
 * page paints no frame, so there the clock alone decides.
 */
export function waitThenFrame(ms: number): Promise<void> {
  return new Promise<void>((resolve) =>
    setTimeout(() => (typeof document !== 'undefined' && document.hidden ? resolve() : afterFrame(resolve)), ms),
  );
}
