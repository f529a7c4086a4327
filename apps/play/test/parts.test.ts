import { describe, expect, it } from 'vitest';
import type { VNode } from 'snabbdom';
import { PartCache } from '../src/board/view/parts';

/** A vnode as the patcher gets it (snabbdom's own `h` reads `window` as it loads). */
const p = (text = ''): VNode => ({ sel: 'p', data: {}, children: undefined, text, elm: undefined, key: undefined });

describe('PartCache', () => {
  it('hands back the vnode drawn last time while every input is the same value', () => {
    const parts = new PartCache();
    const view = { round: 1 };
    let made = 0;
    const make = () => {
      made++;
      return p(`made ${made}`);
    };
    const first = parts.kept('order', [view, 'en'], make);
    expect(parts.kept('order', [view, 'en'], make)).toBe(first);
    expect(made).toBe(1);
  });

  it('draws again when any input changes, or their number, and keeps each part apart', () => {
    const parts = new PartCache();
    const make = () => p();
    const a = parts.kept('seats', [1, 'en'], make);
    const b = parts.kept('seats', [1, 'fr'], make);
    expect(b).not.toBe(a);
    const c = parts.kept('seats', [1, 'fr', 0], make);
    expect(c).not.toBe(b);
    // an equal but new object is another input: a view is compared by identity
    const d = parts.kept('seats', [{}, 'fr', 0], make);
    expect(parts.kept('seats', [{}, 'fr', 0], make)).not.toBe(d);
    const other = parts.kept('bar', [1, 'fr', 0], make);
    expect(other).not.toBe(c);
    expect(parts.kept('bar', [1, 'fr', 0], make)).toBe(other);
  });
});
