/**
 * `expert` at 3 players with playouts cut after six laps (`playoutCap` 18) instead of three, and
 * 3,500 playouts a move: about what 100 ms buys it beside `montecarlo`'s 3,000 (both measured in
 * one run of bench/strength-speed.ts). A screen for issue 25's 3-player bar.
 * `dnup ladder --bot expert-6laps-3500=bench/ladder/bots/expert-6laps-3500.mjs ...`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 3500, playoutCap: 18 });
