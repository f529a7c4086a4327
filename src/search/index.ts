/** The search fast path: playouts on a mutable position driven by the core's own rule functions. */
export { Playout, type PlayoutOptions } from './playout.js';
