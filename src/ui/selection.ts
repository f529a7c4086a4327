/**
 * What a player's selection means: the cards they picked, the set they dropped a card on or
 * clicked, and the action button they pressed, read as one move of rules §5 — or a coded refusal
 * with the same codes and sentences as `checkMove`, or the moves it could mean when it could mean
 * several. A UI never matches selections against the move list itself.
 */
import {
  type CardId,
  IllegalMoveError,
  type MoveErrorCode,
  MOVE_TYPES,
  type AreaRef,
  type Move,
  type MoveType,
  type MoveSource,
} from '../core/index.js';
import {
  judgedPosition,
  ruleError,
  type ErrorParams,
  describeValue,
  isRecord,
  readInput,
  mayAddTo,
  mayTake,
  type MovePosition,
} from '../core/internal.js';

/**
 * What the player has chosen so far. Every field is optional:
 * - `cards` — the cards selected in the hand (any order);
 * - `target` — the play area of an opponent's set the player dropped a card on or clicked;
 * - `action` — the move type of the button pressed, when the UI has one per action. Without it
 *   the selection is read as the move it can only mean: cards alone are a play (one card may also
 *   be an add), one card and a target an add, a target alone a take. Rotate and nextRound are
 *   only ever asked for by `action`.
 */
export interface Selection {
  readonly cards?: readonly CardId[];
  readonly target?: AreaRef;
  readonly action?: MoveType;
}

/**
 * Why a selection does not read as a move of its own (the rules' refusals keep `checkMove`'s codes):
 * - `MALFORMED_SELECTION` — not a selection, or fields no move of its action has (two cards to
 *   add, cards with a take or a rotation…);
 * - `EMPTY_SELECTION` — nothing selected and no action;
 * - `NO_TARGET` — an add or a take without a target, and no set it could aim at;
 * - `AMBIGUOUS_SELECTION` — it could mean several legal moves: `params.candidates` lists them and
 *   `params.distinguish` says which input tells them apart (`action` or `target`).
 */
export const SELECTION_ERROR_CODES = [
  'MALFORMED_SELECTION',
  'EMPTY_SELECTION',
  'NO_TARGET',
  'AMBIGUOUS_SELECTION',
] as const;

/** A machine-readable reason, from {@link SELECTION_ERROR_CODES}. */
export type SelectionErrorCode = (typeof SELECTION_ERROR_CODES)[number];

const card = (p: ErrorParams): string => (p.card !== undefined ? `Card ${p.card}` : 'That card');
const rules = (p: ErrorParams, fallback: string): string => `(rules ${p.rule ?? fallback})`;

/**
 * The English sentence of a selection refusal, from its params: the verdict's `message`, and the
 * English catalogue's `SelectionError` entries (i18n/en.ts), so the two cannot differ.
 * @internal
 */
export function selectionSentence(code: SelectionErrorCode, p: ErrorParams): string {
  switch (code) {
    case 'MALFORMED_SELECTION':
      return p.action === 'B' && p.count !== undefined
        ? `An add is one card of your hand and an opponent's set: select exactly one card, not ${p.count} ${rules(p, '§5 B')}.`
        : p.action === 'A'
          ? `A play puts the cards in your own play area: it has no target set ${rules(p, '§5 A')}.`
          : p.action === 'C'
            ? `A take names only the set you take, no cards ${rules(p, '§5 C')}.`
            : p.action === 'D'
              ? `Rotating your hand takes no cards and no set ${rules(p, '§5 D')}.`
              : `That is not a selection of cards, a target set and an action${p.name ? ` (look at ${p.name})` : ''}${p.input ? `: ${p.input}` : ''} ${rules(p, '§5')}.`;
    case 'EMPTY_SELECTION':
      return `Nothing is selected: choose cards to play, one card and a set to add it to, or a set to take; or rotate your hand ${rules(p, '§5')}.`;
    case 'NO_TARGET':
      return p.action === 'C'
        ? `No opponent has a set you could take ${rules(p, '§5 C')}.`
        : `No opponent's set can take ${p.card === undefined ? 'that card' : `card ${p.card}`} ${rules(p, '§5 B')}.`;
    case 'AMBIGUOUS_SELECTION':
      return p.distinguish === 'action'
        ? `${card(p)} can be played or added to a set: choose which ${rules(p, '§5')}.`
        : p.action === 'C'
          ? `${p.count ?? 'Several'} sets can be taken: choose the set ${rules(p, '§5 C')}.`
          : `${card(p)} can be added to ${p.count ?? 'several'} sets: choose the set ${rules(p, '§5 B')}.`;
  }
}

/** The fields every refusal of {@link moveFromSelection} has (its `kind` and `code` are in {@link SelectionVerdict}). */
export interface SelectionRefusal {
  readonly ok: false;
  /** The sentence in English; `errorSentence(kind, code, params, locale)` words it in another locale. */
  readonly message: string;
  /** The rules reference section, e.g. `"§5 B"`. */
  readonly rule: string;
  /** The facts of the refusal; for `AMBIGUOUS_SELECTION`, `candidates` and `distinguish`. */
  readonly params: ErrorParams;
}

