/**
 * The table between events: the public positions one move passes through, one per event of
 * `state.events` (rules §4.1 discards, §5 actions and beaten sets, §6 going out and scoring, §7
 * the next turn, §8 round end and deal), so a UI can animate a move event by event instead of
 * jumping to its end. `applySteps` works on full states; `viewSteps` on two views of one seat,
 * which is all an online client holds. The last step is the move's result itself.
 */
import {
  apply,
  type CardId,
  type HeldCard,
  ArgumentError,
  type GameEvent,
  type Move,
  type GameState,
  type TableSet,
} from '../core/index.js';
import {
  deckIndex,
  rotated,
  type DeckIndex,
  samePlainData,
  codedError,
  trustedDeck,
  trustedState,
} from '../core/internal.js';
import { loadView } from '../views/load-view.js';
import type { PlayerView, PublicView, ViewEvent } from '../views/player-view.js';

/** One step of {@link applySteps}: an event and the position right after it. */
export interface StateStep {
  readonly event: GameEvent;
  /**
   * The position once `event` has happened. Every step but the last is for drawing only: the
   * middle of a move is no position of the rules (a set played still lies beside the set it beats,
   * the mover still has the turn), so hand it to no other function — `cardHints`, `legalMoves`,
   * `apply` check it in full and may refuse it with a `PositionError`. Take hints from the last
   * step's state, which is `apply`'s result itself.
   */
  readonly state: GameState;
}

/** One step of {@link viewSteps}: an event as the seat sees it and its view right after it. */
export interface ViewStep {
  readonly event: ViewEvent;
  /**
   * The view once `event` has happened, for drawing only (as {@link StateStep.state}: the middle
   * of a move is no position, so ask `cardHints` about `after`); the last step's is `after` itself.
   */
  readonly view: PlayerView;
}

/** One step of {@link publicSteps}: an event and the public view right after it. */
export interface PublicStep {
  readonly event: ViewEvent;
  /** The public view once `event` has happened, for drawing only (as {@link ViewStep.view}); the last step's is `after` itself. */
  readonly view: PublicView;
}

/** The fields a step changes, as a mutable copy of the previous position. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function without<T>(list: readonly T[], gone: readonly CardId[], id: (x: T) => CardId): T[] {
  if (gone.length === 1) return list.filter((x) => id(x) !== gone[0]);
  const leaving = new Set(gone);
  return list.filter((x) => !leaving.has(id(x)));
}

const idOf = (c: HeldCard): CardId => c.id;
const self = (c: CardId): CardId => c;

function replaced<T>(list: readonly T[], at: number, item: T): T[] {
  const next = list.slice();
  next[at] = item;
  return next;
}

function tableWithout(table: readonly TableSet[], seat: number, area: number): TableSet[] {
  return table.filter((t) => t.seat !== seat || t.area !== area);
}

/** The table with `set` placed in seat-then-area order (as `apply` places it). */
function tablePlus(table: readonly TableSet[], set: TableSet): TableSet[] {
  let at = 0;
  while (
    at < table.length &&
    (table[at]!.seat < set.seat || (table[at]!.seat === set.seat && table[at]!.area < set.area))
  )
    at++;
  return [...table.slice(0, at), set, ...table.slice(at)];
}

function tableGrown(table: readonly TableSet[], target: { seat: number; area: number }, card: CardId): TableSet[] {
  return table.map((t) =>
    t.seat === target.seat && t.area === target.area
      ? { seat: t.seat, area: t.area, value: t.value, cards: [...t.cards, card] }
      : t,
  );
}

/** The public facts every event changes the same way in a state and in a view (rules §6–§8). */
function scoreStep(next: Mutable<GameState> | Mutable<PlayerView | PublicView>, e: GameEvent | ViewEvent): boolean {
  switch (e.type) {
    case 'playerOut':
      next.out = [...next.out, e.seat];
      return true;
    case 'tokensGained':
    case 'roundWon':
      next.scores = replaced(next.scores, e.seat, e.total);
      return true;
    case 'roundEnded':
      next.status = 'roundOver';
      return true;
    case 'gameWon':
      next.status = 'gameOver';
      next.winner = e.seat;
      return true;
    case 'turnStarted':
      next.turn = { seat: e.seat, area: e.area, number: e.number };
      return true;
    default:
      return false;
  }
}

