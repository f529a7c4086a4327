/**
 * The one gateway for states from outside (docs: README "States from outside").
 *
 * The contract: a state the library itself returned (createGame, apply, loadState, replay…) is
 * trusted, so the fast functions read it as it is. Any other object handed in as a state — a JSON
 * copy from a file, a database or a network message, a spread copy, a hand-built object — is read
 * once into a private copy and checked in full (every invariant of rules §1–§8) before use; if it
 * fails, the caller gets a {@link PositionError} listing every problem, and nothing is changed.
 * Loading it once with `loadState` makes every later call fast.
 */
import {
  deckIndex,
  deckProblems,
  isStandardDeck,
  STANDARD_DECK,
  type CardDefinition,
  type CardId,
  type DeckDefinition,
} from './cards.js';
import { describeValue, isRecord, readInput, type InputResult } from './input.js';
import { isDnupError } from './errors.js';
import { areasPerSeat, playerNamesProblem } from './players.js';
import { PositionError, ProblemList } from './position-error.js';
import { invariantProblems, stateShape } from './state-problems.js';
import type { GameState } from './state.js';
import type { MoveSource, SeatView } from './position.js';
import { ReturnsItsArgument } from './private-mark.js';
import { ownCopy, ownEvents, publishApplied, sameState, twoCopies, type OwnCopy } from './own-copy.js';
import { sealView, viewIntact, type ViewSeal } from './seal.js';

/**
 * The mark of a state the library handed out: a private field stamped on the object when it is
 * made, holding the library's own copy of it (own-copy.ts). Nothing outside this class can see,
 * copy or forge it: JSON.stringify, structuredClone, spread, Object.assign, Object.keys,
 * Reflect.ownKeys and assert.deepStrictEqual ignore it, so a marked state is the same plain data
 * as before, and every copy of it is unmarked, hence checked in full. `new IssuedState(o, own)`
 * returns `o`: use that result, or a bundler may drop the call as pure.
 */
class IssuedState extends ReturnsItsArgument {
  #own: OwnCopy;
  // explicit: the default constructor of a derived class passes its arguments on as varargs, slower
  constructor(o: object, own: OwnCopy) {
    super(o);
    this.#own = own;
  }
  static has(x: object): boolean {
    return #own in x;
  }
  static ownOf(x: GameState): OwnCopy {
    return (x as unknown as IssuedState).#own;
  }
}

/** The same mark for player views: a separate field, so a view is never taken for a state. */
class IssuedView extends ReturnsItsArgument {
  #seal: ViewSeal;
  // explicit: the default constructor of a derived class passes its arguments on as varargs, slower
  constructor(o: object, seal: ViewSeal) {
    super(o);
    this.#seal = seal;
  }
  static has(x: object): boolean {
    return #seal in x;
  }
  static sealOf(x: object): ViewSeal {
    return (x as IssuedView).#seal;
  }
}

/** Freezes a list the library shares between states and never changes (names, the random stream). */
function freezeShared(list: unknown): void {
  if (typeof list === 'object' && list !== null && !Object.isFrozen(list)) Object.freeze(list);
}

/**
 * Hands out a state the library made: returns a public copy of it, marked, whose private mark
 * holds the library's own copy. The names and random stream, shared by later states, are frozen.
 * A state already handed out is returned as it is.
 */
export function issue(state: GameState): GameState {
  if (IssuedState.has(state)) return state; // a second stamp would throw
  freezeShared(state.players);
  freezeShared(state.rng);
  const { handOut, own } = twoCopies(state);
  // the result of `new` is used, so no bundler drops it as unused
  return new IssuedState(handOut, own) as unknown as GameState;
}

/**
 * {@link issue} for the state `apply` made just now from the library's own copy `was` of a state
 * it handed out: only the parts the move made anew are copied for the public (an action's events
 * not even those: own-events.ts, which keeps `was.state` to make them again).
 */
export function issueApplied(next: GameState, was: OwnCopy): GameState {
  const handOut = publishApplied(next, was);
  return new IssuedState(handOut, ownCopy(next, handOut, was.state)) as unknown as GameState;
}

