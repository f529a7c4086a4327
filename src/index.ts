/**
 * dnup — the rules of the card game dnup (Kei Kajino) as a pure, immutable state reducer.
 *
 * @packageDocumentation
 */
export * from './core/index.js';