/**
 * The state once `e`, the move's event number `i`, has happened to `prev` (`after`: the move's
 * result, whose count, move and events so far the step carries, and whose deal a new round shows).
 */
function stateStep(prev: GameState, e: GameEvent, after: GameState, i: number): GameState {
  if (e.type === 'roundDealt') return { ...after, turn: prev.turn, events: after.events.slice(0, i + 1) } as GameState; // everything but whose turn (the next event)
  const next = {
    ...prev,
    moveCount: after.moveCount,
    lastMove: after.lastMove,
    events: after.events.slice(0, i + 1),
  } as Mutable<GameState>;
  if (scoreStep(next, e)) return next as GameState;
  const hands = (seat: number, hand: readonly HeldCard[]): void => void (next.hands = replaced(next.hands, seat, hand));
  const known = (seat: number, ids: readonly CardId[]): void => void (next.known = replaced(next.known, seat, ids));
  switch (e.type) {
    case 'setDiscarded':
      next.table = tableWithout(prev.table, e.seat, e.area);
      next.discardCount += e.cards.length;
      break;
    case 'setPlayed':
      hands(e.seat, without(prev.hands[e.seat]!, e.cards, idOf));
      known(e.seat, without(prev.known[e.seat]!, e.cards, self));
      next.table = tablePlus(prev.table, { seat: e.seat, area: e.area, value: e.value, cards: e.cards });
      break;
    case 'cardAdded':
      hands(e.seat, without(prev.hands[e.seat]!, [e.card], idOf));
      known(e.seat, without(prev.known[e.seat]!, [e.card], self));
      next.table = tableGrown(prev.table, e.target, e.card);
      break;
    case 'setBeaten':
      next.table = tableWithout(prev.table, e.seat, e.area);
      if (e.fate === 'discarded') next.discardCount += e.cards.length;
      else {
        hands(e.seat, [...prev.hands[e.seat]!, ...e.returned]);
        known(e.seat, [...prev.known[e.seat]!, ...e.cards]);
      }
      break;
    case 'setTaken':
      next.table = tableWithout(prev.table, e.from.seat, e.from.area);
      hands(e.seat, [...prev.hands[e.seat]!, ...e.cards]);
      known(e.seat, [...prev.known[e.seat]!, ...e.cards.map(idOf)]);
      break;
    case 'handRotated':
      hands(e.seat, e.cards);
      break;
  }
  return next as GameState;
}

/** The ids in `list` (ascending) with `more` merged in, ascending. */
function mergedIds(list: readonly CardId[], more: readonly CardId[]): CardId[] {
  return [...list, ...more].sort((a, b) => a - b);
}

/**
 * The view once `e`, event number `i` of the move, has happened to `prev` (`after`: the after view,
 * as in {@link stateStep}). A public view (seat null) owns no hand, so only sizes and known cards move.
 */
