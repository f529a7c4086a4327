/**
 * `expert` with a fixed budget of 3500 iterations a move, whatever `--playouts` says, for issue 25's
 * duel run: `expert` (which plays as `ismcts` in the duel) did 3,878 in 100 ms where `montecarlo` did
 * 5,000 (bench/strength/speed.jsonl, 2 December 2026), so the run gives it 3,500 and `montecarlo`
 * 4,500 (`--playouts 4500`): the same ratio, a little under 100 ms each on one free core.
 * `dnup ladder --bot expert-3500=bench/ladder/bots/expert-3500.mjs --bots expert-3500,montecarlo ...`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 3500 });
