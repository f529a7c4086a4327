/**
 * `expert` with its defaults at 1,650 playouts a move where the ladder gives its other bots
 * `--playouts` (1,550): since 5569018 the learned policy scores a playout's moves in about three
 * quarters of the time. 20 calibration games put `expert` at montecarlo's time at 1,750 playouts,
 * but the first 73 games of the 5-player run at 1,750 gave it 217.8 ms a move against 203.8–210.1
 * for the `montecarlo` bots (6% more; the run was stopped there), and 1,650 is 1,750 scaled to
 * their time (issue 25, 5-player run). At 1,300 it had the same time before 5569018.
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 1650 });
