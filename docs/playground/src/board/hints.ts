/**
 * What the board shows to guide the player, computed from the viewer's player view alone: the
 * playable cards, where a selected card may go, and whether the selection is a move (with the
 * library's reason when it is not). Stand-ins with the shape of the UI kit's `cardHints` and
 * `moveFromSelection` (src/ui), which replace them once merged.
 */
import { checkMoveOfView, legalMovesOfView, type CardId, type Move, type PlayerView, type AreaRef } from 'dnup';
import type { Refusal } from './source';

/** The hints of one view, computed once per view (the board redraws more often than views change). */
export interface Hints {
  readonly legal: readonly Move[];
  /** Cards some legal play uses. */
  readonly playable: ReadonlySet<CardId>;
  /** Per card, the sets (`"seat.area"`) a legal add may put it on. */
  readonly addTargets: ReadonlyMap<CardId, readonly string[]>;
  /** Sets (`"seat.area"`) a legal take may take. */
  readonly takeable: ReadonlySet<string>;
}

const memo = new WeakMap<PlayerView, Hints>();

/** The hints of `view` (empty when it is not the viewer's turn). */
export function hintsOf(view: PlayerView): Hints {
  let hints = memo.get(view);
  if (hints) return hints;
  const legal = view.status === 'playing' && view.turn.seat === view.seat ? legalMovesOfView(view) : [];
  const playable = new Set<CardId>();
  const addTargets = new Map<CardId, string[]>();
  const takeable = new Set<string>();
  for (const m of legal) {
    if (m.type === 'play') for (const id of m.cards) playable.add(id);
    else if (m.type === 'add') {
      const list = addTargets.get(m.card) ?? [];
      list.push(slotKey(m.target));
      addTargets.set(m.card, list);
    } else if (m.type === 'take') takeable.add(slotKey(m.target));
  }
  hints = { legal, playable, addTargets, takeable };
  memo.set(view, hints);
  return hints;
}

/** `"seat.area"`, the key of a play area. */
export function slotKey(ref: AreaRef): string {
  return `${ref.seat}.${ref.area}`;
}

/** The play move the selection makes, or the library's reason it is not one. */
export function moveFromSelection(view: PlayerView, selection: readonly CardId[]): { ok: true; move: Move } | Refusal {
  const move: Move = { type: 'play', cards: [...selection].sort((a, b) => a - b) };
  const verdict = checkMoveOfView(view, move);
  if (verdict.ok) return { ok: true, move };
  return { ok: false, code: verdict.code, params: verdict.params, rule: verdict.rule, message: verdict.message };
}
