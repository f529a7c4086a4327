/**
 * Parts of the board drawn from a few inputs (the bar, the seats, the turn order, the last move in
 * words), each handed to the patcher again as the same vnode while its inputs are the same values:
 * snabbdom skips a vnode it drew last time (it compares by identity first), so a selection or a
 * hint redraws the hand and the table, not the parts it did not change. faces.ts does the same
 * for cards. Each part is drawn under one parent only, as the patcher keeps its element there.
 */
import type { VNode } from '../vdom';

export class PartCache {
  private readonly parts = new Map<string, { readonly inputs: readonly unknown[]; readonly node: VNode }>();

  /** The vnode of `part`, made again by `make` when one of `inputs` is not the one of last time (`===`). */
  kept(part: string, inputs: readonly unknown[], make: () => VNode): VNode {
    const last = this.parts.get(part);
    if (last !== undefined && sameInputs(last.inputs, inputs)) return last.node;
    const node = make();
    this.parts.set(part, { inputs, node });
    return node;
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
