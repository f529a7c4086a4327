/**
 * The board's drawing: a keyed virtual DOM (snabbdom, as lichess draws chessground's
 * surroundings), so a redraw patches what changed and nodes keyed by card id survive a move —
 * focus, a running animation and a card's place on screen with them.
 */
import {
  attributesModule,
  eventListenersModule,
  h,
  init,
  propsModule,
  type Hooks,
  type VNode,
  type VNodeData,
} from 'snabbdom';

export type { VNode };

/** Patches `old` (an element the first time, then the last vnode drawn there) into `next`. */
export const patch = init([attributesModule, propsModule, eventListenersModule]);

type Value = string | number | boolean | null | undefined;
/** Attributes as the DOM names them; `on*` functions listen, `key` keys the node, `hook` hooks it. */
export interface VAttrs {
  key?: string | number;
  hook?: Hooks;
  [name: string]: Value | ((e: never) => void) | Hooks;
}
export type VChild = VNode | string | null | undefined | false;

/** Live properties rather than attributes: what the user can change (a slider's value, a chosen option). */
const PROPS: ReadonlySet<string> = new Set(['value', 'selected', 'checked']);

/** `<sel>` with attributes (null, undefined and false are left out) and children. */
export function v(sel: string, attrs: VAttrs = {}, ...children: (VChild | VChild[])[]): VNode {
  // one pass over the attributes and one over the children, with no list made on the way: the
  // board calls this for every node of every drawing
  const data: VNodeData = {};
  const attrsOut: Record<string, string | number | boolean> = {};
  let props: Record<string, unknown> | undefined;
  let on: Record<string, (e: Event) => void> | undefined;
  for (const name in attrs) {
    const value = attrs[name];
    if (name === 'key') data.key = value as string | number;
    else if (name === 'hook') data.hook = value as Hooks;
    else if (typeof value === 'function') (on ??= {})[name.slice(2)] = value as (e: Event) => void;
    else if (value === null || value === undefined || value === false) continue;
    else if (PROPS.has(name)) (props ??= {})[name] = value;
    else attrsOut[name] = value as string | number | boolean;
  }
  data.attrs = attrsOut;
  if (props) data.props = props;
  if (on) data.on = on;
  const kids: (VNode | string)[] = [];
  for (const c of children) {
    if (Array.isArray(c)) {
      for (const k of c) if (k !== null && k !== undefined && k !== false) kids.push(k);
    } else if (c !== null && c !== undefined && c !== false) kids.push(c);
  }
  return h(sel, data, kids);
}

/** A real element drawn from a vnode, for the parts of the page that are not patched (the rules, a drag's ghost). */
export function toElement(node: VNode): HTMLElement {
  const host = document.createElement('div');
  return patch(host, node).elm as HTMLElement;
}