/** The library's own copy of a state it handed out (`legalMoves` and `apply` read nothing else). */
export function ownCopyOf(state: GameState): OwnCopy {
  return IssuedState.ownOf(state);
}

/** True when the state the library handed out still holds what it was made with. Never throws. */
function intact(state: GameState): boolean {
  const own = IssuedState.ownOf(state);
  return sameState(state, own.state, ownEvents(own));
}

/** True for a state object the library made (changed since or not: see {@link trustedState}). */
export function isIssued(x: unknown): x is GameState {
  return typeof x === 'object' && x !== null && IssuedState.has(x);
}

/** True for a state the library made and nobody changed since. Never throws. */
export function isIntactState(x: unknown): x is GameState {
  return isIssued(x) && intact(x);
}

/** True for a view the library made and nobody changed since. Never throws. */
export function isIntactView(x: unknown): x is SeatView {
  return isIssuedView(x) && viewIntact(x, IssuedView.sealOf(x));
}

/** The error for a state the library made and a caller changed in place since. */
function corruptState(): PositionError {
  const problems = new ProblemList();
  problems.add('CORRUPT_STATE', '', '§8', CORRUPT_STATE_SENTENCE);
  return new PositionError(problems.list);
}

const CORRUPT_STATE_SENTENCE =
  'This state was changed in place after the library made it, so it no longer shows the game: states are read-only. legalMoves and apply go on from the game as the library made it; or load a saved copy (loadState), or replay the record.';

/** The error for a view the library made and a caller changed in place since. */
function corruptView(): PositionError {
  const problems = new ProblemList();
  problems.add(
    'CORRUPT_VIEW',
    '',
    '§8',
    'This player view was changed in place after the library made it: views are read-only. Ask for a new one (playerView), or load its saved copy (loadView).',
  );
  return new PositionError(problems.list);
}

/**
 * The library's own frozen copy of a checked deck: the standard deck itself when the cards are
 * the standard ones (so lookup tables are shared), else a deep-frozen copy nobody else holds.
 */
export function ownDeck(deck: DeckDefinition): DeckDefinition {
  if (deck === STANDARD_DECK || ownedDecks.has(deck)) return deck;
  if ((deck.name === undefined || deck.name === STANDARD_DECK.name) && isStandardDeck(deck)) return STANDARD_DECK;
  const cards = deck.cards.map((c): CardDefinition => {
    const faces = Object.freeze([c.faces[0], c.faces[1]] as const) as readonly [number, number];
    return Object.freeze(
      c.star === undefined
        ? { id: c.id, faces, minPlayers: c.minPlayers }
        : { id: c.id, faces, minPlayers: c.minPlayers, star: c.star },
    );
  });
  const own = Object.freeze(
    deck.name === undefined ? { cards: Object.freeze(cards) } : { name: deck.name, cards: Object.freeze(cards) },
  );
  ownedDecks.add(own);
  return own;
}

const ownedDecks = new WeakSet<object>();

/** A deck from anywhere as the library's own checked, frozen deck, or undefined when it is not sound (rules §2). */
export function trustedDeck(deck: unknown): DeckDefinition | undefined {
  if (deck === STANDARD_DECK || (typeof deck === 'object' && deck !== null && ownedDecks.has(deck)))
    return deck as DeckDefinition;
  const read = readInput(deck);
  if (!read.ok || deckProblems(read.value).length > 0) return undefined;
  return ownDeck(read.value as unknown as DeckDefinition);
}

/** A state with the fields in their documented order, built from checked plain data. */
function rebuild(s: GameState): GameState {
  // status and winner come together from the checked data
  return {
    format: 1,
    players: s.players,
    deck: ownDeck(s.deck),
    seed: s.seed,
    rng: s.rng,
    scoring: s.scoring,
    round: s.round,
    status: s.status,
    hands: s.hands,
    known: s.known,
    table: s.table,
    discardCount: s.discardCount,
    starter: s.starter,
    turn: s.turn,
    out: s.out,
    scores: s.scores,
    winner: s.winner,
    moveCount: s.moveCount,
    lastMove: s.lastMove,
    events: s.events,
  } as GameState;
}

