/**
 * Determinization: a full state consistent with a player view, for sampling bots (flat Monte
 * Carlo, information-set MCTS). Known cards stay where they are known to be; the unseen cards
 * of the game are shuffled and dealt, each with a random face up, to fill every other hand to its size.
 */
import type { GameState, RandomSource } from '../core/index.js';
import { codedError, issue } from '../core/internal.js';
import { ViewError } from './errors.js';
import type { PlayerView } from './player-view.js';
import { loadView } from './load-view.js';
import { sampleState } from './sample-state.js';

export { DETERMINIZED_SEED } from './sample-state.js';

/**
 * A full state consistent with `view`: `playerView(determinize(view, rng), view.seat)`
 * deep-equals `view`. Later rounds of the sample are dealt from a
 * random stream drawn from `rng`.
 *
 * @param view - a player view.
 * @param rng - the random source (use {@link seededRandom} to be reproducible).
 * @returns a state that `apply` and `legalMoves` accept; its seed is {@link DETERMINIZED_SEED}.
 * @throws {@link ViewError} `INCONSISTENT_VIEW` when the view's counts cannot be filled from the
 *   unseen cards or no reachable state shows it; `BAD_VIEW` for a view from outside whose fields
 *   are broken (see `loadView`).
 * @example
 * ```ts
 * const sample = determinize(view, seededRandom(1));
 * const after = apply(sample, legalMoves(view)[0]!);
 * ```
 */
export function determinize(view: PlayerView, rng: RandomSource): GameState {
  const checked = loadView(view);
  if (typeof rng !== 'function')
    throw new ViewError(
      'INCONSISTENT_VIEW',
      'determinize needs a random source: a function returning numbers in [0, 1), such as seededRandom(seed).',
    );
  try {
    return issue(sampleState(checked, rng));
  } catch (e) {
    throw codedError(e);
  }
}
