/**
 * `expert` (the race alone) whose playout players use the learned playout policy and play the
 * round out (`playoutPolicy: 'learned'`, `playoutCap: 400`): a screen of issue 25 at 4 and 5 players.
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) =>
  botByName('expert', { ...options, search: 'race', playoutPolicy: 'learned', playoutCap: 400 });
