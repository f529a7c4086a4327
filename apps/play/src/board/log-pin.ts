/**
 * The log keeps showing its last entry when the page changes size (a window resized, a phone or
 * tablet turned). A list keeps its scroll offset when its box and the wrapping of its lines change,
 * so a log scrolled to its end would show an older entry afterwards. It is kept at its end while
 * the reader leaves it there; scrolled back to read, it stays where the reader put it.
 */
export class LogPin {
  private pinned = true;
  private readonly observer: ResizeObserver | null;

  /** `panel`: the log's panel, whose size follows the page's; `list`: the scrolled list in it now. */
  constructor(
    private readonly panel: HTMLElement,
    private readonly list: () => HTMLElement | null,
  ) {
    // scroll events do not bubble: caught on the way down
    panel.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
    this.observer = typeof ResizeObserver === 'function' ? new ResizeObserver(this.keep) : null;
    this.observer?.observe(panel);
  }

  private readonly onScroll = (e: Event): void => {
    const el = this.list();
    if (el === null || e.target !== el) return;
    this.pinned = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
  };

  /** Called once the new layout is done (before its frame is painted): back to the end if pinned. */
  private readonly keep = (): void => {
    const el = this.list();
    if (this.pinned && el !== null && el.scrollTop + el.clientHeight < el.scrollHeight - 2)
      el.scrollTop = el.scrollHeight;
  };

  stop(): void {
    this.observer?.disconnect();
    this.panel.removeEventListener('scroll', this.onScroll, { capture: true });
  }
}