const VIEW_GIVEN =
  'This is a player view, not the game state: a view hides the other hands, so it cannot say what a move does to them (rules §8). Pass the full state, kept by whoever deals the game (the server); views are for legalMoves, checkMove and bots.';

/**
 * Reads `input` once and checks it as a full state: the checked, library-owned copy, or the
 * problems (every one found) when it is not a state the rules can reach.
 */
export function examineState(input: unknown, problems: ProblemList = new ProblemList()): GameState | undefined {
  if (isIssued(input)) {
    if (intact(input)) return input;
    // changed in place: say so, and what is wrong with what it holds now
    problems.add('CORRUPT_STATE', '', '§8', CORRUPT_STATE_SENTENCE);
    examineRead(readInput(input), problems);
    return undefined;
  }
  return examineRead(readInput(input), problems);
}

/** {@link examineState} of an input already read once. */
function examineRead(read: InputResult, problems: ProblemList): GameState | undefined {
  if (!read.ok) {
    problems.add('UNREADABLE', read.problem.path, '§8', `The game state cannot be read: ${read.problem.message}`);
    return undefined;
  }
  const plain = read.value;
  if (!isRecord(plain)) {
    problems.add('BAD_SHAPE', '', '§8', `A game state is an object, not ${describeValue(plain)}.`);
    return undefined;
  }
  if (plain.format === 'dnup-view') {
    problems.add('NOT_A_STATE', '', '§8', VIEW_GIVEN);
    return undefined;
  }
  const before = problems.count;
  if (!stateShape(plain, problems)) return undefined;
  const state = rebuild(plain as unknown as GameState);
  invariantProblems(state, problems);
  return problems.count === before ? issue(state) : undefined;
}

/**
 * `input` as a state the fast functions may read: itself when the library made it, else its
 * checked copy.
 *
 * @throws {@link PositionError} listing every problem of a state from outside.
 */
export function trustedState(input: unknown): GameState {
  if (isIssued(input)) {
    if (!intact(input)) throw corruptState();
    return input;
  }
  const problems = new ProblemList();
  const state = examineState(input, problems);
  if (!state) throw new PositionError(problems.list, problems.count);
  return state;
}

/**
 * Marks a player view as made by the library (by `playerView`, or checked by `loadView`) and
 * seals it. Returns it. The view must share no list with a state: a caller may change it.
 */
export function issueView<T extends SeatView>(view: T): T {
  if (IssuedView.has(view)) return view; // as issue()
  freezeShared(view.players);
  return new IssuedView(view, sealView(view)) as unknown as T;
}

/** True for a view object the library made (changed since or not: see {@link intactView}). */
export function isIssuedView(x: unknown): x is SeatView {
  return typeof x === 'object' && x !== null && IssuedView.has(x);
}

/**
 * An issued view, checked to be as the library made it.
 *
 * @throws {@link PositionError} `CORRUPT_VIEW` when it was changed in place.
 */
function intactView<T extends SeatView>(view: T): T {
  if (!viewIntact(view, IssuedView.sealOf(view))) throw corruptView();
  return view;
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x);

/**
 * Checks the part of a player view the rules read (rules §1–§5): seat, own hand, players, deck,
 * status, turn and table, each card real, in use, shown by one of its faces and in one place,
 * the table's sets sound. Returns the checked copy of that part, or undefined with the problems.
 */
