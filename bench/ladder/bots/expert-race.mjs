/**
 * `expert` as it was before the trees below its candidates (`search: 'race'`), for runs that set
 * the two side by side on the same deals (issue 25):
 * `dnup ladder --bot expert-race=bench/ladder/bots/expert-race.mjs --bots expert-race,montecarlo,montecarlo ...`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, search: 'race' });
