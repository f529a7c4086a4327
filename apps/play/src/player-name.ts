/**
 * The name the person typed, kept on this device (localStorage) so that it is typed once: the
 * New game form and "Play online" both start from it and both keep it. Storage may be refused
 * (private mode): then each form keeps its own until the page closes.
 */
const KEY = 'dnup-name';
/** Where "Play online" kept the name before both forms shared one. */
const OLD_ONLINE_KEY = 'dnup-online-name';

/** The name kept on this device, or ''. */
export function savedName(): string {
  try {
    return (localStorage.getItem(KEY) ?? localStorage.getItem(OLD_ONLINE_KEY) ?? '').slice(0, 24);
  } catch {
    return '';
  }
}

/** Keeps `name` for both forms (an empty one is not kept over a name typed before). */
export function saveName(name: string): void {
  const trimmed = name.trim().slice(0, 24);
  if (trimmed === '') return;
  try {
    localStorage.setItem(KEY, trimmed);
  } catch {
    // not kept: this form still has it
  }
}
