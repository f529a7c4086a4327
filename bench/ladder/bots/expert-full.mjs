/**
 * `expert` (the race alone) with playouts to the round's end instead of three laps judged by the
 * learned model: a screen of issue 25 at 4 and 5 players, where the race's edge shrank with the budget.
 * `dnup ladder --bot expert-full=bench/ladder/bots/expert-full.mjs --bots expert-full,montecarlo,… --playouts N`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, search: 'race', playoutCap: 400 });