function viewStep<V extends PlayerView | PublicView>(prev: V, e: ViewEvent, index: DeckIndex, after: V, i: number): V {
  if (e.type === 'roundDealt') return { ...after, turn: prev.turn, events: after.events.slice(0, i + 1) } as V;
  const next = {
    ...prev,
    moveCount: after.moveCount,
    lastMove: after.lastMove,
    events: after.events.slice(0, i + 1),
  } as Mutable<PlayerView>; // a public view's hand is never written: `own` is false for every seat
  if (scoreStep(next, e)) return next as V;
  const own = (seat: number): boolean => seat === prev.seat;
  const size = (seat: number, delta: number): void =>
    void (next.handSizes = replaced(next.handSizes, seat, next.handSizes[seat]! + delta));
  const known = (seat: number, cards: readonly HeldCard[]): void =>
    void (next.known = replaced(next.known, seat, cards));
  const leave = (seat: number, ids: readonly CardId[]): void => {
    if (own(seat)) next.hand = without(prev.hand, ids, idOf);
    size(seat, -ids.length);
    known(seat, without(prev.known[seat]!, ids, idOf));
  };
  const arrive = (seat: number, cards: readonly HeldCard[]): void => {
    if (own(seat)) next.hand = [...prev.hand, ...cards];
    size(seat, cards.length);
    known(seat, [...prev.known[seat]!, ...cards]);
  };
  const discard = (ids: readonly CardId[]): void => {
    next.discard = mergedIds(prev.discard, ids);
    next.discardCount += ids.length;
  };
  switch (e.type) {
    case 'setDiscarded':
      next.table = tableWithout(prev.table, e.seat, e.area);
      discard(e.cards);
      break;
    case 'setPlayed':
      leave(e.seat, e.cards);
      next.table = tablePlus(prev.table, { seat: e.seat, area: e.area, value: e.value, cards: e.cards });
      break;
    case 'cardAdded':
      leave(e.seat, [e.card]);
      next.table = tableGrown(prev.table, e.target, e.card);
      break;
    case 'setBeaten':
      next.table = tableWithout(prev.table, e.seat, e.area);
      if (e.fate === 'discarded') discard(e.cards);
      else arrive(e.seat, e.returned);
      break;
    case 'setTaken':
      next.table = tableWithout(prev.table, e.from.seat, e.from.area);
      arrive(e.seat, e.cards);
      break;
    case 'handRotated':
      if (own(e.seat) && e.cards) next.hand = e.cards;
      // every rotation is public, so the faces of the publicly known cards are too (rules §5 D)
      known(
        e.seat,
        prev.known[e.seat]!.map((c) => rotated(index, c)),
      );
      break;
  }
  return next as V;
}

/**
 * The steps from `before` to `after`, one move apart: each event folded onto the step before, the
 * last step `after` itself (so its fold is skipped; the property tests check that it differs from
 * the step before exactly as its event says).
 */
function stateSteps(before: GameState, after: GameState): StateStep[] {
  const events = after.events;
  const steps: StateStep[] = [];
  let cur = before;
  for (let i = 0; i < events.length - 1; i++) {
    cur = stateStep(cur, events[i]!, after, i);
    steps.push({ event: events[i]!, state: cur });
  }
  steps.push({ event: events[events.length - 1]!, state: after });
  return steps;
}

/**
 * Plays one move and returns the positions it passes through, one per event of its result's
 * `events`: the turn's own set discarded, the set played, a beaten set returned rotated or
 * discarded, a card added, a set taken, a hand rotated, a player out, tokens or a round won, the
 * round's end, the game's winner, the next turn (with the discards on its way), or a new round
 * dealt. Each step's state differs from the one before exactly as its event says, its `events`
 * are the move's events so far, and the last step's state is `apply(state, move)` itself.
 *
 * @param state - the position before the move (trust contract of `apply`).
 * @param move - a legal move of that position.
 * @throws {@link IllegalMoveError} when the move is malformed or illegal, as `apply`;
 *   {@link PositionError} when `state` is not a state the rules can reach. `state` is left untouched.
 * @example
 * ```ts
 * for (const { event, state: shown } of applySteps(state, move)) {
 *   render(shown);
 *   say(describeEvent(event, { players: shown.players, viewer: 0 }));
 *   await pause(400);
 * }
 * ```
 */
export function applySteps(state: GameState, move: Move): StateStep[] {
  const before = trustedState(state);
  const after = apply(before, move);
  try {
    return stateSteps(before, after);
  } catch (e) {
    throw codedError(e);
  }
}

/**
 * The views one seat passes through during one move, from the view before it and the view after
 * it (what an online client receives): one step per event of `after.events`, each view
 * differing from the one before exactly as its event says, the last one `after` itself. Another
 * seat's rotated hand stays hidden (its size is all the view shows), but the faces of its publicly
 * known cards turn, as at the table.
 *
 * @param before - the seat's view before the move.
 * @param after - the same seat's view after that one move (`after.moveCount` is one more).
 * @throws {@link ViewError} `BAD_VIEW` when either is not a sound view; {@link ArgumentError}
 *   `BAD_ARGUMENT` when the two are not views of one seat one move apart (a client that missed a
 *   move shows `after` directly).
 * @example
 * ```ts
 * socket.on('view', async (next) => {
 *   for (const step of viewSteps(shown, next)) { render(step.view); await pause(400); }
 *   shown = next;
 * });
 * ```
 */
