/**
 * What the board shows to guide the player, from the viewer's player view alone, by the library's
 * UI kit: the playable cards and the sets a card may go on (`cardHints`), and whether the
 * selection is a move, with the library's reason when it is not (`moveFromSelection`).
 */
import { cardHints, moveFromSelection, type AreaRef, type CardId, type Move, type PlayerView } from 'dnup';
import type { Refusal } from './source';

/** The hints of one view, computed once per view (the board redraws more often than views change). */
export interface Hints {
  /** Cards some legal play uses. */
  readonly playable: ReadonlySet<CardId>;
  /** Per card, the sets (`"seat.area"`) a legal add may put it on. */
  readonly addTargets: ReadonlyMap<CardId, readonly string[]>;
  /** Sets (`"seat.area"`) a legal take may take. */
  readonly takeable: ReadonlySet<string>;
}

/** No hint: not the viewer's turn, or a move being drawn. */
export const NO_HINTS: Hints = { playable: new Set(), addTargets: new Map(), takeable: new Set() };

const memo = new WeakMap<PlayerView, Hints>();

/** The hints of `view` (none when it is not the viewer's turn). */
export function hintsOf(view: PlayerView): Hints {
  let hints = memo.get(view);
  if (hints) return hints;
  const kit = view.status === 'playing' && view.turn.seat === view.seat ? cardHints(view) : null;
  if (!kit?.toPlay) hints = NO_HINTS;
  else {
    hints = {
      playable: new Set(kit.cards.filter((c) => c.playSizes.length > 0).map((c) => c.card)),
      addTargets: new Map(kit.cards.filter((c) => c.addTo.length > 0).map((c) => [c.card, c.addTo.map(slotKey)])),
      takeable: new Set(kit.sets.filter((s) => s.take).map((s) => slotKey(s.target))),
    };
  }
  memo.set(view, hints);
  return hints;
}

/** `"seat.area"`, the key of a play area. */
export function slotKey(ref: AreaRef): string {
  return `${ref.seat}.${ref.area}`;
}

/** The UI kit's verdict on a selection, as the board shows a refusal. */
function asRefusal(verdict: ReturnType<typeof moveFromSelection>): { ok: true; move: Move } | Refusal {
  if (verdict.ok) return verdict;
  const { code, kind, params, rule, message } = verdict;
  return { ok: false, code, kind, params, rule, message };
}

/** Adding `card` to the set at `target`, or the library's reason it is not a legal add (rules §5 B). */
export function addFromSelection(view: PlayerView, card: CardId, target: AreaRef): { ok: true; move: Move } | Refusal {
  return asRefusal(moveFromSelection(view, { cards: [card], target, action: 'add' }));
}

/** The play the selected cards make, or the library's reason they make none. */
export function playFromSelection(view: PlayerView, selection: readonly CardId[]): { ok: true; move: Move } | Refusal {
  return asRefusal(moveFromSelection(view, { cards: selection, action: 'play' }));
}
