/**
 * Random games for the view tests, with an independent oracle of public knowledge: the ids each
 * hand is publicly known to hold, followed from the events alone (rules §5 golden rule), to
 * check the `known` field the reducer keeps.
 */
import type { CardId, GameState } from '../../src/index.js';
import { playScript, type GameScript } from '../helpers/random-games.js';

/** The public knowledge after `next`, from the knowledge before it and `next.events`. */
export function knowledgeAfter(known: readonly (readonly CardId[])[], next: GameState): CardId[][] {
  let out = known.map((ids) => ids.slice());
  for (const e of next.events) {
    switch (e.type) {
      case 'roundDealt':
        out = next.players.map(() => []);
        break;
      case 'setPlayed':
        out[e.seat] = out[e.seat]!.filter((id) => !e.cards.includes(id));
        break;
      case 'cardAdded':
        out[e.seat] = out[e.seat]!.filter((id) => id !== e.card);
        break;
      case 'setTaken':
        out[e.seat]!.push(...e.cards.map((c) => c.id));
        break;
      case 'setBeaten':
        if (e.fate === 'returned') out[e.seat]!.push(...e.cards);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Every state of a scripted game, each with the oracle's knowledge. */
export function knownStates(script: GameScript): { state: GameState; oracle: CardId[][] }[] {
  const out: { state: GameState; oracle: CardId[][] }[] = [];
  playScript(script, ({ before, after }) => {
    if (out.length === 0) out.push({ state: before, oracle: before.players.map(() => []) });
    out.push({ state: after, oracle: knowledgeAfter(out[out.length - 1]!.oracle, after) });
  });
  return out;
}
