/**
 * The hint's worker: off the page's thread, a strong built-in bot chooses a move for the view it
 * is sent: `expert` with a short budget. The learned bot (dnup/neural) answers at once but is far
 * weaker: on the 4-player ladder of every built-in bot (docs/arena.md) it won 7.4% of its games,
 * `expert` 59.3%, and against `montecarlo` at 3,000 playouts a move it won 11% of 90 3-player games
 * (docs/guides/learning.md).
 */
import { botByName, legalMoves, loadView, type Bot, type Move } from 'dnup';

/** Expert's budget for a hint: a short wait. */
const EXPERT_MS = 400;

self.onmessage = async (e: MessageEvent<{ id: number; view: unknown }>) => {
  const { id, view } = e.data;
  try {
    const v = loadView(view);
    const moves = legalMoves(v);
    // a bot of its own for each hint: a bot remembers the positions it chose in and tries
    // another move when one comes back, but a hint asked again should not change for that
    const expert: Bot = botByName('expert', { timeMs: EXPERT_MS, seed: 'hint' });
    const move: Move = await expert.chooseMove(v, moves);
    self.postMessage({ id, move, by: 'expert' });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
