/** Runs `fn` once the next frame is painted (the page is then laid out: reading a box costs nothing more). */
export function afterFrame(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn));
}
