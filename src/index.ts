/**
 * dnup — the rules of the card game dnup (Kei Kajino) as a pure, immutable state reducer.
 *
 * @packageDocumentation
 * @module dnup
 */
export * from './core/index.js';
export * from './setup/index.js';
export * from './records/index.js';
export * from './notation/index.js';
export * from './views/index.js';
export * from './bots/index.js';
export * from './search/index.js';
export * from './history/index.js';
export * from './i18n/index.js';
export * from './ui/index.js';
