/**
 * The hint's worker: off the page's thread, a strong built-in bot chooses a move for the view it
 * is sent, with a short budget: `neuralExpertBot`, which is `expert` with the network choosing
 * half of the moves its search races where that was measured to win more (3 players), and plain
 * `expert` elsewhere. Only a 3-player game fetches a network (that count's alone), on its first
 * hint; if that fails, the search answers alone. The learned bot alone (`neural`) answers at once
 * but is far weaker: on the 4-player ladder of every built-in bot (docs/arena.md) it won 7.4% of
 * its games, `expert` 59.3%.
 */
import { legalMoves, loadView, type Move } from 'dnup';
import { neuralExpertBotFor } from 'dnup/neural';

/** The search's budget for a hint: a short wait. */
const HINT_MS = 400;

self.onmessage = async (e: MessageEvent<{ id: number; view: unknown }>) => {
  const { id, view } = e.data;
  try {
    const v = loadView(view);
    const moves = legalMoves(v);
    // a bot of its own for each hint: a bot remembers the positions it chose in and tries
    // another move when one comes back, but a hint asked again should not change for that
    const options = { timeMs: HINT_MS, seed: 'hint' };
    // a network that cannot be fetched (the connection dropped) leaves the search alone: no
    // network given, none used
    const bot = await neuralExpertBotFor(v.players.length, options).catch(() =>
      neuralExpertBotFor(v.players.length, { ...options, networks: [] }),
    );
    const move: Move = await bot.chooseMove(v, moves);
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
