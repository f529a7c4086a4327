/**
 * `expert` whose playouts' players draw their moves from the learned policy's softmax (the
 * distribution its weights were fitted as, `policyTemperature: 1`, no uniform noise) instead of
 * taking the policy's best move with a random one a tenth of the time, at 1,450 playouts a move
 * where the ladder gives its other bots `--playouts` (1,550). Drawing costs about 18% more time a
 * playout at 5 players (one process on 40 positions, 1,650 playouts: 164 against 139 ms a
 * decision); 1,450 took 0.99 of `montecarlo`'s time at 1,550 there (issue 25, 5-player run).
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 1450, noise: 0, policyTemperature: 1 });
