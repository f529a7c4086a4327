/**
 * `expert` with its defaults at 1,300 playouts a move where the ladder gives its other bots
 * `--playouts` (1,550): since the 5-player policy of 36fa2b5 its playouts cost more, and this
 * keeps its time a move at or below montecarlo's (issue 25, 5-player run).
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 1300 });
