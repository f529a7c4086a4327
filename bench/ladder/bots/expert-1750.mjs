/**
 * `expert` with its defaults at 1,750 playouts a move where the ladder gives its other bots
 * `--playouts` (1,550): since 5569018 the learned policy scores a playout's moves in about three
 * quarters of the time, and 1,750 gives `expert` montecarlo's time a move (199.2 against 199.2–201.9
 * ms over 20 calibration games with two workers, on a slow day of the machine); at 1,300 it had
 * the same time before (issue 25, 5-player run).
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 1750 });
