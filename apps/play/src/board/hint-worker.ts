/**
 * The hint's worker: off the page's thread, a strong built-in bot chooses a move for the view it
 * is sent. The learned bot (dnup/neural) where it has a network for the player count, else
 * `expert` with a short budget.
 */
import { botByName, legalMoves, loadView, type Bot, type Move } from 'dnup';
import { neuralBot, neuralNetworks } from 'dnup/neural';

/** Expert's budget for a hint when there is no network: a short wait. */
const EXPERT_MS = 400;

const learned = new Set(neuralNetworks().map((n) => n.players));
let neural: Bot | null = null;
let expert: Bot | null = null;

self.onmessage = async (e: MessageEvent<{ id: number; view: unknown }>) => {
  const { id, view } = e.data;
  try {
    const v = loadView(view);
    const moves = legalMoves(v);
    const bot = learned.has(v.players.length)
      ? (neural ??= neuralBot())
      : (expert ??= botByName('expert', { timeMs: EXPERT_MS, seed: 'hint' }));
    const move: Move = await bot.chooseMove(v, moves);
    self.postMessage({ id, move, by: learned.has(v.players.length) ? 'neural' : 'expert' });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
