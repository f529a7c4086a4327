/**
 * `expert` with a fixed budget of 2200 playouts (iterations) a move, whatever `--playouts` says: what
 * 100 ms buys it on one free core in the duel (bench/strength/speed.jsonl), for issue 25's
 * 2-player ladder run, where the two bots need different counts for the same time.
 * `dnup ladder --bot expert-2200=bench/ladder/bots/expert-2200.mjs ...`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 2200 });