export function examineSeatView(plain: Record<string, unknown>, problems: ProblemList): SeatView | undefined {
  const before = problems.count;
  const bad = (path: string, what: string): void =>
    problems.add('BAD_SHAPE', path, '§8', `"${path}" of a player view must be ${what}.`);
  const players = plain.players;
  const named = playerNamesProblem(players);
  if (named || !Array.isArray(players)) {
    problems.add('BAD_PLAYERS', named?.path ?? 'players', '§1', named?.message ?? '');
    return undefined;
  }
  const n = players.length;
  const areas = areasPerSeat(n);
  const deckTrouble = deckProblems(plain.deck, n);
  for (const p of deckTrouble) problems.add('BAD_DECK', 'deck', '§2', p.message);
  if (deckTrouble.length > 0) return undefined;
  const deck = ownDeck(plain.deck as DeckDefinition);
  const index = deckIndex(deck);
  const seat = plain.seat;
  if (!isInt(seat) || seat < 0 || seat >= n) bad('seat', `a seat from 0 to ${n - 1}`);
  const status = plain.status;
  if (status !== 'playing' && status !== 'roundOver' && status !== 'gameOver')
    bad('status', '"playing", "roundOver" or "gameOver"');
  const turn = plain.turn as Record<string, unknown> | undefined;
  if (
    !isRecord(turn) ||
    !isInt(turn.seat) ||
    !isInt(turn.area) ||
    !isInt(turn.number) ||
    Object.keys(turn).length !== 3 ||
    turn.seat < 0 ||
    turn.seat >= n ||
    turn.area < 0 ||
    turn.area >= areas ||
    turn.number < 1
  ) {
    bad('turn', `{ seat, area, number }: a seat from 0 to ${n - 1}, one of its areas and a turn number of at least 1`);
  }
  const where = new Map<CardId, string>();
  const place = (id: unknown, path: string): void => {
    if (!isInt(id) || index.faces[id] === undefined || index.minPlayers[id]! > n) {
      problems.add('UNKNOWN_CARD', path, '§3.1', `${path} is not a card in use in this game.`);
      return;
    }
    const other = where.get(id);
    if (other !== undefined)
      problems.add('DUPLICATE_CARD', path, '§2', `Card ${id} is both at ${other} and at ${path}.`);
    else where.set(id, path);
  };
  const hand = plain.hand;
  if (!Array.isArray(hand)) bad('hand', 'an array of cards { id, active }');
  else {
    hand.forEach((c: unknown, i) => {
      const path = `hand[${i}]`;
      if (!isRecord(c) || !isInt(c.id) || !isInt(c.active) || Object.keys(c).length !== 2)
        return bad(path, 'a card { id, active }');
      place(c.id, path);
      const faces = index.faces[c.id];
      if (faces && c.active !== faces[0] && c.active !== faces[1])
        problems.add(
          'BAD_ORIENTATION',
          path,
          '§1',
          `Card ${c.id} shows ${faces[0]} and ${faces[1]}, so it cannot show ${c.active}.`,
        );
    });
  }
  const table = plain.table;
  if (!Array.isArray(table)) bad('table', 'an array of sets { seat, area, value, cards }');
  else {
    const sizes = new Set<number>();
    const areasUsed = new Set<number>();
    let last = -1;
    table.forEach((t: unknown, i) => {
      const path = `table[${i}]`;
      if (
        !isRecord(t) ||
        !isInt(t.seat) ||
        !isInt(t.area) ||
        !isInt(t.value) ||
        !Array.isArray(t.cards) ||
        t.cards.length === 0 ||
        Object.keys(t).length !== 4
      ) {
        return bad(path, 'a set { seat, area, value, cards } with at least one card');
      }
      const key = t.seat * areas + t.area;
      if (t.seat < 0 || t.seat >= n || t.area < 0 || t.area >= areas)
        problems.add(
          'NO_SUCH_AREA',
          path,
          '§1',
          `There is no play area at seat ${t.seat}, area ${t.area as number} with ${n} players.`,
        );
      else if (areasUsed.has(key) || key <= last)
        problems.add(
          'AREA_TAKEN',
          path,
          '§1',
          `${path} is not alone in its area, or the table is not ordered by seat then area.`,
        );
      areasUsed.add(key);
      last = key;
      if (sizes.has(t.cards.length))
        problems.add(
          'SAME_SIZE_SETS',
          path,
          '§5',
          `Two sets of ${t.cards.length} are on the table; the table never holds two sets of one size.`,
        );
      sizes.add(t.cards.length);
      t.cards.forEach((id: unknown, j) => {
        place(id, `${path}.cards[${j}]`);
        const faces = isInt(id) ? index.faces[id] : undefined;
        if (faces && faces[0] !== t.value && faces[1] !== t.value)
          problems.add(
            'MIXED_SET',
            `${path}.cards[${j}]`,
            '§1',
            `Card ${id as number} cannot show ${t.value as number}, the value of ${path}.`,
          );
      });
    });
  }
  if (problems.count !== before) return undefined;
  return {
    format: 'dnup-view',
    seat: seat as number,
    hand: hand as SeatView['hand'],
    players: players as string[],
    deck,
    status: status as SeatView['status'],
    turn: turn as unknown as SeatView['turn'],
    table: table as unknown as SeatView['table'],
  };
}