/**
 * The verdict of {@link moveFromSelection}: the move, or a refusal whose `kind` and `code` name its
 * sentence — `IllegalMoveError` with exactly `checkMove`'s code, or `SelectionError`.
 */
export type SelectionVerdict =
  | { readonly ok: true; readonly move: Move }
  | (SelectionRefusal & { readonly kind: 'IllegalMoveError'; readonly code: MoveErrorCode })
  | (SelectionRefusal & { readonly kind: 'SelectionError'; readonly code: SelectionErrorCode });

type Verdict = SelectionVerdict;

function refusedBy(error: IllegalMoveError): Verdict {
  return {
    ok: false,
    kind: 'IllegalMoveError',
    code: error.code,
    message: error.message,
    rule: error.rule,
    params: error.params,
  };
}

const RULE_OF_SELECTION: Readonly<Record<SelectionErrorCode, string>> = {
  MALFORMED_SELECTION: '§5',
  EMPTY_SELECTION: '§5',
  NO_TARGET: '§5',
  AMBIGUOUS_SELECTION: '§5',
};

function refused(code: SelectionErrorCode, facts: ErrorParams, rule = RULE_OF_SELECTION[code]): Verdict {
  const params = { ...facts, rule };
  return { ok: false, kind: 'SelectionError', code, message: selectionSentence(code, params), rule, params };
}

/** A selection read once as plain data, or the refusal that says why it is not one. */
interface ReadSelection {
  readonly cards: readonly CardId[] | undefined;
  readonly target: AreaRef | undefined;
  readonly action: MoveType | undefined;
}

function readSelection(input: unknown): ReadSelection | Verdict {
  const read = readInput(input === undefined ? {} : input, { depth: 3 });
  if (!read.ok) return refused('MALFORMED_SELECTION', { input: read.problem.message });
  const s = read.value;
  if (!isRecord(s)) return refused('MALFORMED_SELECTION', { input: describeValue(input) });
  const extra = Object.keys(s).filter((k) => k !== 'cards' && k !== 'target' && k !== 'action');
  if (extra.length > 0)
    return refused('MALFORMED_SELECTION', {
      name: extra
        .slice(0, 3)
        .map((k) => describeValue(k))
        .join(', '),
    });
  const { cards, target, action } = s;
  if (cards !== undefined && (!Array.isArray(cards) || !cards.every((id) => Number.isSafeInteger(id)))) {
    return refused('MALFORMED_SELECTION', { name: '"cards"', input: describeValue(cards) });
  }
  if (
    target !== undefined &&
    (!isRecord(target) ||
      !Number.isSafeInteger(target.seat) ||
      !Number.isSafeInteger(target.area) ||
      Object.keys(target).length !== 2)
  ) {
    return refused('MALFORMED_SELECTION', { name: '"target"', input: describeValue(target) });
  }
  if (action !== undefined && (typeof action !== 'string' || !(MOVE_TYPES as readonly string[]).includes(action))) {
    return refused('MALFORMED_SELECTION', { name: '"action"', input: describeValue(action), allowed: MOVE_TYPES });
  }
  return {
    cards: cards as CardId[] | undefined,
    target: target === undefined ? undefined : { seat: target.seat as number, area: target.area as number },
    action: action as MoveType | undefined,
  };
}

/** The card's active value in the hand, or undefined when it is not there. */
function activeOf(p: MovePosition, card: CardId): number | undefined {
  for (const c of p.hand) if (c.id === card) return c.active;
  return undefined;
}

/** The legal adds of `card` (any set, table order): the one rule `legalMoves` applies (mayAddTo). */
function legalAddsOf(p: MovePosition, card: CardId): Move[] {
  if (p.status !== 'playing') return [];
  const active = activeOf(p, card);
  if (active === undefined) return [];
  const out: Move[] = [];
  for (const y of p.table)
    if (y.value === active && mayAddTo(p.table, y, p.turn.seat))
      out.push({ type: 'add', card, target: { seat: y.seat, area: y.area } });
  return out;
}

/** The verdict for one built move: the move, or the rule that forbids it. */
function judged(p: MovePosition, move: Move): Verdict {
  const error = ruleError(p, move);
  return error ? refusedBy(error) : { ok: true, move };
}

/** The one legal candidate, or the ambiguity; `fallback` when there is none. */
function choose(
  candidates: readonly Move[],
  distinguish: 'action' | 'target',
  facts: ErrorParams,
  fallback: () => Verdict,
): Verdict {
  if (candidates.length === 1) return { ok: true, move: candidates[0]! };
  if (candidates.length === 0) return fallback();
  return refused('AMBIGUOUS_SELECTION', {
    ...facts,
    count: candidates.length,
    candidates: candidates.slice(),
    distinguish,
  });
}

function withoutCards(s: ReadSelection): boolean {
  return s.cards === undefined || s.cards.length === 0;
}