export function viewSteps(before: PlayerView, after: PlayerView): ViewStep[] {
  const b = loadView(before);
  const a = loadView(after);
  if (b.seat !== a.seat || b.moveCount + 1 !== a.moveCount || !samePlainData(b.players, a.players)) {
    throw new ArgumentError(
      'BAD_ARGUMENT',
      `viewSteps needs two views of one seat, one move apart: these are of seats ${b.seat} and ${a.seat}, after moves ${b.moveCount} and ${a.moveCount}.`,
    );
  }
  try {
    const index = deckIndex(a.deck);
    const steps: ViewStep[] = [];
    let cur = b;
    a.events.forEach((event, i) => {
      cur = viewStep(cur, event, index, a, i);
      steps.push({ event, view: cur });
    });
    if (steps.length === 0 || !samePlainData(cur, a)) {
      throw new ArgumentError(
        'BAD_ARGUMENT',
        'viewSteps needs two views one move apart: the events of the second do not lead from the first to it (rules §8).',
      );
    }
    steps[steps.length - 1] = { event: steps[steps.length - 1]!.event, view: a };
    return steps;
  } catch (e) {
    throw codedError(e);
  }
}

/**
 * True for data that says it is a public view: no seat, no hand, its events a list. What else it
 * holds is checked by folding: a fold that fails, or ends elsewhere than `after`, is refused.
 */
function looksPublic(x: unknown): x is PublicView {
  if (typeof x !== 'object' || x === null) return false;
  const v = x as Record<string, unknown>;
  return (
    v.format === 'dnup-view' &&
    v.seat === null &&
    Array.isArray(v.hand) &&
    v.hand.length === 0 &&
    Array.isArray(v.events) &&
    Number.isSafeInteger(v.moveCount)
  );
}

/**
 * {@link viewSteps} for the public: the public views (see `publicView`) one move passes through,
 * one step per event of `after.events`, each differing from the one before exactly as its event
 * says, the last one `after` itself. What a spectator's board or a replay of a full record animates.
 *
 * @param before - the public view before the move.
 * @param after - the public view after that one move (`after.moveCount` is one more).
 * @throws {@link ArgumentError} `BAD_ARGUMENT` when the two are not public views one move apart
 *   whose events lead from the first to the second (a client that missed a move shows `after` directly).
 * @example
 * ```ts
 * for (const step of publicSteps(shown, next)) { render(step.view); await pause(400); }
 * ```
 */
export function publicSteps(before: PublicView, after: PublicView): PublicStep[] {
  const refuse = (why: string): ArgumentError =>
    new ArgumentError('BAD_ARGUMENT', `publicSteps needs two public views one move apart: ${why}`);
  try {
    return foldPublic(before, after, refuse);
  } catch (e) {
    // anything else from outside data (a getter that throws, a cycle): the same coded refusal
    if (e instanceof ArgumentError) throw e;
    throw refuse('they cannot be read as plain data (rules §8).');
  }
}

function foldPublic(before: PublicView, after: PublicView, refuse: (why: string) => ArgumentError): PublicStep[] {
  if (!looksPublic(before) || !looksPublic(after)) throw refuse('a public view has seat null and no hand.');
  if (before.moveCount + 1 !== after.moveCount || !samePlainData(before.players, after.players))
    throw refuse(`these are of other players, or after moves ${before.moveCount} and ${after.moveCount}.`);
  const deck = trustedDeck(after.deck);
  if (deck === undefined || after.events.length === 0) throw refuse('the second has no sound deck or no events.');
  const index = deckIndex(deck);
  const steps: PublicStep[] = [];
  let cur = before;
  after.events.forEach((event, i) => {
    cur = viewStep(cur, event, index, after, i);
    steps.push({ event, view: cur });
  });
  if (!samePlainData(cur, after)) throw refuse('the events of the second do not lead from the first to it (rules §8).');
  steps[steps.length - 1] = { event: steps[steps.length - 1]!.event, view: after };
  return steps;
}