/**
 * A state or a view to list or judge moves from: itself when the library made it, else a checked
 * copy (the full state, or the part of a view the rules read).
 *
 * @throws {@link PositionError} listing every problem.
 */
export function trustedSource(input: unknown): MoveSource {
  if (isIssued(input)) return trustedState(input);
  if (isIssuedView(input)) return intactView(input);
  const read = readInput(input);
  if (read.ok && isRecord(read.value) && read.value.format === 'dnup-view') {
    const problems = new ProblemList();
    const view = examineSeatView(read.value, problems);
    if (!view) throw new PositionError(problems.list, problems.count);
    return view; // a private copy of the part the rules read; never handed out
  }
  // a state: the same reading, checked (read once, not twice)
  const problems = new ProblemList();
  const state = examineRead(read, problems);
  if (!state) throw new PositionError(problems.list, problems.count);
  return state;
}

/**
 * The error to throw for `e`, caught inside a public function: the library's own coded errors as
 * they are; anything else can only come from a state changed in place after the library made it
 * (states are read-only), and becomes a coded `CORRUPT_STATE` error with `e` as its cause.
 */
export function codedError(e: unknown): Error {
  if (e instanceof Error && isDnupError(e)) return e;
  const problems = new ProblemList();
  problems.add('CORRUPT_STATE', '', '§8', CORRUPT_STATE_SENTENCE);
  const error = new PositionError(problems.list);
  (error as { cause?: unknown }).cause = e;
  return error;
}

/**
 * The gateway for game states from outside the process — a file, a database, a network message,
 * `localStorage`: reads the value once into the library's own copy and checks it in full (every
 * invariant of rules §1–§8, the same list as `validatePosition`). The result is trusted, so every
 * later call with it is as fast as with a state the library made. States the library made are
 * returned as they are.
 *
 * Any function given a state it did not make checks it the same way, on every call; loading it
 * once is faster.
 *
 * @param input - a game state as plain data, or its JSON text.
 * @returns the checked state, owned by the library (its deck frozen).
 * @throws {@link PositionError} listing every problem: `UNREADABLE` (not JSON data: BigInt,
 *   cycles, too deep or too large…), `NOT_A_STATE` (a player view), `BAD_SHAPE`, `DUPLICATE_CARD`,
 *   `IMPOSSIBLE_SCORES`… The input is never changed.
 *
 * @example
 * ```ts
 * import { apply, loadState } from 'dnup';
 * const state = loadState(await db.get(gameId)); // throws PositionError if tampered with
 * const next = apply(state, move);
 * ```
 */
export function loadState(input: unknown): GameState {
  if (typeof input === 'string') {
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch {
      const problems = new ProblemList();
      problems.add('UNREADABLE', '', '§8', 'This text is not JSON, so it is not a game state.');
      throw new PositionError(problems.list);
    }
    return trustedState(value);
  }
  return trustedState(input);
}

/** Runs `f` on the trusted form of `state`, turning anything unexpected into a coded error. */
export function withState<T>(state: unknown, f: (s: GameState) => T): T {
  const s = trustedState(state);
  try {
    return f(s);
  } catch (e) {
    throw codedError(e);
  }
}

/** Runs `f` on the trusted form of a state or view, turning anything unexpected into a coded error. */
export function withSource<T>(source: unknown, f: (s: MoveSource) => T): T {
  const s = trustedSource(source);
  try {
    return f(s);
  } catch (e) {
    throw codedError(e);
  }
}