/** An add of one card: to the target, or to the one set it can go to. */
function addFrom(p: MovePosition, card: CardId, target: AreaRef | undefined): Verdict {
  if (target) return judged(p, { type: 'add', card, target });
  return choose(legalAddsOf(p, card), 'target', { card, action: 'B' }, () => {
    // no set takes it: the first opponent's set says why (value, size), else there is none
    const first = p.table.find((y) => y.seat !== p.turn.seat);
    if (first && p.status === 'playing')
      return judged(p, { type: 'add', card, target: { seat: first.seat, area: first.area } });
    return p.status === 'playing'
      ? refused('NO_TARGET', { card, action: 'B' }, '§5 B')
      : judged(p, { type: 'add', card, target: { seat: 0, area: 0 } });
  });
}

function meaning(p: MovePosition, s: ReadSelection): Verdict {
  const cards = s.cards ?? [];
  const play = (): Move => ({ type: 'play', cards: cards.slice().sort((a, b) => a - b) });
  switch (s.action) {
    case 'play':
      if (s.target) return refused('MALFORMED_SELECTION', { action: 'A', name: '"target"' }, '§5 A');
      return judged(p, play());
    case 'add':
      if (cards.length !== 1) return refused('MALFORMED_SELECTION', { action: 'B', count: cards.length }, '§5 B');
      return addFrom(p, cards[0]!, s.target);
    case 'take': {
      if (!withoutCards(s)) return refused('MALFORMED_SELECTION', { action: 'C', name: '"cards"' }, '§5 C');
      if (s.target) return judged(p, { type: 'take', target: s.target });
      const takes: Move[] =
        p.status === 'playing'
          ? p.table
              .filter((y) => mayTake(y, p.turn.seat))
              .map((y) => ({ type: 'take', target: { seat: y.seat, area: y.area } }))
          : [];
      return choose(takes, 'target', { action: 'C' }, () =>
        p.status === 'playing'
          ? refused('NO_TARGET', { action: 'C' }, '§5 C')
          : judged(p, { type: 'take', target: { seat: 0, area: 0 } }),
      );
    }
    case 'rotate':
    case 'nextRound':
      if (!withoutCards(s) || s.target)
        return refused(
          'MALFORMED_SELECTION',
          { name: s.target ? '"target"' : '"cards"', ...(s.action === 'rotate' ? { action: 'D' } : {}) },
          s.action === 'rotate' ? '§5 D' : '§8',
        );
      return judged(p, { type: s.action });
    case undefined:
      break;
  }
  if (cards.length === 0)
    return s.target ? judged(p, { type: 'take', target: s.target }) : refused('EMPTY_SELECTION', {});
  if (s.target) {
    if (cards.length !== 1) return refused('MALFORMED_SELECTION', { action: 'B', count: cards.length }, '§5 B');
    return judged(p, { type: 'add', card: cards[0]!, target: s.target });
  }
  const asPlay = judged(p, play());
  if (cards.length !== 1) return asPlay;
  const candidates = [...(asPlay.ok ? [asPlay.move] : []), ...legalAddsOf(p, cards[0]!)];
  return choose(candidates, asPlay.ok ? 'action' : 'target', { card: cards[0]! }, () => asPlay);
}

/**
 * What a selection means: the move it stands for in `source`, judged by the same rule functions
 * as `checkMove`, `legalMoves` and `apply`. Reading without an `action`: cards alone are a play
 * (one card may also be an add), one card and a `target` an add, a `target` alone a take. When
 * the selection could mean several legal moves — one card that can be played or added, or added
 * to two sets — the verdict is `AMBIGUOUS_SELECTION` with the candidate moves and the input that
 * tells them apart (`distinguish`: `"action"` or `"target"`); when it means exactly one legal
 * move, that move, even if another reading is illegal. A play's `cards` come back ascending, as
 * `legalMoves` lists them.
 *
 * @param source - a state, or the player view of the seat to play (same trust contract as
 *   `checkMove`: a view of another seat gets `NOT_YOUR_TURN`, an unreachable position `INVALID_STATE`).
 * @param selection - what the player chose, read once as plain data; anything else gets
 *   `MALFORMED_SELECTION`.
 * @returns `{ ok: true, move }`, or `{ ok: false, kind, code, message, rule, params }`. Never throws.
 *
 * @example
 * ```ts
 * const verdict = moveFromSelection(view, { cards: [12, 31] });
 * if (verdict.ok) send(verdict.move);
 * else if (verdict.code === 'AMBIGUOUS_SELECTION') ask(verdict.params.distinguish); // "action" or "target"
 * else show(errorSentence(verdict.kind, verdict.code, verdict.params, 'fr'));
 * ```
 */
export function moveFromSelection(source: MoveSource, selection: Selection): SelectionVerdict {
  const s = readSelection(selection);
  if ('ok' in s) return s;
  const p = judgedPosition(source);
  if (p instanceof IllegalMoveError) return refusedBy(p);
  try {
    return meaning(p, s);
  } catch {
    // only a trusted object changed in place can get here (states are read-only)
    return refusedBy(
      new IllegalMoveError(
        'INVALID_STATE',
        'The position given cannot be judged: it was changed in place after the library made it (rules §8).',
        '§8',
      ),
    );
  }
}
