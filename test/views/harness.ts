/** Random games with public knowledge tracked along every step, for the view tests. */
import { initialKnowledge, nextKnowledge, type GameState, type PublicKnowledge } from '../../src/index.js';
import { playScript, type GameScript } from '../helpers/random-games.js';

/** Every state of a scripted game, each with its public knowledge. */
export function knownStates(script: GameScript): { state: GameState; knowledge: PublicKnowledge }[] {
  const out: { state: GameState; knowledge: PublicKnowledge }[] = [];
  playScript(script, ({ before, after }) => {
    if (out.length === 0) out.push({ state: before, knowledge: initialKnowledge(before) });
    out.push({ state: after, knowledge: nextKnowledge(out[out.length - 1]!.knowledge, after) });
  });
  return out;
}
