/**
 * The hint's worker: off the page's thread, a strong built-in bot chooses a move for the view it
 * is sent. The learned bot (dnup/neural), whose network for the game's player count is fetched on
 * the first hint of that count; `expert` with a short budget if it cannot be loaded.
 */
import { botByName, legalMoves, loadView, type Bot, type Move } from 'dnup';
import { neuralBotFor } from 'dnup/neural';

/** Expert's budget for a hint when the network cannot be had: a short wait. */
const EXPERT_MS = 400;

/** The neural bot of each player count, loading or loaded (a failed load stays failed). */
const neural = new Map<number, Promise<Bot>>();
let expert: Bot | null = null;

/** The bot for a game of `n` players, and which it is. */
async function botFor(n: number): Promise<{ bot: Bot; by: 'neural' | 'expert' }> {
  let loading = neural.get(n);
  if (loading === undefined) {
    loading = neuralBotFor(n);
    neural.set(n, loading);
  }
  try {
    return { bot: await loading, by: 'neural' };
  } catch {
    return { bot: (expert ??= botByName('expert', { timeMs: EXPERT_MS, seed: 'hint' })), by: 'expert' };
  }
}

self.onmessage = async (e: MessageEvent<{ id: number; view: unknown }>) => {
  const { id, view } = e.data;
  try {
    const v = loadView(view);
    const moves = legalMoves(v);
    const { bot, by } = await botFor(v.players.length);
    const move: Move = await bot.chooseMove(v, moves);
    self.postMessage({ id, move, by });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
