/**
 * Public knowledge: which cards in each hand everyone has seen (RULES.md §5 golden rule). A card
 * that moves from the table to a hand — a taken set, a beaten set returned — is seen by all,
 * rotated, and stays known until it leaves that hand; whole-hand rotations are public, so its
 * active value stays known too. A state alone cannot say which cards were seen, so the
 * knowledge is tracked alongside the states, from each state's `events`.
 */
import type { CardId } from '../core/cards.js';
import type { GameState } from '../core/state.js';
import { ViewError } from './errors.js';

/**
 * What every seat knows about every hand: per seat, the ids of the cards publicly known to be in
 * it. Plain JSON data, identical for every seat (it is public). `moveCount` ties it to the state
 * it describes.
 */
export interface PublicKnowledge {
  /** The `moveCount` of the state this knowledge belongs to. */
  readonly moveCount: number;
  /** Per seat, the ids of publicly known cards in that hand (their values are read from the state). */
  readonly known: readonly (readonly CardId[])[];
}

/**
 * The knowledge at a freshly dealt state (a new game, or just after `nextRound`): nothing in any
 * hand has been seen.
 *
 * @param state - a state; its `moveCount` and player count are used.
 * @example
 * ```ts
 * let state = createGame(3, 'seed');
 * let knowledge = initialKnowledge(state);
 * ```
 */
export function initialKnowledge(state: GameState): PublicKnowledge {
  return { moveCount: state.moveCount, known: state.players.map(() => []) };
}

function without(list: readonly CardId[], ids: readonly CardId[]): readonly CardId[] {
  let hit = false;
  for (const id of ids) if (list.includes(id)) hit = true;
  return hit ? list.filter((id) => !ids.includes(id)) : list;
}

/**
 * The knowledge after the move that led to `next`, from `next.events`: taken and returned cards
 * become known, played and added cards stop being known, a new deal forgets everything.
 *
 * @param knowledge - the knowledge of the state before `next`.
 * @param next - the state `apply` returned.
 * @throws {@link ViewError} `STALE_KNOWLEDGE` when `knowledge` is not that of the state just before `next`.
 * @example
 * ```ts
 * const next = apply(state, move);
 * knowledge = nextKnowledge(knowledge, next);
 * ```
 */
export function nextKnowledge(knowledge: PublicKnowledge, next: GameState): PublicKnowledge {
  if (knowledge.moveCount + 1 !== next.moveCount || knowledge.known.length !== next.players.length) {
    throw new ViewError('STALE_KNOWLEDGE', `This knowledge belongs to move ${knowledge.moveCount}, not to the state before move ${next.moveCount}: track it along every state.`);
  }
  let known = knowledge.known;
  let copied = false;
  const change = (seat: number, list: readonly CardId[]): void => {
    if (!copied) {
      known = known.slice();
      copied = true;
    }
    (known as (readonly CardId[])[])[seat] = list;
  };
  for (const e of next.events) {
    switch (e.type) {
      case 'roundDealt':
        known = next.players.map(() => []);
        copied = true;
        break;
      case 'setPlayed':
        change(e.seat, without(known[e.seat]!, e.cards));
        break;
      case 'cardAdded':
        change(e.seat, without(known[e.seat]!, [e.card]));
        break;
      case 'setTaken':
        change(e.seat, known[e.seat]!.concat(e.cards.map((c) => c.id)));
        break;
      case 'setBeaten':
        if (e.fate === 'returned') change(e.seat, known[e.seat]!.concat(e.cards));
        break;
      default:
        break;
    }
  }
  return { moveCount: next.moveCount, known };
}
