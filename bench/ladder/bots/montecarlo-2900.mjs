/**
 * `montecarlo` with a fixed budget of 2900 playouts (iterations) a move, whatever `--playouts` says: what
 * 100 ms buys it on one free core in the duel (bench/strength/speed.jsonl), for issue 25's
 * 2-player ladder run, where the two bots need different counts for the same time.
 * `dnup ladder --bot montecarlo-2900=bench/ladder/bots/montecarlo-2900.mjs ...`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('montecarlo', { ...options, playouts: 2900 });
