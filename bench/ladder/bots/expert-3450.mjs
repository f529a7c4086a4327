/**
 * `expert` with a fixed budget of 3450 playouts a move, whatever `--playouts` says, for issue 25's
 * 5-player run: at 5 players `expert` (the race alone, its default there) did 3,456 playouts in
 * 100 ms where `montecarlo` did 1,548 (bench/strength/speed.jsonl, 2 December 2026, 40 positions),
 * so the run gave it 3,450 and `montecarlo` 1,550 (`--playouts 1550`); in the games it thought 20% longer
 * (bench/strength/expert-race-3450-5p-screen.meta.json).
 * `dnup ladder --bot expert-3450=bench/ladder/bots/expert-3450.mjs --bots expert-3450,montecarlo,… --players 5 --playouts 1550`
 */
import { botByName } from 'dnup';

/** @type {import('dnup').BotFactory} */
export default (options) => botByName('expert', { ...options, playouts: 3450 });
